// Widen's native observer: one pass in the JVM over a batch's JSON lines that gives the very observations the
// pure-Python observer (widen.engine.observe.Observer, the oracle) gives, for rules whose typing it covers
// (widen/jvm/__init__.py says which, and passes them in as a spec). Each line is parsed with Jackson (the parser
// Spark's own JSON functions use), checked as widen.engine.values.parse_line checks it, and its fields are typed
// as widen.engine.values.Typer types them; counts are kept per field path in a tree per partition and merged on
// the driver. Only the merged tree, a bounded list of rescued lines and a few counts reach Python.
//
// Compiled at first use against PySpark's jars (widen/jvm/__init__.py); nothing depends on it for correctness:
// without a JDK, or for rules it does not cover, the Spark observer (widen/compiler/spark_observe.py) runs.
package widen;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.io.schubfach.DoubleToDecimal;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.unsafe.types.UTF8String;

import java.io.*;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.*;

public final class NativeObserver implements Serializable {
    private static final long serialVersionUID = 1L;

    /** Arrays and objects nested deeper than this (the record counts) are rescued: engine.values.MAX_NESTING. */
    static final int MAX_NESTING = 8;
    /** Deeper than this is not JSON (Jackson's default, which parse_line holds to: PARSER_NESTING). */
    static final int PARSER_NESTING = 1000;
    static final int RESCUED_EXAMPLES = 1000;
    /** Every rescued line is kept (its place, reason and bytes) while a batch has at most this many, of at most
     * RESCUED_ALL_BYTES in all: the router then skips them and the driver writes them to the rescued table, in the
     * same two passes as a batch with none (widen/jvm/__init__.py). More, and the batch is the Spark path's. */
    static final int RESCUED_ALL_LINES = 100_000;
    static final long RESCUED_ALL_BYTES = 32L << 20;
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

    // --- the observation tree ----------------------------------------------------------------------------------

    static final class Level {
        final HashMap<String, Field> fields = new HashMap<>();
        Field field(String name) { return fields.computeIfAbsent(name, k -> new Field()); }

        /** The field of the ``i``-th name of a record: the same as the last record's there, mostly (the same
         * instance: Jackson interns names), else looked up. */
        Field field(int i, String name) {
            if (i < seenNames.length && seenNames[i] == name) return seenFields[i];
            Field f = field(name);
            if (i >= seenNames.length && i < SEEN) {  // (grown as records' fields come: a level may see one name)
                int size = Math.min(SEEN, Math.max(i + 1, 2 * seenNames.length));
                seenNames = Arrays.copyOf(seenNames, size); seenFields = Arrays.copyOf(seenFields, size);
            }
            if (i < seenNames.length) { seenNames[i] = name; seenFields[i] = f; }
            return f;
        }

        static final int SEEN = 64;
        // (full size from the start: a branch taken only at a partition's first records, in a method the JIT
        // compiles while it is not taken, sends the next batch's tasks back to the interpreter: NativeRouter.Level)
        String[] seenNames = new String[SEEN];
        Field[] seenFields = new Field[SEEN];
    }

    /** A shape's count and exactness bits, before its first value. */
    static final java.util.function.Function<String, long[]> NEW_SHAPE = code -> new long[]{0, -1L};

    static final class Field {
        long nulls, empties;
        final HashMap<String, long[]> shapes = new HashMap<>();   // code -> {count, exactness bits}
        final HashSet<String> storage = new HashSet<>();
        String lastStorage, lastCode;
        long[] lastSeen;
        final TreeMap<Integer, Level> children = new TreeMap<>();
    }

    static final class Rescue {
        final String source; final Long line; final String reason, raw;
        /** the line's bytes (kept for every rescued line of :attr:`Partition.all`; null in the examples) */
        byte[] bytes;
        long seq;
        Rescue(String source, Long line, String reason, String raw) {
            this.source = source; this.line = line; this.reason = reason; this.raw = raw;
        }
    }

    /** Spark's orderBy(source, line): nulls first. */
    static final Comparator<Rescue> ORDER = Comparator
            .comparing((Rescue r) -> r.source, Comparator.nullsFirst(Comparator.<String>naturalOrder()))
            .thenComparing(r -> r.line, Comparator.nullsFirst(Comparator.<Long>naturalOrder()));

    static final class Partition {
        final NativeObserver rules;
        final Level root = new Level();
        long lines, rescued, records, emptyNames;
        boolean needsChecks;
        String declined;
        final TreeSet<Rescue> examples = new TreeSet<>(ORDER.thenComparing(r -> r.reason).thenComparing(r -> r.raw)
                .thenComparingLong(r -> r.seq));
        long seq;
        /** every rescued line while they are few (RESCUED_ALL_LINES, RESCUED_ALL_BYTES); allKept false beyond */
        final ArrayList<Rescue> all = new ArrayList<>();
        long allBytes;
        boolean allKept = true;
        /** the lines of each split (a file's URI and block: FileLines.keyed): {block, first line's id, lines},
         * every line counted, blank ones too, as FileLines.splits counts them (no job of its own then) */
        final LinkedHashMap<String, long[]> splits = new LinkedHashMap<>();
        private UTF8String splitSource;
        private long[] splitAt;
        final CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        // Jackson's default limits, which Spark's parse_json has too (nesting 1,000: PARSER_NESTING; a number of
        // 1,000 characters, a name of 50,000, a string of 20,000,000): a line beyond one of the others is one the
        // write's parser refuses where Python's takes it, so the batch goes to the Spark observer
        // (duplicate names are refused by duplicates(), which costs less than Jackson's STRICT_DUPLICATE_DETECTION)
        final JsonFactory factory = JsonFactory.builder()
                .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(PARSER_NESTING).build())
                .build();

        Partition(NativeObserver rules) {
            this.rules = rules;
            for (int d = 0; d < 16; d++) { names.add(new ArrayList<>()); values.add(new ArrayList<>()); }  // (Level)
        }

        /** Counts a row of FileLines.keyed (value, source, block, line) into its split. */
        void split(InternalRow r) {
            if (r.isNullAt(1)) return;
            UTF8String source = r.getUTF8String(1);
            long block = r.getLong(2);
            if (splitAt == null || splitAt[0] != block || !source.equals(splitSource)) {
                splitSource = source.clone();
                splitAt = new long[]{block, r.getLong(3), 0};
                splits.put(splitSource.toString() + "\0" + block, splitAt);
            }
            splitAt[2]++;
        }

        void line(byte[] raw, Place at) {
            if (raw == null || blank(raw)) return;
            lines++;
            String text = null;
            boolean ascii = ascii(raw);
            try {
                if (!ascii) text = utf8.decode(ByteBuffer.wrap(raw)).toString();
            } catch (CharacterCodingException e) {
                rescue(at, "not valid UTF-8", new String(raw, StandardCharsets.UTF_8), raw);
                return;
            }
            Object value;
            Parsed parsed = new Parsed();
            try {
                value = ascii ? parse(raw, parsed) : parse(text, parsed);
            } catch (StreamConstraintsException e) {
                if (!String.valueOf(e.getMessage()).contains("nesting depth")) {
                    if (declined == null) declined = where(at) + e.getMessage();
                    return;
                }
                rescue(at, "not valid JSON", lineText(raw, text), raw);
                return;
            } catch (Declined d) {
                if (declined == null) declined = where(at) + d.getMessage();
                return;
            } catch (IOException | RuntimeException e) {
                needsChecks |= parsed.trailing;  // Spark's parser takes the value and ignores what follows
                rescue(at, "not valid JSON", lineText(raw, text), raw);
                return;
            }
            if (!(value instanceof Obj)) {
                rescue(at, "a JSON " + jsonType(value) + " is not an object", lineText(raw, text), raw);
                return;
            }
            if (parsed.depth > MAX_NESTING) {
                needsChecks = true;
                rescue(at, "nested " + parsed.depth + " levels deep, more than " + MAX_NESTING,
                       lineText(raw, text), raw);
                return;
            }
            if (rules.caseMerge && collides(value)) {
                rescue(at, "names that differ only by case in one object (" + collision(value)
                       + "): on case_conflict merge they are one field", lineText(raw, text), raw);
                return;
            }
            if (parsed.asText) needsChecks = true;
            records++;
            try {
                rules.level(this, root, (Obj) value);
            } catch (Declined d) {
                if (declined == null) declined = d.getMessage();
            } catch (RuntimeException e) {  // a value this pass does not expect: the Spark observer takes the batch
                if (declined == null) declined = where(at) + e;
            }
        }

        /** Every byte in 0x01-0x7F, and no ``\\u`` escape: the line is its own text (no decoding, no invalid UTF-8;
         * no NUL byte, from which Jackson's byte parser would guess another encoding; no escape of a surrogate,
         * which its byte parser refuses in a name in some versions, 2.21.0 and 2.21.1: jackson-core#1541) and
         * Jackson's byte parser reads it. */
        static boolean ascii(byte[] raw) {
            int i = 0, n = raw.length;
            // eight bytes at a time; a word with a high bit, a NUL or a backslash byte by byte
            for (; i + 8 <= n; i += 8) {
                long w = (long) LONGS.get(raw, i), x = w ^ 0x5C5C5C5C5C5C5C5CL;
                long flags = (w & HIGH) | ((w - LOW) & ~w & HIGH) | ((x - LOW) & ~x & HIGH);
                if (flags != 0 && !asciiBytes(raw, i, i + 8)) return false;
            }
            return asciiBytes(raw, i, n);
        }

        /** :meth:`ascii` but for its NUL test (the router's: a line the observer took has no NUL byte): every byte
         * below 0x80, and no ``\\u`` escape. Eight bytes at a time with no branch but the loop's; a line with a
         * backslash is then looked at byte by byte. */
        static boolean asciiTaken(byte[] raw) {
            long any = 0, backslash = 0;
            int i = 0, n = raw.length;
            for (; i + 8 <= n; i += 8) {
                long w = (long) LONGS.get(raw, i), x = w ^ 0x5C5C5C5C5C5C5C5CL;
                any |= w;
                backslash |= (x - LOW) & ~x & HIGH;
            }
            for (int k = i; k < n; k++) {
                any |= raw[k];
                if (raw[k] == '\\') backslash = 1;
            }
            if ((any & HIGH) != 0) return false;
            if (backslash == 0) return true;
            for (int k = 0; k + 1 < n; k++) if (raw[k] == '\\' && raw[k + 1] == 'u') return false;
            return true;
        }

        static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
        static final long LOW = 0x0101010101010101L, HIGH = 0x8080808080808080L;

        static boolean asciiBytes(byte[] raw, int from, int to) {
            for (int i = from; i < to; i++) {
                if (raw[i] <= 0 || (raw[i] == '\\' && i + 1 < raw.length && raw[i + 1] == 'u')) return false;
            }
            return true;
        }

        static String lineText(byte[] raw, String decoded) {
            return decoded != null ? decoded : new String(raw, StandardCharsets.ISO_8859_1);
        }

        static boolean blank(byte[] raw) {
            for (byte b : raw) if (b != ' ') return false;
            return true;
        }

        static String where(Place at) { return "line " + at.number() + " of " + at.source() + ": "; }

        void rescue(Place at, String reason, String raw, byte[] bytes) {
            rescued++;
            Rescue r = new Rescue(at.source(), at.number(), reason, raw);
            keep(r);
            if (allKept) {
                Rescue whole = new Rescue(r.source, r.line, reason, null);
                whole.bytes = bytes.clone();  // (the row's buffer may be reused)
                every(whole);
            }
        }

        void every(Rescue r) {
            allBytes += r.bytes.length;
            if (all.size() >= RESCUED_ALL_LINES || allBytes > RESCUED_ALL_BYTES) {
                allKept = false;
                all.clear();
                return;
            }
            all.add(r);
        }

        void keep(Rescue r) {
            r.seq = ++seq;
            examples.add(r);
            if (examples.size() > RESCUED_EXAMPLES) examples.pollLast();
        }

        Object parse(String text, Parsed parsed) throws IOException {
            if (!text.isEmpty() && text.charAt(0) == '\uFEFF') throw new IOException("a byte-order mark");
            parsed.escapes = text.indexOf("\\u") >= 0;  // a lone surrogate comes only from an escape
            try (JsonParser p = factory.createParser(text)) {
                return parse(p, parsed);
            }
        }

        /** A line :meth:`ascii` takes, parsed from its bytes (Jackson's byte parser: no text to decode first). */
        Object parse(byte[] ascii, Parsed parsed) throws IOException {
            bytes = ascii;
            try (JsonParser p = factory.createParser(ascii)) {
                return parse(p, parsed);
            } finally {
                bytes = null;
            }
        }

        /** The ASCII line being parsed (its strings are read as :class:`Text` slices of it), else null. */
        private byte[] bytes;

        /** A parser of a line the observer took (the router's: NativeRouter reads a line token by token, and
         * :meth:`read` builds only its arrays), its strings read as :meth:`parse` reads them; :meth:`close` after. */
        JsonParser open(byte[] raw, Parsed parsed) throws IOException {
            // (:meth:`ascii` but for the NUL test: the observer took the line, so it has none)
            if (asciiTaken(raw)) {
                bytes = raw;
                return factory.createParser(raw);
            }
            bytes = null;
            String text = utf8.decode(ByteBuffer.wrap(raw)).toString();
            if (!text.isEmpty() && text.charAt(0) == '\uFEFF') throw new IOException("a byte-order mark");
            parsed.escapes = text.indexOf("\\u") >= 0;
            return factory.createParser(text);
        }

        void close() { bytes = null; }

        private Object parse(JsonParser p, Parsed parsed) throws IOException {
            JsonToken t = p.nextToken();
            if (t == null) throw new IOException("no value");
            Object v = read(p, t, 1, parsed);
            parsed.trailing = true;  // until the text is seen to end here
            if (p.nextToken() != null) throw new IOException("trailing text");
            parsed.trailing = false;
            return v;
        }

        Object read(JsonParser p, JsonToken t, int depth, Parsed parsed) throws IOException {
            switch (t) {
                case START_OBJECT: {
                    parsed.depth = Math.max(parsed.depth, depth);
                    // (an object's names and values gather in its depth's lists, which no other object uses
                    // meanwhile, then are copied once into arrays of their size)
                    while (names.size() <= depth) { names.add(new ArrayList<>()); values.add(new ArrayList<>()); }
                    ArrayList<String> ns = names.get(depth);
                    ArrayList<Object> vs = values.get(depth);
                    String name = null;
                    try {
                        while (p.nextToken() != JsonToken.END_OBJECT) {
                            name = p.currentName();
                            if (parsed.escapes) surrogates(name);
                            ns.add(name);
                            name = null;
                            vs.add(read(p, p.nextToken(), depth + 1, parsed));
                        }
                        if (ns.size() > 1) duplicates(ns);
                        return new Obj(ns.toArray(NO_NAMES), vs.toArray());
                    } catch (IOException | RuntimeException e) {
                        // Jackson refused a name given twice as it read it, before anything that follows it: a
                        // duplicate among the names read so far (this one too) is why the line is refused
                        if (name != null) ns.add(name);
                        if (ns.size() > 1) duplicates(ns);
                        throw e;
                    } finally {
                        ns.clear(); vs.clear();
                    }
                }
                case START_ARRAY: {
                    parsed.depth = Math.max(parsed.depth, depth);
                    ArrayList<Object> a = new ArrayList<>();
                    JsonToken e;
                    while ((e = p.nextToken()) != JsonToken.END_ARRAY) a.add(read(p, e, depth + 1, parsed));
                    return a;
                }
                case VALUE_STRING: {
                    if (bytes != null) {
                        Text slice = Text.of(bytes, p);
                        if (slice != null) return slice;
                    }
                    String s = p.getText();
                    if (parsed.escapes) surrogates(s);
                    return s;
                }
                case VALUE_NUMBER_INT: case VALUE_NUMBER_FLOAT: {
                    Num n = bytes != null ? Num.of(bytes, p) : null;
                    if (n == null) n = new Num(p.getText());
                    if (depth > 1 && n.heldAsText()) { parsed.asText = true; return n.token(); }
                    return n;  // (a line that is a number alone is rescued as a number)
                }
                case VALUE_TRUE: return Boolean.TRUE;
                case VALUE_FALSE: return Boolean.FALSE;
                case VALUE_NULL: return null;
                default: throw new IOException("unexpected " + t);
            }
        }

        private final ArrayList<ArrayList<String>> names = new ArrayList<>();
        private final ArrayList<ArrayList<Object>> values = new ArrayList<>();
        private String[] slots = new String[64];
        private int[] stamps = new int[64];
        private int stamp;

        /** A name given twice in an object is not JSON here (Jackson's strict duplicate detection; Python's json
         * keeps the last value, which the reference refuses too): few names are compared pairwise (the names are
         * interned: the same text, mostly the same instance); more, in an open-addressing table of the object's
         * names, emptied by a new stamp (sorting their hashes cost the router 2%). Checked at the object's end,
         * and where reading it failed (read()), so that the same lines are refused as by Jackson's check, which
         * was made as each name was read and cost a HashSet per object. */
        void duplicates(ArrayList<String> names) throws IOException {
            int n = names.size();
            if (n <= 12) {
                for (int i = 1; i < n; i++) {
                    String a = names.get(i);
                    for (int j = 0; j < i; j++) if (a.equals(names.get(j))) throw duplicate(a);
                }
                return;
            }
            if (slots.length < 2 * n) {
                slots = new String[Integer.highestOneBit(2 * n - 1) << 1];
                stamps = new int[slots.length];
            }
            if (++stamp == 0) { Arrays.fill(stamps, 0); stamp = 1; }
            int mask = slots.length - 1;
            for (int k = 0; k < n; k++) {
                String a = names.get(k);
                int h = a.hashCode();
                int i = (h ^ (h >>> 16)) & mask;
                for (; stamps[i] == stamp; i = (i + 1) & mask) {
                    if (slots[i] == a || slots[i].equals(a)) throw duplicate(a);
                }
                stamps[i] = stamp;
                slots[i] = a;
            }
        }

        static IOException duplicate(String name) { return new IOException("duplicate field '" + name + "'"); }

        byte[] serialise() throws IOException {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(bytes))) {
                text(out, declined);
                out.writeLong(lines); out.writeLong(rescued); out.writeLong(records); out.writeLong(emptyNames);
                out.writeBoolean(needsChecks);
                writeLevel(out, root);
                out.writeInt(examples.size());
                for (Rescue r : examples) {
                    text(out, r.source);
                    out.writeBoolean(r.line != null);
                    out.writeLong(r.line == null ? 0 : r.line);
                    text(out, r.reason); text(out, r.raw);
                }
                out.writeInt(splits.size());
                for (Map.Entry<String, long[]> e : splits.entrySet()) {
                    text(out, e.getKey());
                    out.writeLong(e.getValue()[1]); out.writeLong(e.getValue()[2]);
                }
                out.writeBoolean(allKept);
                out.writeInt(all.size());
                for (Rescue r : all) {
                    text(out, r.source);
                    out.writeBoolean(r.line != null);
                    out.writeLong(r.line == null ? 0 : r.line);
                    text(out, r.reason);
                    out.writeInt(r.bytes.length); out.write(r.bytes);
                }
            }
            return bytes.toByteArray();
        }

        void merge(byte[] part) throws IOException {
            try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(part))) {
                String d = readText(in);
                if (declined == null) declined = d;
                lines += in.readLong(); rescued += in.readLong(); records += in.readLong();
                emptyNames += in.readLong();
                needsChecks |= in.readBoolean();
                mergeLevel(in, root);
                int k = in.readInt();
                for (int i = 0; i < k; i++) {
                    String source = readText(in);
                    boolean has = in.readBoolean();
                    long line = in.readLong();
                    keep(new Rescue(source, has ? line : null, readText(in), readText(in)));
                }
                int ns = in.readInt();
                for (int i = 0; i < ns; i++) {
                    String key = readText(in);
                    long first = in.readLong(), n = in.readLong();
                    long[] at = splits.get(key);  // (a split is one task's: never in two parts)
                    if (at == null) splits.put(key, new long[]{0, first, n});
                    else { at[1] = Math.min(at[1], first); at[2] += n; }
                }
                boolean kept = in.readBoolean();
                int na = in.readInt();
                for (int i = 0; i < na; i++) {
                    String source = readText(in);
                    boolean has = in.readBoolean();
                    long line = in.readLong();
                    Rescue r = new Rescue(source, has ? line : null, readText(in), null);
                    r.bytes = new byte[in.readInt()];
                    in.readFully(r.bytes);
                    if (allKept) every(r);
                }
                if (!kept) { allKept = false; all.clear(); }
            }
        }
    }

    static final class Parsed { int depth; boolean asText, trailing, escapes; }

    /** Spark's parser refuses a lone surrogate, which Python's json takes: such a batch is the Spark observer's. */
    static void surrogates(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) i++;
            else if (Character.isSurrogate(c)) throw new Declined("a lone surrogate, which Spark's parser refuses");
        }
    }

    /** A JSON object: its names and values in order (Jackson refuses duplicate names). */
    static final class Obj {
        final String[] names;
        final Object[] values;
        Obj(String[] names, Object[] values) { this.names = names; this.values = values; }
    }

    static final String[] NO_NAMES = new String[0];

    // --- on case_conflict merge: engine.values.case_collision ----------------------------------------------------

    /** Whether an object in ``v`` has two names that differ only by case (names are never equal: duplicates()).
     * Only an object with a name that may have an upper case (an ASCII capital, or any non-ASCII character) is
     * looked at: names that are all their own lower case cannot collide. */
    static boolean collides(Object v) {
        if (v instanceof Obj) {
            Obj o = (Obj) v;
            if (o.names.length > 1 && mayHaveCase(o.names)) {
                HashSet<String> lower = new HashSet<>();
                for (String n : o.names) if (!lower.add(n.toLowerCase(Locale.ROOT))) return true;
            }
            for (Object c : o.values) if (collides(c)) return true;
        } else if (v instanceof List) {
            for (Object c : (List<?>) v) if (collides(c)) return true;
        }
        return false;
    }

    static boolean mayHaveCase(String[] names) {
        for (String n : names) {
            for (int i = 0; i < n.length(); i++) {
                char c = n.charAt(i);
                if ((c >= 'A' && c <= 'Z') || c >= 0x80) return true;
            }
        }
        return false;
    }

    /** Python's order of strings: by code point (Java's compareTo orders UTF-16 code units). */
    static final Comparator<String> CODE_POINTS = (a, b) -> {
        int i = 0, j = 0;
        while (i < a.length() && j < b.length()) {
            int x = a.codePointAt(i), y = b.codePointAt(j);
            if (x != y) return Integer.compare(x, y);
            i += Character.charCount(x); j += Character.charCount(y);
        }
        return Integer.compare(a.length() - i, b.length() - j);
    };

    /** The first names of one object that differ only by case, as engine.values.case_collision names them (an
     * object's own names first, in order, then its values in name order, arrays in element order); null if none. */
    static String collision(Object v) {
        List<Object> children;
        if (v instanceof Obj) {
            Obj o = (Obj) v;
            Integer[] order = new Integer[o.names.length];
            for (int i = 0; i < order.length; i++) order[i] = i;
            Arrays.sort(order, (x, y) -> CODE_POINTS.compare(o.names[x], o.names[y]));
            for (int k : order) {
                String lower = o.names[k].toLowerCase(Locale.ROOT);
                ArrayList<String> same = new ArrayList<>();
                for (int j : order) if (o.names[j].toLowerCase(Locale.ROOT).equals(lower)) same.add(o.names[j]);
                if (same.size() > 1) return String.join(", ", same);
            }
            children = new ArrayList<>();
            for (int k : order) children.add(o.values[k]);
        } else if (v instanceof List) {
            children = new ArrayList<>((List<?>) v);
        } else {
            return null;
        }
        for (Object c : children) {
            String found = collision(c);
            if (found != null) return found;
        }
        return null;
    }

    /** The offset of the value token ``p`` is at (its first byte), as ``currentTokenLocation().getByteOffset()``
     * gives it, without a JsonLocation built per token: Jackson's byte parser keeps a value token's offset plus one
     * (``getTokenCharacterOffset``). Were it to count otherwise, the slice's checks would refuse what is there (not
     * a quote; not a number's first and last characters) and the token would be read by ``getText``. */
    @SuppressWarnings("deprecation")
    static long tokenOffset(JsonParser p) {
        if (p instanceof com.fasterxml.jackson.core.base.ParserBase)
            return ((com.fasterxml.jackson.core.base.ParserBase) p).getTokenCharacterOffset() - 1;
        return p.currentTokenLocation().getByteOffset();
    }

    /** A string value of an ASCII line with no escape, as the slice of the line's bytes between its quotes: its
     * text is those bytes, so neither pass decodes it into a String (the router writes the bytes themselves). */
    static final class Text implements CharSequence {
        final byte[] raw; final int from, len;
        Text(byte[] raw, int from, int len) { this.raw = raw; this.from = from; this.len = len; }

        /** The string token ``p`` is at, as a slice of ``ascii`` (its bytes); null when the string holds a
         * backslash or a control character, or is longer than Jackson's limit (its getText reads it then, and
         * refuses what JSON does, and a string beyond the limit). Jackson then skips the string without decoding
         * it (and without measuring it). */
        static Text of(byte[] ascii, JsonParser p) {
            long at = tokenOffset(p);  // the opening quote
            if (at < 0 || at >= ascii.length || ascii[(int) at] != '"') return null;
            int from = (int) at + 1;
            int end = (int) Math.min(ascii.length, from + (long) p.streamReadConstraints().getMaxStringLength() + 1);
            for (int i = from; i < end; i++) {
                byte b = ascii[i];
                if (b == '"') return new Text(ascii, from, i - from);
                if (b == '\\' || b < 0x20) return null;
            }
            return null;
        }

        public int length() { return len; }
        public char charAt(int i) { return (char) raw[from + i]; }
        public CharSequence subSequence(int a, int b) { return toString().subSequence(a, b); }
        @Override public String toString() { return new String(raw, from, len, StandardCharsets.ISO_8859_1); }
    }

    static final class Declined extends RuntimeException {
        Declined(String why) { super(why, null, false, false); }
    }

    static String jsonType(Object v) {
        if (v == null) return "null";
        if (v instanceof Boolean) return "boolean";
        if (v instanceof Num) return "number";
        if (v instanceof List) return "array";
        if (v instanceof CharSequence) return "string";
        return "value";
    }

    // --- serialisation: strings as UTF-16 code units (names may hold lone surrogates, as Python's json does) -----

    static void text(DataOutputStream out, String s) throws IOException {
        if (s == null) { out.writeInt(-1); return; }
        out.writeInt(s.length());
        out.writeChars(s);
    }

    static String readText(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0) return null;
        char[] cs = new char[n];
        for (int i = 0; i < n; i++) cs[i] = in.readChar();
        return new String(cs);
    }

    static void writeLevel(DataOutputStream out, Level level) throws IOException {
        out.writeInt(level.fields.size());
        for (Map.Entry<String, Field> e : level.fields.entrySet()) {
            Field f = e.getValue();
            text(out, e.getKey());
            out.writeLong(f.nulls); out.writeLong(f.empties);
            out.writeInt(f.shapes.size());
            for (Map.Entry<String, long[]> s : f.shapes.entrySet()) {
                text(out, s.getKey()); out.writeLong(s.getValue()[0]); out.writeLong(s.getValue()[1]);
            }
            out.writeInt(f.storage.size());
            for (String s : f.storage) text(out, s);
            out.writeInt(f.children.size());
            for (Map.Entry<Integer, Level> c : f.children.entrySet()) {
                out.writeInt(c.getKey());
                writeLevel(out, c.getValue());
            }
        }
    }

    static void mergeLevel(DataInputStream in, Level level) throws IOException {
        int n = in.readInt();
        for (int i = 0; i < n; i++) {
            Field f = level.field(readText(in));
            f.nulls += in.readLong(); f.empties += in.readLong();
            int shapes = in.readInt();
            for (int j = 0; j < shapes; j++) {
                String code = readText(in);
                long count = in.readLong(), bits = in.readLong();
                long[] acc = f.shapes.get(code);
                if (acc == null) f.shapes.put(code, new long[]{count, bits});
                else { acc[0] += count; acc[1] &= bits; }
            }
            int storage = in.readInt();
            for (int j = 0; j < storage; j++) f.storage.add(readText(in));
            int children = in.readInt();
            for (int j = 0; j < children; j++) {
                int dim = in.readInt();
                mergeLevel(in, f.children.computeIfAbsent(dim, k -> new Level()));
            }
        }
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

    /** A date (days since the epoch) and a timestamp (microseconds since the epoch, UTC). */
    static final class Day { final long days; Day(long d) { days = d; } }
    static final class Micros { final long micros; Micros(long m) { micros = m; } }

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

    // --- ISO dates and timestamps: engine.conversions.parse_date, parse_timestamp (ASCII digits, the whole text) ----

    static Object isoDate(CharSequence s) {
        // (a text with a unit that is not an ASCII digit or separator where these are, a surrogate too, is none)
        if (s.length() != 10 || s.charAt(4) != '-' || s.charAt(7) != '-') return null;
        int y = digits(s, 0, 4), m = digits(s, 5, 2), d = digits(s, 8, 2);
        if (y < 1 || m < 0 || d < 0) return null;
        long day = epochDay(y, m, d);
        return day == NO_DAY ? null : new Day(day);
    }

    /** The earliest and latest instants a Python datetime holds (years 1 to 9999), in seconds. */
    static final long MIN_SECONDS = -62_135_596_800L, MAX_SECONDS = 253_402_300_799L;

    static Object isoTimestamp(CharSequence s, boolean anyOffset) {
        int n = s.length();
        if (n < 20 || s.charAt(4) != '-' || s.charAt(7) != '-' || s.charAt(10) != 'T' || s.charAt(13) != ':'
                || s.charAt(16) != ':') return null;
        int y = digits(s, 0, 4), mo = digits(s, 5, 2), d = digits(s, 8, 2);
        int h = digits(s, 11, 2), mi = digits(s, 14, 2), se = digits(s, 17, 2);
        if (y < 0 || mo < 0 || d < 0 || h < 0 || mi < 0 || se < 0) return null;
        int i = 19, micro = 0;
        if (s.charAt(i) == '.') {
            int start = ++i;
            while (i < n && i - start < 7 && s.charAt(i) >= '0' && s.charAt(i) <= '9') i++;
            int len = i - start;
            if (len < 1 || len > 6) return null;
            micro = digits(s, start, len);
            for (int k = len; k < 6; k++) micro *= 10;
        }
        int offset, rest = n - i;
        char zone = i < n ? s.charAt(i) : 0;
        if (rest == 1 && zone == 'Z') offset = 0;
        else if (rest == 6 && (zone == '+' || zone == '-') && s.charAt(i + 3) == ':') {
            int hh = digits(s, i + 1, 2), mm = digits(s, i + 4, 2);
            if (hh < 0 || mm < 0) return null;
            boolean utc = zone == '+' && hh == 0 && mm == 0;
            if (!utc && (!anyOffset || (zone == '-' && hh == 0 && mm == 0))) return null;
            if (hh > 23 || mm > 59) return null;
            offset = (zone == '+' ? 1 : -1) * (hh * 3600 + mm * 60);
        } else return null;
        if (y < 1 || h > 23 || mi > 59 || se > 59) return null;
        long day = epochDay(y, mo, d);
        if (day == NO_DAY) return null;
        long seconds = day * 86_400 + h * 3600 + mi * 60 + se - offset;  // (in UTC: within years 1 to 9999)
        if (seconds < MIN_SECONDS || seconds > MAX_SECONDS) return null;
        return new Micros(seconds * 1_000_000L + micro);
    }

    static final long NO_DAY = Long.MIN_VALUE;

    /** The days since the epoch of a date of year ``y`` (1 to 9999), as java.time's ``LocalDate.of(y, m,
     * d).toEpochDay()``, with no object (days_from_civil); NO_DAY when the month or the day is out of range. */
    static long epochDay(int y, int m, int d) {
        if (m < 1 || m > 12 || d < 1) return NO_DAY;
        boolean leap = (y & 3) == 0 && (y % 100 != 0 || y % 400 == 0);
        int length = m == 2 ? (leap ? 29 : 28) : (m == 4 || m == 6 || m == 9 || m == 11) ? 30 : 31;
        if (d > length) return NO_DAY;
        int yy = m <= 2 ? y - 1 : y;  // (a year from March: the leap day last)
        int era = yy / 400, yoe = yy - era * 400;  // (yy >= 0)
        int doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
        return era * 146_097L + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719_468;
    }

    /** The value of ``len`` ASCII digits at ``from``; -1 if not digits. */
    private static int digits(CharSequence s, int from, int len) {
        if (from + len > s.length()) return -1;
        int v = 0;
        for (int i = from; i < from + len; i++) {
            int c = s.charAt(i) - '0';
            if (c < 0 || c > 9) return -1;
            v = v * 10 + c;
        }
        return v;
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

    static String arrayKind(int dim, String inner, int innerKind, long mask) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < dim; i++) sb.append("ARRAY<");
        sb.append(inner);
        for (int i = 0; i < dim; i++) sb.append('>');
        if (innerKind == SIG_STRING) sb.append('/').append(mask);
        return sb.toString();
    }

    static final int SIG_VOID = 0, SIG_BOOLEAN = 1, SIG_BIGINT = 2, SIG_DECIMAL = 3, SIG_DOUBLE = 4, SIG_STRING = 5,
            SIG_OBJECT = 6, SIG_ARRAY = 7, SIG_VARIANT = 8;

    static final class Sig {
        final int kind; final int range, scale; final Sig element;
        Sig(int kind, int range, int scale, Sig element) {
            this.kind = kind; this.range = range; this.scale = scale; this.element = element;
        }
        String name() {
            switch (kind) {
                case SIG_VOID: return "VOID";
                case SIG_BOOLEAN: return "BOOLEAN";
                case SIG_BIGINT: return "BIGINT";
                case SIG_DECIMAL: return range + scale <= 15 ? "DEC15" : "DECW";
                case SIG_DOUBLE: return "DOUBLE";
                case SIG_STRING: return "STRING";
                case SIG_OBJECT: return "OBJECT";
                default: return "VARIANT";
            }
        }
    }

    static final Sig VOID = new Sig(SIG_VOID, 0, 0, null), BOOL = new Sig(SIG_BOOLEAN, 0, 0, null),
            BIGINT = new Sig(SIG_BIGINT, 0, 0, null), DOUBLE = new Sig(SIG_DOUBLE, 0, 0, null),
            STR = new Sig(SIG_STRING, 0, 0, null), OBJECT = new Sig(SIG_OBJECT, 0, 0, null),
            VARIANT = new Sig(SIG_VARIANT, 0, 0, null);

    static Sig sig(Object raw) {
        if (raw == null) return VOID;
        if (raw instanceof Boolean) return BOOL;
        if (raw instanceof CharSequence) return STR;
        if (raw instanceof Obj) return OBJECT;
        if (raw instanceof Num) return ((Num) raw).sig();
        Sig merged = VOID;
        for (Object x : (List<?>) raw) merged = merge(merged, sig(x));
        return new Sig(SIG_ARRAY, 0, 0, merged);
    }

    /** SchemaOfVariant's merge of two element schemas (measured: BIGINT is DECIMAL(20,0) beside a decimal; any
     * DOUBLE makes a DOUBLE; other kinds that differ are VARIANT). */
    static Sig merge(Sig a, Sig b) {
        if (a.kind == SIG_VOID) return b;
        if (b.kind == SIG_VOID) return a;
        if (a.kind == SIG_ARRAY && b.kind == SIG_ARRAY) return new Sig(SIG_ARRAY, 0, 0, merge(a.element, b.element));
        if (a.kind == b.kind && a.kind != SIG_DECIMAL) return a;
        if (numeric(a) && numeric(b)) {
            if (a.kind == SIG_DOUBLE || b.kind == SIG_DOUBLE) return DOUBLE;
            int range = Math.max(a.kind == SIG_BIGINT ? 20 : a.range, b.kind == SIG_BIGINT ? 20 : b.range);
            int scale = Math.max(a.scale, b.scale);
            if (range + scale > 38) throw new Declined("a decimal merge beyond 38 digits");
            return new Sig(SIG_DECIMAL, range, scale, null);
        }
        return VARIANT;
    }

    static boolean numeric(Sig s) { return s.kind == SIG_BIGINT || s.kind == SIG_DECIMAL || s.kind == SIG_DOUBLE; }

    // --- numbers: engine.values.JsonNumber ------------------------------------------------------------------------

    /** The token's exact value; for an exponent beyond Java's (``1e-3000000000``), zero when its digits are all
     * zeros, else null (no double, no decimal of these rules, is that value). */
    static BigDecimal decimal(String token) {
        try {
            return new BigDecimal(token);
        } catch (NumberFormatException e) {
            int end = token.indexOf('e') >= 0 ? token.indexOf('e') : token.indexOf('E');
            for (int i = 0; i < end; i++) if (token.charAt(i) >= '1' && token.charAt(i) <= '9') return null;
            return BigDecimal.ZERO;
        }
    }

    /** The shortest decimal that reads back as ``d``, the closest of those (Python's ``repr``). Java's own shortest
     * digits (Jackson's copy of them) never have fewer than two: where one digit reads back too (4.9E-324 is 5e-324
     * in Python), that one. */
    static BigDecimal shortest(double d) {
        BigDecimal b = new BigDecimal(DoubleToDecimal.toString(d));
        if (b.signum() != 0 && b.stripTrailingZeros().precision() == 2) {
            BigDecimal one = b.round(new java.math.MathContext(1, java.math.RoundingMode.HALF_EVEN));
            if (Double.parseDouble(one.toString()) == d) return one;
        }
        return b;
    }

    static final class Num {
        /** The token's text (built from its bytes when first asked for); its bytes, when the line's own. */
        private String token;
        private final byte[] raw;
        private final int from, len;

        Num(String token) { this.token = token; raw = null; from = 0; len = token.length(); }

        Num(byte[] raw, int from, int len) { this.raw = raw; this.from = from; this.len = len; }

        /** The number token ``p`` is at, as a slice of ``ascii`` (its bytes: no String is built for a number
         * the short scan reads); null where the bytes there are not the token's text (Jackson's getText reads
         * it then). */
        static Num of(byte[] ascii, JsonParser p) throws IOException {
            long at = tokenOffset(p);
            int len = p.getTextLength();
            if (at < 0 || len <= 0 || at + len > ascii.length) return null;
            byte first = ascii[(int) at], last = ascii[(int) at + len - 1];
            if (first != '-' && (first < '0' || first > '9') || last < '0' || last > '9') return null;
            return new Num(ascii, (int) at, len);
        }

        String token() {
            if (token == null) token = new String(raw, from, len, StandardCharsets.ISO_8859_1);
            return token;
        }

        int length() { return len; }

        /** A short fraction: a token with a point, no exponent and at most 18 digits (its value is unscaled /
         * 10^scale, a long). Its storage, VARIANT's decimal, and its signature are worked out from these, with no
         * BigDecimal; it is held exactly by a double when its significant digits (those of ``unscaled``, the
         * leading zeros aside) are at most 15 (:meth:`shortDouble`). */
        private int shortFraction = -1;
        long unscaled;
        int scale;

        boolean shortFraction() {
            if (shortFraction < 0) shortFraction = scanFraction() ? 1 : 0;
            return shortFraction == 1;
        }

        /** Whether the token is an integer of at most 18 digits (its value then in ``asLong``). */
        private boolean shortInteger;

        private boolean scanFraction() {
            // (over the bytes themselves: a number's text is ASCII; the digits before the point, then after it: a
            // long of more than 18 digits may wrap, and is then not short)
            byte[] b = raw != null ? raw : token.getBytes(StandardCharsets.ISO_8859_1);
            int i = raw != null ? from : 0, end = i + len;
            boolean negative = len > 0 && b[i] == '-';
            if (negative) i++;
            int start = i;
            long u = 0;
            for (int d; i < end && (d = b[i] - '0') >= 0 && d <= 9; i++) u = u * 10 + d;
            int whole = i - start;
            if (i == end) {
                if (whole == 0 || whole > 18) return false;
                shortInteger = true;
                asLong = negative ? -u : u;
                return false;
            }
            if (b[i] != '.') return false;
            int point = i++;
            for (int d; i < end; i++) {
                if ((d = b[i] - '0') < 0 || d > 9) return false;
                u = u * 10 + d;
            }
            int sc = end - point - 1;
            if (whole + sc == 0 || whole + sc > 18) return false;
            unscaled = negative ? -u : u; scale = sc;
            return true;
        }

        /** A short fraction of at most 15 significant digits as a double, or null. Such a decimal within the
         * normal range of doubles (a short fraction's is: 10^-18 to 10^18) is the shortest text of the double
         * nearest it (DBL_DIG: 15 digits come back from a double), so the double is exact; and unscaled (below
         * 2^53) and 10^scale (at most 10^18, below 10^22) are doubles exactly, so their quotient, correctly
         * rounded, is that nearest double. */
        Double shortDouble() {
            if (!shortFraction() || Math.abs(unscaled) >= 1_000_000_000_000_000L) return null;
            return (double) unscaled / POW10[scale] + 0.0;  // (+ 0.0: no negative zero, as on the general path)
        }

        boolean isInteger() {
            String t = token();
            return t.indexOf('.') < 0 && t.indexOf('e') < 0 && t.indexOf('E') < 0;
        }

        boolean hasExponent() { return token().indexOf('e') >= 0 || token().indexOf('E') >= 0; }

        /** The token's value, when it is an integer that fits a long (``fitsLong``). */
        long asLong;

        boolean fitsLong() {  // (an integer of at most 18 digits is the short scan's: scanFraction)
            if (token().length() > 20) return false;
            try { asLong = Long.parseLong(token()); return true; } catch (NumberFormatException e) { return false; }
        }

        /** ``bigint``, ``decimal`` or ``double``: how VARIANT stores it. */
        /** (digits as written, leading zeros aside, and the scale: Spark's VariantBuilder measures the token
         * before it drops trailing zeros) */
        private int storage = -1;

        int storage() {
            if (storage < 0) storage = measure();
            return storage;
        }

        private int measure() {
            if (shortFraction()) return SIG_DECIMAL;
            if (shortInteger) return SIG_BIGINT;
            if (isInteger() && fitsLong()) return SIG_BIGINT;
            if (hasExponent()) return SIG_DOUBLE;
            String u = unsigned();
            int dot = u.indexOf('.');
            String digits = dot < 0 ? u : u.substring(0, dot) + u.substring(dot + 1);
            int i = 0;
            while (i < digits.length() - 1 && digits.charAt(i) == '0') i++;
            int scale = dot < 0 ? 0 : u.length() - dot - 1;
            return digits.length() - i <= 38 && scale <= 38 ? SIG_DECIMAL : SIG_DOUBLE;
        }

        private String unsigned() { String t = token(); return t.startsWith("-") ? t.substring(1) : t; }

        String fraction() {
            int dot = token().indexOf('.');
            if (dot < 0) return "";
            String f = token().substring(dot + 1);
            int end = f.length();
            while (end > 0 && f.charAt(end - 1) == '0') end--;
            return f.substring(0, end);
        }

        boolean isIntegerKind() {
            if (shortFraction()) return false;  // (a fraction; 1.0 too: an integer-valued decimal below 2^63 is)
            int storage = storage();
            if (storage == SIG_BIGINT || isInteger()) return true;
            if (storage == SIG_DECIMAL && fraction().isEmpty()) {
                BigInteger v = new BigDecimal(token()).toBigInteger();
                return v.bitLength() >= 64;  // beyond a long: an integer; else a fraction (1.0)
            }
            return false;
        }

        boolean exactDouble() {
            double d;
            try { d = Double.parseDouble(token()); } catch (NumberFormatException e) { return false; }
            if (Double.isInfinite(d) || Double.isNaN(d)) return false;
            BigDecimal exact = decimal(token());
            return exact != null && shortest(d).compareTo(exact) == 0;
        }

        /** VARIANT would hold another number (a double that is not it, or an integer beyond 38 digits): the
         * value is kept as its token, a string (engine.values.held_as_text). */
        boolean heldAsText() { return storage() == SIG_DOUBLE && (isInteger() || !exactDouble()); }

        Sig sig() {
            int storage = storage();
            if (storage == SIG_BIGINT) return BIGINT;
            if (storage == SIG_DOUBLE) return DOUBLE;
            if (shortFraction()) {  // (the same as below: trailing zeros dropped, down to the units)
                long u = Math.abs(unscaled);
                int s = scale;
                while (s > 0 && u % 10 == 0) { u /= 10; s--; }
                int digits = 1;
                for (long rest = u / 10; rest != 0; rest /= 10) digits++;
                int precision = Math.max(digits, s);
                return decimalSig(precision - s, s);
            }
            BigDecimal d = new BigDecimal(token()).stripTrailingZeros();
            if (d.scale() < 0) d = d.setScale(0);
            int scale = d.scale(), precision = Math.max(d.precision(), scale);
            return new Sig(SIG_DECIMAL, precision - scale, scale, null);
        }
    }

    static final double[] POW10 = new double[19];
    static { for (int i = 0; i < POW10.length; i++) POW10[i] = Math.pow(10, i); }
    private static final Sig[][] DECIMAL_SIGS = new Sig[39][39];

    /** A decimal signature, one per (range, scale) up to 38 each. */
    static Sig decimalSig(int range, int scale) {
        if (range > 38 || scale > 38) return new Sig(SIG_DECIMAL, range, scale, null);
        Sig sig = DECIMAL_SIGS[range][scale];
        if (sig == null) DECIMAL_SIGS[range][scale] = sig = new Sig(SIG_DECIMAL, range, scale, null);
        return sig;
    }
}
