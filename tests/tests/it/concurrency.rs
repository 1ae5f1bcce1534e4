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
    // Read-only, so a call the time-out stopped may run again.
    .read_only()
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
    let typo = |n: u64| n.is_multiple_of(97);
    let tasks: Vec<_> = (0..CALLS)
        .map(|n| {
            let driver = Arc::clone(&driver);
            let name = if typo(n) { "chaos_typo" } else { "chaos" };
            tokio::spawn(async move {
                driver
                    .dispatch(ToolCall::new(format!("c{n}"), name, json!({"n": n})))
                    .await
            })
        })
        .collect();
    // What each call must end as, from its fate: successes on the first
    // attempt; transient errors (resets, time-outs) retried to the strategy's
    // limit of 4 attempts; permanent ones, panics and the unknown name (too
    // far from `chaos` to be repaired) after one.
    let (mut want_succeeded, mut want_retried, mut want_once) = (0_u64, 0_u64, 0_u64);
    for n in 0..CALLS {
        match (typo(n), n % 6) {
            (true, _) | (false, 2 | 3) => want_once += 1,
            (false, 0 | 5) => want_succeeded += 1,
            (false, _) => want_retried += 1,
        }
    }
    let gather = async {
        let (mut succeeded, mut retried, mut once, mut other, mut hard, mut lost) =
            (0_u64, 0_u64, 0_u64, 0_u64, 0_u64, 0_u64);
        for task in tasks {
            match task.await {
                Ok(Ok(result)) if !result.is_error && result.attempts == 1 => succeeded += 1,
                Ok(Ok(result)) if result.is_error && result.attempts == 4 => retried += 1,
                Ok(Ok(result)) if result.is_error && result.attempts == 1 => once += 1,
                Ok(Ok(_)) => other += 1,
                Ok(Err(_)) => hard += 1,
                Err(_) => lost += 1,
            }
        }
        (succeeded, retried, once, other, hard, lost)
    };
    // On the paused clock a call that hangs lets time jump to this bound, so
    // a hung call fails the test instead of hanging CI.
    let (succeeded, retried, once, other, hard, lost) =
        tokio::time::timeout(Duration::from_secs(24 * 3600), gather)
            .await
            .expect("every call ends");
    eprintln!(
        "{succeeded} succeeded, {retried} failed softly after 4 attempts, {once} after 1, {other} otherwise, {hard} hard errors, {lost} lost"
    );
    assert_eq!(lost, 0, "no task panicked or vanished");
    assert_eq!(hard, 0, "nothing here should reach the ceiling");
    assert_eq!(other, 0, "every call ends as its fate says");
    assert_eq!(
        (succeeded, retried, once),
        (want_succeeded, want_retried, want_once)
    );
    assert_eq!((want_succeeded, want_retried + want_once), (32_990, 67_010));
}
