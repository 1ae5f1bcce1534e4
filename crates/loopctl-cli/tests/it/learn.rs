//! `loopctl learn` on a recorded run whose failures a model decided: the proposed rules pass `policy check`, and replaying the same traffic with them asks the model far less often, with the same decisions.
//!
//! The traffic is real: every text of `calibration.jsonl` (each from a
//! public source) that the built-in rules skip or decide only weakly, each
//! failing one to four times, as the same failure recurs in a real run. The
//! model on 127.0.0.1 answers each text with its label.

use std::convert::Infallible;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use loopctl_reflect_rules::{Confidence, RuleReflector};
use serde_json::{Value, json};

use crate::proxy_client::scratch;

/// A labelled row: the text and what a careful engineer says of it.
struct Row {
    error: String,
    recoverable: bool,
    severity: String,
    why: String,
}

fn rows() -> Vec<Row> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../loopctl-reflect-rules/tests/data/calibration.jsonl"
    );
    let rules = RuleReflector::new();
    let redactor = loopctl_redact::Redactor::standard();
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| serde_json::from_str::<Value>(line).unwrap())
        .map(|row| Row {
            error: row["error"].as_str().unwrap().to_owned(),
            recoverable: row["is_recoverable"].as_bool().unwrap(),
            severity: row["severity"].as_str().unwrap().to_owned(),
            why: row["why"].as_str().unwrap_or("").to_owned(),
        })
        // What the rules do not decide strongly, and what reaches the model
        // as it is (a text the redactor changes could not be looked up).
        .filter(|row| {
            rules
                .judge(&row.error, "tool", &Value::Null, None)
                .confidence
                != Confidence::Strong
                && redactor.text(&row.error) == row.error
        })
        .collect()
}

fn analysis(row: &Row) -> Value {
    let cause: String = row.why.chars().take(160).collect();
    json!({"is_recoverable": row.recoverable, "root_cause": cause, "severity": row.severity,
           "correction": null, "context": ""})
}

/// The recorded run: each row failing `1 + index % 4` times, with the
/// model's answer and the decision the default strategy made of it.
fn log(rows: &[Row]) -> String {
    let mut text = String::new();
    for (index, row) in rows.iter().enumerate() {
        for time in 0..=(index % 4) {
            let action = if row.recoverable {
                json!({"kind": "retry", "delay_ms": 100})
            } else {
                json!({"kind": "fail", "message": row.why})
            };
            let line = json!({"v": 1, "ts_ms": 0, "kind": "attempt", "call_id": format!("{index}.{time}"),
                              "tool": "tool", "attempt": 0, "input": {}, "error": row.error,
                              "analysis": analysis(row), "action": action});
            text.push_str(&line.to_string());
            text.push('\n');
        }
    }
    text
}

/// An OpenAI-compatible model on 127.0.0.1 that answers each failure with
/// its label; returns its base URL and how many requests it answered.
async fn labelling_model(rows: Arc<Vec<Row>>) -> (String, Arc<AtomicU64>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let asked = Arc::new(AtomicU64::new(0));
    let counter = Arc::clone(&asked);
    tokio::spawn(async move {
        loop {
            let Ok((stream, _)) = listener.accept().await else {
                return;
            };
            let (rows, counter) = (Arc::clone(&rows), Arc::clone(&counter));
            tokio::spawn(async move {
                let service = hyper::service::service_fn(
                    move |request: hyper::Request<hyper::body::Incoming>| {
                        let (rows, counter) = (Arc::clone(&rows), Arc::clone(&counter));
                        async move {
                            let body = request
                                .into_body()
                                .collect()
                                .await
                                .map(|body| body.to_bytes())
                                .unwrap_or_default();
                            let sent: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
                            let mut prompt = String::new();
                            strings(&sent, &mut prompt);
                            counter.fetch_add(1, Ordering::Relaxed);
                            // The longest labelled text the prompt holds (its
                            // start: a long text may reach the model cut).
                            let start = |text: &str| text.chars().take(120).collect::<String>();
                            let answer = rows
                            .iter()
                            .filter(|row| prompt.contains(&start(&row.error)))
                            .max_by_key(|row| row.error.len())
                            .map_or_else(
                                || json!({"is_recoverable": false, "root_cause": "unknown", "severity": "high", "correction": null, "context": ""}),
                                analysis,
                            );
                            let completion = json!({"choices": [{"index": 0, "finish_reason": "stop",
                            "message": {"role": "assistant", "content": answer.to_string()}}]});
                            Ok::<_, Infallible>(hyper::Response::new(Full::new(Bytes::from(
                                completion.to_string(),
                            ))))
                        }
                    },
                );
                let _ = hyper::server::conn::http1::Builder::new()
                    .serve_connection(hyper_util::rt::TokioIo::new(stream), service)
                    .await;
            });
        }
    });
    (format!("http://{address}/v1"), asked)
}

/// Every string in `value`, one after another.
fn strings(value: &Value, into: &mut String) {
    match value {
        Value::String(text) => {
            into.push_str(text);
            into.push('\n');
        }
        Value::Array(items) => items.iter().for_each(|item| strings(item, into)),
        Value::Object(fields) => fields.values().for_each(|field| strings(field, into)),
        _ => {}
    }
}

async fn loopctl(args: &[&str], base: &str) -> (i32, String, String) {
    let output = tokio::process::Command::new(env!("CARGO_BIN_EXE_loopctl"))
        .args(args)
        .env("OPENAI_BASE_URL", base)
        .env("OPENAI_API_KEY", "sk-test-not-a-real-key-000000")
        .env_remove("ANTHROPIC_API_KEY")
        .output()
        .await
        .unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_the_proposals_the_same_traffic_asks_the_model_far_less_with_the_same_decisions() {
    let rows = Arc::new(rows());
    assert!(
        rows.len() >= 60,
        "only {} texts the rules are unsure of",
        rows.len()
    );
    let dir = scratch("learn");
    let recorded = dir.join("attempts.jsonl");
    std::fs::write(&recorded, log(&rows)).unwrap();
    let log_path = recorded.to_str().unwrap();
    let (base, asked) = labelling_model(Arc::clone(&rows)).await;

    let (code, before, stderr) = loopctl(
        &["replay", log_path, "--reflector", "rules+llm", "--json"],
        &base,
    )
    .await;
    assert_eq!(code, 0, "{stderr}");
    let before: Value = serde_json::from_str(&before).unwrap();

    let proposals = dir.join("proposed.toml");
    let (code, _, stderr) = loopctl(
        &["learn", log_path, "--out", proposals.to_str().unwrap()],
        &base,
    )
    .await;
    assert_eq!(code, 0, "{stderr}");
    let proposed = std::fs::read_to_string(&proposals).unwrap();
    assert!(
        proposed.contains("[[rules]]") && proposed.contains("# e.g. "),
        "{proposed}"
    );
    let policy = dir.join("loopctl.toml");
    std::fs::write(
        &policy,
        format!("[defaults]\nreflector = \"rules+llm\"\n\n{proposed}"),
    )
    .unwrap();
    let (code, checked, stderr) =
        loopctl(&["policy", "check", policy.to_str().unwrap()], &base).await;
    assert_eq!(
        code, 0,
        "the proposals do not pass `policy check`: {checked}{stderr}"
    );

    let (code, after, stderr) = loopctl(
        &[
            "replay",
            log_path,
            "--policy",
            policy.to_str().unwrap(),
            "--json",
        ],
        &base,
    )
    .await;
    assert_eq!(code, 0, "{stderr}");
    let after: Value = serde_json::from_str(&after).unwrap();

    let (paid_before, paid_after) = (
        before["model_requests"].as_u64().unwrap(),
        after["model_requests"].as_u64().unwrap(),
    );
    let attempts = before["overall"]["failures"].as_u64().unwrap_or(0);
    eprintln!(
        "{} texts, {attempts} recorded failures: {paid_before} model requests before the proposals, {paid_after} after",
        rows.len()
    );
    assert_eq!(asked.load(Ordering::Relaxed), paid_before + paid_after);
    // Every text seen twice or more is learned; those seen once (a quarter)
    // still go to the model.
    assert!(
        paid_after * 3 <= paid_before,
        "{paid_before} → {paid_after}"
    );
    // The model answers as the run recorded, so nothing changes; the
    // learned rules must not change anything either.
    assert_eq!(before["overall"]["changed"], 0, "{before}");
    assert_eq!(
        after["overall"]["changed"], 0,
        "the learned rules decided differently from the model: {after}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn replay_counts_the_verdicts_the_rules_reached_from_generic_words_only() {
    let dir = scratch("replay-weak");
    let recorded = dir.join("attempts.jsonl");
    let line = |id: &str, error: &str| {
        json!({"v": 1, "ts_ms": 0, "kind": "attempt", "call_id": id, "tool": "export", "attempt": 0,
               "error": error, "analysis": null, "action": {"kind": "fail", "message": "x"}})
        .to_string()
    };
    std::fs::write(
        &recorded,
        [
            line("1", "the export job timed out"),
            line("2", "read ECONNRESET"),
            line("3", "the export is still waiting (timeout)"),
        ]
        .join("\n"),
    )
    .unwrap();
    let log_path = recorded.to_str().unwrap();
    let (code, json_out, stderr) =
        loopctl(&["replay", log_path, "--json"], "http://127.0.0.1:9/v1").await;
    assert_eq!(code, 0, "{stderr}");
    let report: Value = serde_json::from_str(&json_out).unwrap();
    assert_eq!(report["overall"]["weak_verdicts"], 2, "{report}");
    let (code, shown, stderr) = loopctl(&["replay", log_path], "http://127.0.0.1:9/v1").await;
    assert_eq!(code, 0, "{stderr}");
    assert!(
        shown.contains("weak verdicts 2: the rules decided these from generic words only"),
        "{shown}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hostile_log_cannot_write_a_rule_of_its_own() {
    let dir = scratch("learn-hostile");
    let recorded = dir.join("attempts.jsonl");
    let tool = "x\n[[rules]]\nregex = \".\"\nrecoverable = true\n#";
    let error =
        "the frobnicator\r\n[[rules]] regex = \".\" \u{7f} refused the widget configuration";
    let line = |id: &str| {
        json!({"v": 1, "ts_ms": 0, "kind": "attempt", "call_id": id, "tool": tool, "attempt": 0,
               "error": error, "analysis": {"is_recoverable": false, "root_cause": "bad\n[[rules]]\u{7f}",
               "severity": "high", "correction": null, "context": ""},
               "action": {"kind": "fail", "message": "x"}})
        .to_string()
    };
    let oversized = format!("{{\"v\": 1, \"error\": \"{}\"}}", "a".repeat(2 << 20));
    std::fs::write(&recorded, [line("1"), oversized, line("2")].join("\n")).unwrap();
    let proposals = dir.join("proposed.toml");
    let (code, _, stderr) = loopctl(
        &[
            "learn",
            recorded.to_str().unwrap(),
            "--out",
            proposals.to_str().unwrap(),
        ],
        "http://127.0.0.1:9/v1",
    )
    .await;
    assert_eq!(code, 0, "{stderr}");
    // The line after the oversized one is still read.
    assert!(stderr.contains("2 attempts a model decided"), "{stderr}");
    let proposed = std::fs::read_to_string(&proposals).unwrap();
    let policy = dir.join("loopctl.toml");
    std::fs::write(&policy, &proposed).unwrap();
    let (code, checked, stderr) = loopctl(
        &["policy", "check", policy.to_str().unwrap()],
        "http://127.0.0.1:9/v1",
    )
    .await;
    assert_eq!(code, 0, "{checked}{stderr}\n{proposed}");
    let rules: Vec<&str> = proposed
        .lines()
        .filter(|line| line.trim() == "[[rules]]")
        .collect();
    assert_eq!(rules.len(), 1, "{proposed}");
    // What the log says stays inside comments and quoted strings.
    assert!(
        !proposed
            .lines()
            .any(|line| line.trim() == "regex = \".\"" || line.trim() == "recoverable = true"),
        "{proposed}"
    );
}
