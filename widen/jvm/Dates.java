// Widen's native observer: ISO dates and timestamps (NativeObserver.java describes the pass): the detectors
// iso_date, iso_timestamp and iso_timestamp_any_offset, and the values they give: a date as days, a timestamp as
// microseconds, since the epoch.
package widen;

final class Dates {
    private Dates() {}

    /** A date (days since the epoch) and a timestamp (microseconds since the epoch, UTC). */
    static final class Day { final long days; Day(long d) { days = d; } }
    static final class Micros { final long micros; Micros(long m) { micros = m; } }

    // --- ISO dates and timestamps: engine.conversions.parse_date, parse_timestamp (ASCII digits, the whole text) ----

    static Object isoDate(CharSequence s) {
        // (a text with a unit that is not an ASCII digit or separator where these are, a surrogate too, is none)
        if (s.length() != 10 || s.charAt(4) != '-' || s.charAt(7) != '-') return null;
        int y = digits(s, 0, 4), m = digits(s, 5, 2), d = digits(s, 8, 2);
        if (y < 1 || m < 0 || d < 0) return null;
        long day = epochDay(y, m, d);
        return day == NO_DAY ? null : new Day(day);
    }

    /** The earliest and latest instants a Python datetime holds (years 1 to 9999), in seconds. */
    static final long MIN_SECONDS = -62_135_596_800L, MAX_SECONDS = 253_402_300_799L;

    static Object isoTimestamp(CharSequence s, boolean anyOffset) {
        int n = s.length();
        if (n < 20 || s.charAt(4) != '-' || s.charAt(7) != '-' || s.charAt(10) != 'T' || s.charAt(13) != ':'
                || s.charAt(16) != ':') return null;
        int y = digits(s, 0, 4), mo = digits(s, 5, 2), d = digits(s, 8, 2);
        int h = digits(s, 11, 2), mi = digits(s, 14, 2), se = digits(s, 17, 2);
        if (y < 0 || mo < 0 || d < 0 || h < 0 || mi < 0 || se < 0) return null;
        int i = 19, micro = 0;
        if (s.charAt(i) == '.') {
            int start = ++i;
            while (i < n && i - start < 7 && s.charAt(i) >= '0' && s.charAt(i) <= '9') i++;
            int len = i - start;
            if (len < 1 || len > 6) return null;
            micro = digits(s, start, len);
            for (int k = len; k < 6; k++) micro *= 10;
        }
        int offset, rest = n - i;
        char zone = i < n ? s.charAt(i) : 0;
        if (rest == 1 && zone == 'Z') offset = 0;
        else if (rest == 6 && (zone == '+' || zone == '-') && s.charAt(i + 3) == ':') {
            int hh = digits(s, i + 1, 2), mm = digits(s, i + 4, 2);
            if (hh < 0 || mm < 0) return null;
            boolean utc = zone == '+' && hh == 0 && mm == 0;
            if (!utc && (!anyOffset || (zone == '-' && hh == 0 && mm == 0))) return null;
            if (hh > 23 || mm > 59) return null;
            offset = (zone == '+' ? 1 : -1) * (hh * 3600 + mm * 60);
        } else return null;
        if (y < 1 || h > 23 || mi > 59 || se > 59) return null;
        long day = epochDay(y, mo, d);
        if (day == NO_DAY) return null;
        long seconds = day * 86_400 + h * 3600 + mi * 60 + se - offset;  // (in UTC: within years 1 to 9999)
        if (seconds < MIN_SECONDS || seconds > MAX_SECONDS) return null;
        return new Micros(seconds * 1_000_000L + micro);
    }

    static final long NO_DAY = Long.MIN_VALUE;

    /** The days since the epoch of a date of year ``y`` (1 to 9999), as java.time's ``LocalDate.of(y, m,
     * d).toEpochDay()``, with no object (days_from_civil); NO_DAY when the month or the day is out of range. */
    static long epochDay(int y, int m, int d) {
        if (m < 1 || m > 12 || d < 1) return NO_DAY;
        boolean leap = (y & 3) == 0 && (y % 100 != 0 || y % 400 == 0);
        int length = m == 2 ? (leap ? 29 : 28) : (m == 4 || m == 6 || m == 9 || m == 11) ? 30 : 31;
        if (d > length) return NO_DAY;
        int yy = m <= 2 ? y - 1 : y;  // (a year from March: the leap day last)
        int era = yy / 400, yoe = yy - era * 400;  // (yy >= 0)
        int doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
        return era * 146_097L + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719_468;
    }

    /** The value of ``len`` ASCII digits at ``from``; -1 if not digits. */
    private static int digits(CharSequence s, int from, int len) {
        if (from + len > s.length()) return -1;
        int v = 0;
        for (int i = from; i < from + len; i++) {
            int c = s.charAt(i) - '0';
            if (c < 0 || c > 9) return -1;
            v = v * 10 + c;
        }
        return v;
    }
}
