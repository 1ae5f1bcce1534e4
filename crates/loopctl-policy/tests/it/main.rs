//! The crate's integration tests as one binary, so the test build links once
//! instead of once per file; nextest still runs each test in its own process.

mod chain;
mod check;
mod dispatch;
mod limits;
mod schema;
mod servers;
