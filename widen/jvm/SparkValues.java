// Widen's native router: a routed value as Spark holds it in a column (an InternalRow's value, for Spark's Parquet
// writer), by the column's type, which Kind reads once per column.
package widen;

import org.apache.spark.sql.catalyst.util.GenericArrayData;
import org.apache.spark.sql.types.*;
import org.apache.spark.unsafe.types.UTF8String;

import java.io.Serializable;
import java.math.BigDecimal;
import java.util.List;

final class SparkValues {
    private SparkValues() {}

    static final int ARRAY = 0, STRUCT = 1, STRING = 2, LONG = 3, INT = 4, DOUBLE = 5, BOOLEAN = 6, DATE = 7,
            TIMESTAMP = 8, DECIMAL = 9;

    /** A column type as spark() switches on it, built once per column (a chain of instanceof tests per value
     * cost the router 5%): its kind, an array's element, a decimal's type. */
    static final class Kind implements Serializable {
        final int kind;
        final Kind element;
        final DecimalType decimal;

        Kind(DataType type) {
            element = type instanceof ArrayType ? new Kind(((ArrayType) type).elementType()) : null;
            decimal = type instanceof DecimalType ? (DecimalType) type : null;
            if (type instanceof ArrayType) kind = ARRAY;
            else if (type instanceof StructType) kind = STRUCT;
            else if (type instanceof StringType) kind = STRING;
            else if (type instanceof LongType) kind = LONG;
            else if (type instanceof IntegerType) kind = INT;
            else if (type instanceof DoubleType) kind = DOUBLE;
            else if (type instanceof BooleanType) kind = BOOLEAN;
            else if (type instanceof DateType) kind = DATE;
            else if (type instanceof TimestampType) kind = TIMESTAMP;
            else if (type instanceof DecimalType) kind = DECIMAL;
            else throw new IllegalStateException("a column of " + type.simpleString());
        }
    }

    /** A routed value as Spark holds it in a column of kind ``k``. */
    static Object spark(Object v, Kind k) {
        if (v == null) return null;
        switch (k.kind) {
            case ARRAY: {
                List<?> list = (List<?>) v;
                Object[] out = new Object[list.size()];
                for (int i = 0; i < out.length; i++) out[i] = spark(list.get(i), k.element);
                return new GenericArrayData(out);
            }
            case STRUCT: return v;  // a record's row, built by level()
            case STRING:
                if (v instanceof LineParser.Text) {  // the line's own bytes (a copy per row: partition())
                    LineParser.Text t = (LineParser.Text) v;
                    return UTF8String.fromBytes(t.raw, t.from, t.len);
                }
                return UTF8String.fromString((String) v);
            case LONG: return (Long) v;
            case INT: return ((Long) v).intValue();
            case DOUBLE: return (Double) v;
            case BOOLEAN: return (Boolean) v;
            case DATE: return Math.toIntExact(((Dates.Day) v).days);
            case TIMESTAMP: return ((Dates.Micros) v).micros;
            default: {
                DecimalType d = k.decimal;
                return org.apache.spark.sql.types.Decimal.apply(((BigDecimal) v).setScale(d.scale()), d.precision(),
                                                                d.scale());
            }
        }
    }
}
