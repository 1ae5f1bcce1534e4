//! `loopctl policy check` and `explain` as a user runs them: exit codes, every problem with its place, the JSON a script reads, and what a rule does to each attempt.

use std::path::PathBuf;
use std::process::Command;

use serde_json::Value;

fn file(name: &str, text: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("loopctl-policy-{}-{name}", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path
}

fn loopctl(args: &[&str]) -> (i32, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_loopctl"))
        .args(args)
        .env_remove("OPENAI_API_KEY")
        .output()
        .unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

const GOOD: &str = r#"[defaults]
max_retries = 3
base_delay = "200ms"

[tools."search*"]
max_retries = 5
rate_limit = "10/s"

[tools.pay]
max_retries = 0
effect = "destructive"

[[rules]]
name = "billing"
status = 402
recoverable = false
severity = "high"
reason = "billing is off; a person must fix it"

[[rules]]
text = "lock wait timeout"
recoverable = true
delay = "1s"
"#;

const BAD: &str = "[defaults]\nmax_retry = 3\njitter = \"gaussian\"\n[[rules]]\nregex = \"(x\"\nrecoverable = true\n";

#[test]
fn a_good_file_checks_ok_and_a_bad_one_lists_every_problem_with_exit_1() {
    let good = file("good.toml", GOOD);
    let (code, stdout, _) = loopctl(&["policy", "check", good.to_str().unwrap()]);
    assert_eq!(code, 0, "{stdout}");
    assert!(stdout.contains("ok (2 tool sections, 2 rules)"), "{stdout}");
    let bad = file("bad.toml", BAD);
    let shown = bad.display().to_string();
    let (code, stdout, stderr) = loopctl(&["policy", "check", &shown]);
    assert_eq!(code, 1, "{stdout}{stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{stdout}");
    assert!(
        lines[0].starts_with(&format!("{shown}:2:1: unknown key: ")),
        "{stdout}"
    );
    assert!(lines[0].contains("did you mean `max_retries`"), "{stdout}");
    assert!(
        lines[1].starts_with(&format!("{shown}:3:10: value: ")),
        "{stdout}"
    );
    assert!(
        lines[2].starts_with(&format!("{shown}:5:9: value: "))
            && lines[2].contains("does not compile"),
        "{stdout}"
    );
    assert!(stderr.contains("has 3 problems"), "{stderr}");
}

#[test]
fn check_json_is_one_document_a_script_can_read() {
    let bad = file("bad-json.toml", BAD);
    let (code, stdout, _) = loopctl(&["--json", "policy", "check", bad.to_str().unwrap()]);
    assert_eq!(code, 1);
    let document: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(document["ok"], false);
    let problems = document["problems"].as_array().unwrap();
    assert_eq!(problems.len(), 3);
    assert_eq!(problems[0]["line"], 2);
    assert_eq!(problems[0]["column"], 1);
    assert_eq!(problems[0]["kind"], "unknown-key");
}

#[test]
fn a_file_that_cannot_be_read_is_bad_input() {
    let (code, _, stderr) = loopctl(&["policy", "check", "/nonexistent/loopctl.toml"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("cannot read the policy file"), "{stderr}");
}

#[test]
fn explain_shows_where_each_setting_comes_from_and_what_a_rule_does() {
    let good = file("explain.toml", GOOD);
    let path = good.to_str().unwrap();
    let (code, stdout, _) = loopctl(&["policy", "explain", path, "--tool", "search_web"]);
    assert_eq!(code, 0);
    assert!(stdout.contains("section [tools.\"search*\"]"), "{stdout}");
    let row = |key: &str| {
        stdout
            .lines()
            .find(|line| line.trim_start().starts_with(key))
            .unwrap_or_default()
            .to_owned()
    };
    assert!(
        row("max_retries").contains('5') && row("max_retries").ends_with("[tools.search*]"),
        "{stdout}"
    );
    assert!(
        row("base_delay").contains("200ms") && row("base_delay").ends_with("[defaults]"),
        "{stdout}"
    );
    assert!(row("max_delay").ends_with("built-in"), "{stdout}");
    let (_, billing, _) = loopctl(&[
        "policy",
        "explain",
        path,
        "--tool",
        "search_web",
        "--error",
        "HTTP 402 Payment Required",
    ]);
    assert!(
        billing.contains("read by            rule 1 \"billing\""),
        "{billing}"
    );
    assert!(
        billing.contains("attempt 1 fails → fail: billing is off"),
        "{billing}"
    );
    assert!(!billing.contains("attempt 2"), "{billing}");
    let (_, lock, _) = loopctl(&[
        "policy",
        "explain",
        path,
        "--tool",
        "search_web",
        "--error",
        "ERROR 1205: Lock wait timeout exceeded",
    ]);
    assert!(lock.contains("attempt 1 fails → retry after 1s"), "{lock}");
    assert!(
        lock.contains("attempt 6 fails → fail: gave up after 5 retries"),
        "{lock}"
    );
    let (_, unmatched, _) = loopctl(&[
        "policy",
        "explain",
        path,
        "--tool",
        "pay",
        "--error",
        "HTTP 503 Service Unavailable",
    ]);
    assert!(unmatched.contains("the built-in rules"), "{unmatched}");
    assert!(unmatched.contains("attempt 1 fails → fail"), "{unmatched}");
}

#[test]
fn explain_json_carries_the_settings_the_rule_and_the_attempts() {
    let good = file("explain-json.toml", GOOD);
    let (code, stdout, _) = loopctl(&[
        "--json",
        "policy",
        "explain",
        good.to_str().unwrap(),
        "--tool",
        "pay",
        "--error",
        "HTTP 402",
    ]);
    assert_eq!(code, 0, "{stdout}");
    let document: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(document["max_retries"], 0);
    assert_eq!(document["sources"]["max_retries"], "[tools.pay]");
    assert!(document["read_by"].as_str().unwrap().contains("billing"));
    assert_eq!(document["analysis"]["is_recoverable"], false);
    assert_eq!(document["attempts"].as_array().unwrap().len(), 1);
}
