// Widen's native observer: a keyed batch's key (NativeObserver.java describes the pass), as the spec's "keys" give
// it (widen/jvm/observer.py writes them from widen.engine.keys.KeyTypes): each key field and the types of value
// its column holds, or any value while the table has no such column. A record whose key field is missing, null,
// empty, or of a shape its column does not hold has no key: the partition's pass rescues it for the reason
// widen.engine.keys.no_key gives and observes nothing of it (the plan holds nothing only such records bring).
package widen;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import widen.LineParser.Obj;
import widen.Numbers.Num;

import java.io.IOException;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

final class Keys implements Serializable {
    private static final long serialVersionUID = 1L;

    /** widen.engine.keys.NO_KEY: the reason's two parts, the fields a record lacks named between them */
    static final String NO_KEY = "no key: ", NO_KEY_END = " missing, null, or of another type than the key's column";

    final String[] names;
    /** per field: the bit set of the types its column holds (ignored where ``any``) */
    final long[] held;
    /** per field: the table has no column of it yet, and any value but a null or an empty one holds a key */
    final boolean[] any;
    /** names that differ only by case are one field (on case_conflict merge or resolve): a record's name is the
     * key's when the two lower-cased are equal */
    final boolean fold;

    private Keys(String[] names, long[] held, boolean[] any, boolean fold) {
        this.names = names; this.held = held; this.any = any; this.fold = fold;
    }

    /** The key the spec gives (``keys``: [name, [type numbers] or null] per field), or null when it gives none. */
    static Keys of(String specJson) throws IOException {
        JsonNode spec = new ObjectMapper().readTree(specJson);
        JsonNode keys = spec.get("keys");
        if (keys == null || keys.size() == 0) return null;
        boolean fold = spec.has("keys_fold") && spec.get("keys_fold").asBoolean();
        int n = keys.size();
        String[] names = new String[n];
        long[] held = new long[n];
        boolean[] any = new boolean[n];
        for (int k = 0; k < n; k++) {
            names[k] = keys.get(k).get(0).asText();
            JsonNode types = keys.get(k).get(1);
            any[k] = types == null || types.isNull();
            if (!any[k]) for (JsonNode t : types) held[k] |= 1L << t.asInt();
        }
        return new Keys(names, held, any, fold);
    }

    /** Why ``record`` has no key (naming the key's fields it lacks, in the key's order), or null when it has one. */
    String reason(Obj record, Typer typer) {
        StringBuilder lacking = null;
        for (int k = 0; k < names.length; k++) {
            if (holds(k, valueOf(record, names[k]), typer)) continue;
            lacking = lacking == null ? new StringBuilder(NO_KEY) : lacking.append(", ");
            lacking.append(names[k]);
        }
        return lacking == null ? null : lacking.append(NO_KEY_END).toString();
    }

    /** Whether ``raw`` (null: missing, or a JSON null) is a value of the key's field ``k``: typed as the pass types it
     * (Typer.scalar, Typer.typeValue), of a type its column holds at no array dimension. */
    private boolean holds(int k, Object raw, Typer typer) {
        if (raw == null) return false;
        int type;
        if (raw instanceof CharSequence || raw instanceof Num || raw instanceof Boolean) {
            type = raw instanceof Num ? typer.integerType((Num) raw) : -1;
            if (type < 0) type = typer.primitive(raw).type;
        } else {
            Typer.Typed typed = typer.typeValue(raw, raw instanceof List ? new ArrayList<>() : null);
            if (typed == null) return false;  // ({}, [], ...: an empty value)
            if (any[k]) return true;
            if (typed.dim != 0 || typed.type < 0) return false;
            type = typed.type;
        }
        return any[k] || (held[k] >>> type & 1L) != 0;
    }

    private Object valueOf(Obj record, String name) {
        String lower = fold ? name.toLowerCase(Locale.ROOT) : null;
        for (int i = 0; i < record.names.length; i++) {
            String n = record.names[i];
            if (fold ? n.toLowerCase(Locale.ROOT).equals(lower) : n.equals(name)) return record.values[i];
        }
        return null;
    }
}
