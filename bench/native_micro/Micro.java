package widen;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

/** bench/native_micro.py's harness: the native observer's and router's per-line work over a file's lines held in
 * memory, in one JVM, pass after pass (no Spark job, no I/O): a profile of their CPU cost, not a benchmark. */
public final class Micro {
    public static void main(String[] args) throws IOException {
        String dir = args[0];
        int passes = Integer.parseInt(args[2]);
        String spec = Files.readString(Paths.get(dir, "spec.json"));
        List<byte[]> lines = new ArrayList<>();
        try (BufferedReader r = Files.newBufferedReader(Paths.get(args[1]), StandardCharsets.ISO_8859_1)) {
            String s;
            while ((s = r.readLine()) != null) lines.add(s.getBytes(StandardCharsets.ISO_8859_1));
        }
        NativeRouter router = new NativeRouter(spec, Files.readString(Paths.get(dir, "plan.json")),
                                               Files.readString(Paths.get(dir, "schema.json")));
        NativeObserver rules = router.rules;
        for (int pass = 1; pass <= passes; pass++) {
            long t0 = System.nanoTime();
            int observed = java.util.Arrays.hashCode(NativeObserver.observeLocal(lines, spec));
            long t1 = System.nanoTime();
            NativeObserver.Partition parser = new NativeObserver.Partition(rules);
            long fields = 0;
            for (byte[] raw : lines) fields += router.record(parser, raw).numFields();
            long t2 = System.nanoTime();
            System.out.printf("pass %d observe %.3f s route %.3f s (result %08x, %d fields)%n", pass,
                              (t1 - t0) / 1e9, (t2 - t1) / 1e9, observed, fields);
        }
    }
}
