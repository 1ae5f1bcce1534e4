//! The tour: a real end-to-end run of the driver over real tools, printing a timeline of every attempt.
//!
//! Run it from the workspace root with `cargo run --example tour`; add
//! `-- --llm` to let an OpenAI-compatible model analyse what the rules cannot.
#![allow(
    clippy::print_stdout,
    reason = "an example talks to its user on stdout"
)]

use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use loopctl::driver::{
    AttemptFinished, AttemptObserver, AttemptStarted, AttemptView, PostToolHook, RecoveryDecided,
};
use loopctl::prelude::*;
use loopctl_testkit::{Reply, TestServer};
use serde::Deserialize;
use serde_json::{Value, json};

/// Prints every attempt, analysis and decision as it happens.
struct Timeline {
    started: Mutex<Instant>,
}

impl Timeline {
    fn stamp(&self) -> String {
        format!(
            "[{:>6.3}s]",
            self.started
                .lock()
                .map(|at| at.elapsed().as_secs_f64())
                .unwrap_or_default()
        )
    }

    fn restart(&self) {
        if let Ok(mut at) = self.started.lock() {
            *at = Instant::now();
        }
    }
}

fn short(text: &str) -> String {
    let line = text.lines().next().unwrap_or("");
    if line.chars().count() > 90 {
        format!("{}…", line.chars().take(90).collect::<String>())
    } else {
        line.to_owned()
    }
}

impl AttemptObserver for Timeline {
    fn attempt_started(&self, event: &AttemptStarted<'_>) {
        println!(
            "  {} attempt {} → {}",
            self.stamp(),
            event.attempt + 1,
            event.tool
        );
    }

    fn attempt_finished(&self, _event: &AttemptFinished<'_>) {}

    fn recovery_decided(&self, event: &RecoveryDecided<'_>) {
        match event.analysis {
            Some(analysis) => {
                println!(
                    "  {}   analysis: {}, {}: {}",
                    self.stamp(),
                    if analysis.is_recoverable {
                        "recoverable"
                    } else {
                        "not recoverable"
                    },
                    analysis.severity,
                    short(&analysis.root_cause)
                );
                if !analysis.context.is_empty() {
                    println!("  {}   context:  {}", self.stamp(), analysis.context);
                }
                if let Some(correction) = &analysis.correction {
                    let detail = match correction.correction_type {
                        CorrectionType::InputFix => correction
                            .modified_input
                            .as_ref()
                            .map(Value::to_string)
                            .unwrap_or_default(),
                        CorrectionType::ToolChange => {
                            correction.alternative_tool.clone().unwrap_or_default()
                        }
                        _ => correction.guidance.clone().unwrap_or_default(),
                    };
                    println!(
                        "  {}   correction: {} {} ({})",
                        self.stamp(),
                        correction.correction_type,
                        short(&detail),
                        short(&correction.description)
                    );
                }
            }
            None => println!("  {}   analysis: none (the reflector failed)", self.stamp()),
        }
        let decision = match event.action {
            RecoveryAction::Retry { delay } => format!("retry after {} ms", delay.as_millis()),
            other => format!(
                "{}: {}",
                other.kind(),
                short(other.message().unwrap_or_default())
            ),
        };
        println!("  {}   decision: {decision}", self.stamp());
    }
}

impl PostToolHook for Timeline {
    fn after_attempt(&self, _attempt: &AttemptView<'_>, output: &ToolOutput) {
        let verdict = if output.is_error { "error" } else { "ok" };
        println!("  {}   {verdict}: {}", self.stamp(), short(&output.content));
    }
}

/// A GET tool; a non-2xx answer becomes an error that names the status and any Retry-After.
fn http_get(client: reqwest::Client) -> impl Tool {
    let schema = ToolSchema::new(
        "http_get",
        "Fetches a URL",
        json!({
            "type": "object", "properties": {"url": {"type": "string"}}, "required": ["url"], "additionalProperties": false
        }),
    );
    FnTool::new(schema, move |input| {
        let client = client.clone();
        let url = input["url"].as_str().unwrap_or_default().to_owned();
        async move {
            let response = match client.get(&url).send().await {
                Ok(response) => response,
                Err(error) => return ToolOutput::error(format!("request failed: {error}")),
            };
            let status = response.status();
            let retry_after = response
                .headers()
                .get("retry-after")
                .and_then(|value| value.to_str().ok())
                .map(str::to_owned);
            let body = response.text().await.unwrap_or_default();
            if status.is_success() {
                return ToolOutput::success(body);
            }
            let mut message = format!(
                "HTTP {} {}",
                status.as_u16(),
                status.canonical_reason().unwrap_or("")
            );
            if let Some(seconds) = retry_after {
                message.push_str(&format!(" (Retry-After: {seconds})"));
            }
            ToolOutput::error(message)
        }
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ReadFileInput {
    path: PathBuf,
    max_bytes: u64,
}

/// Reads a file; the input is parsed strictly, as a typed Rust tool would.
fn read_file() -> impl Tool {
    let schema = ToolSchema::new(
        "read_file",
        "Reads up to max_bytes of a file",
        json!({
            "type": "object",
            "properties": {"path": {"type": "string"}, "max_bytes": {"type": "integer", "minimum": 1}},
            "required": ["path", "max_bytes"],
            "additionalProperties": false
        }),
    );
    FnTool::new(schema, |input| {
        let parsed = serde_json::from_value::<ReadFileInput>(input.clone());
        async move {
            let input = match parsed {
                Ok(input) => input,
                Err(error) => return ToolOutput::error(error.to_string()),
            };
            match tokio::fs::read(&input.path).await {
                Ok(bytes) => {
                    let end = bytes
                        .len()
                        .min(usize::try_from(input.max_bytes).unwrap_or(usize::MAX));
                    ToolOutput::success(String::from_utf8_lossy(&bytes[..end]).into_owned())
                }
                Err(error) => ToolOutput::error(format!("{}: {error}", input.path.display())),
            }
        }
    })
}

/// Writes files, but only inside the agent's workspace.
fn write_file(workspace: PathBuf) -> impl Tool {
    let schema = ToolSchema::new(
        "write_file",
        "Writes a file inside the workspace",
        json!({
            "type": "object", "properties": {"path": {"type": "string"}, "content": {"type": "string"}}, "required": ["path", "content"]
        }),
    );
    FnTool::new(schema, move |input| {
        let path = PathBuf::from(input["path"].as_str().unwrap_or_default());
        let content = input["content"].as_str().unwrap_or_default().to_owned();
        let inside = path.starts_with(&workspace);
        async move {
            if !inside {
                return ToolOutput::error(format!(
                    "EACCES: permission denied, open '{}' (outside the agent's workspace)",
                    path.display()
                ));
            }
            match tokio::fs::write(&path, content).await {
                Ok(()) => ToolOutput::success(format!("wrote {}", path.display())),
                Err(error) => ToolOutput::error(error.to_string()),
            }
        }
    })
}

/// A query that never finishes in time.
fn slow_query() -> impl Tool {
    let schema = ToolSchema::new(
        "slow_query",
        "Runs a report query",
        json!({"type": "object"}),
    );
    FnTool::new(schema, |_| async {
        tokio::time::sleep(Duration::from_secs(3600)).await;
        ToolOutput::success("never")
    })
}

/// Always fails with a transient-looking error.
fn flaky_forever() -> impl Tool {
    let schema = ToolSchema::new("sync_inbox", "Syncs the inbox", json!({"type": "object"}));
    FnTool::new(schema, |_| async {
        ToolOutput::error("read ECONNRESET: connection reset by peer")
    })
}

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

fn llm_reflector(enabled: bool) -> Result<Option<Arc<dyn Reflector>>, String> {
    if !enabled {
        return Ok(None);
    }
    let configured = ["OPENAI_BASE_URL", "OPENAI_API_KEY"]
        .iter()
        .any(|name| std::env::var(name).is_ok_and(|value| !value.is_empty()));
    if !configured {
        return Err("--llm needs a model server. Set OPENAI_BASE_URL (for a local Ollama: http://localhost:11434/v1) \
                    and/or OPENAI_API_KEY (for OpenAI), and optionally OPENAI_MODEL, then run again."
            .to_owned());
    }
    let client = loopctl::llm::OpenAiClient::from_env().map_err(|error| error.to_string())?;
    println!(
        "LLM fallback: model `{}` analyses what the rules cannot classify",
        client.model()
    );
    Ok(Some(Arc::new(LlmReflector::new(Arc::new(client)))))
}

#[tokio::main]
async fn main() -> std::process::ExitCode {
    let use_llm = std::env::args().skip(1).any(|argument| argument == "--llm");
    let llm = match llm_reflector(use_llm) {
        Ok(llm) => llm,
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
        .with(slow_query());
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
        .with_post_hook(timeline.clone());

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
