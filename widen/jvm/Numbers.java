// Widen's native observer: JSON numbers (NativeObserver.java describes the pass), as engine.values.JsonNumber
// holds them: a number's token, read from the line's bytes where it can be (tokenOffset: where a value token
// starts, which LineParser's string slices use too); how VARIANT stores it (Storage.Sig); whether it is an integer
// or a fraction; its value as a double or a decimal.
package widen;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.io.schubfach.DoubleToDecimal;
import widen.Storage.Sig;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;

import static widen.Storage.BIGINT;
import static widen.Storage.DOUBLE;
import static widen.Storage.SIG_BIGINT;
import static widen.Storage.SIG_DECIMAL;
import static widen.Storage.SIG_DOUBLE;
import static widen.Storage.decimalSig;

final class Numbers {
    private Numbers() {}

    // --- numbers: engine.values.JsonNumber ------------------------------------------------------------------------

    /** The token's exact value; for an exponent beyond Java's (``1e-3000000000``), zero when its digits are all
     * zeros, else null (no double, no decimal of these rules, is that value). */
    static BigDecimal decimal(String token) {
        try {
            return new BigDecimal(token);
        } catch (NumberFormatException e) {
            int end = token.indexOf('e') >= 0 ? token.indexOf('e') : token.indexOf('E');
            for (int i = 0; i < end; i++) if (token.charAt(i) >= '1' && token.charAt(i) <= '9') return null;
            return BigDecimal.ZERO;
        }
    }

    /** The shortest decimal that reads back as ``d``, the closest of those (Python's ``repr``). Java's own shortest
     * digits (Jackson's copy of them) never have fewer than two: where one digit reads back too (4.9E-324 is 5e-324
     * in Python), that one. */
    static BigDecimal shortest(double d) {
        BigDecimal b = new BigDecimal(DoubleToDecimal.toString(d));
        if (b.signum() != 0 && b.stripTrailingZeros().precision() == 2) {
            BigDecimal one = b.round(new java.math.MathContext(1, java.math.RoundingMode.HALF_EVEN));
            if (Double.parseDouble(one.toString()) == d) return one;
        }
        return b;
    }

    /** The offset of the value token ``p`` is at (its first byte), as ``currentTokenLocation().getByteOffset()``
     * gives it, without a JsonLocation built per token: Jackson's byte parser keeps a value token's offset plus one
     * (``getTokenCharacterOffset``). Were it to count otherwise, the slice's checks would refuse what is there (not
     * a quote; not a number's first and last characters) and the token would be read by ``getText``. */
    @SuppressWarnings("deprecation")
    static long tokenOffset(JsonParser p) {
        if (p instanceof com.fasterxml.jackson.core.base.ParserBase)
            return ((com.fasterxml.jackson.core.base.ParserBase) p).getTokenCharacterOffset() - 1;
        return p.currentTokenLocation().getByteOffset();
    }

    static final class Num {
        /** The token's text (built from its bytes when first asked for); its bytes, when the line's own. */
        private String token;
        private final byte[] raw;
        private final int from, len;

        Num(String token) { this.token = token; raw = null; from = 0; len = token.length(); }

        Num(byte[] raw, int from, int len) { this.raw = raw; this.from = from; this.len = len; }

        /** The number token ``p`` is at, as a slice of ``ascii`` (its bytes: no String is built for a number
         * the short scan reads); null where the bytes there are not the token's text (Jackson's getText reads
         * it then). */
        static Num of(byte[] ascii, JsonParser p) throws IOException {
            long at = tokenOffset(p);
            int len = p.getTextLength();
            if (at < 0 || len <= 0 || at + len > ascii.length) return null;
            byte first = ascii[(int) at], last = ascii[(int) at + len - 1];
            if (first != '-' && (first < '0' || first > '9') || last < '0' || last > '9') return null;
            return new Num(ascii, (int) at, len);
        }

        String token() {
            if (token == null) token = new String(raw, from, len, StandardCharsets.ISO_8859_1);
            return token;
        }

        int length() { return len; }

        /** A short fraction: a token with a point, no exponent and at most 18 digits (its value is unscaled /
         * 10^scale, a long). Its storage, VARIANT's decimal, and its signature are worked out from these, with no
         * BigDecimal; it is held exactly by a double when its significant digits (those of ``unscaled``, the
         * leading zeros aside) are at most 15 (:meth:`shortDouble`). */
        private int shortFraction = -1;
        long unscaled;
        int scale;

        boolean shortFraction() {
            if (shortFraction < 0) shortFraction = scanFraction() ? 1 : 0;
            return shortFraction == 1;
        }

        /** Whether the token is an integer of at most 18 digits (its value then in ``asLong``). */
        private boolean shortInteger;

        private boolean scanFraction() {
            // (over the bytes themselves: a number's text is ASCII; the digits before the point, then after it: a
            // long of more than 18 digits may wrap, and is then not short)
            byte[] b = raw != null ? raw : token.getBytes(StandardCharsets.ISO_8859_1);
            int i = raw != null ? from : 0, end = i + len;
            boolean negative = len > 0 && b[i] == '-';
            if (negative) i++;
            int start = i;
            long u = 0;
            for (int d; i < end && (d = b[i] - '0') >= 0 && d <= 9; i++) u = u * 10 + d;
            int whole = i - start;
            if (i == end) {
                if (whole == 0 || whole > 18) return false;
                shortInteger = true;
                asLong = negative ? -u : u;
                return false;
            }
            if (b[i] != '.') return false;
            int point = i++;
            for (int d; i < end; i++) {
                if ((d = b[i] - '0') < 0 || d > 9) return false;
                u = u * 10 + d;
            }
            int sc = end - point - 1;
            if (whole + sc == 0 || whole + sc > 18) return false;
            unscaled = negative ? -u : u; scale = sc;
            return true;
        }

        /** A short fraction of at most 15 significant digits as a double, or null. Such a decimal within the
         * normal range of doubles (a short fraction's is: 10^-18 to 10^18) is the shortest text of the double
         * nearest it (DBL_DIG: 15 digits come back from a double), so the double is exact; and unscaled (below
         * 2^53) and 10^scale (at most 10^18, below 10^22) are doubles exactly, so their quotient, correctly
         * rounded, is that nearest double. */
        Double shortDouble() {
            if (!shortFraction() || Math.abs(unscaled) >= 1_000_000_000_000_000L) return null;
            return (double) unscaled / POW10[scale] + 0.0;  // (+ 0.0: no negative zero, as on the general path)
        }

        boolean isInteger() {
            String t = token();
            return t.indexOf('.') < 0 && t.indexOf('e') < 0 && t.indexOf('E') < 0;
        }

        boolean hasExponent() { return token().indexOf('e') >= 0 || token().indexOf('E') >= 0; }

        /** The token's value, when it is an integer that fits a long (``fitsLong``). */
        long asLong;

        boolean fitsLong() {  // (an integer of at most 18 digits is the short scan's: scanFraction)
            if (token().length() > 20) return false;
            try { asLong = Long.parseLong(token()); return true; } catch (NumberFormatException e) { return false; }
        }

        /** ``bigint``, ``decimal`` or ``double``: how VARIANT stores it. */
        /** (digits as written, leading zeros aside, and the scale: Spark's VariantBuilder measures the token
         * before it drops trailing zeros) */
        private int storage = -1;

        int storage() {
            if (storage < 0) storage = measure();
            return storage;
        }

        private int measure() {
            if (shortFraction()) return SIG_DECIMAL;
            if (shortInteger) return SIG_BIGINT;
            if (isInteger() && fitsLong()) return SIG_BIGINT;
            if (hasExponent()) return SIG_DOUBLE;
            String u = unsigned();
            int dot = u.indexOf('.');
            String digits = dot < 0 ? u : u.substring(0, dot) + u.substring(dot + 1);
            int i = 0;
            while (i < digits.length() - 1 && digits.charAt(i) == '0') i++;
            int scale = dot < 0 ? 0 : u.length() - dot - 1;
            return digits.length() - i <= 38 && scale <= 38 ? SIG_DECIMAL : SIG_DOUBLE;
        }

        private String unsigned() { String t = token(); return t.startsWith("-") ? t.substring(1) : t; }

        String fraction() {
            int dot = token().indexOf('.');
            if (dot < 0) return "";
            String f = token().substring(dot + 1);
            int end = f.length();
            while (end > 0 && f.charAt(end - 1) == '0') end--;
            return f.substring(0, end);
        }

        boolean isIntegerKind() {
            if (shortFraction()) return false;  // (a fraction; 1.0 too: an integer-valued decimal below 2^63 is)
            int storage = storage();
            if (storage == SIG_BIGINT || isInteger()) return true;
            if (storage == SIG_DECIMAL && fraction().isEmpty()) {
                BigInteger v = new BigDecimal(token()).toBigInteger();
                return v.bitLength() >= 64;  // beyond a long: an integer; else a fraction (1.0)
            }
            return false;
        }

        boolean exactDouble() {
            double d;
            try { d = Double.parseDouble(token()); } catch (NumberFormatException e) { return false; }
            if (Double.isInfinite(d) || Double.isNaN(d)) return false;
            BigDecimal exact = decimal(token());
            return exact != null && shortest(d).compareTo(exact) == 0;
        }

        /** VARIANT would hold another number (a double that is not it, or an integer beyond 38 digits): the
         * value is kept as its token, a string (engine.values.held_as_text). */
        boolean heldAsText() { return storage() == SIG_DOUBLE && (isInteger() || !exactDouble()); }

        Sig sig() {
            int storage = storage();
            if (storage == SIG_BIGINT) return BIGINT;
            if (storage == SIG_DOUBLE) return DOUBLE;
            if (shortFraction()) {  // (the same as below: trailing zeros dropped, down to the units)
                long u = Math.abs(unscaled);
                int s = scale;
                while (s > 0 && u % 10 == 0) { u /= 10; s--; }
                int digits = 1;
                for (long rest = u / 10; rest != 0; rest /= 10) digits++;
                int precision = Math.max(digits, s);
                return decimalSig(precision - s, s);
            }
            BigDecimal d = new BigDecimal(token()).stripTrailingZeros();
            if (d.scale() < 0) d = d.setScale(0);
            int scale = d.scale(), precision = Math.max(d.precision(), scale);
            return new Sig(SIG_DECIMAL, precision - scale, scale, null);
        }
    }

    static final double[] POW10 = new double[19];
    static { for (int i = 0; i < POW10.length; i++) POW10[i] = Math.pow(10, i); }
}
