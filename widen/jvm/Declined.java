// Widen's native passes: what they do not cover (a value, a line, a conversion). A pass that meets it declines the
// batch, naming it (widen/jvm/__init__.py), and another engine takes the batch.
package widen;

final class Declined extends RuntimeException {
    Declined(String why) { super(why, null, false, false); }
}
