// Widen's native observer: one pass in the JVM over a batch's JSON lines that gives the very observations the
// pure-Python observer (widen.engine.observe.Observer, the oracle) gives, for rules whose typing it covers
// (widen/jvm/__init__.py says which, and passes them in as a spec). Each line is parsed with Jackson (the parser
// Spark's own JSON functions use), checked as widen.engine.values.parse_line checks it, and its fields are typed
// as widen.engine.values.Typer types them; counts are kept per field path in a tree per partition and merged on
// the driver. Only the merged tree, a bounded list of rescued lines and a few counts reach Python.
//
// This class holds the pass's entry points (observe, observeLocal). The rest of the pass, by job, beside it in
// package widen:
//   Partition.java   a partition's pass: each line parsed, then rescued, declined or observed; its result
//   Typer.java       a record's fields typed and counted into the partition's tree (engine.values.Typer)
//   Rules.java       the rules as the spec gives them, and values converted along the lattice's paths
//   Keys.java        a keyed batch's key: a record without one is rescued, observed for nothing
//   LineParser.java  a line parsed with Jackson and checked: duplicate names, lone surrogates, case collisions
//   Numbers.java     a JSON number (Num): its storage, its kind, its value as a double or a decimal
//   Dates.java       the ISO date and timestamp detectors, and their values (Day, Micros)
//   Storage.java     a value's VARIANT signature (Sig): how parse_json stores it
//   Tree.java        the observation tree (Level, Field) and its serialisation
//   Declined.java    what the pass does not cover: the batch is another engine's
//
// The jar ships built (widen/jvm/widen-native.jar, by `python -m widen.jvm.build`: docs/architecture.md, "The
// native jar"); where it is not the build of these sources for the running Spark's major.minor, they are compiled
// into the user's cache at first use (widen/jvm/__init__.py). Nothing depends on it for correctness: without a
// usable jar, or for rules it does not cover, the Spark observer (widen/compiler/spark_observe.py) runs.
package widen;

import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataTypes;
import widen.Partition.Place;
import widen.Partition.RowPlace;

import java.io.IOException;
import java.util.*;

public final class NativeObserver {
    private NativeObserver() {}

    /** Observes ``lines`` (columns ``value``, the line's text; ``source``; ``line``; and, when there is one,
     * ``block``, the block of the line's split, which the source is named with: ``FileLines.keyed``) and returns
     * the merged result, serialised (read by widen/jvm/__init__.py). Spark's own rows are read (no row is
     * converted into a Java one), and a line's source and number only when a line is rescued or declined. */
    public static byte[] observe(Dataset<Row> frame, String spec) throws IOException {
        Typer rules = new Typer(spec);
        Keys keys = Keys.of(spec);
        boolean blocks = Arrays.asList(frame.columns()).contains("block");
        List<Column> columns = new ArrayList<>(List.of(functions.col("value").cast(DataTypes.StringType),
                                                       functions.col("source").cast(DataTypes.StringType)));
        if (blocks) columns.add(functions.col("block").cast(DataTypes.LongType));
        columns.add(functions.col("line").cast(DataTypes.LongType));
        Dataset<Row> lines = frame.select(columns.toArray(new Column[0]));
        List<byte[]> parts = lines.queryExecution().toRdd().toJavaRDD().mapPartitions(
                (FlatMapFunction<Iterator<InternalRow>, byte[]>) it -> {
            Partition part = new Partition(rules, keys);
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

    /** For tests: observes lines given on the driver, no Spark job (the same code as each partition runs). */
    public static byte[] observeLocal(List<byte[]> raws, String spec) throws IOException {
        Partition part = new Partition(new Typer(spec), Keys.of(spec));
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
}
