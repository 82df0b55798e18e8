// Widen's native passes: the line parser (NativeObserver.java describes the pass). A line is parsed with Jackson
// (the parser Spark's own JSON functions use) into its names and values (Obj, List, Text or String, Num, Boolean,
// null) and checked as widen.engine.values.parse_line checks it: a name given twice, a lone surrogate (rescued),
// and, on case_conflict merge, names that differ only by case (engine.values.case_collision). A partition's pass
// (Partition) has one, and so has a task of the router (NativeRouter), which reads a line token by token with it.
package widen;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import widen.Numbers.Num;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.*;

import static widen.Numbers.tokenOffset;

/** A parser of lines: a task's own (the lists an object's names and values gather in are kept between lines). */
final class LineParser {
    /** Deeper than this is not JSON (Jackson's default, which parse_line holds to: PARSER_NESTING). */
    static final int PARSER_NESTING = 1000;

    final CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
    // Jackson's default limits, which Spark's parse_json has too (nesting 1,000: PARSER_NESTING; a number of
    // 1,000 characters), but none on a string's or a name's length (a line's is bounded: widen/long_lines.py),
    // as Python's parser has none and widen.session lifts Spark's: a line beyond one of the others is one the
    // write's parser refuses where Python's takes it, so the batch goes to the Spark observer
    // (duplicate names are refused by duplicates(), which costs less than Jackson's STRICT_DUPLICATE_DETECTION)
    final JsonFactory factory = JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(PARSER_NESTING)
                    .maxStringLength(Integer.MAX_VALUE).maxNameLength(Integer.MAX_VALUE).build())
            .build();

    LineParser() {
        for (int d = 0; d < 16; d++) { names.add(new ArrayList<>()); values.add(new ArrayList<>()); }  // (Tree.Level)
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

    static boolean blank(byte[] raw) {
        for (byte b : raw) if (b != ' ') return false;
        return true;
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
                        if (parsed.escapes && lone(name)) parsed.lone = true;
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
                if (parsed.escapes && lone(s)) parsed.lone = true;
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

    static final class Parsed { int depth; boolean asText, trailing, escapes, lone; }

    /** Whether a string or name holds a lone surrogate (an escape of half a pair): its line is rescued
     * (widen.engine.values.LONE_SURROGATE), after the checks parse_line makes before it. */
    static boolean lone(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) i++;
            else if (Character.isSurrogate(c)) return true;
        }
        return false;
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
    static int codePoints(String a, String b) {
        int i = 0, j = 0;
        while (i < a.length() && j < b.length()) {
            int x = a.codePointAt(i), y = b.codePointAt(j);
            if (x != y) return Integer.compare(x, y);
            i += Character.charCount(x); j += Character.charCount(y);
        }
        return Integer.compare(a.length() - i, b.length() - j);
    }

    /** The first names of one object that differ only by case, as engine.values.case_collision names them (an
     * object's own names first, in order, then its values in name order, arrays in element order); null if none. */
    static String collision(Object v) {
        List<Object> children;
        if (v instanceof Obj) {
            Obj o = (Obj) v;
            Integer[] order = new Integer[o.names.length];
            for (int i = 0; i < order.length; i++) order[i] = i;
            Arrays.sort(order, (x, y) -> codePoints(o.names[x], o.names[y]));
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

    static String jsonType(Object v) {
        if (v == null) return "null";
        if (v instanceof Boolean) return "boolean";
        if (v instanceof Num) return "number";
        if (v instanceof List) return "array";
        if (v instanceof CharSequence) return "string";
        return "value";
    }
}
