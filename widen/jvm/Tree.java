// Widen's native observer: the observation tree (NativeObserver.java describes the pass): per field, its counts
// of nulls, empty values and shapes (with their exactness bits) and its storage kinds, its records' fields a level
// below; and the tree's serialisation, in which a partition's result reaches the driver (Partition.serialise,
// merge) and the driver's reaches widen/jvm/__init__.py (read_result).
package widen;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.*;

final class Tree {
    private Tree() {}

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
}
