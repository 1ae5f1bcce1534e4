//! Holds loopctl's end-to-end tests; the library itself is empty on purpose.
