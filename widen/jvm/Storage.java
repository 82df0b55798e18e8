// Widen's native observer: how parse_json stores a value (NativeObserver.java describes the pass): a value's
// VARIANT signature (Sig), as schema_of_variant gives it, by which Typer.storageKind names the storage kinds the
// compiler reads (compiler/storage.py).
package widen;

final class Storage {
    private Storage() {}

    static String arrayKind(int dim, String inner, int innerKind, long mask) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < dim; i++) sb.append("ARRAY<");
        sb.append(inner);
        for (int i = 0; i < dim; i++) sb.append('>');
        if (innerKind == SIG_STRING) sb.append('/').append(mask);
        return sb.toString();
    }

    static final int SIG_VOID = 0, SIG_BOOLEAN = 1, SIG_BIGINT = 2, SIG_DECIMAL = 3, SIG_DOUBLE = 4, SIG_STRING = 5,
            SIG_OBJECT = 6, SIG_ARRAY = 7, SIG_VARIANT = 8;

    static final class Sig {
        final int kind; final int range, scale; final Sig element;
        Sig(int kind, int range, int scale, Sig element) {
            this.kind = kind; this.range = range; this.scale = scale; this.element = element;
        }
        String name() {
            switch (kind) {
                case SIG_VOID: return "VOID";
                case SIG_BOOLEAN: return "BOOLEAN";
                case SIG_BIGINT: return "BIGINT";
                case SIG_DECIMAL: return range + scale <= 15 ? "DEC15" : "DECW";
                case SIG_DOUBLE: return "DOUBLE";
                case SIG_STRING: return "STRING";
                case SIG_OBJECT: return "OBJECT";
                default: return "VARIANT";
            }
        }
    }

    static final Sig VOID = new Sig(SIG_VOID, 0, 0, null), BOOL = new Sig(SIG_BOOLEAN, 0, 0, null),
            BIGINT = new Sig(SIG_BIGINT, 0, 0, null), DOUBLE = new Sig(SIG_DOUBLE, 0, 0, null),
            STR = new Sig(SIG_STRING, 0, 0, null), OBJECT = new Sig(SIG_OBJECT, 0, 0, null),
            VARIANT = new Sig(SIG_VARIANT, 0, 0, null);

    /** SchemaOfVariant's merge of two element schemas (measured: BIGINT is DECIMAL(20,0) beside a decimal; any
     * DOUBLE makes a DOUBLE; other kinds that differ are VARIANT). */
    static Sig merge(Sig a, Sig b) {
        if (a.kind == SIG_VOID) return b;
        if (b.kind == SIG_VOID) return a;
        if (a.kind == SIG_ARRAY && b.kind == SIG_ARRAY) return new Sig(SIG_ARRAY, 0, 0, merge(a.element, b.element));
        if (a.kind == b.kind && a.kind != SIG_DECIMAL) return a;
        if (numeric(a) && numeric(b)) {
            if (a.kind == SIG_DOUBLE || b.kind == SIG_DOUBLE) return DOUBLE;
            int range = Math.max(a.kind == SIG_BIGINT ? 20 : a.range, b.kind == SIG_BIGINT ? 20 : b.range);
            int scale = Math.max(a.scale, b.scale);
            if (range + scale > 38) throw new Declined("a decimal merge beyond 38 digits");
            return new Sig(SIG_DECIMAL, range, scale, null);
        }
        return VARIANT;
    }

    static boolean numeric(Sig s) { return s.kind == SIG_BIGINT || s.kind == SIG_DECIMAL || s.kind == SIG_DOUBLE; }

    private static final Sig[][] DECIMAL_SIGS = new Sig[39][39];

    /** A decimal signature, one per (range, scale) up to 38 each. */
    static Sig decimalSig(int range, int scale) {
        if (range > 38 || scale > 38) return new Sig(SIG_DECIMAL, range, scale, null);
        Sig sig = DECIMAL_SIGS[range][scale];
        if (sig == null) DECIMAL_SIGS[range][scale] = sig = new Sig(SIG_DECIMAL, range, scale, null);
        return sig;
    }
}
