//! The recorder on a real dispatcher run: the lines, redaction, dropping instead of blocking, rotation and the flush.

use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use loopctl_backoff::ExponentialBackoffRecovery;
use loopctl_driver::{Dispatcher, FnTool, ToolCall, ToolOutput, ToolRegistry};
use loopctl_record::{JsonlRecorder, LineError, LineKind, Outcome, RecordedLine};
use loopctl_reflect_core::ToolSchema;
use loopctl_reflect_rules::RuleReflector;
use serde_json::{Value, json};

fn temp_path(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!(
        "loopctl-record-{}-{name}.jsonl",
        std::process::id()
    ))
}

fn read_lines(path: &std::path::Path) -> Vec<RecordedLine> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .map(|line| RecordedLine::parse(line).unwrap())
        .collect()
}

/// Fails with a reset twice, then succeeds; `login` always fails for good.
fn registry() -> ToolRegistry {
    let calls = Arc::new(AtomicU32::new(0));
    let flaky = FnTool::new(
        ToolSchema::new("fetch", "", json!({"type": "object"})),
        move |_: &Value| {
            let n = calls.fetch_add(1, Ordering::Relaxed);
            async move {
                if n < 2 {
                    ToolOutput::error("read ECONNRESET: connection reset by peer")
                } else {
                    ToolOutput::success("ok")
                }
            }
        },
    );
    let login = FnTool::new(
        ToolSchema::new("login", "", json!({"type": "object"})),
        |_: &Value| async { ToolOutput::error("401 Unauthorized: invalid credentials") },
    );
    ToolRegistry::new().with(flaky).with(login)
}

#[tokio::test]
async fn a_run_is_recorded_line_by_line_with_secrets_redacted() {
    let path = temp_path("run");
    let _ = std::fs::remove_file(&path);
    let recorder = Arc::new(JsonlRecorder::builder(&path).start().await.unwrap());
    let driver = Dispatcher::new(registry())
        .with_reflector(Arc::new(RuleReflector::new()))
        .with_recovery_strategy(Arc::new(
            ExponentialBackoffRecovery::new(3).with_base_delay(Duration::ZERO),
        ))
        .with_observer(recorder.clone());
    driver
        .dispatch(ToolCall::new(
            "c1",
            "fetch",
            json!({"url": "https://x", "token": "t-1"}),
        ))
        .await
        .unwrap();
    driver
        .dispatch(ToolCall::new(
            "c2",
            "login",
            json!({"user": "ann", "password": "hunter2"}),
        ))
        .await
        .unwrap();
    let stats = recorder.shutdown().await.unwrap();
    let lines = read_lines(&path);
    assert_eq!((stats.written, stats.dropped), (5, 0), "{lines:#?}");
    let kinds: Vec<(LineKind, &str, u32)> = lines
        .iter()
        .map(|line| (line.kind, line.call_id.as_str(), line.attempt))
        .collect();
    assert_eq!(
        kinds,
        [
            (LineKind::Attempt, "c1", 0),
            (LineKind::Attempt, "c1", 1),
            (LineKind::Outcome, "c1", 2),
            (LineKind::Attempt, "c2", 0),
            (LineKind::Outcome, "c2", 0),
        ]
    );
    assert_eq!(
        lines[0].input,
        Some(json!({"url": "https://x", "token": "[redacted]"}))
    );
    assert_eq!(lines[0].action.as_ref().unwrap().kind, "retry");
    assert_eq!(lines[0].action.as_ref().unwrap().delay_ms, Some(0));
    assert!(lines[0].analysis.as_ref().unwrap().is_recoverable);
    assert_eq!(lines[2].outcome, Some(Outcome::Ok));
    assert_eq!(
        lines[3].input,
        Some(json!({"user": "ann", "password": "[redacted]"}))
    );
    assert_eq!(lines[3].action.as_ref().unwrap().kind, "fail");
    assert_eq!(lines[4].outcome, Some(Outcome::SoftFailure));
    let raw = std::fs::read_to_string(&path).unwrap();
    assert!(!raw.contains("hunter2") && !raw.contains("t-1"));
    let _ = std::fs::remove_file(&path);
}

#[tokio::test(flavor = "current_thread")]
async fn a_full_channel_drops_lines_and_never_delays_a_call() {
    let path = temp_path("full");
    let _ = std::fs::remove_file(&path);
    let recorder = Arc::new(
        JsonlRecorder::builder(&path)
            .capacity(4)
            .start()
            .await
            .unwrap(),
    );
    let driver = Dispatcher::new(registry())
        .with_reflector(Arc::new(RuleReflector::new()))
        .with_observer(recorder.clone());
    // On a current-thread runtime the writer cannot run until this task
    // yields, and a failing call that is not retried never yields: the
    // channel fills and the rest is dropped, while every call completes.
    for n in 0..100 {
        let result = driver
            .dispatch(ToolCall::new(format!("c{n}"), "login", json!({})))
            .await
            .unwrap();
        assert!(result.is_error);
    }
    assert_eq!(recorder.dropped(), 200 - 4, "two lines a call, four fit");
    let stats = recorder.shutdown().await.unwrap();
    assert_eq!((stats.written, stats.dropped), (4, 196));
    assert_eq!(read_lines(&path).len(), 4);
    let _ = std::fs::remove_file(&path);
}

#[tokio::test]
async fn the_file_rotates_by_size_and_keeps_every_line() {
    let path = temp_path("rotate");
    for suffix in ["", ".1", ".2", ".3"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    let recorder = Arc::new(
        JsonlRecorder::builder(&path)
            .rotate_at(2_000, 3)
            .start()
            .await
            .unwrap(),
    );
    let driver = Dispatcher::new(registry())
        .with_reflector(Arc::new(RuleReflector::new()))
        .with_observer(recorder.clone());
    for n in 0..6 {
        driver
            .dispatch(ToolCall::new(format!("c{n}"), "login", json!({})))
            .await
            .unwrap();
    }
    let stats = recorder.shutdown().await.unwrap();
    assert_eq!(stats.written, 12);
    let mut total = 0;
    for suffix in ["", ".1", ".2", ".3"] {
        let part = std::path::PathBuf::from(format!("{}{suffix}", path.display()));
        if let Ok(metadata) = std::fs::metadata(&part) {
            assert!(metadata.len() <= 2_000, "{suffix}: {}", metadata.len());
            total += read_lines(&part).len();
        }
        let _ = std::fs::remove_file(&part);
    }
    assert!(
        std::fs::metadata(format!("{}.1", path.display())).is_err(),
        "cleaned up"
    );
    assert_eq!(
        total, 12,
        "rotation loses nothing while `keep` files suffice"
    );
}

#[test]
fn lines_of_other_formats_are_refused_with_a_reason() {
    assert!(matches!(
        RecordedLine::parse("{\"v\": 2, \"kind\": \"attempt\"}"),
        Err(LineError::NewerVersion { found: 2 })
    ));
    assert!(matches!(
        RecordedLine::parse("not json"),
        Err(LineError::Malformed(_))
    ));
    assert!(matches!(
        RecordedLine::parse("{\"v\": 1}"),
        Err(LineError::Malformed(_))
    ));
}

#[tokio::test]
async fn added_keys_extend_the_defaults_and_a_chosen_redactor_replaces_them() {
    for (name, builder, hidden, shown) in [
        (
            "extend",
            JsonlRecorder::builder(temp_path("extend")).redact(["ssn"]),
            vec!["ssn", "password"],
            vec!["user"],
        ),
        (
            "chosen",
            JsonlRecorder::builder(temp_path("chosen")).redactor(
                loopctl_redact::Redactor::builder()
                    .key("user")
                    .build()
                    .unwrap(),
            ),
            vec!["user", "password"],
            vec!["ssn"],
        ),
        (
            "off",
            JsonlRecorder::builder(temp_path("off")).redactor(loopctl_redact::Redactor::disabled()),
            vec![],
            vec!["user", "password", "ssn"],
        ),
    ] {
        let path = temp_path(name);
        let _ = std::fs::remove_file(&path);
        let recorder = Arc::new(builder.start().await.unwrap());
        let driver = Dispatcher::new(registry())
            .with_reflector(Arc::new(RuleReflector::new()))
            .with_observer(recorder.clone());
        driver
            .dispatch(ToolCall::new(
                "c",
                "login",
                json!({"user": "ann", "password": "p", "ssn": "123"}),
            ))
            .await
            .unwrap();
        recorder.shutdown().await.unwrap();
        let input = read_lines(&path)[0].input.clone().unwrap();
        for key in hidden {
            assert_eq!(input[key], "[redacted]", "{name}: {input}");
        }
        for key in shown {
            assert_ne!(input[key], "[redacted]", "{name}: {input}");
        }
        let _ = std::fs::remove_file(&path);
    }
}
