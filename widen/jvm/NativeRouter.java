// Widen's native router: writes a batch's rows in one pass in the JVM, as the reference router
// (widen.engine.router.Router, the oracle) routes them, for a batch the native observer observed with no rescued
// line and no line needing the parser's per-line checks. Each line is read token by token with the observer's
// LineParser (a tree is built only of an array, and of a record that does not go into one record column alone), its
// fields are typed as the observer types them (Typer: the same code), and each value goes to every column its
// route names, converted along the route's edges (a guarded edge only where the value comes back exactly), wrapped
// in the route's array levels. The rows are Spark's own (InternalRow), for Spark's Parquet writer: no expression
// to analyse, generate or compile per batch.
//
// widen/jvm/__init__.py passes the plan in as JSON and declines (the compiled projection writes the batch) where
// a column's type is one this class does not build.
package widen;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.rdd.RDD;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.catalyst.util.GenericArrayData;
import org.apache.spark.sql.classic.Dataset;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.*;
import org.apache.spark.unsafe.types.UTF8String;
import widen.SparkValues.Kind;

import java.io.IOException;
import java.io.Serializable;
import java.nio.charset.CharacterCodingException;
import java.util.*;

public final class NativeRouter implements Serializable {
    private static final long serialVersionUID = 1L;

    /** A column a value goes to: engine.planner.Target. */
    static final class Target implements Serializable {
        final int column, wrap; final boolean guarded;
        final Rules.Edge[] edges;
        Target(int column, int wrap, boolean guarded, Rules.Edge[] edges) {
            this.column = column; this.wrap = wrap; this.guarded = guarded; this.edges = edges;
        }
    }

    /** One struct level: engine.planner.LevelPlan (its columns' types, the levels of its record columns, and the
     * targets of each observed (field, shape)). */
    static final class Level implements Serializable {
        final DataType[] types;
        final Kind[] kinds;
        final Level[] levels;
        final HashMap<String, Shapes> routes = new HashMap<>();  // field -> shape -> targets
        /** (made as the level is, and as a task deserialises it: a branch taken once a task, in a method the JIT
         * compiles while it is not taken, sends the next batch's tasks back to the interpreter until the method is
         * compiled again) */
        transient Seen seen = new Seen();

        private void readObject(java.io.ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            seen = new Seen();
        }

        Target[] targets(int i, String name, String code) {
            Shapes shapes = i < Seen.SIZE && seen.names[i] == name ? seen.shapes[i] : routes.get(name);
            if (shapes == null) return null;
            if (i < Seen.SIZE) { seen.names[i] = name; seen.shapes[i] = shapes; }
            return shapes.targets(code);
        }

        Level(JsonNode plan, StructType schema) {
            JsonNode columns = plan.get("columns");
            types = new DataType[columns.size()];
            kinds = new Kind[columns.size()];
            levels = new Level[columns.size()];
            for (int i = 0; i < types.length; i++) {
                types[i] = schema.fields()[i].dataType();
                kinds[i] = new Kind(types[i]);
                JsonNode inner = columns.get(i).get("level");
                if (!inner.isNull()) levels[i] = new Level(inner, leafStruct(types[i]));
            }
            for (JsonNode r : plan.get("routes")) {
                JsonNode ts = r.get("targets");
                Target[] targets = new Target[ts.size()];
                for (int j = 0; j < targets.length; j++) {
                    JsonNode t = ts.get(j), es = t.get("edges");
                    Rules.Edge[] edges = new Rules.Edge[es.size()];
                    for (int e = 0; e < edges.length; e++)
                        edges[e] = new Rules.Edge(es.get(e).get(0).asText(), es.get(e).get(1).asInt(),
                                                  es.get(e).get(2).asInt());
                    targets[j] = new Target(t.get("column").asInt(), t.get("wrap").asInt(),
                                            t.get("guarded").asBoolean(), edges);
                }
                // (interned: Jackson interns a record's names, and the shape codes are: a lookup finds the instance)
                routes.computeIfAbsent(r.get("field").asText().intern(), k -> new Shapes())
                        .byCode.put(r.get("shape").asText().intern(), targets);
            }
        }
    }

    /** The routes of the last record's fields by position (a record's ``i``-th field is mostly the last one's:
     * the same instance, as Jackson interns names). A task's own (each deserialises its copy of the router). */
    static final class Seen {
        static final int SIZE = 64;
        final String[] names = new String[SIZE];
        final Shapes[] shapes = new Shapes[SIZE];
    }

    /** A field's routes by shape, with the last shape looked up (a field's values mostly have one shape). */
    static final class Shapes implements Serializable {
        final HashMap<String, Target[]> byCode = new HashMap<>();
        transient String lastCode;
        transient Target[] lastTargets;

        Target[] targets(String code) {
            if (code != lastCode) { lastTargets = byCode.get(code); lastCode = code; }
            return lastTargets;
        }
    }

    static StructType leafStruct(DataType t) {
        while (t instanceof ArrayType) t = ((ArrayType) t).elementType();
        return (StructType) t;
    }

    final Typer rules;
    final Level root;
    /** the ids of the lines not routed (:meth:`route`), sorted */
    long[] skip = new long[0];
    /** each row ends with its line's ``source`` and ``line`` (:meth:`routeCarrying`) */
    boolean carry;

    NativeRouter(String spec, String plan, String schema) throws IOException {
        rules = new Typer(spec);
        recordCode = rules.code(-1, 0);
        root = new Level(new ObjectMapper().readTree(plan), (StructType) DataType.fromJson(schema));
    }

    /** A router of the plan that skips the lines of ids ``skipped`` (sorted big-endian longs). */
    static NativeRouter skipping(String spec, String plan, String schema, byte[] skipped) throws IOException {
        NativeRouter router = new NativeRouter(spec, plan, schema);
        router.skip = new long[skipped.length / 8];
        java.nio.ByteBuffer.wrap(skipped).asLongBuffer().get(router.skip);  // (big-endian, sorted)
        return router;
    }

    /** The batch's rows (the lines' ``value``: each line's text), as a DataFrame of ``schema``. ``skip``: the ids
     * (the ``line`` column: unique in the batch) of the lines the observer rescued, as sorted big-endian longs,
     * which are not routed; empty when there are none (the column is not read then). */
    public static org.apache.spark.sql.Dataset<Row> route(Dataset<Row> lines, String spec, String plan,
                                                          String schema, byte[] skipped) throws IOException {
        NativeRouter router = skipping(spec, plan, schema, skipped);
        long[] skip = router.skip;
        Dataset<Row> text = (Dataset<Row>) (skip.length == 0
                ? lines.select(functions.col("value").cast(DataTypes.StringType))
                : lines.select(functions.col("value").cast(DataTypes.StringType),
                               functions.col("line").cast(DataTypes.LongType)));
        RDD<InternalRow> raws = text.queryExecution().toRdd();
        JavaRDD<InternalRow> rows = raws.toJavaRDD().mapPartitions(
                (FlatMapFunction<Iterator<InternalRow>, InternalRow>) it -> router.partition(it));
        return lines.sparkSession().internalCreateDataFrame(rows.rdd(), (StructType) DataType.fromJson(schema),
                                                            false);
    }

    /** :meth:`route`, each row with its line after the table's columns (a keyed write's, which orders a key's
     * records by them: widen/keyed.py): ``__widen_source`` (the ``source`` column) and ``__widen_line`` (the
     * ``line`` column). */
    public static org.apache.spark.sql.Dataset<Row> routeCarrying(Dataset<Row> lines, String spec, String plan,
                                                                  String schema, byte[] skipped) throws IOException {
        NativeRouter router = skipping(spec, plan, schema, skipped);
        router.carry = true;
        Dataset<Row> text = (Dataset<Row>) lines.select(functions.col("value").cast(DataTypes.StringType),
                functions.col("line").cast(DataTypes.LongType), functions.col("source").cast(DataTypes.StringType));
        JavaRDD<InternalRow> rows = text.queryExecution().toRdd().toJavaRDD().mapPartitions(
                (FlatMapFunction<Iterator<InternalRow>, InternalRow>) it -> router.partition(it));
        StructType out = ((StructType) DataType.fromJson(schema))
                .add("__widen_source", DataTypes.StringType).add("__widen_line", DataTypes.LongType);
        return lines.sparkSession().internalCreateDataFrame(rows.rdd(), out, false);
    }

    /** One pass: the rows of ``frame``'s lines (NativeObserver.observe's columns: ``value``, ``source``,
     * ``block`` when there is one, ``line``) routed by this plan as they are observed, in the same parse: each
     * task observes its lines as NativeObserver.observe's do, and routes each record it observed (rescued lines
     * are not routed: no ids to skip). A record with a field of a shape the plan has no route for ends the task's
     * routing (its rows so far are written, the rest not: the driver deletes the files) but not its observing.
     * Each task's observation goes to ``gathered`` (Gathered.gathered merges them once the write's job has run).
     * Returns the rows, and their partitions. */
    public static Object[] observing(Dataset<Row> frame, String spec, String plan, String schema,
                                     org.apache.spark.util.CollectionAccumulator<byte[]> gathered)
            throws IOException {
        NativeRouter router = new NativeRouter(spec, plan, schema);
        boolean blocks = Arrays.asList(frame.columns()).contains("block");
        List<org.apache.spark.sql.Column> columns = new ArrayList<>(List.of(
                functions.col("value").cast(DataTypes.StringType), functions.col("source").cast(DataTypes.StringType)));
        if (blocks) columns.add(functions.col("block").cast(DataTypes.LongType));
        columns.add(functions.col("line").cast(DataTypes.LongType));
        Dataset<Row> lines = (Dataset<Row>) frame.select(columns.toArray(new org.apache.spark.sql.Column[0]));
        JavaRDD<InternalRow> rows = lines.queryExecution().toRdd().toJavaRDD().mapPartitions(
                (FlatMapFunction<Iterator<InternalRow>, InternalRow>) it -> router.observed(it, blocks, gathered));
        return new Object[]{frame.sparkSession().internalCreateDataFrame(
                rows.rdd(), (StructType) DataType.fromJson(schema), false), rows.getNumPartitions()};
    }

    /** A value with no route, or that every route of it refuses, is lost (:attr:`lost`), not an error: the
     * table's projection rescues its line (NativeProjection). */
    boolean rescuing;
    /** Set by :meth:`route` (``rescuing``): a value of the line being routed reached no column. */
    transient boolean lost;

    /** An iterator that finds each element before it is asked for: ``advance`` gives the next one, or null at the
     * end. :meth:`start` finds the first (as the task starts, once the subclass's fields are set). */
    abstract static class Ahead<T> implements Iterator<T> {
        private T next;

        abstract T advance();

        Ahead<T> start() {
            next = advance();
            return this;
        }

        public boolean hasNext() { return next != null; }

        public T next() {
            if (next == null) throw new NoSuchElementException();
            T out = next;
            next = advance();
            return out;
        }
    }

    /** A task of :meth:`observing`. */
    Iterator<InternalRow> observed(Iterator<InternalRow> lines, boolean blocks,
                                   org.apache.spark.util.CollectionAccumulator<byte[]> gathered) {
        Partition part = new Partition(rules);
        Partition.RowPlace at = new Partition.RowPlace(blocks);
        return new Ahead<InternalRow>() {
            String missed;
            boolean done;

            InternalRow advance() {
                while (lines.hasNext()) {
                    InternalRow r = lines.next();
                    if (blocks) part.split(r);
                    if (r.isNullAt(0)) continue;
                    at.row = r;
                    UTF8String text = r.getUTF8String(0);
                    byte[] raw = text.getBytes();  // a copy, unless the text is a whole array, which may be reused
                    if (raw == text.getBaseObject()) raw = raw.clone();  // (the record keeps slices of it)
                    LineParser.Obj record = part.line(raw, at);
                    if (record == null || missed != null || part.declined != null) continue;
                    try {
                        return level(root, record, 0);
                    } catch (IllegalStateException e) {  // (a route the plan has not: the driver plans again)
                        missed = String.valueOf(e.getMessage());
                    }
                }
                if (!done) {
                    done = true;
                    try {
                        gathered.add(Gathered.part(org.apache.spark.TaskContext.getPartitionId(), missed,
                                                   part.serialise()));
                    } catch (IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                }
                return null;
            }
        }.start();
    }

    Iterator<InternalRow> partition(Iterator<InternalRow> lines) {
        LineParser parser = new LineParser();
        Debezium envelope = rules.cdc != null ? new Debezium() : null;  // (--cdc: each line's record is its row)
        return new Ahead<InternalRow>() {
            InternalRow advance() {
                while (lines.hasNext()) {
                    InternalRow line = lines.next();
                    if (line.isNullAt(0)) continue;
                    if (skip.length > 0 && !line.isNullAt(1) && Arrays.binarySearch(skip, line.getLong(1)) >= 0) {
                        continue;  // (rescued: the driver writes it to the rescued table)
                    }
                    UTF8String text = line.getUTF8String(0);
                    byte[] raw = text.getBytes();  // a copy, unless the text is a whole array, which may be reused
                    if (raw == text.getBaseObject()) raw = raw.clone();  // (the row keeps slices of it)
                    if (LineParser.blank(raw)) continue;
                    if (envelope != null) {
                        raw = envelope.unwrap(raw).record;
                        if (raw == null) continue;  // (a Kafka tombstone; a line the observer rescued is skipped)
                    }
                    if (!carry) return record(parser, raw);
                    Object[] values = ((GenericInternalRow) record(parser, raw)).values();
                    Object[] row = Arrays.copyOf(values, values.length + 2);
                    row[values.length] = line.isNullAt(2) ? null : line.getUTF8String(2).clone();
                    row[values.length + 1] = line.isNullAt(1) ? null : line.getLong(1);
                    return new GenericInternalRow(row);
                }
                return null;
            }
        }.start();
    }

    /** One line's row. The observer saw every line of the batch a record: anything else here is a bug, loudly.
     * The line is read token by token (:meth:`object`). */
    InternalRow record(LineParser parser, byte[] raw) {
        LineParser.Parsed parsed = new LineParser.Parsed();
        try (JsonParser p = parser.open(raw, parsed)) {
            if (p.nextToken() != JsonToken.START_OBJECT) throw new IOException("not an object");
            Object[] row = object(parser, p, parsed, root, 1, 0);
            if (p.nextToken() != null) throw new IOException("trailing text");
            return new GenericInternalRow(row);
        } catch (CharacterCodingException e) {
            throw new IllegalStateException("a line the native observer took is not UTF-8", e);
        } catch (IOException e) {
            throw new IllegalStateException("a line the native observer took is not JSON: " + e.getMessage(), e);
        } finally {
            parser.close();
        }
    }

    /** The row of ``level`` of the record ``p`` is in (its START_OBJECT read): each field routed as it is read,
     * as :meth:`level` routes the record read() would build, with no tree but of an array and of a record that
     * does not go into one record column alone. ``at``: the record's depth as read() counts it (the line's is 1);
     * ``depth``: the names above it (:meth:`path`). Sets :attr:`named`: whether a field has a name (a record with
     * none is no value: engine.values.Typer.type_value). */
    Object[] object(LineParser parser, JsonParser p, LineParser.Parsed parsed, Level level, int at,
                    int depth) throws IOException {
        Object[] row = new Object[level.types.length];
        boolean any = false;
        int i = 0;
        for (; p.nextToken() != JsonToken.END_OBJECT; i++) {
            String name = p.currentName();
            JsonToken t = p.nextToken();
            if (name.isEmpty()) {  // (routed nowhere: the observer read it)
                p.skipChildren();
                continue;
            }
            any = true;
            if (t == JsonToken.VALUE_NULL) continue;
            if (t == JsonToken.START_OBJECT) {
                Target[] targets = level.targets(i, name, recordCode);
                if (targets != null && targets.length == 1 && targets[0].wrap == 0) {
                    at(depth, name);
                    int column = targets[0].column;
                    Object[] inner = object(parser, p, parsed, level.levels[column], at + 1, depth + 1);
                    if (named) row[column] = new GenericInternalRow(inner);
                    continue;
                }
            }
            route(level, row, i, name, parser.read(p, t, at + 1, parsed), depth);
        }
        named = any;
        return row;
    }

    /** Set by :meth:`object`. */
    private transient boolean named;

    /** The code of a record's shape. */
    private final String recordCode;

    // --- engine.router.Router ---------------------------------------------------------------------------------

    /** The ``i``-th field of a record, ``name``, of the value ``raw`` (read()'s), routed into ``row``. */
    void route(Level level, Object[] row, int i, String name, Object raw, int depth) {
        Valued typed = typed(raw);
        if (typed == null) return;  // null, or an empty value: nothing routes it
        Target[] targets = level.targets(i, name, rules.code(typed.type, typed.dim));
        if (targets == null) {
            if (typed.type < 0 && hollow(typed.value, typed.dim)) return;
            if (rescuing) {
                lost = true;
                return;
            }
            throw new IllegalStateException("the plan has no route for " + path(depth, name) + " as " + typed.code());
        }
        boolean taken = false, before = lost;  // (the record's values so far: one of them reached no column)
        for (Target target : targets) {
            Object value;
            if (typed.dim == 1 && typed.type >= 0 && target.wrap == 0) {  // (convert() and spark() in one)
                value = leaves((List<?>) typed.value, target, level.kinds[target.column].element);
                if (value != FAIL) {
                    row[target.column] = value;
                    taken = true;
                }
                continue;
            }
            boolean whole = true;  // (a record is taken by a column that holds each of its values)
            if (typed.type < 0) {
                at(depth, name);
                lost = false;
                value = records(level.levels[target.column], typed.value, typed.dim, depth + 1);
                whole = !lost;
            } else {
                value = convert(typed.value, typed.dim, target);
                if (value == FAIL) continue;
            }
            for (int w = 0; w < target.wrap; w++) value = Collections.singletonList(value);
            row[target.column] = SparkValues.spark(value, level.kinds[target.column]);
            taken |= whole;
        }
        if (rescuing) lost = before || !taken;  // (every route refused it, or left out some of it)
    }

    InternalRow level(Level level, LineParser.Obj record, int depth) {
        Object[] row = new Object[level.types.length];
        for (int i = 0; i < record.names.length; i++) {
            String name = record.names[i];
            if (!name.isEmpty()) route(level, row, i, name, record.values[i], depth);
        }
        return new GenericInternalRow(row);
    }

    Object records(Level level, Object value, int dim, int depth) {
        if (value == null) return null;
        if (dim == 0) return level(level, (LineParser.Obj) value, depth);
        ArrayList<Object> out = new ArrayList<>();
        for (Object x : (List<?>) value) out.add(records(level, x, dim - 1, depth));
        return out;
    }

    /** The names of the records the value being routed is in, by depth (no path is built unless an error names
     * it): a task's own, as the router is (each task deserialises its copy). */
    private transient String[] names = new String[16];

    private void readObject(java.io.ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        names = new String[16];  // (as Level.seen)
    }

    void at(int depth, String name) {
        if (depth >= names.length) names = Arrays.copyOf(names, 2 * depth + 2);
        names[depth] = name;
    }

    /** ``name``'s path (``a.b.name``) at ``depth``. */
    String path(int depth, String name) {
        StringBuilder sb = new StringBuilder();
        for (int d = 0; d < depth; d++) sb.append(names[d]).append('.');
        return sb.append(name).toString();
    }

    static final Object FAIL = new Object();

    /** An array's leaves (a primitive array of one dimension) converted along ``target``'s edges into Spark's
     * array of ``element``: spark() of convert(), with no list between; FAIL where a leaf does not convert. */
    Object leaves(List<?> values, Target target, Kind element) {
        Object[] out = new Object[values.size()];
        for (int k = 0; k < out.length; k++) {
            Object v = values.get(k);
            if (v == null) continue;
            for (Rules.Edge e : target.edges) {
                v = forward(v, e, target.guarded);
                if (v == FAIL) return FAIL;
            }
            out[k] = SparkValues.spark(v, element);
        }
        return new GenericArrayData(out);
    }

    Object convert(Object value, int dim, Target target) {
        if (value == null) return null;
        if (dim > 0) {
            ArrayList<Object> out = new ArrayList<>();
            for (Object x : (List<?>) value) {
                Object y = convert(x, dim - 1, target);
                if (y == FAIL) return FAIL;
                out.add(y);
            }
            return out;
        }
        for (Rules.Edge e : target.edges) {
            value = forward(value, e, target.guarded);
            if (value == FAIL) return FAIL;
        }
        return value;
    }

    /** The earliest and latest instants a Python datetime holds (years 1 to 9999), in microseconds. */
    static final long MIN_MICROS = -62_135_596_800_000_000L, MAX_MICROS = 253_402_300_799_999_999L;

    /** engine.conversions' forward conversions (a value out of the target's range: FAIL). ``exact``: a cast of a
     * long into a double that does not give the long back fails too (engine.lattice.Lattice.exact: every other
     * conversion that succeeds gives its value back). */
    Object forward(Object v, Rules.Edge e, boolean exact) {
        switch (e.how) {
            case Rules.VIA_TEXT:
                return Texts.text(v);
            case Rules.VIA_BOOL_TO_INT:
                return forward(((Boolean) v) ? 1L : 0L, new Rules.Edge("cast", e.source, e.target), exact);
            case Rules.VIA_CAST: {
                long x = (Long) v;
                if (!rules.family[e.target].equals("float")) return orFail(rules.fits(e.target, x));
                return !exact || rules.number(x, e.target) != Rules.INEXACT ? (Object) (double) x : FAIL;
            }
            case Rules.VIA_EPOCH_SECONDS: case Rules.VIA_EPOCH_MILLIS:
            case Rules.VIA_EPOCH_MICROS: {
                if (v instanceof Dates.Micros) break;  // timestamp -> integer: the observer's
                long unit = Rules.epochUnit(e.how);
                try {
                    long micros = Math.multiplyExact((Long) v, unit);
                    return micros < MIN_MICROS || micros > MAX_MICROS ? FAIL : new Dates.Micros(micros);
                } catch (ArithmeticException overflow) {
                    return FAIL;
                }
            }
            default:
        }
        Object out = rules.convert(v, e);
        return out == Rules.INEXACT ? FAIL : out;
    }

    static Object orFail(Object v) { return v == null ? FAIL : v; }

    /** engine.values.Typer.hollow. */
    boolean hollow(Object value, int dim) {
        if (value == null) return true;
        if (dim > 0) {
            for (Object x : (List<?>) value) if (!hollow(x, dim - 1)) return false;
            return true;
        }
        LineParser.Obj o = (LineParser.Obj) value;
        for (int i = 0; i < o.names.length; i++) {
            if (o.names[i].isEmpty()) continue;
            Valued t = typed(o.values[i]);
            if (t == null) continue;
            if (t.type >= 0 || !hollow(t.value, t.dim)) return false;
        }
        return true;
    }

    // --- typing with values: engine.values.Typer.type_value -----------------------------------------------------

    /** A typed value: a type (-1: records) at a dimension, and its domain values (nested lists) or raw records. */
    final class Valued {
        final int type, dim; final Object value;
        Valued(int type, int dim, Object value) { this.type = type; this.dim = dim; this.value = value; }
        String code() { return rules.code(type, dim); }
    }

    /** null for a null or an empty value. */
    Valued typed(Object raw) {
        if (raw == null) return null;
        if (raw instanceof LineParser.Obj) {
            for (String n : ((LineParser.Obj) raw).names) if (!n.isEmpty()) return new Valued(-1, 0, raw);
            return null;
        }
        if (raw instanceof List) {
            ArrayList<Typer.Prim> prims = new ArrayList<>();
            Typer.ArrayInfo info = rules.array((List<?>) raw, prims);
            if (info == Typer.MIXED_ARRAY) return new Valued(rules.mixed, 0, Texts.json(raw));
            if (info.kind == Typer.EMPTY_KIND) return null;
            if (info.kind == Typer.RECORD_KIND) return new Valued(-1, info.dim, raw);
            int type = rules.elementType(prims, info.types);
            return new Valued(type, info.dim, leafValues(raw, info.dim, type, prims.iterator()));
        }
        Typer.Prim p = rules.primitive(raw);
        return new Valued(p.type, 0, domain(p, raw));
    }

    /** A primitive's value in its type's domain; a string type's is its text (Typer.primitive and _holds). */
    Object domain(Typer.Prim p, Object raw) {
        if (!rules.family[p.type].equals("string")) return p.value;
        if (raw instanceof Boolean) return ((Boolean) raw) ? "true" : "false";
        if (raw instanceof Numbers.Num) return Texts.numberText((Numbers.Num) raw);
        return raw;
    }

    /** Typer._convert_leaves: each leaf converted into the array's element type. */
    Object leafValues(Object raw, int dim, int type, Iterator<Typer.Prim> prims) {
        if (raw == null) return null;
        if (dim == 0) {
            Typer.Prim p = prims.next();  // (the leaves typed by array(), in the same order)
            Object v = domain(p, raw);
            for (Rules.Edge e : rules.paths[p.type][type]) if (v != FAIL) v = forward(v, e, true);
            if (v == FAIL) throw new IllegalStateException("an array element does not convert into its type");
            return v;
        }
        ArrayList<Object> out = new ArrayList<>();
        for (Object x : (List<?>) raw) out.add(leafValues(x, dim - 1, type, prims));
        return out;
    }
}
