// Widen's native router: values as text, as the reference router writes them into a string column: a converted
// value's canonical text (engine.conversions.to_text), a number's text as Spark's to_json of its VARIANT prints it
// (engine.values.JsonNumber.text), and a mixed array as compact JSON (engine.values.json_text).
package widen;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.*;

final class Texts {
    private Texts() {}

    /** engine.values.JsonNumber.text: a number's text as Spark's to_json of its VARIANT prints it (a long's
     * digits; a decimal's, without leading zeros, trailing fraction zeros or the sign of a zero; a double's
     * shortest text when the double is the number, else the token). */
    static String numberText(Numbers.Num n) {
        int storage = n.storage();
        if (storage == Storage.SIG_BIGINT) return Long.toString(n.asLong);
        if (storage == Storage.SIG_DECIMAL) {
            String unsigned = n.token().startsWith("-") ? n.token().substring(1) : n.token();
            int dot = unsigned.indexOf('.');
            String whole = (dot < 0 ? unsigned : unsigned.substring(0, dot)).replaceFirst("^0+", "");
            String frac = n.fraction();
            String body = (whole.isEmpty() ? "0" : whole) + (frac.isEmpty() ? "" : "." + frac);
            boolean zero = body.chars().allMatch(c -> c == '0' || c == '.');
            return (n.token().startsWith("-") && !zero ? "-" : "") + body;
        }
        return n.exactDouble() ? formatDouble(Double.parseDouble(n.token())) : n.token();
    }

    static String text(Object v) {
        if (v instanceof Boolean) return ((Boolean) v) ? "true" : "false";
        if (v instanceof Long) return v.toString();
        if (v instanceof Double) return formatDouble((Double) v);
        if (v instanceof BigDecimal) return v.toString();
        if (v instanceof Dates.Day) return LocalDate.ofEpochDay(((Dates.Day) v).days).toString();
        if (v instanceof Dates.Micros) return timestamp(((Dates.Micros) v).micros);
        if (v instanceof LineParser.Text) return v.toString();
        return (String) v;
    }

    /** engine.conversions.format_double: Java's Double.toString layout with the shortest round-trip digits. */
    static String formatDouble(double x) {
        if (Double.isNaN(x)) return "NaN";
        if (Double.isInfinite(x)) return x > 0 ? "Infinity" : "-Infinity";
        if (x == 0) return (1 / x < 0) ? "-0.0" : "0.0";
        String sign = x < 0 ? "-" : "";
        BigDecimal b = Numbers.shortest(Math.abs(x)).stripTrailingZeros();
        String digits = b.unscaledValue().toString();
        int exp = digits.length() - b.scale();  // value = 0.digits * 10^exp
        double a = Math.abs(x);
        if (a >= 1e-3 && a < 1e7) {
            String body;
            if (exp <= 0) body = "0." + "0".repeat(-exp) + digits;
            else if (exp >= digits.length()) body = digits + "0".repeat(exp - digits.length()) + ".0";
            else body = digits.substring(0, exp) + "." + digits.substring(exp);
            return sign + body;
        }
        String mantissa = digits.charAt(0) + "." + (digits.length() > 1 ? digits.substring(1) : "0");
        return sign + mantissa + "E" + (exp - 1);
    }

    /** engine.conversions.format_timestamp: ISO-8601 in UTC, six fraction digits only when there is a fraction. */
    static String timestamp(long micros) {
        long seconds = Math.floorDiv(micros, 1_000_000L);
        int fraction = (int) Math.floorMod(micros, 1_000_000L);
        LocalDateTime t = LocalDateTime.ofEpochSecond(seconds, 0, ZoneOffset.UTC);
        // (ASCII digits, filled in: String.format cost an eighth of the write's time where timestamps became text)
        char[] c = new char[fraction != 0 ? 27 : 20];
        digits(c, 0, t.getYear(), 4); c[4] = '-'; digits(c, 5, t.getMonthValue(), 2); c[7] = '-';
        digits(c, 8, t.getDayOfMonth(), 2); c[10] = 'T'; digits(c, 11, t.getHour(), 2); c[13] = ':';
        digits(c, 14, t.getMinute(), 2); c[16] = ':'; digits(c, 17, t.getSecond(), 2);
        if (fraction != 0) { c[19] = '.'; digits(c, 20, fraction, 6); }
        c[c.length - 1] = 'Z';
        return new String(c);
    }

    /** ``value`` (not negative) as ``width`` decimal digits, zero-padded, into ``out`` at ``at``. */
    static void digits(char[] out, int at, int value, int width) {
        for (int i = at + width - 1; i >= at; i--) { out[i] = (char) ('0' + value % 10); value /= 10; }
    }

    /** Compact JSON of a parsed value as Spark's to_json prints its VARIANT: keys sorted by their UTF-8 bytes
     * (code points), numbers as written, strings as Python's json.dumps(ensure_ascii=False) writes them. */
    static String json(Object raw) {
        StringBuilder sb = new StringBuilder();
        json(raw, sb);
        return sb.toString();
    }

    static void json(Object raw, StringBuilder sb) {
        if (raw == null) { sb.append("null"); return; }
        if (raw instanceof Boolean) { sb.append(((Boolean) raw) ? "true" : "false"); return; }
        if (raw instanceof Numbers.Num) { sb.append(numberText((Numbers.Num) raw)); return; }
        if (raw instanceof CharSequence) { quote((CharSequence) raw, sb); return; }
        if (raw instanceof List) {
            sb.append('[');
            boolean first = true;
            for (Object x : (List<?>) raw) { if (!first) sb.append(','); first = false; json(x, sb); }
            sb.append(']');
            return;
        }
        LineParser.Obj o = (LineParser.Obj) raw;
        Integer[] order = new Integer[o.names.length];
        for (int i = 0; i < order.length; i++) order[i] = i;
        Arrays.sort(order, (a, b) -> LineParser.codePoints(o.names[a], o.names[b]));
        sb.append('{');
        for (int i = 0; i < order.length; i++) {
            if (i > 0) sb.append(',');
            quote(o.names[order[i]], sb);
            sb.append(':');
            json(o.values[order[i]], sb);
        }
        sb.append('}');
    }

    static void quote(CharSequence s, StringBuilder sb) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"': sb.append("\\\""); break;
                case '\\': sb.append("\\\\"); break;
                case '\n': sb.append("\\n"); break;
                case '\r': sb.append("\\r"); break;
                case '\t': sb.append("\\t"); break;
                case '\b': sb.append("\\b"); break;
                case '\f': sb.append("\\f"); break;
                default:
                    if (c < 0x20) sb.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    else sb.append(c);
            }
        }
        sb.append('"');
    }
}
