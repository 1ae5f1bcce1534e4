//! Records the failed attempts of two calls to `failures.jsonl`, for `loopctl replay` to read back.
#![allow(
    clippy::print_stdout,
    reason = "a program for the docs prints its results"
)]
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use loopctl::prelude::*;
use loopctl::record::JsonlRecorder;
use serde_json::json;

/// A tool that fails its first `failures` calls with `error`.
fn failing(name: &str, failures: u32, error: &'static str) -> impl Tool + 'static {
    let runs = AtomicU32::new(0);
    FnTool::new(
        ToolSchema::new(name, "", json!({"type": "object"})),
        move |_input| {
            let failed = runs.fetch_add(1, Ordering::SeqCst) < failures;
            std::future::ready(if failed {
                ToolOutput::error(error)
            } else {
                ToolOutput::success("ok")
            })
        },
    )
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let recorder = Arc::new(JsonlRecorder::builder("failures.jsonl").start().await?);
    let registry = ToolRegistry::new()
        .with(failing("http_get", 2, "HTTP 503 Service Unavailable"))
        .with(failing(
            "login",
            u32::MAX,
            "401 Unauthorized: invalid credentials",
        ));
    let driver = Dispatcher::new(registry)
        .with_reflector(Arc::new(RuleReflector::new()))
        .with_recovery_strategy(Arc::new(
            ExponentialBackoffRecovery::new(3).with_base_delay(Duration::from_millis(10)),
        ))
        .with_observer(recorder.clone());
    for (id, tool, input) in [
        (
            "c1",
            "http_get",
            json!({"url": "https://status.example.com"}),
        ),
        // The password never reaches the file: the recorder redacts it.
        ("c2", "login", json!({"user": "ann", "password": "hunter2"})),
    ] {
        let result = driver.dispatch(ToolCall::new(id, tool, input)).await?;
        println!(
            "{tool}: {} after {} attempts",
            result.content, result.attempts
        );
    }
    drop(driver);
    // Flushes the file; call it before the program ends.
    let stats = recorder.shutdown().await?;
    println!("{} lines written to failures.jsonl", stats.written);
    Ok(())
}
