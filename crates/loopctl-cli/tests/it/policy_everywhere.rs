//! One loopctl.toml gives the same decisions everywhere it is read: a Rust `Dispatcher::with_policy`, `loopctl analyze --policy`, `loopctl replay --policy`, `loopctl policy explain` and `loopctl mcp-proxy --policy`, for each tool and error below.

use crate::proxy_client;

use std::process::Command;
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};

use loopctl_driver::{Dispatcher, FnTool, ToolCall, ToolOutput, ToolRegistry};
use loopctl_policy::{DispatcherPolicy, Policy};
use loopctl_reflect_core::ToolSchema;
use serde_json::{Value, json};

const POLICY: &str = r#"
[defaults]
max_retries = 2
base_delay = "1ms"
# The proxy's own breaker (5 failures) would cut search_web's sixth attempt.
breaker = { threshold = 10, cool_down = "1s" }

[tools."search*"]
max_retries = 5

[tools.pay]
max_retries = 0

[[rules]]
status = 402
recoverable = false

[[rules]]
text = "lock wait timeout"
recoverable = true
delay = "1ms"
"#;

/// Each case: a tool, the error it keeps failing with, and the retries the
/// policy allows it (so attempts = retries + 1).
const CASES: [(&str, &str, u32); 5] = [
    ("search_web", "HTTP 503 Service Unavailable", 5),
    ("search_news", "HTTP 402 Payment Required", 0),
    ("pay", "HTTP 503 Service Unavailable", 0),
    ("fetch", "ERROR 1205: Lock wait timeout exceeded", 2),
    (
        "read_file",
        "ENOENT: no such file or directory, open 'a.txt'",
        0,
    ),
];

fn policy_file() -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("loopctl-everywhere-{}.toml", std::process::id()));
    std::fs::write(&path, POLICY).unwrap();
    path
}

fn loopctl_json(args: &[&str]) -> Value {
    let output = Command::new(env!("CARGO_BIN_EXE_loopctl"))
        .arg("--json")
        .args(args)
        .env_remove("OPENAI_API_KEY")
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).unwrap()
}

async fn dispatcher_retries(tool: &str, error: &'static str) -> u32 {
    let policy = Policy::from_toml(POLICY).unwrap();
    let calls = Arc::new(AtomicU32::new(0));
    let counted = Arc::clone(&calls);
    let failing = FnTool::new(
        ToolSchema::new(tool, "fails", json!({"type": "object"})),
        move |_| {
            counted.fetch_add(1, Ordering::SeqCst);
            std::future::ready(ToolOutput::error(error))
        },
    );
    let driver = Dispatcher::new(ToolRegistry::new().with(failing)).with_policy(&policy);
    driver
        .dispatch(ToolCall::new("c", tool, json!({})))
        .await
        .unwrap();
    calls.load(Ordering::SeqCst) - 1
}

fn analyze_retries(file: &str, tool: &str, error: &str) -> u32 {
    let document = loopctl_json(&["analyze", error, "--tool", tool, "--policy", file]);
    let timeline = document["timeline"].as_array().unwrap();
    timeline
        .iter()
        .filter(|step| step["action"] == "retry")
        .count() as u32
}

/// A recorded log with `attempts` failed attempts of each case, replayed.
fn replay_retries(file: &str) -> Value {
    let mut log = String::new();
    for (tool, error, _) in CASES {
        for attempt in 0..8 {
            let line = json!({"v": 1, "ts_ms": 1_764_560_000_000_u64, "kind": "attempt", "call_id": tool,
                "tool": tool, "attempt": attempt, "input": {}, "error": error, "analysis": null,
                "action": {"kind": "retry", "delay_ms": 1}});
            log.push_str(&line.to_string());
            log.push('\n');
        }
    }
    let path =
        std::env::temp_dir().join(format!("loopctl-everywhere-{}.jsonl", std::process::id()));
    std::fs::write(&path, log).unwrap();
    loopctl_json(&["replay", path.to_str().unwrap(), "--policy", file])
}

/// The retries `mcp-proxy --policy FILE` gives each case, against upstream
/// tools of the cases' names that fail with the cases' errors.
async fn proxy_retries(file: &str) -> Vec<u32> {
    let client = proxy_client::proxy(&["--policy", file]).await;
    for (tool, error, _) in CASES {
        let added =
            proxy_client::call(&client, "add_tool", json!({"name": tool, "fail": error})).await;
        assert_ne!(added.is_error, Some(true), "{}", proxy_client::text(&added));
    }
    // The proxy follows the upstream's list; wait until it serves them all.
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(60);
    loop {
        let listed = client.list_all_tools().await.unwrap();
        if CASES
            .iter()
            .all(|(tool, _, _)| listed.iter().any(|listed| listed.name == *tool))
        {
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the proxy never listed the added tools"
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    let mut retries = Vec::new();
    for (tool, _, _) in CASES {
        let result = proxy_client::call(&client, tool, json!({})).await;
        assert_eq!(result.is_error, Some(true), "{tool}");
        retries.push(proxy_client::upstream_calls(&client, tool).await - 1);
    }
    retries
        .into_iter()
        .map(|n| u32::try_from(n).unwrap())
        .collect()
}

#[tokio::test]
async fn the_dispatcher_analyze_replay_explain_and_proxy_agree() {
    let file = policy_file();
    let file = file.to_str().unwrap();
    let replayed = replay_retries(file);
    let policy = Policy::from_toml(POLICY).unwrap();
    let proxied = proxy_retries(file).await;
    for ((tool, error, retries), proxied) in CASES.into_iter().zip(proxied) {
        assert_eq!(proxied, retries, "mcp-proxy: {tool} / {error}");
        assert_eq!(
            dispatcher_retries(tool, error).await,
            retries,
            "dispatcher: {tool} / {error}"
        );
        assert_eq!(
            analyze_retries(file, tool, error),
            retries,
            "analyze: {tool} / {error}"
        );
        // The eight recorded attempts: the policy retries after the first
        // `retries` of them and gives up on every one after.
        let tally = &replayed["tools"][tool]["replayed"];
        assert_eq!(tally["retry"], retries, "replay: {tool}: {replayed}");
        assert_eq!(tally["fail"], 8 - retries, "replay: {tool}: {replayed}");
        let explained = loopctl_policy::explain(&policy, tool, Some(error)).await;
        let planned = explained
            .attempts
            .iter()
            .filter(|action| matches!(action, loopctl_reflect_core::RecoveryAction::Retry { .. }))
            .count() as u32;
        assert_eq!(planned, retries, "explain: {tool} / {error}");
    }
}
