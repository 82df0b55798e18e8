// Widen's native observer: one pass in the JVM over a batch's JSON lines that gives the very observations the
// pure-Python observer (widen.engine.observe.Observer, the oracle) gives, for rules whose typing it covers
// (widen/jvm/__init__.py says which, and passes them in as a spec). Each line is parsed with Jackson (the parser
// Spark's own JSON functions use), checked as widen.engine.values.parse_line checks it, and its fields are typed
// as widen.engine.values.Typer types them; counts are kept per field path in a tree per partition and merged on
// the driver. Only the merged tree, a bounded list of rescued lines and a few counts reach Python.
//
// This class holds the rules as the spec gives them (an instance: the pass's closure sends it to the executors,
// and so does NativeRouter, which types values with it), the typer over them, and the pass's entry points
// (observe, observeLocal). The rest of the pass, by job, beside it in package widen:
//   Partition.java   a partition's pass: each line parsed, then rescued, declined or observed; its result
//   LineParser.java  a line parsed with Jackson and checked: duplicate names, lone surrogates, case collisions
//   Numbers.java     a JSON number (Num): its storage, its kind, its value as a double or a decimal
//   Dates.java       the ISO date and timestamp detectors, and their values (Day, Micros)
//   Storage.java     a value's VARIANT signature (Sig): how parse_json stores it
//   Tree.java        the observation tree (Level, Field) and its serialisation
//
// The jar ships built (widen/jvm/widen-native.jar, by `python -m widen.jvm.build`: docs/architecture.md, "The
// native jar"); where it is not the build of these sources for the running Spark's major.minor, they are compiled
// into the user's cache at first use (widen/jvm/__init__.py). Nothing depends on it for correctness: without a
// usable jar, or for rules it does not cover, the Spark observer (widen/compiler/spark_observe.py) runs.
package widen;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataTypes;
import widen.Dates.Day;
import widen.Dates.Micros;
import widen.LineParser.Obj;
import widen.Numbers.Num;
import widen.Storage.Sig;
import widen.Tree.Field;
import widen.Tree.Level;

import java.io.*;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.*;

import static widen.Dates.isoDate;
import static widen.Dates.isoTimestamp;
import static widen.Numbers.decimal;
import static widen.Numbers.shortest;
import static widen.Storage.SIG_ARRAY;
import static widen.Storage.SIG_BIGINT;
import static widen.Storage.SIG_STRING;
import static widen.Storage.arrayKind;
import static widen.Storage.sig;
import static widen.Tree.NEW_SHAPE;

public final class NativeObserver implements Serializable {
    private static final long serialVersionUID = 1L;

    static final long DOUBLE_EXACT = 1L << 53;

    // --- the rules, as the spec gives them ---------------------------------------------------------------------
    final int ntypes;
    final String[] TYPE_NAMES;
    final String[] family;        // integer, decimal, float, boolean, date, timestamp, string
    final String[] iceberg;
    final int[] precision, scale; // decimal(p, s)
    final int top, mixed;
    final int[][] choiceType = new int[5][];      // per kind: integer, fraction, boolean, string, mixed
    final String[][] choiceDetector = new String[5][];
    /** The detectors as codes (a switch on the name compared strings for every string value). */
    final int[][] choiceDetect = new int[5][];
    static final int DETECT_NONE = 0, DETECT_DATE = 1, DETECT_TIMESTAMP = 2, DETECT_TIMESTAMP_ANY = 3,
                     DETECT_UNKNOWN = 4;

    static int detectCode(String detector) {
        if (detector == null) return DETECT_NONE;
        switch (detector) {
            case "iso_date": return DETECT_DATE;
            case "iso_timestamp": return DETECT_TIMESTAMP;
            case "iso_timestamp_any_offset": return DETECT_TIMESTAMP_ANY;
            default: return DETECT_UNKNOWN;
        }
    }
    final int[][] ups;            // upper bounds, ordered (the type itself first)
    final int[][] guardedUps;     // those along a `where exact` edge
    final Edge[][][] paths;       // [t][u] -> the edges from t to u
    final int[] join;             // by bit set of types (those a JSON value is typed as come first)
    /** ``on case_conflict merge``: a record with two names of one object that differ only by case is rescued */
    final boolean caseMerge;
    final boolean[] floatCasts;   // every guarded edge above the type is one cast into a float type
    final BigDecimal[] bound;     // a decimal type's values are below 10^(p - s) in magnitude
    final long[] longBound;       // the same as a long; Long.MAX_VALUE where every long is below it
    final int[] intBits;          // an integer type's bits (32 for Iceberg's int, else 64); 0 for other types
    final String[][] codes;       // [type + 1][dim]: shape codes (type -1: records), interned, built once
    static final int CODED_DIMS = 10;
    /** Arrays' storage kinds, built once each (a pass's own: a task deserialises its own copy of the rules). */
    private transient HashMap<Long, String> arrayKinds = new HashMap<>();

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        arrayKinds = new HashMap<>();  // (made, not tested for, per task: Level.seenNames)
    }

    static final int INTEGER = 0, FRACTION = 1, BOOLEAN = 2, STRING = 3, MIXED = 4;
    static final String[] VIAS = {"text", "bool_to_int", "cast", "midnight_utc", "epoch_seconds", "epoch_millis",
                                  "epoch_micros"};
    static final int VIA_TEXT = 0, VIA_BOOL_TO_INT = 1, VIA_CAST = 2, VIA_MIDNIGHT_UTC = 3, VIA_EPOCH_SECONDS = 4,
            VIA_EPOCH_MILLIS = 5, VIA_EPOCH_MICROS = 6, VIA_OTHER = 7;
    /** An epoch conversion's unit in microseconds, by its VIA_ code. */
    static long epochUnit(int how) {
        return how == VIA_EPOCH_SECONDS ? 1_000_000L : how == VIA_EPOCH_MILLIS ? 1_000L : 1L;
    }

    static final class Edge implements Serializable {
        final String via; final int source, target;
        final int how;  // the conversion, as one of the VIA_ codes (a switch on an int, not on the name's text)
        Edge(String via, int source, int target) {
            this.via = via; this.source = source; this.target = target;
            int i = Arrays.asList(VIAS).indexOf(via);
            how = i < 0 ? VIA_OTHER : i;
        }
    }

    NativeObserver(String specJson) throws IOException {
        JsonNode spec = new ObjectMapper().readTree(specJson);
        JsonNode types = spec.get("types");
        ntypes = types.size();
        TYPE_NAMES = new String[ntypes]; family = new String[ntypes]; iceberg = new String[ntypes];
        precision = new int[ntypes]; scale = new int[ntypes];
        for (int i = 0; i < ntypes; i++) {
            JsonNode t = types.get(i);
            // (interned, as Jackson interns a record's names: a lookup by the same text finds the same instance)
            TYPE_NAMES[i] = t.get("name").asText().intern();
            family[i] = t.get("family").asText().intern(); iceberg[i] = t.get("iceberg").asText().intern();
            precision[i] = t.get("p").asInt(); scale[i] = t.get("s").asInt();
        }
        top = spec.get("top").asInt();
        String[] kinds = {"integer", "fraction", "boolean", "string", "mixed"};
        for (int k = 0; k < 5; k++) {
            JsonNode cs = spec.get("choices").get(kinds[k]);
            choiceType[k] = new int[cs.size()]; choiceDetector[k] = new String[cs.size()];
            choiceDetect[k] = new int[cs.size()];
            for (int i = 0; i < cs.size(); i++) {
                choiceType[k][i] = cs.get(i).get(0).asInt();
                choiceDetector[k][i] = cs.get(i).get(1).isNull() ? null : cs.get(i).get(1).asText();
                choiceDetect[k][i] = detectCode(choiceDetector[k][i]);
            }
        }
        mixed = choiceType[MIXED].length > 0 ? choiceType[MIXED][0] : top;
        ups = new int[ntypes][]; guardedUps = new int[ntypes][]; paths = new Edge[ntypes][ntypes][];
        for (int t = 0; t < ntypes; t++) {
            ups[t] = ints(spec.get("ups").get(t));
            guardedUps[t] = ints(spec.get("guarded").get(t));
            JsonNode ps = spec.get("paths").get(t);
            for (int j = 0; j < ups[t].length; j++) {
                JsonNode p = ps.get(j);
                Edge[] edges = new Edge[p.size()];
                for (int e = 0; e < p.size(); e++)
                    edges[e] = new Edge(p.get(e).get(0).asText(), p.get(e).get(1).asInt(), p.get(e).get(2).asInt());
                paths[t][ups[t][j]] = edges;
            }
        }
        join = ints(spec.get("join"));
        caseMerge = spec.has("case_merge") && spec.get("case_merge").asBoolean();
        floatCasts = new boolean[ntypes];
        for (int t = 0; t < ntypes; t++) {
            boolean all = guardedUps[t].length > 0;
            for (int u : guardedUps[t]) {
                Edge[] p = paths[t][u];
                all &= p != null && p.length == 1 && p[0].how == VIA_CAST && family[u].equals("float");
            }
            floatCasts[t] = all;
        }
        bound = new BigDecimal[ntypes];
        for (int t = 0; t < ntypes; t++) bound[t] = BigDecimal.TEN.pow(Math.max(0, precision[t] - scale[t]));
        codes = new String[ntypes + 1][CODED_DIMS];
        for (int t = -1; t < ntypes; t++) {
            String name = t < 0 ? "record" : TYPE_NAMES[t];
            for (int d = 0; d < CODED_DIMS; d++) codes[t + 1][d] = shapeCode(name, d).intern();
        }
        longBound = new long[ntypes]; intBits = new int[ntypes];
        for (int t = 0; t < ntypes; t++) {
            int digits = Math.max(0, precision[t] - scale[t]);
            longBound[t] = digits >= 19 ? Long.MAX_VALUE : BigDecimal.TEN.pow(digits).longValueExact();
            intBits[t] = !family[t].equals("integer") ? 0 : iceberg[t].equals("int") ? 32 : 64;
        }
    }

    private static int[] ints(JsonNode a) {
        int[] out = new int[a.size()];
        for (int i = 0; i < out.length; i++) out[i] = a.get(i).asInt();
        return out;
    }

    // --- the pass ----------------------------------------------------------------------------------------------

    /** Observes ``lines`` (columns ``value``, the line's text; ``source``; ``line``; and, when there is one,
     * ``block``, the block of the line's split, which the source is named with: ``FileLines.keyed``) and returns
     * the merged result, serialised (read by widen/jvm/__init__.py). Spark's own rows are read (no row is
     * converted into a Java one), and a line's source and number only when a line is rescued or declined. */
    public static byte[] observe(Dataset<Row> frame, String spec) throws IOException {
        NativeObserver rules = new NativeObserver(spec);
        boolean blocks = Arrays.asList(frame.columns()).contains("block");
        List<Column> columns = new ArrayList<>(List.of(functions.col("value").cast(DataTypes.StringType),
                                                       functions.col("source").cast(DataTypes.StringType)));
        if (blocks) columns.add(functions.col("block").cast(DataTypes.LongType));
        columns.add(functions.col("line").cast(DataTypes.LongType));
        Dataset<Row> lines = frame.select(columns.toArray(new Column[0]));
        List<byte[]> parts = lines.queryExecution().toRdd().toJavaRDD().mapPartitions(
                (FlatMapFunction<Iterator<InternalRow>, byte[]>) it -> {
            Partition part = new Partition(rules);
            RowPlace at = new RowPlace(blocks);
            while (it.hasNext()) {
                InternalRow r = it.next();
                if (blocks) part.split(r);
                if (r.isNullAt(0)) continue;
                at.row = r;
                part.line(r.getUTF8String(0).getBytes(), at);
            }
            return Collections.singletonList(part.serialise()).iterator();
        }).collect();
        Partition all = new Partition(rules);
        for (byte[] p : parts) all.merge(p);
        return all.serialise();
    }

    /** Where a line is: its source and its number, read when a line must be named. */
    interface Place {
        String source();
        Long number();
    }

    /** The place of the row a partition's pass is at. */
    static final class RowPlace implements Place {
        final boolean blocks;
        InternalRow row;
        RowPlace(boolean blocks) { this.blocks = blocks; }

        public String source() {
            if (row.isNullAt(1)) return null;
            String uri = row.getUTF8String(1).toString();
            if (!blocks) return uri;
            String block = Long.toString(row.getLong(2));
            return uri + "\0" + "0".repeat(Math.max(0, 20 - block.length())) + block;
        }

        public Long number() {
            int i = blocks ? 3 : 2;
            return row.isNullAt(i) ? null : row.getLong(i);
        }
    }

    /** For tests: observes lines given on the driver, no Spark job (the same code as each partition runs). */
    public static byte[] observeLocal(List<byte[]> raws, String spec) throws IOException {
        Partition part = new Partition(new NativeObserver(spec));
        long[] n = {0};
        Place at = new Place() {
            public String source() { return "<input>"; }
            public Long number() { return n[0]; }
        };
        for (byte[] raw : raws) {
            n[0]++;
            part.line(raw, at);
        }
        return part.serialise();
    }

    /** What the pass does not cover (a value, a line): it declines the batch, naming it (widen/jvm/__init__.py). */
    static final class Declined extends RuntimeException {
        Declined(String why) { super(why, null, false, false); }
    }

    // --- observing a record: engine/observe.py Observer._level ---------------------------------------------------

    void level(Partition part, Level acc, Obj record) {
        for (int i = 0; i < record.names.length; i++) {
            String name = record.names[i];
            if (name.isEmpty()) { part.emptyNames++; continue; }
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
                for (Object r : recs) level(part, children, (Obj) r);
            }
        }
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
        Typed(int type, int dim, long bits, String name) { this.type = type; this.dim = dim; this.bits = bits; this.name = name; }
    }

    /** The code of a shape of ``type`` (-1: records) at ``dim`` (:meth:`shapeCode`), interned. */
    String code(int type, int dim) {
        if (dim < CODED_DIMS) return codes[type + 1][dim];
        return shapeCode(type < 0 ? "record" : TYPE_NAMES[type], dim).intern();
    }

    /** A shape's code (``long[]``, ``record``); a scalar's is its type's name. */
    static String shapeCode(String type, int dim) {
        if (dim == 0) return type;
        StringBuilder sb = new StringBuilder(type);
        for (int i = 0; i < dim; i++) sb.append("[]");
        return sb.toString();
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

    /** A value converted into a string: its text is not needed (no guarded edge leaves a string type). */
    static final Object OPAQUE = new Object() { public String toString() { return "<text>"; } };
    static final Object INEXACT = new Object();

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

    /** The value in the domain of an integer or decimal type (a Long or a BigDecimal), or null when it does not
     * fit (engine.conversions.fits). */
    Object fits(int type, BigInteger v) {
        if (intBits[type] != 0) return v.bitLength() < intBits[type] ? (Object) v.longValue() : null;
        if (v.bitLength() < 64) return fits(type, v.longValue());
        return fits(type, new BigDecimal(v));
    }

    /** :meth:`fits` of a long, without a BigInteger (an integer type's value is a Long, a decimal type's a
     * BigDecimal of scale 0, as there). */
    Object fits(int type, long v) {
        if (!fitsLong(type, v)) return null;
        return intBits[type] != 0 ? (Object) v : BigDecimal.valueOf(v);
    }

    /** Whether :meth:`fits` of a long gives a value. */
    boolean fitsLong(int type, long v) {
        if (intBits[type] == 64) return true;
        if (intBits[type] == 32) return v >= Integer.MIN_VALUE && v <= Integer.MAX_VALUE;
        return longBound[type] == Long.MAX_VALUE || (v > -longBound[type] && v < longBound[type]);
    }

    Object fits(int type, BigDecimal d) {
        if (family[type].equals("integer")) {
            if (d.signum() != 0 && d.stripTrailingZeros().scale() > 0) return null;
            return fits(type, d.toBigIntegerExact());
        }
        int p = precision[type], s = scale[type];
        if (d.abs().compareTo(bound[type]) >= 0) return null;
        if (d.signum() != 0 && d.stripTrailingZeros().scale() > s) return null;
        return d;
    }

    // --- conversions along a lattice path: engine.lattice.Lattice.exact, engine.conversions.CATALOG -----------------

    /** The value converted along ``edges``, or INEXACT when some edge does not give it back unchanged. */
    Object along(Object v, Edge[] edges) {
        for (Edge e : edges) {
            v = convert(v, e);
            if (v == INEXACT) return INEXACT;
        }
        return v;
    }

    /** Whether ``v`` converts along ``edges`` exactly, as along() does it (bits() needs no value): a long, a date
     * or a timestamp is carried as a long through epoch edges and casts into integer types, and the last edge is
     * decided without the value it gives; along() takes any other value or edge. */
    boolean exact(Object v, Edge[] edges) {
        int rep = v instanceof Long ? REP_LONG : v instanceof Micros ? REP_MICROS : v instanceof Day ? REP_DAY : -1;
        if (rep < 0) return along(v, edges) != INEXACT;
        long x = rep == REP_LONG ? (Long) v : rep == REP_MICROS ? ((Micros) v).micros : ((Day) v).days;
        for (int k = 0; k < edges.length; k++) {
            Edge e = edges[k];
            boolean last = k == edges.length - 1;
            if (e.how == VIA_TEXT && last) return true;
            else if (e.how == VIA_MIDNIGHT_UTC && rep == REP_DAY) { x *= 86_400_000_000L; rep = REP_MICROS; }
            else if ((e.how == VIA_EPOCH_SECONDS || e.how == VIA_EPOCH_MILLIS || e.how == VIA_EPOCH_MICROS)
                     && rep == REP_MICROS && (intBits[e.target] != 0 || last)) {
                long unit = epochUnit(e.how);
                if (Math.floorMod(x, unit) != 0 || !fitsLong(e.target, Math.floorDiv(x, unit))) return false;
                x = Math.floorDiv(x, unit); rep = REP_LONG;
            } else if (e.how == VIA_CAST && rep == REP_LONG && family[e.target].equals("float") && last) {
                return number(x, e.target) != INEXACT;
            } else if (e.how == VIA_CAST && rep == REP_LONG && (intBits[e.target] != 0 || last)) {
                if (!fitsLong(e.target, x)) return false;
            } else return along(v, edges) != INEXACT;
        }
        return true;
    }

    static final int REP_LONG = 0, REP_MICROS = 1, REP_DAY = 2;

    Object convert(Object v, Edge e) {
        String target = family[e.target];
        switch (e.how) {
            case VIA_TEXT:
                return OPAQUE;  // a type's canonical text converts back to it (the spec admits no edge above text)
            case VIA_BOOL_TO_INT:
                return number(((Boolean) v) ? 1L : 0L, e.target);
            case VIA_CAST:
                if (v instanceof Long) return number((Long) v, e.target);
                throw new Declined("cast of " + v.getClass().getSimpleName());
            case VIA_MIDNIGHT_UTC:
                return new Micros(((Day) v).days * 86_400_000_000L);
            case VIA_EPOCH_SECONDS: case VIA_EPOCH_MILLIS: case VIA_EPOCH_MICROS: {
                long unit = epochUnit(e.how);
                long micros = ((Micros) v).micros;
                if (Math.floorMod(micros, unit) != 0) return INEXACT;
                Object out = fits(e.target, Math.floorDiv(micros, unit));
                return out == null ? INEXACT : out;
            }
            default:
                throw new Declined("conversion " + e.via + " into " + target);
        }
    }

    /** A long cast into a number type exactly (engine.conversions._cast_forward and its inverse), or INEXACT. */
    Object number(long v, int target) {
        String fam = family[target];
        if (fam.equals("float")) {
            double d = (double) v;
            if (v >= -DOUBLE_EXACT && v <= DOUBLE_EXACT) return d;
            return new BigDecimal(d).compareTo(BigDecimal.valueOf(v)) == 0 ? (Object) d : INEXACT;
        }
        Object out = fits(target, v);
        return out == null ? INEXACT : out;
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
}
