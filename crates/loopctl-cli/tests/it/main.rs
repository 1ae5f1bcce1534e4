//! The crate's integration tests as one binary, so the test build links once
//! instead of once per file; nextest still runs each test in its own process.

#[path = "../support/proxy_client.rs"]
mod proxy_client;
#[path = "../support/mod.rs"]
mod support;

mod analyze_and_prompt;
mod chained;
mod docs_console;
mod gateway;
mod gateway_faults;
mod gateway_metrics;
mod interop;
mod labelled;
mod learn;
mod mcp_proxy;
mod policy;
mod policy_everywhere;
mod proxy_credentials;
mod proxy_explain;
mod proxy_policy;
mod proxy_reload;
mod replay_schema_doctor;
mod terminal;
mod transparent;
