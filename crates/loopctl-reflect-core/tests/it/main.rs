//! The crate's integration tests as one binary, so the test build links once
//! instead of once per file; nextest still runs each test in its own process.

mod correction_properties;
mod corrections;
mod reflectors;
mod wire_format;
