//! The binaries, run as an operator runs them: `loopctl mcp-proxy` in front of the fixture with secrets in its upstream
//! URL, token and tool errors; `loopctl replay` on the recorded file; `loopctl analyze` and `loopctl prompt` on a
//! secret-laden error. Everything they print or write is collected.

use std::process::Stdio;

use loopctl_testkit::{HttpFixture, loopctl_binary};
use rmcp::ServiceExt;
use rmcp::model::{CallToolRequestParams, ClientCapabilities, ClientConfig, Implementation};
use rmcp::transport::TokioChildProcess;
use serde_json::json;
use tokio::io::AsyncReadExt;

use crate::catalogue::Item;

/// The proxy over stdio in front of the fixture over HTTP. A document whose
/// text is an error full of secrets is read through it, and a call whose
/// argument carries them is refused by the upstream.
pub(crate) async fn proxy(items: &[Item], dir: &std::path::Path) -> Vec<String> {
    let upstream = HttpFixture::start(0, &[]).await;
    let token = &items[0].values[0];
    let log = dir.join("proxy.jsonl");
    let doc = dir.join("doc.txt");
    let all: Vec<&str> = items.iter().map(|item| item.text.as_str()).collect();
    std::fs::write(
        &doc,
        format!("ERROR: the export failed:\n{}", all.join("\n")),
    )
    .unwrap();
    let mut command = tokio::process::Command::new(loopctl_binary());
    command
        .arg("mcp-proxy")
        .arg("--upstream-url")
        .arg(format!("{}?access_token={token}", upstream.url))
        .args(["--upstream-token-env", "E2E_UPSTREAM_TOKEN"])
        .arg("--log")
        .arg(&log)
        .args([
            "--reflector",
            "rules",
            "--max-retries",
            "1",
            "--base-delay",
            "0",
        ])
        .env("E2E_UPSTREAM_TOKEN", token)
        .env("LOOPCTL_LOG", "trace");
    let (transport, stderr) = TokioChildProcess::builder(command)
        .stderr(Stdio::piped())
        .spawn()
        .expect("the proxy starts");
    // Read the logs while the proxy runs: at TRACE they fill a pipe quickly.
    let logs = tokio::spawn(async move {
        let mut logs = String::new();
        if let Some(mut stderr) = stderr {
            let _ = stderr.read_to_string(&mut logs).await;
        }
        logs
    });
    let client = ClientConfig::new(
        ClientCapabilities::default(),
        Implementation::new("e2e", "0"),
    )
    .serve(transport)
    .await
    .expect("the proxy reached its upstream");
    let mut seen = Vec::new();
    let read = client
        .call_tool(
            CallToolRequestParams::new("read_doc")
                .with_arguments(json!({"path": doc}).as_object().unwrap().clone()),
        )
        .await
        .unwrap();
    assert_eq!(read.is_error, Some(true), "the document is an error");
    seen.push(serde_json::to_string(&read).unwrap());
    for item in items {
        let refused = client
            .call_tool(
                CallToolRequestParams::new("set_mode")
                    .with_arguments(json!({"mode": item.text}).as_object().unwrap().clone()),
            )
            .await
            .unwrap();
        seen.push(serde_json::to_string(&refused).unwrap());
    }
    client.cancel().await.unwrap();
    let logs = logs.await.unwrap();
    assert!(logs.contains("upstream connected"), "{logs}");
    seen.push(logs);
    seen.push(std::fs::read_to_string(&log).unwrap_or_default());

    // A command line with secrets that cannot start.
    let failed = std::process::Command::new(loopctl_binary())
        .args([
            "mcp-proxy",
            "--",
            "/nonexistent/loopctl-e2e-server",
            "--api-key",
            token,
        ])
        .args(all.iter().take(3))
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(failed.status.code(), Some(2));
    seen.push(String::from_utf8_lossy(&failed.stderr).into_owned());
    seen
}

/// `loopctl replay` of the recorded file, as text and JSON, and `loopctl
/// analyze` and `loopctl prompt` of an error holding every secret.
pub(crate) fn command_line(items: &[Item], recorded: &std::path::Path) -> Vec<String> {
    let run = |args: &[&str]| {
        let output = std::process::Command::new(loopctl_binary())
            .args(args)
            .env_remove("OPENAI_API_KEY")
            .env_remove("ANTHROPIC_API_KEY")
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
        let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
        assert!(
            output.status.code().is_some_and(|code| code <= 2),
            "{args:?}: {stderr}"
        );
        format!("{stdout}\n{stderr}")
    };
    let recorded = recorded.display().to_string();
    let error: Vec<&str> = items.iter().map(|item| item.text.as_str()).collect();
    let error = error.join("\n");
    let input = json!({"note": error}).to_string();
    let mut seen = vec![
        run(&["replay", &recorded, "--diff"]),
        run(&["replay", &recorded, "--diff", "--json"]),
    ];
    for json in [false, true] {
        let mut analyze = vec![
            "analyze",
            error.as_str(),
            "--input",
            input.as_str(),
            "--task",
            error.as_str(),
        ];
        let mut prompt = vec!["prompt", error.as_str(), "--input", input.as_str()];
        if json {
            analyze.push("--json");
            prompt.push("--json");
        }
        seen.push(run(&analyze));
        seen.push(run(&prompt));
    }
    assert!(seen[0].contains("failed attempts re-judged"), "{}", seen[0]);
    seen
}
