// What each task of a one-pass write observed (NativeRouter.observing), gathered for the driver by one of Spark's
// own accumulators (a CollectionAccumulator of byte arrays: the driver reads the tasks' results with Spark's class
// loader, which has no class of this jar): a task's part is merged once, when the task succeeds (a failed
// attempt's part is not), as Spark merges the accumulators of a job's tasks. Each part names its partition; the
// driver merges one per partition and checks every partition gave one (gathered()).
package widen;

import org.apache.spark.util.CollectionAccumulator;

import java.io.*;
import java.util.TreeMap;

final class Gathered {
    private Gathered() {}

    /** A task's part: its partition, the first route its plan did not have (null: none), its pass's result. */
    static byte[] part(int partition, String missed, byte[] observed) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(partition);
            Tree.text(out, missed);
            out.writeInt(observed.length);
            out.write(observed);
        }
        return bytes.toByteArray();
    }

    /** The job's result, for widen/jvm/__init__.py: the first missing route (by partition; null: none), then the
     * partitions' pass results merged as NativeObserver.observe merges them. A partition with no part (which a
     * job that succeeded cannot leave) fails loudly. */
    public static byte[] gathered(CollectionAccumulator<byte[]> parts, int partitions, String spec)
            throws IOException {
        TreeMap<Integer, byte[]> by = new TreeMap<>();
        TreeMap<Integer, String> missed = new TreeMap<>();
        for (byte[] p : parts.value()) {
            try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(p))) {
                int partition = in.readInt();
                String miss = Tree.readText(in);
                byte[] observed = new byte[in.readInt()];
                in.readFully(observed);
                if (by.putIfAbsent(partition, observed) == null && miss != null) missed.put(partition, miss);
            }
        }
        if (by.size() != partitions) {
            throw new IllegalStateException("the one-pass write gathered " + by.size() + " of " + partitions
                                             + " partitions' observations");
        }
        Partition all = new Partition(new Typer(spec));
        for (byte[] p : by.values()) all.merge(p);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            String first = null;  // (a task that stopped because another had missed says "", the other why)
            for (String m : missed.values()) if (first == null || first.isEmpty()) first = m;
            Tree.text(out, first);
            out.write(all.serialise());
        }
        return bytes.toByteArray();
    }
}
