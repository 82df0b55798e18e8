// Widen's native observer: the typer (NativeObserver.java describes the pass). A record's fields are typed as
// widen.engine.values.Typer types them, with the rules the spec gives (Rules): each value's shape (a type at a
// dimension, or records), the exactness bits of its values along the guarded edges above its type, and how
// parse_json stores it (its storage kind, from its VARIANT signature: Storage); each counted into the partition's
// observation tree (Tree). NativeRouter types the values it routes with the same code.
package widen;

import widen.LineParser.Obj;
import widen.Numbers.Num;
import widen.Storage.Sig;
import widen.Tree.Field;
import widen.Tree.Level;

import java.io.*;
import java.math.BigDecimal;
import java.util.*;

import static widen.Dates.isoDate;
import static widen.Dates.isoTimestamp;
import static widen.Numbers.decimal;
import static widen.Numbers.shortest;
import static widen.Storage.SIG_ARRAY;
import static widen.Storage.SIG_BIGINT;
import static widen.Storage.SIG_STRING;
import static widen.Storage.arrayKind;
import static widen.Storage.merge;
import static widen.Tree.NEW_SHAPE;

final class Typer extends Rules {
    private static final long serialVersionUID = 1L;

    /** Arrays' storage kinds, built once each (a pass's own: a task deserialises its own copy of the rules). */
    private transient HashMap<Long, String> arrayKinds = new HashMap<>();

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        arrayKinds = new HashMap<>();  // (made, not tested for, per task: Level.seenNames)
    }

    Typer(String specJson) throws IOException {
        super(specJson);
    }

    // --- observing a record: engine/observe.py Observer._level ---------------------------------------------------

    /** Counts ``record``'s fields into ``acc``, its records' fields into the levels below; returns how many of its
     * names (its records' too) were empty, which no level counts (engine.observe's empty_names). */
    long level(Level acc, Obj record) {
        long emptyNames = 0;
        for (int i = 0; i < record.names.length; i++) {
            String name = record.names[i];
            if (name.isEmpty()) { emptyNames++; continue; }
            Object raw = record.values[i];
            Field f = acc.field(i, name);
            if (raw instanceof CharSequence || raw instanceof Num || raw instanceof Boolean) {
                scalar(f, raw);
                continue;
            }
            // (an array's leaves are typed once, for its shape and for its storage kind)
            ArrayList<Prim> prims = raw instanceof List ? new ArrayList<>() : null;
            Typed typed = raw == null ? null : typeValue(raw, prims);
            String kind = storageKind(raw, prims);
            if (kind != f.lastStorage) {  // (mostly the same as the last value's)
                f.storage.add(kind);
                f.lastStorage = kind;
            }
            if (raw == null) { f.nulls++; continue; }
            if (typed == null) { f.empties++; continue; }
            String code = code(typed.type, typed.dim);
            // (mostly the last value's shape; a new one through HashMap's own branch: Level.seenNames)
            long[] seen = code == f.lastCode ? f.lastSeen : f.shapes.computeIfAbsent(code, NEW_SHAPE);
            seen[0]++; seen[1] &= typed.bits;
            f.lastCode = code; f.lastSeen = seen;
            if (typed.type < 0) {
                Level children = f.children.computeIfAbsent(typed.dim, k -> new Level());
                ArrayList<Object> recs = new ArrayList<>();
                leaves(raw, typed.dim, recs);
                for (Object r : recs) emptyNames += level(children, (Obj) r);
            }
        }
        return emptyNames;
    }

    /** level() of a string, a number or a boolean (most values): typed as engine.values.Typer.type_value types
     * it (primitive(), bits()), its storage kind as storageKind() gives it, without a list or a Typed. */
    void scalar(Field f, Object raw) {
        String kind = raw instanceof Num ? ((Num) raw).sig().name() : raw instanceof Boolean ? "BOOLEAN" : "STRING";
        if (kind != f.lastStorage) {
            f.storage.add(kind);
            f.lastStorage = kind;
        }
        int type = raw instanceof Num ? integerType((Num) raw) : -1;
        long bits = -1L;
        if (type < 0) {
            Prim p = primitive(raw);
            type = p.type;
            bits = bits(type, p.value);
        }
        String code = codes[type + 1][0];
        long[] seen = code == f.lastCode ? f.lastSeen : f.shapes.computeIfAbsent(code, NEW_SHAPE);
        seen[0]++; seen[1] &= bits;
        f.lastCode = code; f.lastSeen = seen;
    }

    /** The type primitive() gives an integer that fits a long, when that is an integer type whose guarded edges
     * it converts along exactly by bits()' first test (a cast into a float, within 2^53) or that has none: then
     * its bits are all set, and no value is boxed. -1 for any other number (primitive() and bits() type it). */
    int integerType(Num n) {
        if (n.storage() != SIG_BIGINT) return -1;
        long v = n.asLong;
        for (int t : choiceType[INTEGER]) {
            if (intBits[t] == 0) return -1;  // a decimal, a float or a string: primitive()
            if (intBits[t] == 32 && (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE)) continue;
            boolean exact = guardedUps[t].length == 0 || (floatCasts[t] && v >= -DOUBLE_EXACT && v <= DOUBLE_EXACT);
            return exact ? t : -1;
        }
        return -1;
    }

    /** The leaves of an array of dimension ``dim``, nulls skipped (engine.values.records_of). */
    static void leaves(Object value, int dim, List<Object> out) {
        if (value == null) return;
        if (dim == 0) { out.add(value); return; }
        for (Object x : (List<?>) value) leaves(x, dim - 1, out);
    }

    /** A value's shape: a type (or -1, a record) at a dimension, and the exactness bits of its values. */
    static final class Typed {
        final int type, dim; final long bits;
        final String name;
        Typed(int type, int dim, long bits, String name) {
            this.type = type; this.dim = dim; this.bits = bits; this.name = name;
        }
    }

    /** engine.values.Typer.type_value of a record or an array (scalar() types the others); null for an empty
     * value (``{}``, ``[]``...). Nulls are the caller's. ``prims``: for an array, where its typed leaves are added
     * (array()); null for a record. */
    Typed typeValue(Object raw, ArrayList<Prim> prims) {
        if (raw instanceof Obj) {
            for (String n : ((Obj) raw).names) if (!n.isEmpty()) return new Typed(-1, 0, -1L, null);
            return null;
        }
        if (raw instanceof List) {
            ArrayInfo info = array((List<?>) raw, prims);
            if (info == MIXED_ARRAY) return prim(mixed, 0, Collections.singletonList((Object) OPAQUE));
            if (info.kind == EMPTY_KIND) return null;
            if (info.kind == RECORD_KIND) return new Typed(-1, info.dim, -1L, null);
            return elements(prims, info.dim, info.types);
        }
        throw new IllegalArgumentException("a scalar: scalar() types it");
    }

    Typed prim(int type, int dim, List<Object> values) {
        return new Typed(type, dim, bits(type, values), TYPE_NAMES[type]);
    }

    /** Bits of the types along a guarded edge above ``type`` that every value converts into exactly (the others
     * set: the Spark observer's bits, read by widen/jvm/__init__.py as the inexact sets). */
    long bits(int type, List<Object> values) {
        if (floatCasts[type]) {  // longs within 2^53 cast into a double exactly (number())
            boolean small = true;
            for (Object v : values) {
                if (!(v instanceof Long) || (Long) v < -DOUBLE_EXACT || (Long) v > DOUBLE_EXACT) {
                    small = false;
                    break;
                }
            }
            if (small) return -1L;
        }
        long bits = -1L;
        for (int u : guardedUps[type]) {
            for (Object v : values) {
                if (!exact(v, paths[type][u])) { bits &= ~(1L << u); break; }
            }
        }
        return bits;
    }

    /** bits() of one value. */
    long bits(int type, Object v) {
        if (floatCasts[type] && v instanceof Long && (Long) v >= -DOUBLE_EXACT && (Long) v <= DOUBLE_EXACT)
            return -1L;
        long bits = -1L;
        for (int u : guardedUps[type]) if (!exact(v, paths[type][u])) bits &= ~(1L << u);
        return bits;
    }

    static final int EMPTY_KIND = 0, PRIM_KIND = 1, RECORD_KIND = 2;

    static final class ArrayInfo {
        final int kind, dim; final long types;  // types: bit set of the leaves' types; dim: for "empty", the depth
        ArrayInfo(int kind, int dim, long types) { this.kind = kind; this.dim = dim; this.types = types; }
    }

    static final ArrayInfo MIXED_ARRAY = new ArrayInfo(-1, 0, 0);

    /** engine.values.Typer._array. */
    ArrayInfo array(List<?> items) { return array(items, null); }

    /** ``prims``: where the typed leaves of a primitive array are added, in order (leaves()), so that they are
     * typed once. */
    ArrayInfo array(List<?> items, List<Prim> prims) {
        int kinds = 0;  // bit 1: prim, bit 2: record
        int dims = -1; boolean manyDims = false;
        long types = 0;
        int emptyDepth = 0;
        for (Object x : items) {
            if (x == null) continue;
            int kind, dim;
            if (x instanceof List) {
                ArrayInfo sub = array((List<?>) x, prims);
                if (sub == MIXED_ARRAY) return MIXED_ARRAY;
                if (sub.kind == EMPTY_KIND) { emptyDepth = Math.max(emptyDepth, sub.dim); continue; }
                kind = sub.kind; dim = sub.dim; types |= sub.types;
            } else if (x instanceof Obj) {
                kind = RECORD_KIND; dim = 0;
            } else {
                kind = PRIM_KIND; dim = 0;
                Prim p = primitive(x);
                if (prims != null) prims.add(p);
                types |= 1L << p.type;
            }
            kinds |= 1 << kind;
            if (dims == -1) dims = dim; else if (dims != dim) manyDims = true;
        }
        if (kinds == 0) return new ArrayInfo(EMPTY_KIND, emptyDepth + 1, 0);
        if (Integer.bitCount(kinds) > 1 || manyDims) return MIXED_ARRAY;
        if (emptyDepth > dims) return MIXED_ARRAY;
        return new ArrayInfo(kinds == (1 << PRIM_KIND) ? PRIM_KIND : RECORD_KIND, dims + 1, types);
    }

    /** The type :meth:`elements` gives (the router's: no exactness bits). */
    int elementType(List<Prim> prims, long types) {
        int joined = join[(int) types];
        if (Long.bitCount(types) == 1 && ups[joined].length > 0 && ups[joined][0] == joined
                && paths[joined][joined].length == 0) return joined;  // (as elements() decides it)
        return elements(prims, 1, types).type;
    }

    /** engine.values.Typer._element_type, then the exactness bits of the leaves converted into it. */
    Typed elements(List<Prim> prims, int dim, long types) {
        int joined = join[(int) types];
        int n = prims.size();
        if (Long.bitCount(types) == 1 && ups[joined].length > 0 && ups[joined][0] == joined
                && paths[joined][joined].length == 0) {  // (leaves of one type: held as they are, not copied)
            return prim(joined, dim, new AbstractList<Object>() {
                public Object get(int i) { return prims.get(i).value; }
                public int size() { return n; }
            });
        }
        int[] t = new int[n]; Object[] v = new Object[n];
        for (int i = 0; i < n; i++) { Prim p = prims.get(i); t[i] = p.type; v[i] = p.value; }
        for (int candidate : ups[joined]) {
            ArrayList<Object> converted = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                Object c = along(v[i], paths[t[i]][candidate]);
                if (c == INEXACT) { converted = null; break; }
                converted.add(c);
            }
            if (converted != null) return prim(candidate, dim, converted);
        }
        throw new IllegalStateException("no type holds the array's elements");  // the top holds everything
    }

    // --- primitives: engine.values.Typer.primitive and _holds ------------------------------------------------------

    static final class Prim {
        final int type; final Object value;
        Prim(int type, Object value) { this.type = type; this.value = value; }
    }

    Prim primitive(Object raw) {
        int kind;
        if (raw instanceof Boolean) kind = BOOLEAN;
        else if (raw instanceof Num) kind = ((Num) raw).isIntegerKind() ? INTEGER : FRACTION;
        else kind = STRING;
        int[] types = choiceType[kind];
        for (int i = 0; i < types.length; i++) {
            Object v = holds(kind, i, raw);
            if (v != null) return new Prim(types[i], v);
        }
        return new Prim(top, OPAQUE);
    }

    /** The value of ``raw`` (of ``kind``) in the type of its kind's ``i``-th choice, or null. */
    Object holds(int kind, int i, Object raw) {
        int type = choiceType[kind][i];
        String fam = family[type];
        if (fam.equals("string")) return OPAQUE;
        if (kind == BOOLEAN) return fam.equals("boolean") ? raw : null;
        if (kind == STRING) {
            CharSequence s = (CharSequence) raw;
            switch (choiceDetect[kind][i]) {
                case DETECT_NONE: return null;
                case DETECT_DATE: return isoDate(s);
                case DETECT_TIMESTAMP: return isoTimestamp(s, false);
                case DETECT_TIMESTAMP_ANY: return isoTimestamp(s, true);
                default: throw new Declined("detector " + choiceDetector[kind][i]);
            }
        }
        Num num = (Num) raw;
        if (num.length() > 60) return null;
        if (fam.equals("integer") || (fam.equals("decimal") && kind == INTEGER)) {
            if (kind != INTEGER) return null;
            if (num.storage() == SIG_BIGINT) return fits(type, num.asLong);
            return fits(type, new BigDecimal(num.token()).toBigInteger());
        }
        if (fam.equals("decimal")) {
            BigDecimal exact = decimal(num.token());
            return exact == null ? null : fits(type, exact);
        }
        if (fam.equals("float")) {
            if (kind == FRACTION) {
                Double quick = num.shortDouble();
                if (quick != null) return quick;
            }
            double d = Double.parseDouble(num.token());
            if (Double.isInfinite(d) || Double.isNaN(d)) return null;
            BigDecimal exact = decimal(num.token());
            if (exact == null) return null;
            if (kind == INTEGER) return new BigDecimal(d).compareTo(exact) == 0 ? (Object) d : null;
            if (shortest(d).compareTo(exact) != 0) return null;
            return d + 0.0;
        }
        return null;
    }

    // --- storage: how parse_json stores a value, as compiler.storage.storage_kind names it ------------------------

    /** A value's VARIANT schema, as schema_of_variant prints it after normal_signature, with objects' fields
     * left out (``OBJECT``); arrays of strings carry their leaves' types as a bit set (``ARRAY<STRING>/4``).
     * ``prims``: an array's leaves as typeValue() typed them (all of them, or fewer: then typed here). */
    String storageKind(Object raw, List<Prim> prims) {
        Sig sig = sig(raw);
        if (sig.kind != SIG_ARRAY) return sig.name();
        int dim = 0; Sig inner = sig;
        while (inner.kind == SIG_ARRAY) { dim++; inner = inner.element; }
        long mask = 0;
        if (inner.kind == SIG_STRING) {
            ArrayList<Object> strings = new ArrayList<>();
            leaves(raw, dim, strings);
            if (prims != null && prims.size() == strings.size()) {  // (the same leaves, typed in the same order)
                for (Prim p : prims) mask |= 1L << p.type;
            } else {
                for (Object s : strings) mask |= 1L << primitive(s).type;
            }
        }
        String name = inner.name();
        if (dim > 255 || ntypes > 40) return arrayKind(dim, name, inner.kind, mask);
        long key = (mask << 16) | ((long) dim << 8) | (inner.kind << 1) | (name.equals("DEC15") ? 1 : 0);
        String kind = arrayKinds.get(key);
        if (kind == null) arrayKinds.put(key, kind = arrayKind(dim, name, inner.kind, mask));
        return kind;
    }

    /** A value's VARIANT signature, as schema_of_variant gives it (objects' fields left out). */
    static Sig sig(Object raw) {
        if (raw == null) return Storage.VOID;
        if (raw instanceof Boolean) return Storage.BOOL;
        if (raw instanceof CharSequence) return Storage.STR;
        if (raw instanceof Obj) return Storage.OBJECT;
        if (raw instanceof Num) return ((Num) raw).sig();
        Sig merged = Storage.VOID;
        for (Object x : (List<?>) raw) merged = merge(merged, sig(x));
        return new Sig(SIG_ARRAY, 0, 0, merged);
    }
}
