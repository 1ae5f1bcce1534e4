//! The crate's integration tests as one binary, so the test build links once
//! instead of once per file; nextest still runs each test in its own process.

#[path = "../support/mod.rs"]
mod support;

mod escalation;
mod hostile;
mod http;
mod inject;
mod reference_filesystem;
mod secrets;
mod stdio;
