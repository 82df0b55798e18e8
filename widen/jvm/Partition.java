// Widen's native observer: a partition's pass (NativeObserver.java describes the pass). Each line is parsed
// (LineParser) and then rescued (not UTF-8, not JSON, not an object, nested too deep, names that differ only by
// case on case_conflict merge, a keyed batch's record without a key: Keys), declined (what the pass does not
// cover: the batch is another engine's), or observed into the partition's tree (Typer.level); each split's lines
// are counted and the rescued lines kept.
// Its result is serialised for the driver, which merges the partitions' results (NativeObserver.observe).
package widen;

import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.unsafe.types.UTF8String;
import widen.LineParser.Obj;
import widen.LineParser.Parsed;
import widen.Tree.Level;

import java.io.*;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.*;

import static widen.LineParser.ascii;
import static widen.LineParser.blank;
import static widen.LineParser.collides;
import static widen.LineParser.collision;
import static widen.LineParser.jsonType;
import static widen.Tree.mergeLevel;
import static widen.Tree.readText;
import static widen.Tree.text;
import static widen.Tree.writeLevel;

final class Partition {
    /** Arrays and objects nested deeper than this (the record counts) are rescued: engine.values.MAX_NESTING. */
    static final int MAX_NESTING = 8;
    static final int RESCUED_EXAMPLES = 1000;
    /** Every rescued line is kept (its place, reason and bytes) while a batch has at most this many, of at most
     * RESCUED_ALL_BYTES in all: the router then skips them and the driver writes them to the rescued table, in the
     * same two passes as a batch with none (widen/jvm/__init__.py). More, and the batch is the Spark path's. */
    static final int RESCUED_ALL_LINES = 100_000;
    static final long RESCUED_ALL_BYTES = 32L << 20;

    static final class Rescue {
        final String source; final Long line; final String reason, raw;
        /** the line's bytes (kept for every rescued line of :attr:`Partition.all`; null in the examples) */
        byte[] bytes;
        long seq;
        Rescue(String source, Long line, String reason, String raw) {
            this.source = source; this.line = line; this.reason = reason; this.raw = raw;
        }
    }

    /** Spark's orderBy(source, line): nulls first. */
    static final Comparator<Rescue> ORDER = Comparator
            .comparing((Rescue r) -> r.source, Comparator.nullsFirst(Comparator.<String>naturalOrder()))
            .thenComparing(r -> r.line, Comparator.nullsFirst(Comparator.<Long>naturalOrder()));

    final Typer rules;
    final Level root = new Level();
    long lines, rescued, records, emptyNames;
    boolean needsChecks;
    String declined;
    final TreeSet<Rescue> examples = new TreeSet<>(ORDER.thenComparing(r -> r.reason).thenComparing(r -> r.raw)
            .thenComparingLong(r -> r.seq));
    long seq;
    /** every rescued line while they are few (RESCUED_ALL_LINES, RESCUED_ALL_BYTES); allKept false beyond */
    final ArrayList<Rescue> all = new ArrayList<>();
    long allBytes;
    boolean allKept = true;
    /** the lines of each split (a file's URI and block: FileLines.keyed): {block, first line's id, lines},
     * every line counted, blank ones too, as FileLines.splits counts them (no job of its own then) */
    final LinkedHashMap<String, long[]> splits = new LinkedHashMap<>();
    private UTF8String splitSource;
    private long[] splitAt;
    /** The parser of the partition's lines. */
    final LineParser parser = new LineParser();
    /** The reader of the envelope each line is (``--cdc``), or null; the Kafka tombstones among the lines. */
    final Debezium envelope;
    long tombstones;

    /** A keyed batch's key (its records without one rescued), or null. */
    final Keys keys;

    Partition(Typer rules) {
        this(rules, null);
    }

    Partition(Typer rules, Keys keys) {
        this(rules, keys, true);
    }

    private Partition(Typer rules, Keys keys, boolean observing) {
        this.rules = rules;
        this.keys = keys;
        this.observing = observing;
        envelope = rules.cdc != null ? new Debezium() : null;
    }

    /** Counts a row of FileLines.keyed (value, source, block, line) into its split. */
    void split(InternalRow r) {
        if (r.isNullAt(1)) return;
        UTF8String source = r.getUTF8String(1);
        long block = r.getLong(2);
        if (splitAt == null || splitAt[0] != block || !source.equals(splitSource)) {
            splitSource = source.clone();
            splitAt = new long[]{block, r.getLong(3), 0};
            splits.put(splitSource.toString() + "\0" + block, splitAt);
        }
        splitAt[2]++;
    }

    /** Observes one line; returns its record when it is one the pass observed (not blank, rescued or declined):
     * the one-pass router routes it (NativeRouter.observing). A line of change events (``rules.cdc``) is observed
     * as the record its envelope holds (Debezium.unwrap); a Kafka tombstone is counted, nothing else. */
    Obj line(byte[] raw, Place at) {
        if (raw == null || blank(raw)) return null;
        if (envelope == null) return record(raw, raw, at, false);
        if (!ascii(raw)) {  // (a line that is not UTF-8 is rescued as such before anything is read of it)
            try {
                parser.utf8.decode(ByteBuffer.wrap(raw));
            } catch (CharacterCodingException e) {
                lines++;
                rescue(at, "not valid UTF-8", new String(raw, StandardCharsets.UTF_8), raw);
                return null;
            }
        }
        Debezium.Unwrapped event = envelope.unwrap(raw);
        if (event.tombstone) {
            tombstones++;
            return null;
        }
        if (event.reason != null) {
            lines++;
            rescue(at, event.reason, new String(raw, StandardCharsets.UTF_8), raw);
            return null;
        }
        return record(event.unread() ? raw : event.record, raw, at, event.unread());
    }

    /** A partition whose lines are read (:meth:`read`), not observed: a table's projection's (NativeProjection). */
    static Partition reader(Typer rules) {
        return new Partition(rules, null, false);
    }

    /** Reads one line as the observer reads it, without observing it (a :meth:`reader`'s): its record, or null
     * when the line is blank, one the observer rescues, or one the parser's limits decline (a number of more than
     * 1,000 digits). A record whose values the observer would decline is read all the same. */
    Obj read(byte[] raw, Place at) {
        if (observing) throw new IllegalStateException("a partition that observes its lines reads none");
        if (raw == null || blank(raw)) return null;
        return record(raw, raw, at, false);
    }

    /** False (a :meth:`reader`): the lines are read, not observed (nor kept when rescued). */
    private final boolean observing;

    /** Observes a record's text (``raw``: a line's, or the record a line's envelope holds, ``shown`` its line:
     * what a rescue keeps); returns the record. ``unread``: a line the envelope's reader could not read, which is
     * rescued as no change event when the parser has nothing else to say of it. */
    private Obj record(byte[] raw, byte[] shown, Place at, boolean unread) {
        lines++;
        String text = null;
        boolean ascii = ascii(raw);
        try {
            if (!ascii) text = parser.utf8.decode(ByteBuffer.wrap(raw)).toString();
        } catch (CharacterCodingException e) {
            rescue(at, "not valid UTF-8", new String(shown, StandardCharsets.UTF_8), shown);
            return null;
        }
        String said = shown == raw ? null : new String(shown, StandardCharsets.UTF_8);
        Object value;
        Parsed parsed = new Parsed();
        try {
            value = ascii ? parser.parse(raw, parsed) : parser.parse(text, parsed);
        } catch (StreamConstraintsException e) {
            if (!String.valueOf(e.getMessage()).contains("nesting depth")) {
                if (declined == null) declined = where(at) + e.getMessage();
                return null;
            }
            rescue(at, "not valid JSON", said != null ? said : lineText(raw, text), shown);
            return null;
        } catch (Declined d) {
            if (declined == null) declined = where(at) + d.getMessage();
            return null;
        } catch (IOException | RuntimeException e) {
            needsChecks |= parsed.trailing;  // Spark's parser takes the value and ignores what follows
            rescue(at, "not valid JSON", said != null ? said : lineText(raw, text), shown);
            return null;
        }
        String reason = rescueReason(value, parsed);
        if (reason == null && unread) reason = Debezium.NOT_AN_EVENT;
        if (reason == null && keys != null) reason = keys.reason((Obj) value, rules);
        if (reason != null) {
            rescue(at, reason, said != null ? said : lineText(raw, text), shown);
            return null;
        }
        if (parsed.asText) needsChecks = true;
        records++;
        return observing ? observe((Obj) value, at) : (Obj) value;
    }

    /** Why a parsed line is rescued (not an object, nested too deep, a lone surrogate, names that differ only by
     * case on case_conflict merge), or null when it is a record to observe. */
    private String rescueReason(Object value, Parsed parsed) {
        if (!(value instanceof Obj)) return "a JSON " + jsonType(value) + " is not an object";
        if (parsed.depth > MAX_NESTING) {
            needsChecks = true;
            return "nested " + parsed.depth + " levels deep, more than " + MAX_NESTING;
        }
        if (parsed.lone) return LONE_SURROGATE;
        if (rules.caseMerge && collides(value)) {
            return "names that differ only by case in one object (" + collision(value)
                   + "): on case_conflict merge they are one field";
        }
        return null;
    }

    /** Observes a record into the partition's tree; returns it, or null when the pass declines it. */
    private Obj observe(Obj record, Place at) {
        try {
            emptyNames += rules.level(root, record);
        } catch (Declined d) {
            if (declined == null) declined = d.getMessage();
            return null;
        } catch (RuntimeException e) {  // a value this pass does not expect: the Spark observer takes the batch
            if (declined == null) declined = where(at) + e;
            return null;
        }
        return record;
    }

    /** widen.engine.values.LONE_SURROGATE. */
    static final String LONE_SURROGATE = "a lone surrogate (an unpaired \\uD800-\\uDFFF escape) is not Unicode text";

    static String lineText(byte[] raw, String decoded) {
        return decoded != null ? decoded : new String(raw, StandardCharsets.ISO_8859_1);
    }

    static String where(Place at) { return "line " + at.number() + " of " + at.source() + ": "; }

    void rescue(Place at, String reason, String raw, byte[] bytes) {
        rescued++;
        if (!observing) return;
        Rescue r = new Rescue(at.source(), at.number(), reason, raw);
        keep(r);
        if (allKept) {
            Rescue whole = new Rescue(r.source, r.line, reason, null);
            whole.bytes = bytes.clone();  // (the row's buffer may be reused)
            every(whole);
        }
    }

    void every(Rescue r) {
        allBytes += r.bytes.length;
        if (all.size() >= RESCUED_ALL_LINES || allBytes > RESCUED_ALL_BYTES) {
            allKept = false;
            all.clear();
            return;
        }
        all.add(r);
    }

    void keep(Rescue r) {
        r.seq = ++seq;
        examples.add(r);
        if (examples.size() > RESCUED_EXAMPLES) examples.pollLast();
    }

    byte[] serialise() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(bytes))) {
            text(out, declined);
            out.writeLong(lines); out.writeLong(rescued); out.writeLong(records); out.writeLong(emptyNames);
            out.writeBoolean(needsChecks);
            writeLevel(out, root);
            out.writeInt(examples.size());
            for (Rescue r : examples) {
                text(out, r.source);
                out.writeBoolean(r.line != null);
                out.writeLong(r.line == null ? 0 : r.line);
                text(out, r.reason); text(out, r.raw);
            }
            out.writeInt(splits.size());
            for (Map.Entry<String, long[]> e : splits.entrySet()) {
                text(out, e.getKey());
                out.writeLong(e.getValue()[1]); out.writeLong(e.getValue()[2]);
            }
            out.writeBoolean(allKept);
            out.writeInt(all.size());
            for (Rescue r : all) {
                text(out, r.source);
                out.writeBoolean(r.line != null);
                out.writeLong(r.line == null ? 0 : r.line);
                text(out, r.reason);
                out.writeInt(r.bytes.length); out.write(r.bytes);
            }
            out.writeLong(tombstones);
        }
        return bytes.toByteArray();
    }

    void merge(byte[] part) throws IOException {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(part))) {
            String d = readText(in);
            if (declined == null) declined = d;
            lines += in.readLong(); rescued += in.readLong(); records += in.readLong();
            emptyNames += in.readLong();
            needsChecks |= in.readBoolean();
            mergeLevel(in, root);
            int k = in.readInt();
            for (int i = 0; i < k; i++) {
                String source = readText(in);
                boolean has = in.readBoolean();
                long line = in.readLong();
                keep(new Rescue(source, has ? line : null, readText(in), readText(in)));
            }
            int ns = in.readInt();
            for (int i = 0; i < ns; i++) {
                String key = readText(in);
                long first = in.readLong(), n = in.readLong();
                long[] at = splits.get(key);  // (a split is one task's: never in two parts)
                if (at == null) splits.put(key, new long[]{0, first, n});
                else { at[1] = Math.min(at[1], first); at[2] += n; }
            }
            boolean kept = in.readBoolean();
            int na = in.readInt();
            for (int i = 0; i < na; i++) {
                String source = readText(in);
                boolean has = in.readBoolean();
                long line = in.readLong();
                Rescue r = new Rescue(source, has ? line : null, readText(in), null);
                r.bytes = new byte[in.readInt()];
                in.readFully(r.bytes);
                if (allKept) every(r);
            }
            if (!kept) { allKept = false; all.clear(); }
            tombstones += in.readLong();
        }
    }

    /** Where a line is: its source and its number, read when a line must be named. */
    interface Place {
        String source();
        Long number();
    }

    /** The place of the row a partition's pass is at. */
    static final class RowPlace implements Place {
        final boolean blocks;
        InternalRow row;
        RowPlace(boolean blocks) { this.blocks = blocks; }

        public String source() {
            if (row.isNullAt(1)) return null;
            String uri = row.getUTF8String(1).toString();
            if (!blocks) return uri;
            String block = Long.toString(row.getLong(2));
            return uri + "\0" + "0".repeat(Math.max(0, 20 - block.length())) + block;
        }

        public Long number() {
            int i = blocks ? 3 : 2;
            return row.isNullAt(i) ? null : row.getLong(i);
        }
    }
}
