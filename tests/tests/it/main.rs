//! The crate's integration tests as one binary, so the test build links once
//! instead of once per file; nextest still runs each test in its own process.

#[path = "../support/mod.rs"]
mod support;

mod concurrency;
mod fault_matrix_llm;
mod fault_matrix_reflection;
mod fault_matrix_tools;
mod llm_end_to_end;
mod llm_onboarding;
mod secrets;
mod tool_lists_and_limits;
mod tour_scenarios;
