//! The tour: a real end-to-end run of the driver over real tools, printing a timeline of every attempt.
//!
//! Run it from the workspace root with `cargo run --example tour`; add
//! `-- --llm` to let a model analyse what the rules cannot (the server in
//! `OPENAI_BASE_URL`, or a scripted one on 127.0.0.1 when none is set).
#![allow(
    clippy::print_stdout,
    reason = "an example talks to its user on stdout"
)]

mod model;
mod timeline;
mod tools;

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use loopctl::prelude::*;
use loopctl_testkit::{Reply, TestServer};
use serde_json::json;

use timeline::{Timeline, short};
use tools::{export_report, flaky_forever, http_get, read_file, slow_query, write_file};

struct Row {
    scenario: &'static str,
    attempts: String,
    outcome: String,
    seconds: f64,
}

async fn run(
    rows: &mut Vec<Row>,
    timeline: &Timeline,
    driver: &Dispatcher,
    scenario: &'static str,
    call: ToolCall,
) {
    println!("\n▶ {scenario}\n  call: {}({})", call.name, call.input);
    timeline.restart();
    let started = Instant::now();
    let (attempts, outcome) = match driver.dispatch(call).await {
        Ok(result) => {
            print_history(&result);
            let outcome = match &result.final_action {
                None => format!("ok via {}: {}", result.tool, short(&result.content)),
                Some(action) => format!(
                    "soft {} → model sees: {}",
                    action.kind(),
                    short(&result.content)
                ),
            };
            (result.attempts.to_string(), outcome)
        }
        Err(error) => {
            let attempts = match &error {
                LoopError::ToolRecoveryExhausted { attempts, .. } => attempts.to_string(),
                _ => "-".to_owned(),
            };
            (attempts, format!("hard error: {error:?}"))
        }
    };
    println!("  result: {outcome}");
    rows.push(Row {
        scenario,
        attempts,
        outcome,
        seconds: started.elapsed().as_secs_f64(),
    });
}

/// The attempt history the driver kept on the result.
fn print_history(result: &ToolResult) {
    if result.history.is_empty() {
        return;
    }
    println!("  history:");
    for record in &result.history {
        let decision = match &record.action {
            RecoveryAction::Retry { .. } => {
                format!("retry after {} ms", record.delay.as_millis())
            }
            other => other.kind().to_owned(),
        };
        let corrected = record
            .corrected_input
            .as_ref()
            .map(|input| format!(" with {input}"))
            .unwrap_or_default();
        println!(
            "    {}. {}{corrected}: {} → {decision}",
            record.attempt + 1,
            record.tool,
            short(&record.error)
        );
    }
}

#[tokio::main]
async fn main() -> std::process::ExitCode {
    let use_llm = std::env::args().skip(1).any(|argument| argument == "--llm");
    let (llm, _model_server) = match model::llm_reflector(use_llm).await {
        Ok(Some((llm, server))) => (Some(llm), server),
        Ok(None) => (None, None),
        Err(message) => {
            eprintln!("{message}");
            return std::process::ExitCode::from(2);
        }
    };
    let workspace = std::env::temp_dir().join(format!("loopctl-tour-{}", std::process::id()));
    if let Err(error) = tokio::fs::create_dir_all(&workspace).await {
        eprintln!("cannot create {}: {error}", workspace.display());
        return std::process::ExitCode::FAILURE;
    }
    let report = workspace.join("report.txt");
    let _ = tokio::fs::write(&report, "Q3 revenue: 4.2M (up 12%)\nQ3 churn: 2.1%\n").await;

    let flaky = TestServer::start(vec![
        Reply::text(429, "slow down").with_header("Retry-After", "1"),
        Reply::text(503, "warming up"),
        Reply::json(&json!({"status": "green", "orders": 1834})),
    ])
    .await;

    let timeline = Arc::new(Timeline {
        started: Mutex::new(Instant::now()),
    });
    let registry = ToolRegistry::new()
        .with(http_get(reqwest::Client::new()))
        .with(read_file())
        .with(write_file(workspace.clone()))
        .with(slow_query())
        .with(export_report());
    let rules: Arc<dyn Reflector> = Arc::new(RuleReflector::new());
    let reflector = match llm {
        Some(llm) => Arc::new(FallbackReflector::new(rules).or_else(llm)) as Arc<dyn Reflector>,
        None => rules,
    };
    let driver = Dispatcher::new(registry)
        .with_reflector(reflector.clone())
        .with_recovery_strategy(Arc::new(ExponentialBackoffRecovery::new(3)))
        .with_tool_timeout(Duration::from_millis(250))
        .with_observer(timeline.clone())
        .with_post_hook(timeline.clone())
        .with_attempt_history();

    println!(
        "loopctl tour: the rule reflector and exponential backoff (100 ms, 200 ms, 400 ms) around real tools"
    );
    let mut rows = Vec::new();
    run(
        &mut rows,
        &timeline,
        &driver,
        "flaky HTTP service: 429, then 503, then 200",
        ToolCall::new(
            "c1",
            "http_get",
            json!({"url": format!("{}/orders/summary", flaky.url())}),
        ),
    )
    .await;
    run(
        &mut rows,
        &timeline,
        &driver,
        "wrongly typed argument, repaired by an input_fix",
        ToolCall::new(
            "c2",
            "read_file",
            json!({"path": report.display().to_string(), "max_bytes": "64"}),
        ),
    )
    .await;
    run(
        &mut rows,
        &timeline,
        &driver,
        "misspelled tool name, repaired by a tool_change",
        ToolCall::new(
            "c3",
            "reed_file",
            json!({"path": report.display().to_string(), "max_bytes": 20}),
        ),
    )
    .await;
    run(
        &mut rows,
        &timeline,
        &driver,
        "permission error: fails softly at once",
        ToolCall::new(
            "c4",
            "write_file",
            json!({"path": "/etc/passwd", "content": "x"}),
        ),
    )
    .await;
    run(
        &mut rows,
        &timeline,
        &driver,
        "a tool that always times out: backs off, then gives up softly",
        ToolCall::new("c5", "slow_query", json!({"sql": "select * from orders"})),
    )
    .await;

    run(
        &mut rows,
        &timeline,
        &driver,
        if use_llm {
            "an error no rule knows: the model is consulted"
        } else {
            "an error no rule knows: skipped (add --llm for a model)"
        },
        ToolCall::new("c7", "export_report", json!({"quarter": "Q3"})),
    )
    .await;

    let stubborn = Dispatcher::new(ToolRegistry::new().with(flaky_forever()))
        .with_reflector(reflector)
        .with_recovery_strategy(Arc::new(FnRecovery::new(|_: &FailureAnalysis, _, _| {
            RecoveryAction::retry(Duration::from_millis(10))
        })))
        .with_observer(timeline.clone())
        .with_post_hook(timeline.clone());
    run(
        &mut rows,
        &timeline,
        &stubborn,
        "a retry-forever strategy meets the hard ceiling",
        ToolCall::new("c6", "sync_inbox", json!({})),
    )
    .await;

    println!(
        "\n{:<62} {:>8} {:>8}  outcome",
        "scenario", "attempts", "seconds"
    );
    for row in &rows {
        println!(
            "{:<62} {:>8} {:>8.2}  {}",
            row.scenario,
            row.attempts,
            row.seconds,
            short(&row.outcome)
        );
    }
    let _ = tokio::fs::remove_dir_all(&workspace).await;
    std::process::ExitCode::SUCCESS
}
