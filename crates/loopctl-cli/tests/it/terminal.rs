//! What the command line prints of text from outside: on a terminal, control characters are written out, so a log or a
//! model cannot rewrite the screen; piped and `--json` output stay exact; secrets are hidden everywhere.

use crate::support;

use std::process::Command;

use support::loopctl;

use crate::proxy_client::scratch;

/// Clears the screen, sets the window title and rings the bell.
const EVIL_TOOL: &str = "rea\u{1b}[2J\u{1b}]0;pwned\u{7}d_file";
const TOKEN: &str = "ghp_EXAMPLE0123456789ABCDEFGHIJKLMNOPQRS";

/// Runs `loopctl ARGS` with stdout on a pseudo-terminal (util-linux
/// `script`, part of every Debian system), the arguments read from files so
/// no shell quoting touches them.
fn on_a_terminal(dir: &std::path::Path, args: &[&str]) -> String {
    let mut script = String::from("#!/bin/sh\nexec \"$LOOPCTL\"");
    for (index, arg) in args.iter().enumerate() {
        let file = dir.join(format!("arg{index}"));
        std::fs::write(&file, arg).unwrap();
        script.push_str(&format!(" \"$(cat '{}')\"", file.display()));
    }
    script.push('\n');
    let runner = dir.join("run.sh");
    std::fs::write(&runner, script).unwrap();
    let output = Command::new("script")
        .args(["-qec", &format!("sh {}", runner.display()), "/dev/null"])
        .env("LOOPCTL", env!("CARGO_BIN_EXE_loopctl"))
        .env_remove("NO_COLOR")
        .stdin(std::process::Stdio::null())
        .output()
        .expect("util-linux `script` runs");
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn analyze_args() -> Vec<String> {
    vec![
        "analyze".into(),
        format!("unknown tool `{EVIL_TOOL}`; registered tools: read_file (token {TOKEN})"),
        "--tool".into(),
        EVIL_TOOL.into(),
    ]
}

#[test]
fn a_terminal_sees_escape_sequences_written_out() {
    let dir = scratch("analyze");
    let args = analyze_args();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let shown = on_a_terminal(&dir, &args);
    assert!(shown.contains("analysis"), "the command ran: {shown:?}");
    assert!(
        shown.contains("rea\\u{1b}[2J\\u{1b}]0;pwned\\u{7}d_file"),
        "{shown:?}"
    );
    for raw in ["\u{1b}[2J", "\u{1b}]0;", "\u{7}"] {
        assert!(
            !shown.contains(raw),
            "{raw:?} reached the terminal: {shown:?}"
        );
    }
    assert!(!shown.contains(TOKEN), "{shown:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn piped_and_json_output_stay_exact_and_hide_secrets() {
    let args = analyze_args();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let piped = loopctl(&args, &[], None);
    assert_eq!(piped.code, 0, "{}", piped.stderr);
    assert!(piped.stdout.contains(EVIL_TOOL), "{:?}", piped.stdout);

    let mut json_args = args.clone();
    json_args.push("--json");
    let json = loopctl(&json_args, &[], None);
    assert_eq!(json.code, 0, "{}", json.stderr);
    assert!(
        !json.stdout.contains('\u{1b}'),
        "JSON escapes control characters itself"
    );
    let document: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    assert_eq!(document["tool"], EVIL_TOOL);
    for output in [&piped.stdout, &json.stdout] {
        assert!(!output.contains(TOKEN), "{output}");
    }
}

#[test]
fn a_replayed_log_from_elsewhere_cannot_drive_the_terminal() {
    let dir = scratch("replay");
    let log = dir.join("attempts.jsonl");
    let line = serde_json::json!({
        "v": 1, "ts_ms": 0, "kind": "attempt", "call_id": "c\u{1b}[31m1", "tool": EVIL_TOOL,
        "attempt": 0, "input": {"token": TOKEN}, "error": format!("401: bad token {TOKEN}"),
        "analysis": null, "action": {"kind": "retry", "delay_ms": 10}
    });
    std::fs::write(&log, format!("{line}\n")).unwrap();
    let log = log.display().to_string();
    let shown = on_a_terminal(&dir, &["replay", &log, "--diff"]);
    assert!(shown.contains("lines"), "the command ran: {shown:?}");
    for raw in ["\u{1b}[2J", "\u{1b}]0;", "\u{7}", "\u{1b}[31m1"] {
        assert!(
            !shown.contains(raw),
            "{raw:?} reached the terminal: {shown:?}"
        );
    }
    assert!(!shown.contains(TOKEN), "{shown:?}");
    let _ = std::fs::remove_dir_all(&dir);
}
