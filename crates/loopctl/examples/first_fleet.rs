//! Two replicas of an agent share one retry budget through Redis: what one spends, the other cannot.
//!
//! Start Redis first (`redis-server`); the URL comes from `LOOPCTL_REDIS_URL`,
//! `redis://127.0.0.1:6379` when it is not set.
#![allow(
    clippy::print_stdout,
    reason = "a program for the docs prints its results"
)]
use std::sync::Arc;
use std::time::Duration;

use loopctl::fleet::{Fleet, FleetConfig, SharedBudget};
use loopctl::prelude::*;
use loopctl::reflection::backoff::BudgetedRecovery;
use serde_json::json;

/// One replica: its own connection and dispatcher, the fleet's budget.
async fn replica(
    url: &str,
    namespace: &str,
) -> Result<(Fleet, Dispatcher), Box<dyn std::error::Error>> {
    // The builder, without environment variables: one per replica.
    let config = FleetConfig::new(url, namespace)?.with_command_timeout(Duration::from_millis(200));
    let fleet = Fleet::connect(config).await?;
    // Three retries for the whole fleet, and none earned back.
    let budget = SharedBudget::new(&fleet, "search-api", RetryBudget::new(3, 0.0));
    let search = FnTool::new(
        ToolSchema::new("search", "Searches the web", json!({"type": "object"})),
        |_input| std::future::ready(ToolOutput::error("HTTP 503 Service Unavailable")),
    );
    let strategy = BudgetedRecovery::new(
        ExponentialBackoffRecovery::new(5).with_base_delay(Duration::from_millis(10)),
        budget,
    );
    let dispatcher = Dispatcher::new(ToolRegistry::new().with(search))
        .with_reflector(Arc::new(RuleReflector::new()))
        .with_recovery_strategy(Arc::new(strategy));
    Ok((fleet, dispatcher))
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let url =
        std::env::var("LOOPCTL_REDIS_URL").unwrap_or_else(|_| "redis://127.0.0.1:6379".to_owned());
    // A namespace of its own, so a second run starts with a full budget.
    let namespace = format!("first-hour-{}", std::process::id());
    let (fleet_a, a) = replica(&url, &namespace).await?;
    let (fleet_b, b) = replica(&url, &namespace).await?;
    println!(
        "shared through Redis: {}",
        fleet_a.is_shared() && fleet_b.is_shared()
    );

    let call = || ToolCall::new("c1", "search", json!({"q": "rust"}));
    let first = a.dispatch(call()).await?;
    println!(
        "replica a: {} attempts (its retries took the fleet's budget)",
        first.attempts
    );
    let second = b.dispatch(call()).await?;
    println!(
        "replica b: {} attempt (nothing left to retry with)",
        second.attempts
    );
    Ok(())
}
