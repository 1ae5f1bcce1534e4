//! `loopctl replay` on a log recorded from a real dispatcher run, `schema check`, and `doctor` against 127.0.0.1.

use crate::support;

use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use loopctl_backoff::ExponentialBackoffRecovery;
use loopctl_driver::{Dispatcher, FnTool, ToolCall, ToolOutput, ToolRegistry};
use loopctl_record::JsonlRecorder;
use loopctl_reflect_core::ToolSchema;
use loopctl_reflect_rules::RuleReflector;
use loopctl_testkit::{Reply, TestServer};
use serde_json::{Value, json};
use support::{data, loopctl, loopctl_beside_a_server};

/// Records a real run: a service that is down twice then up, a login that
/// is refused, a connection that keeps resetting, and a misspelled tool.
async fn record(path: &std::path::Path) {
    let _ = std::fs::remove_file(path);
    let calls = Arc::new(AtomicU32::new(0));
    let status = FnTool::new(
        ToolSchema::new("status", "", json!({"type": "object"})),
        move |_: &Value| {
            let n = calls.fetch_add(1, Ordering::Relaxed);
            async move {
                if n < 2 {
                    ToolOutput::error("HTTP 503 Service Unavailable")
                } else {
                    ToolOutput::success("green")
                }
            }
        },
    );
    let login = FnTool::new(
        ToolSchema::new("login", "", json!({"type": "object"})),
        |_: &Value| async { ToolOutput::error("401 Unauthorized: invalid credentials") },
    );
    let sync = FnTool::new(
        ToolSchema::new("sync", "", json!({"type": "object"})),
        |_: &Value| async { ToolOutput::error("read ECONNRESET: connection reset by peer") },
    );
    let recorder = Arc::new(JsonlRecorder::builder(path).start().await.unwrap());
    let driver = Dispatcher::new(ToolRegistry::new().with(status).with(login).with(sync))
        .with_reflector(Arc::new(RuleReflector::new()))
        .with_recovery_strategy(Arc::new(
            ExponentialBackoffRecovery::new(3).with_base_delay(Duration::ZERO),
        ))
        .with_observer(recorder.clone());
    for (id, tool, input) in [
        ("c1", "status", json!({})),
        ("c2", "login", json!({"user": "ann", "password": "hunter2"})),
        ("c3", "sync", json!({"folder": "inbox"})),
        ("c4", "sink", json!({})),
    ] {
        driver
            .dispatch(ToolCall::new(id, tool, input))
            .await
            .unwrap();
    }
    let stats = recorder.shutdown().await.unwrap();
    assert_eq!(stats.dropped, 0);
}

fn log_path(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("loopctl-cli-{}-{name}.jsonl", std::process::id()))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn replay_compares_a_recorded_run_with_a_new_policy() {
    let path = log_path("replay");
    record(&path).await;
    let shown = path.display().to_string();
    let same = loopctl(
        &["replay", &shown, "--base-delay", "0", "--json"],
        &[],
        None,
    );
    assert_eq!(same.code, 0, "{}", same.stderr);
    let report: Value = serde_json::from_str(&same.stdout).unwrap();
    // status: 2 failures (retried); login: 1 (fail); sync: 4 (3 retried, then
    // given up); sink: 1 (unknown tool, fail). The same policy changes nothing.
    assert_eq!(report["overall"]["failures"], 8, "{report:#}");
    assert_eq!(report["overall"]["recorded"]["retry"], 5);
    assert_eq!(report["overall"]["changed"], 0);
    assert_eq!(report["bad_lines"], 0);
    assert!(!std::fs::read_to_string(&path).unwrap().contains("hunter2"));

    let stricter = loopctl(
        &[
            "replay",
            &shown,
            "--max-retries",
            "1",
            "--base-delay",
            "50ms",
            "--diff",
            "--json",
        ],
        &[],
        None,
    );
    let report: Value = serde_json::from_str(&stricter.stdout).unwrap();
    // One retry allowed: status's second failure and sync's second and third
    // now fail; the two first retries now wait 50 ms. Five decisions change.
    assert_eq!(report["overall"]["replayed"]["retry"], 2, "{report:#}");
    assert_eq!(report["overall"]["changed"], 5);
    assert_eq!(report["tools"]["sync"]["replayed"]["retry"], 1);
    // Two retries stay, now 50 ms each instead of 0.
    assert_eq!(report["overall"]["wait_added_ms"], 100);
    assert_eq!(report["changes"].as_array().unwrap().len(), 5);

    let text = loopctl(
        &["replay", &shown, "--max-retries", "1", "--diff"],
        &[],
        None,
    );
    assert!(text.stdout.contains("overall"), "{}", text.stdout);
    assert!(text.stdout.contains("changed decisions"));
    assert!(
        text.stdout
            .contains("sync attempt 2: retry after 0 ms → fail"),
        "{}",
        text.stdout
    );
    let _ = std::fs::remove_file(&path);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn replay_counts_bad_lines_and_stops_on_them_when_strict() {
    let path = log_path("bad");
    record(&path).await;
    let mut text = std::fs::read_to_string(&path).unwrap();
    let good_lines = text.lines().count();
    text.push_str("this is not json\n");
    text.push_str("{\"v\": 2, \"kind\": \"attempt\", \"call_id\": \"c9\"}\n");
    std::fs::write(&path, text).unwrap();
    let shown = path.display().to_string();
    let lenient = loopctl(&["replay", &shown, "--json"], &[], None);
    assert_eq!(lenient.code, 0, "{}", lenient.stderr);
    let report: Value = serde_json::from_str(&lenient.stdout).unwrap();
    assert_eq!(report["bad_lines"], 2);
    assert_eq!(report["overall"]["failures"], 8);
    let strict = loopctl(&["replay", &shown, "--strict"], &[], None);
    assert_eq!(strict.code, 2);
    assert!(
        strict
            .stderr
            .contains(&format!("line {}: not a recorded line", good_lines + 1)),
        "{}",
        strict.stderr
    );
    std::fs::write(&path, "{\"v\": 2, \"kind\": \"attempt\"}\n").unwrap();
    let newer = loopctl(&["replay", &shown, "--strict"], &[], None);
    assert!(
        newer.stderr.contains("line 1: format version 2 is newer"),
        "{}",
        newer.stderr
    );
    let missing = loopctl(&["replay", "/nonexistent/log.jsonl"], &[], None);
    assert_eq!(missing.code, 2);
    assert!(
        missing
            .stderr
            .contains("/nonexistent/log.jsonl: cannot read the log")
    );
    let _ = std::fs::remove_file(&path);
}

#[test]
fn schema_check_reports_the_draft_the_strict_form_and_every_obstacle() {
    let good = loopctl(
        &["schema", "check", &data("read_file.json"), "--json"],
        &[],
        None,
    );
    assert_eq!(good.code, 0, "{}", good.stderr);
    let report: Value = serde_json::from_str(&good.stdout).unwrap();
    assert_eq!(report["compiles"], true);
    assert_eq!(report["draft"], "2020-12");
    assert_eq!(report["strict"]["additionalProperties"], false);

    let obstacles = loopctl(
        &["schema", "check", &data("obstacles.json"), "--json"],
        &[],
        None,
    );
    assert_eq!(obstacles.code, 0);
    let report: Value = serde_json::from_str(&obstacles.stdout).unwrap();
    assert_eq!(report["draft"], "7");
    assert_eq!(report["strict"], Value::Null);
    let listed: Vec<&str> = report["strict_obstacles"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert_eq!(listed.len(), 3, "{listed:?}");
    assert!(listed[0].starts_with("at /properties/pair/items"));
    assert!(listed[1].starts_with("at /properties/tags"));
    assert!(listed[2].starts_with("at /properties/when"));
    let required = loopctl(
        &[
            "schema",
            "check",
            &data("obstacles.json"),
            "--require-strict",
        ],
        &[],
        None,
    );
    assert_eq!(required.code, 1);

    let broken = loopctl(&["schema", "check", &data("broken.json")], &[], None);
    assert_eq!(
        broken.code, 1,
        "a schema that does not compile is a failed check"
    );
    assert!(broken.stdout.contains("compiles  no"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn doctor_checks_a_model_on_127_0_0_1_and_says_what_to_fix() {
    let answer = json!({"choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": "{\"ok\": true}"}}]});
    let healthy = TestServer::start(vec![Reply::json(&answer)]).await;
    let missing_v1 = TestServer::start(vec![Reply::text(404, "")]).await;
    let refused_key = TestServer::start(vec![Reply::text(401, "bad key")]).await;
    let cases = [
        (format!("{}/v1", healthy.url()), 0, "ok   model answers"),
        (missing_v1.url(), 1, "try the base URL"),
        (
            format!("{}/v1", refused_key.url()),
            1,
            "the server refused the key: check OPENAI_API_KEY",
        ),
        (
            "http://127.0.0.1:9/v1".to_owned(),
            1,
            "nothing answers there",
        ),
    ];
    for (base, code, expected) in cases {
        let run = loopctl_beside_a_server(
            &["doctor"],
            &[("OPENAI_BASE_URL", &base), ("OPENAI_MODEL", "m")],
        )
        .await;
        assert_eq!(run.code, code, "{}{}", run.stdout, run.stderr);
        assert!(run.stdout.contains(expected), "{}", run.stdout);
    }
    let request = &healthy.requests()[0];
    assert_eq!(
        request.json()["response_format"]["json_schema"]["strict"],
        true
    );

    let unset = loopctl(
        &["doctor", "--json", "--timeout", "1s"],
        &[("OPENAI_BASE_URL", "http://127.0.0.1:9/v1")],
        None,
    );
    let report: Value = serde_json::from_str(&unset.stdout).unwrap();
    assert_eq!(report["ok"], false);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn replay_with_a_model_caches_identical_failures_and_counts_requests() {
    let path = log_path("llm");
    record(&path).await;
    let analysis = json!({"is_recoverable": false, "root_cause": "the model says: give up", "severity": "high",
                          "correction": null, "context": ""});
    let answer = json!({"choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": analysis.to_string()}}]});
    let server = TestServer::start(vec![Reply::json(&answer)]).await;
    let base = format!("{}/v1", server.url());
    let shown = path.display().to_string();
    let run = loopctl_beside_a_server(
        &[
            "replay",
            &shown,
            "--reflector",
            "llm",
            "--concurrency",
            "2",
            "--json",
        ],
        &[("OPENAI_BASE_URL", &base)],
    )
    .await;
    assert_eq!(run.code, 0, "{}", run.stderr);
    let report: Value = serde_json::from_str(&run.stdout).unwrap();
    // Eight failures, but only four distinct (tool, error, input) triples:
    // the cache answers the repeats.
    assert_eq!(report["overall"]["failures"], 8);
    assert_eq!(report["model_requests"], 4, "{report:#}");
    assert_eq!(server.requests().len(), 4);
    assert_eq!(report["overall"]["replayed"]["retry"], 0);
    assert_eq!(report["overall"]["retries_now_permanent"], 5);
    let _ = std::fs::remove_file(&path);
}
