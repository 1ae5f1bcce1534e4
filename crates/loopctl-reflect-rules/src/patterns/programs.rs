//! Programs that fail on their own code or input: the language runtimes' built-in error types, which another run of the same call meets again.
//!
//! A tool that runs code (a notebook cell, a sandbox, a script) reports the
//! runtime's error type. Most say the code or its input is wrong, but a
//! `KeyError: 'choices'` can also be what a script raises when the API it
//! called answered with an error body, so every entry but one is weak: a
//! strong pattern for that answer (a rate limit, an overload) still
//! decides. The one is the AttributeError message, which names the code. JSON
//! decoding errors are left out: an HTML or empty body from a server that
//! is down reads the same as a malformed one.
//!
//! Sources: Python's "Built-in Exceptions" and `json` module pages; MDN's
//! JavaScript error reference (`ReferenceError`, "is not defined", "is not
//! a function", "is not iterable"); the Java SE API's unchecked exceptions;
//! Go's runtime error strings; Rust's `unwrap` and `expect` panics; and the
//! shells' exit statuses above 128 (128 + the signal: 137 `SIGKILL`, most
//! often the out-of-memory killer, and 139 `SIGSEGV`).

use super::Category::{Input, NotFound, Permanent};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    // Python.
    ("keyerror", Input, Weak),
    ("attributeerror", Input, Weak),
    // Python's AttributeError message without its class name, as gRPC's
    // credentials plugin wraps it: a bug in the code that called, strong
    // enough to meet the UNAVAILABLE gRPC wraps it in.
    ("object has no attribute", Input, Strong),
    ("has no attribute", Input, Weak),
    ("nameerror", Input, Weak),
    ("zerodivisionerror", Input, Weak),
    ("division by zero", Input, Weak),
    ("indexerror", Input, Weak),
    ("unicodedecodeerror", Input, Weak),
    ("unicodeencodeerror", Input, Weak),
    ("assertionerror", Permanent, Weak),
    ("is not subscriptable", Input, Weak),
    ("object is not callable", Input, Weak),
    ("importerror", NotFound, Weak),
    ("isadirectoryerror", Input, Weak),
    ("notadirectoryerror", Input, Weak),
    // JavaScript.
    ("referenceerror", Input, Weak),
    ("is not defined", Input, Weak),
    ("is not a function", Input, Weak),
    ("is not iterable", Input, Weak),
    ("is not a constructor", Input, Weak),
    ("cannot read properties of", Input, Weak),
    ("cannot read property", Input, Weak),
    // Java.
    ("nullpointerexception", Input, Weak),
    ("classcastexception", Input, Weak),
    ("numberformatexception", Input, Weak),
    ("arrayindexoutofboundsexception", Input, Weak),
    ("indexoutofboundsexception", Input, Weak),
    ("classnotfoundexception", NotFound, Weak),
    ("nosuchmethoderror", NotFound, Weak),
    // Go and Rust.
    ("nil pointer dereference", Input, Weak),
    ("index out of range", Input, Weak),
    ("on a `none` value", Input, Weak),
    ("on an `err` value", Permanent, Weak),
    // Exit statuses of a killed program.
    ("exit code 137", Permanent, Weak),
    ("exited with code 137", Permanent, Weak),
    ("exit status 137", Permanent, Weak),
    ("exit code 139", Permanent, Weak),
    ("exit status 139", Permanent, Weak),
    ("segmentation fault", Permanent, Weak),
];
