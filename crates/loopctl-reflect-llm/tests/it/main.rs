//! The crate's integration tests as one binary, so the test build links once
//! instead of once per file; nextest still runs each test in its own process.

#[path = "../support/mod.rs"]
mod support;

mod failures;
mod parse_properties;
mod redaction;
mod request_snapshots;
mod schema_validation;
mod wire_format;
