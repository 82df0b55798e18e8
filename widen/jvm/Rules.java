// Widen's native passes: the rules as the spec gives them (widen/jvm/__init__.py writes it from a rules file whose
// typing the passes cover): the types, each kind of JSON value's choices and detectors, the upper bounds and the
// lattice paths between types; and a value's conversion along a path, as engine.lattice.Lattice.exact and
// engine.conversions convert it. Typer types values with them (NativeObserver.java describes the pass), and
// NativeRouter converts each routed value along its route's edges.
package widen;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import widen.Dates.Day;
import widen.Dates.Micros;

import java.io.*;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.*;

/** An instance: a pass's closure sends it to the executors (as a Typer). */
class Rules implements Serializable {
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
    /** ``--cdc``: the envelope of change events each line is (Debezium.CDC), whose row the passes read; or null */
    final String cdc;
    final boolean[] floatCasts;   // every guarded edge above the type is one cast into a float type
    final BigDecimal[] bound;     // a decimal type's values are below 10^(p - s) in magnitude
    final long[] longBound;       // the same as a long; Long.MAX_VALUE where every long is below it
    final int[] intBits;          // an integer type's bits (32 for Iceberg's int, else 64); 0 for other types
    final String[][] codes;       // [type + 1][dim]: shape codes (type -1: records), interned, built once
    static final int CODED_DIMS = 10;

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

    Rules(String specJson) throws IOException {
        JsonNode spec = new ObjectMapper().readTree(specJson);
        ntypes = spec.get("types").size();
        TYPE_NAMES = new String[ntypes]; family = new String[ntypes]; iceberg = new String[ntypes];
        precision = new int[ntypes]; scale = new int[ntypes];
        readTypes(spec.get("types"));
        top = spec.get("top").asInt();
        readChoices(spec.get("choices"));
        mixed = choiceType[MIXED].length > 0 ? choiceType[MIXED][0] : top;
        ups = new int[ntypes][]; guardedUps = new int[ntypes][]; paths = new Edge[ntypes][ntypes][];
        readPaths(spec);
        join = ints(spec.get("join"));
        caseMerge = spec.has("case_merge") && spec.get("case_merge").asBoolean();
        cdc = spec.hasNonNull("cdc") ? spec.get("cdc").asText() : null;
        floatCasts = onlyFloatCasts();
        bound = new BigDecimal[ntypes];
        for (int t = 0; t < ntypes; t++) bound[t] = BigDecimal.TEN.pow(Math.max(0, precision[t] - scale[t]));
        codes = shapeCodes();
        longBound = new long[ntypes]; intBits = new int[ntypes];
        for (int t = 0; t < ntypes; t++) {
            int digits = Math.max(0, precision[t] - scale[t]);
            longBound[t] = digits >= 19 ? Long.MAX_VALUE : BigDecimal.TEN.pow(digits).longValueExact();
            intBits[t] = !family[t].equals("integer") ? 0 : iceberg[t].equals("int") ? 32 : 64;
        }
    }

    /** Each type's name, family, Iceberg type and decimal precision and scale, from the spec's ``types``. */
    private void readTypes(JsonNode types) {
        for (int i = 0; i < ntypes; i++) {
            JsonNode t = types.get(i);
            // (interned, as Jackson interns a record's names: a lookup by the same text finds the same instance)
            TYPE_NAMES[i] = t.get("name").asText().intern();
            family[i] = t.get("family").asText().intern(); iceberg[i] = t.get("iceberg").asText().intern();
            precision[i] = t.get("p").asInt(); scale[i] = t.get("s").asInt();
        }
    }

    /** Each kind of JSON value's choices, in order: a type and its detector (name and code), from ``choices``. */
    private void readChoices(JsonNode choices) {
        String[] kinds = {"integer", "fraction", "boolean", "string", "mixed"};
        for (int k = 0; k < 5; k++) {
            JsonNode cs = choices.get(kinds[k]);
            choiceType[k] = new int[cs.size()]; choiceDetector[k] = new String[cs.size()];
            choiceDetect[k] = new int[cs.size()];
            for (int i = 0; i < cs.size(); i++) {
                choiceType[k][i] = cs.get(i).get(0).asInt();
                choiceDetector[k][i] = cs.get(i).get(1).isNull() ? null : cs.get(i).get(1).asText();
                choiceDetect[k][i] = detectCode(choiceDetector[k][i]);
            }
        }
    }

    /** Each type's upper bounds, those along a guarded edge, and the lattice path (its edges) to each bound. */
    private void readPaths(JsonNode spec) {
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
    }

    /** By type: whether it has guarded upper bounds and every one is reached by one cast into a float type. */
    private boolean[] onlyFloatCasts() {
        boolean[] out = new boolean[ntypes];
        for (int t = 0; t < ntypes; t++) {
            boolean all = guardedUps[t].length > 0;
            for (int u : guardedUps[t]) {
                Edge[] p = paths[t][u];
                all &= p != null && p.length == 1 && p[0].how == VIA_CAST && family[u].equals("float");
            }
            out[t] = all;
        }
        return out;
    }

    /** The shape codes of records (row 0) and of each type (row type + 1) at dims below CODED_DIMS, interned. */
    private String[][] shapeCodes() {
        String[][] out = new String[ntypes + 1][CODED_DIMS];
        for (int t = -1; t < ntypes; t++) {
            String name = t < 0 ? "record" : TYPE_NAMES[t];
            for (int d = 0; d < CODED_DIMS; d++) out[t + 1][d] = shapeCode(name, d).intern();
        }
        return out;
    }

    private static int[] ints(JsonNode a) {
        int[] out = new int[a.size()];
        for (int i = 0; i < out.length; i++) out[i] = a.get(i).asInt();
        return out;
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

    // --- values in a type's domain: engine.conversions.fits -----------------------------------------------------

    /** A value converted into a string: its text is not needed (no guarded edge leaves a string type). */
    static final Object OPAQUE = new Object() { public String toString() { return "<text>"; } };
    static final Object INEXACT = new Object();

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
}
