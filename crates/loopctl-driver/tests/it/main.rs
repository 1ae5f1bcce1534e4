//! The crate's integration tests as one binary, so the test build links once
//! instead of once per file; nextest still runs each test in its own process.

#[path = "../support/mod.rs"]
mod support;

mod batch;
mod corrections;
mod failures;
mod five_steps;
mod history_and_guidance;
mod invariants;
mod limits;
mod per_tool;
mod refused_retries;
mod schema_validation;
mod stages_health;
mod stages_hooks;
mod stages_loops;
mod unknown_outcomes;
