// Widen's native passes: Debezium's change-event envelope unwrapped from a line's bytes, as engine/debezium.py
// (the reference) unwraps it from its text (--cdc debezium: docs/keyed.md). The line is read token by token with
// Jackson, nothing of the row built: the record is the line's own bytes between the row's braces (after; a
// delete's before), behind the fields _cdc_op, _cdc_position (source.lsn, else source.ts_ms) and _cdc_ts_ms, so
// every value keeps its exact text and the pass's parser (LineParser) then reads the record as any line. A
// partition's pass (Partition) and a task of the router (NativeRouter) each have one.
package widen;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;

final class Debezium {
    /** ``--cdc``'s value this class reads (engine.debezium.CDC). */
    static final String CDC = "debezium";
    /** Why a line is rescued that is no JSON object the parser refuses either (engine.debezium.NOT_AN_EVENT). */
    static final String NOT_AN_EVENT = "not a Debezium change event: not one JSON object";

    /** A line unwrapped (engine.debezium.Unwrapped): its record's bytes; or the line's own, with the reason it is
     * rescued for, or with none (``unread``: the parser says what it is); or a Kafka tombstone. */
    static final class Unwrapped {
        final byte[] record; final String reason; final boolean tombstone;
        Unwrapped(byte[] record, String reason, boolean tombstone) {
            this.record = record; this.reason = reason; this.tombstone = tombstone;
        }
        boolean unread() { return !tombstone && reason == null && record == null; }
    }

    static final Unwrapped TOMBSTONE = new Unwrapped(null, null, true), UNREAD = new Unwrapped(null, null, false);

    /** A value of the envelope: its token, where its bytes start and end, its text (a scalar's), and an object's
     * members (``payload`` and ``source``'s only). */
    static final class Member {
        JsonToken token; int start, end; String text; HashMap<String, Member> members;
    }

    /** Jackson's limits as LineParser has them: a line one refuses, the other does too. */
    private final JsonFactory factory = JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(LineParser.PARSER_NESTING)
                    .maxStringLength(Integer.MAX_VALUE).maxNameLength(Integer.MAX_VALUE).build())
            .build();

    /** The record of one line of a Debezium feed. */
    Unwrapped unwrap(byte[] raw) {
        int from = skip(raw, 0), to = raw.length;
        while (to > from && white(raw[to - 1])) to--;
        if (to - from == 4 && raw[from] == 'n' && raw[from + 1] == 'u' && raw[from + 2] == 'l' && raw[from + 3] == 'l')
            return TOMBSTONE;
        if (from >= raw.length || raw[from] != '{') return UNREAD;  // (a byte-order mark too: Jackson would skip it)
        try (JsonParser p = factory.createParser(raw)) {
            p.nextToken();
            HashMap<String, Member> envelope = members(p, 0);
            if (p.nextToken() != null) return UNREAD;
            if (!envelope.containsKey("op") && envelope.containsKey("payload")) {
                Member payload = envelope.get("payload");
                if (payload.token == JsonToken.VALUE_NULL) return TOMBSTONE;
                if (payload.members == null) return rescued("the JSON converter's 'payload' is not an object");
                envelope = payload.members;
            }
            return record(raw, envelope);
        } catch (IOException | RuntimeException e) {
            return UNREAD;
        }
    }

    /** The members of the object the parser is at (at its START_OBJECT), read to its end; a name given twice is
     * no envelope. */
    private HashMap<String, Member> members(JsonParser p, int depth) throws IOException {
        HashMap<String, Member> out = new HashMap<>();
        while (p.nextToken() != JsonToken.END_OBJECT) {
            String name = p.currentName();
            Member m = new Member();
            m.token = p.nextToken();
            m.start = (int) p.currentTokenLocation().getByteOffset();
            if (m.token == JsonToken.START_OBJECT && depth < 2 && (name.equals("payload") || name.equals("source"))) {
                m.members = members(p, depth + 1);
            } else if (m.token == JsonToken.START_OBJECT || m.token == JsonToken.START_ARRAY) {
                p.skipChildren();
            } else if (m.token == JsonToken.VALUE_STRING || m.token == JsonToken.VALUE_NUMBER_INT) {
                m.text = p.getText();
            }
            m.end = (int) p.currentLocation().getByteOffset();
            if (out.put(name, m) != null) throw new IOException("'" + name + "' twice");
        }
        return out;
    }

    private static Unwrapped rescued(String reason) { return new Unwrapped(null, reason, false); }

    private static final String OPS = "curd";
    private static final String[] WHAT = {"create", "update", "snapshot read", "delete"};

    /** The record of an envelope (engine.debezium._record), or why the line is rescued. */
    private static Unwrapped record(byte[] raw, HashMap<String, Member> envelope) {
        Member opm = envelope.get("op");
        if (opm == null) return rescued("not a Debezium change event: no 'op'");
        if (opm.token != JsonToken.VALUE_STRING) return rescued("not a Debezium change event: its 'op' is not a string");
        String op = opm.text;
        if (op.equals("t")) {
            return rescued("a Debezium truncate event (op 't'): Widen does not empty a table; empty it yourself, or "
                           + "skip truncates at the connector (skipped.operations=t)");
        }
        int which = op.length() == 1 ? OPS.indexOf(op.charAt(0)) : -1;
        if (which < 0) return rescued("a Debezium event of op '" + op + "', not a change Widen applies (c, u, r or d)");
        String side = op.equals("d") ? "before" : "after";
        Member row = envelope.get(side);
        if (row == null || row.token != JsonToken.START_OBJECT) {
            return rescued("a Debezium " + WHAT[which] + " event (op '" + op + "') without '" + side + "' (an object): "
                           + (op.equals("d") ? "the key it deletes is unknown" : "no row to write"));
        }
        Member source = envelope.get("source");
        if (source == null || source.members == null) {
            return rescued("a Debezium change event without 'source' (an object): no position to order it by");
        }
        String ts = integer(source.members.get("ts_ms")), position = ts;
        Member lsn = source.members.get("lsn");
        if (lsn != null && lsn.token != JsonToken.VALUE_NULL) {
            position = integer(lsn);
            if (position == null) return rescued("source.lsn is not an integer: no position to order the event by");
        } else if (ts == null) {
            return rescued("no source position: source.lsn and source.ts_ms are missing, null or not integers");
        }
        return new Unwrapped(cut(raw, op, position, ts == null ? "null" : ts, row), null, false);
    }

    private static String integer(Member m) {
        return m != null && m.token == JsonToken.VALUE_NUMBER_INT ? m.text : null;
    }

    /** ``{"_cdc_op":OP,"_cdc_position":P,"_cdc_ts_ms":T`` and, when the row has members, a comma and the row's
     * bytes between its braces, then ``}``. */
    private static byte[] cut(byte[] raw, String op, String position, String ts, Member row) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(raw.length);
        byte[] head = ("{\"_cdc_op\":\"" + op + "\",\"_cdc_position\":" + position + ",\"_cdc_ts_ms\":" + ts)
                .getBytes(StandardCharsets.UTF_8);
        out.write(head, 0, head.length);
        int from = row.start + 1, to = row.end - 1;  // (between the braces)
        if (skip(raw, from) < to) {
            out.write(',');
            out.write(raw, from, to - from);
        }
        out.write('}');
        return out.toByteArray();
    }

    private static boolean white(byte b) { return b == ' ' || b == '\t' || b == '\n' || b == '\r'; }

    private static int skip(byte[] raw, int at) {
        while (at < raw.length && white(raw[at])) at++;
        return at;
    }
}
