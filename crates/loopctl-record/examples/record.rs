//! Records a short run of failing tools to a JSON Lines file: `cargo run -p loopctl-record --example record -- failures.jsonl`.
#![allow(
    clippy::print_stdout,
    reason = "an example talks to its user on stdout"
)]

use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};

use loopctl_backoff::ExponentialBackoffRecovery;
use loopctl_driver::{Dispatcher, FnTool, ToolCall, ToolOutput, ToolRegistry};
use loopctl_record::JsonlRecorder;
use loopctl_reflect_core::ToolSchema;
use loopctl_reflect_rules::RuleReflector;
use serde_json::{Value, json};

fn tool(
    name: &str,
    fail_times: u32,
    error: &'static str,
) -> FnTool<impl Fn(&Value) -> std::future::Ready<ToolOutput> + Send + Sync> {
    let calls = AtomicU32::new(0);
    FnTool::new(
        ToolSchema::new(name, "", json!({"type": "object"})),
        move |_: &Value| {
            let n = calls.fetch_add(1, Ordering::Relaxed);
            std::future::ready(if n < fail_times {
                ToolOutput::error(error)
            } else {
                ToolOutput::success("ok")
            })
        },
    )
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "failures.jsonl".to_owned());
    let recorder = Arc::new(JsonlRecorder::builder(&path).start().await?);
    let registry = ToolRegistry::new()
        .with(tool("http_get", 2, "HTTP 503 Service Unavailable"))
        .with(tool(
            "login",
            u32::MAX,
            "401 Unauthorized: invalid credentials",
        ))
        .with(tool(
            "sync_inbox",
            u32::MAX,
            "read ECONNRESET: connection reset by peer",
        ))
        .with(tool(
            "export_report",
            1,
            "export pending: the upstream batch window has not closed yet (job 4411)",
        ));
    let driver = Dispatcher::new(registry)
        .with_reflector(Arc::new(RuleReflector::new()))
        .with_recovery_strategy(Arc::new(ExponentialBackoffRecovery::new(3)))
        .with_observer(recorder.clone());
    for (id, name, input) in [
        (
            "c1",
            "http_get",
            json!({"url": "https://status.example.com"}),
        ),
        ("c2", "login", json!({"user": "ann", "password": "hunter2"})),
        ("c3", "sync_inbox", json!({"folder": "inbox"})),
        ("c4", "export_report", json!({"quarter": "Q3"})),
    ] {
        let result = driver.dispatch(ToolCall::new(id, name, input)).await?;
        println!(
            "{id} {name}: {} after {} attempt(s)",
            if result.is_error { "failed" } else { "ok" },
            result.attempts
        );
    }
    let stats = recorder.shutdown().await?;
    println!(
        "{path}: {} lines written, {} dropped",
        stats.written, stats.dropped
    );
    Ok(())
}
