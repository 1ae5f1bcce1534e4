//! `loopctl learn` on a recorded run whose failures a model decided: the proposed rules pass `policy check`, and replaying the same traffic with them asks the model far less often, with the same decisions.
//!
//! The traffic is real: every text of the labelled files (`evaluation`,
//! `holdout`, `fresh` and `calibration.jsonl`, each text from a public
//! source) that the built-in rules skip or decide only weakly, each failing
//! one to four times, as the same failure recurs in a real run. The model
//! on 127.0.0.1 answers each text with its label.

use std::sync::Arc;
use std::sync::atomic::Ordering;

use loopctl_reflect_rules::{Confidence, RuleReflector};
use serde_json::{Value, json};

use crate::labelled::{Row, attempt, labelling_model, load, loopctl};
use crate::proxy_client::scratch;

/// What the rules do not decide strongly, one row per text (the model
/// looks a text up by its start).
fn rows() -> Vec<Row> {
    let rules = RuleReflector::new();
    let mut seen = std::collections::HashSet::new();
    load(&["evaluation", "holdout", "fresh", "calibration"])
        .into_iter()
        .filter(|row| {
            rules
                .judge(&row.error, "tool", &Value::Null, None)
                .confidence
                != Confidence::Strong
        })
        .filter(|row| seen.insert(row.error.chars().take(120).collect::<String>()))
        .collect()
}

/// The recorded run: each row failing `1 + index % 4` times, decided as the
/// model decided it.
fn log(rows: &[Row]) -> String {
    let mut text = String::new();
    for (index, row) in rows.iter().enumerate() {
        for time in 0..=(index % 4) {
            text.push_str(&attempt(&format!("{index}.{time}"), row));
            text.push('\n');
        }
    }
    text
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_the_proposals_the_same_traffic_asks_the_model_far_less_with_the_same_decisions() {
    let rows = Arc::new(rows());
    assert!(
        rows.len() >= 200,
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
    // Texts seen once (a quarter) still go to the model, and so do the few
    // too short to make a rule of (under 12 letters or digits besides the
    // masked parts); the rest are learned. Measured: 748 → 223 (after the
    // hundred-and-eighth round, as after the seventy-seventh to
    // hundred-and-seventh).
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
            line(
                "2",
                "FileNotFoundError: [Errno 2] No such file or directory: '/data/export.csv'",
            ),
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
