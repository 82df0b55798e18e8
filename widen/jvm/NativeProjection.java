// Widen's native projection of a table: each line of a DataFrame read as the ingest reads a batch's lines
// (Partition.reader: the observer's parse and rescues, no observation) and routed by the table's plan with the
// native router (NativeRouter, rescuing: a value that reaches no column rescues its line), one row per line, the
// table's columns then ``_rescued``. widen/jvm/projection.py calls it for ``widen.compile_table``'s function.
package widen;

import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.classic.Dataset;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;

import java.io.IOException;
import java.io.Serializable;
import java.util.Arrays;
import java.util.Iterator;

public final class NativeProjection implements Serializable {
    private static final long serialVersionUID = 1L;

    /** The router of the table's plan, rescuing. */
    final NativeRouter router;

    NativeProjection(NativeRouter router) {
        this.router = router;
    }

    /** The projection of a table (``plan``: its every column's routes): each of ``lines``' ``value`` (a line's
     * text) as a row of ``schema`` (the table's columns), then ``_rescued``: the line when it is not a record
     * (blank, not JSON, not an object, or one the observer rescues for another reason), or when a value of it
     * reaches no column (a field or a shape the plan has no route for, a value every route of it refuses); the row
     * keeps what has a column. One row per line, a null line a row of nulls. Read and routed as the ingest reads
     * and routes a batch; a line the observer rescues (or a value of which the pass cannot convert) is a row of
     * nulls with the line in ``_rescued``, as a line that is not JSON. */
    public static org.apache.spark.sql.Dataset<Row> project(Dataset<Row> lines, String spec, String plan,
                                                            String schema) throws IOException {
        NativeRouter router = new NativeRouter(spec, plan, schema);
        router.rescuing = true;
        NativeProjection projection = new NativeProjection(router);
        Dataset<Row> text = (Dataset<Row>) lines.select(functions.col("value").cast(DataTypes.StringType),
                functions.lit(null).cast(DataTypes.StringType), functions.lit(null).cast(DataTypes.LongType));
        JavaRDD<InternalRow> rows = text.queryExecution().toRdd().toJavaRDD().mapPartitions(
                (FlatMapFunction<Iterator<InternalRow>, InternalRow>) it -> projection.projected(it));
        StructType out = ((StructType) DataType.fromJson(schema)).add("_rescued", DataTypes.StringType);
        return lines.sparkSession().internalCreateDataFrame(rows.rdd(), out, false);
    }

    /** A task of :meth:`project`. */
    Iterator<InternalRow> projected(Iterator<InternalRow> lines) {
        Partition part = Partition.reader(router.rules);
        Partition.RowPlace at = new Partition.RowPlace(false);
        int width = router.root.types.length;
        return new NativeRouter.Ahead<InternalRow>() {
            InternalRow advance() {
                if (!lines.hasNext()) return null;
                InternalRow r = lines.next();
                Object[] row = new Object[width + 1];
                if (r.isNullAt(0)) return new GenericInternalRow(row);
                at.row = r;
                UTF8String text = r.getUTF8String(0);
                byte[] raw = text.getBytes();  // a copy, unless the text is a whole array, which may be reused
                if (raw == text.getBaseObject()) raw = raw.clone();  // (the record keeps slices of it)
                LineParser.Obj record = part.read(raw, at);
                if (record != null) {
                    router.lost = false;
                    try {
                        Object[] values = ((GenericInternalRow) router.level(router.root, record, 0)).values();
                        System.arraycopy(values, 0, row, 0, width);
                    } catch (RuntimeException e) {  // (a value the pass does not convert: the line is kept whole)
                        Arrays.fill(row, null);
                        router.lost = true;
                    }
                }
                if (record == null || router.lost) row[width] = text.clone();
                return new GenericInternalRow(row);
            }
        }.start();
    }
}
