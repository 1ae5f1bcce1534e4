//! Resources: a hundred thousand concurrent calls with random faults each get exactly one outcome.

use std::sync::Arc;
use std::time::Duration;

use loopctl::prelude::*;
use serde_json::{Value, json};

/// Each call's fate is picked by its number: success, a transient error, a
/// permanent one, a panic, a hang, a slow success, or an unknown tool.
fn chaotic() -> impl Tool {
    FnTool::new(
        ToolSchema::new("chaos", "", json!({"type": "object"})),
        |input: &Value| {
            let n = input["n"].as_u64().unwrap_or(0);
            let attempt_salt = input["salt"].as_u64().unwrap_or(0);
            async move {
                match (n + attempt_salt) % 6 {
                    0 => ToolOutput::success("ok"),
                    1 => ToolOutput::error("connection reset by peer"),
                    2 => ToolOutput::error("permission denied"),
                    3 => panic!("chaos panic"),
                    4 => {
                        tokio::time::sleep(Duration::from_secs(30)).await;
                        ToolOutput::success("too late")
                    }
                    _ => {
                        tokio::time::sleep(Duration::from_millis(n % 50)).await;
                        ToolOutput::success("slow but fine")
                    }
                }
            }
        },
    )
}

#[tokio::test(start_paused = true)]
async fn a_hundred_thousand_concurrent_faulty_calls_each_get_one_outcome() {
    // Thousands of tool panics are expected and caught; printing each one's
    // backtrace would only bury the result.
    std::panic::set_hook(Box::new(|_| {}));
    let driver = Arc::new(
        Dispatcher::new(ToolRegistry::new().with(chaotic()))
            .with_reflector(Arc::new(RuleReflector::new()))
            .with_recovery_strategy(Arc::new(ExponentialBackoffRecovery::new(3)))
            .with_tool_timeout(Duration::from_secs(1)),
    );
    const CALLS: u64 = 100_000;
    let tasks: Vec<_> = (0..CALLS)
        .map(|n| {
            let driver = Arc::clone(&driver);
            let name = if n % 97 == 0 { "chaos_typo" } else { "chaos" };
            tokio::spawn(async move {
                driver
                    .dispatch(ToolCall::new(format!("c{n}"), name, json!({"n": n})))
                    .await
            })
        })
        .collect();
    let (mut succeeded, mut soft_failures, mut hard_errors, mut lost) =
        (0_u64, 0_u64, 0_u64, 0_u64);
    for task in tasks {
        match task.await {
            Ok(Ok(result)) if !result.is_error => succeeded += 1,
            Ok(Ok(_)) => soft_failures += 1,
            Ok(Err(_)) => hard_errors += 1,
            Err(_) => lost += 1,
        }
    }
    eprintln!(
        "{succeeded} succeeded, {soft_failures} failed softly, {hard_errors} hard errors, {lost} lost"
    );
    assert_eq!(lost, 0, "no task panicked or vanished");
    assert_eq!(succeeded + soft_failures + hard_errors, CALLS);
    assert_eq!(hard_errors, 0, "nothing here should reach the ceiling");
    assert!(succeeded > 0 && soft_failures > 0);
}
