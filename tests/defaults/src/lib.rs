//! Nothing to build: this package holds tests of the facade with its default features.
