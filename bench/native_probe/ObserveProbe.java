// A feasibility probe, not engine code: how long one JVM-side pass takes that walks every line's JSON with Jackson
// and types every value the way Widen's observer must (path, JSON kind, string class by an ISO date/timestamp
// test, a long's exactness beyond 2^53, a fraction's exactness as a double), counted per path in a map per
// partition and merged on the driver. bench/native_probe.py compiles it against PySpark's jars and times it
// against Spark's own JSON schema inference, whole process, cold.
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.schubfach.DoubleToDecimal;
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;

import java.io.*;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.*;

public final class ObserveProbe {
    private static final JsonFactory FACTORY = new JsonFactory();

    /** Per partition: path|kind -> count; merged on the driver; returned as "path|kind\tcount" lines. */
    public static String observe(Dataset<Row> df) {
        Dataset<String> lines = df.select("value").as(Encoders.STRING());
        List<byte[]> parts = lines.mapPartitions((MapPartitionsFunction<String, byte[]>) it -> {
            HashMap<String, long[]> counts = new HashMap<>();
            while (it.hasNext()) {
                String line = it.next();
                try (JsonParser p = FACTORY.createParser(line)) {
                    JsonToken t = p.nextToken();
                    if (t == null) continue;
                    walk(p, t, "", counts);
                } catch (IOException e) {
                    counts.computeIfAbsent("|rescued", k -> new long[1])[0]++;
                }
            }
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (DataOutputStream out = new DataOutputStream(bytes)) {
                out.writeInt(counts.size());
                for (Map.Entry<String, long[]> e : counts.entrySet()) { out.writeUTF(e.getKey()); out.writeLong(e.getValue()[0]); }
            }
            return Collections.singletonList(bytes.toByteArray()).iterator();
        }, Encoders.BINARY()).collectAsList();
        TreeMap<String, Long> merged = new TreeMap<>();
        for (byte[] part : parts) {
            try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(part))) {
                int n = in.readInt();
                for (int i = 0; i < n; i++) merged.merge(in.readUTF(), in.readLong(), Long::sum);
            } catch (IOException e) { throw new UncheckedIOException(e); }
        }
        StringBuilder sb = new StringBuilder();
        merged.forEach((k, v) -> sb.append(k).append('\t').append(v).append('\n'));
        return sb.toString();
    }

    private static void count(HashMap<String, long[]> counts, String path, String kind) {
        counts.computeIfAbsent(path + "|" + kind, k -> new long[1])[0]++;
    }

    private static void walk(JsonParser p, JsonToken t, String path, HashMap<String, long[]> counts) throws IOException {
        switch (t) {
            case START_OBJECT: {
                count(counts, path, "object");
                while ((t = p.nextToken()) != JsonToken.END_OBJECT) {
                    String name = p.currentName();
                    walk(p, p.nextToken(), path + "." + name, counts);
                }
                return;
            }
            case START_ARRAY: {
                count(counts, path, "array");
                String elem = path + "[]";
                while ((t = p.nextToken()) != JsonToken.END_ARRAY) walk(p, t, elem, counts);
                return;
            }
            case VALUE_STRING: count(counts, path, stringClass(p.getText())); return;
            case VALUE_NUMBER_INT: {
                if (p.getNumberType() == JsonParser.NumberType.BIG_INTEGER) { count(counts, path, "decimal"); return; }
                long v = p.getLongValue();
                count(counts, path, (v > (1L << 53) || v < -(1L << 53)) ? "long_inexact" : "long");
                return;
            }
            case VALUE_NUMBER_FLOAT: {
                String text = p.getText();
                double d = Double.parseDouble(text);
                boolean exact = !Double.isInfinite(d)
                        && new BigDecimal(text).compareTo(new BigDecimal(DoubleToDecimal.toString(d))) == 0;
                count(counts, path, exact ? "double" : "fraction_text");
                return;
            }
            case VALUE_TRUE: case VALUE_FALSE: count(counts, path, "boolean"); return;
            case VALUE_NULL: count(counts, path, "null"); return;
            default: count(counts, path, "other");
        }
    }

    /** "date", "timestamp" or "string": a shape test on the characters, then java.time for those of the shape. */
    static String stringClass(String s) {
        int n = s.length();
        if (n < 10 || !isDigits(s, 0, 4) || s.charAt(4) != '-' || !isDigits(s, 5, 2) || s.charAt(7) != '-'
                || !isDigits(s, 8, 2)) return "string";
        try {
            if (n == 10) { LocalDate.parse(s); return "date"; }
            if (s.charAt(10) == 'T' || s.charAt(10) == ' ') {
                OffsetDateTime.parse(s.charAt(10) == ' ' ? s.substring(0, 10) + 'T' + s.substring(11) : s);
                return "timestamp";
            }
        } catch (RuntimeException e) {
            return "string";
        }
        return "string";
    }

    private static boolean isDigits(String s, int from, int len) {
        for (int i = from; i < from + len; i++) { char c = s.charAt(i); if (c < '0' || c > '9') return false; }
        return true;
    }
}
