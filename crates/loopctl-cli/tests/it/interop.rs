//! `loopctl mcp-proxy` with clients and servers nobody here wrote: the TypeScript SDK's client over stdio and streamable HTTP, the MCP Inspector 0.15.0's CLI mode, and the reference server-everything as an upstream, all from npm as `.ci/run` installs them.

use std::path::PathBuf;
use std::process::Stdio;

use loopctl_testkit::{GENEROUS, npm_file, npm_root};
use serde_json::{Value, json};

/// The SDK client script, placed where it can import the SDK.
fn client_script() -> Option<PathBuf> {
    npm_file("@modelcontextprotocol/sdk/dist/esm/client/index.js")?;
    let script = npm_root().join(format!("loopctl-interop-{}.mjs", std::process::id()));
    let source = format!(
        "{}/tests/data/interop/client.mjs",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::copy(source, &script).unwrap();
    Some(script)
}

fn loopctl() -> String {
    env!("CARGO_BIN_EXE_loopctl").to_owned()
}

fn fixture() -> String {
    loopctl_testkit::mcp_fixture_binary().display().to_string()
}

/// Runs node with `args` and `envs`, and returns what it printed on stdout.
async fn node(args: &[String], envs: &[(&str, &str)]) -> (bool, String, String) {
    let output = tokio::time::timeout(
        GENEROUS,
        tokio::process::Command::new("node")
            .args(args)
            .envs(envs.iter().copied())
            .env_remove("OPENAI_API_KEY")
            .env_remove("ANTHROPIC_API_KEY")
            .stdin(Stdio::null())
            .kill_on_drop(true)
            .output(),
    )
    .await
    .expect("node ends in time")
    .expect("node runs");
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

fn last_json(stdout: &str) -> Value {
    let line = stdout
        .lines()
        .rev()
        .find(|line| line.starts_with('{'))
        .expect("a JSON line");
    serde_json::from_str(line).unwrap()
}

fn text(result: &Value) -> String {
    result["content"][0]["text"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

#[tokio::test]
async fn the_typescript_sdk_over_stdio_gets_a_flaky_call_recovered() {
    let Some(script) = client_script() else {
        return;
    };
    let calls = json!([{"name": "flaky", "arguments": {"key": "ts", "failures": 2}}]).to_string();
    let args = [
        script.display().to_string(),
        "stdio".into(),
        loopctl(),
        "mcp-proxy".into(),
        "--base-delay".into(),
        "1ms".into(),
        fixture(),
    ];
    let (ok, stdout, stderr) = node(&args, &[("CALLS", &calls)]).await;
    assert!(ok, "{stderr}");
    let seen = last_json(&stdout);
    assert!(
        seen["tools"]
            .as_array()
            .unwrap()
            .iter()
            .any(|tool| tool["name"] == "flaky")
    );
    assert_eq!(
        text(&seen["results"][0]),
        "ok: ts after 2 failures",
        "{seen}"
    );
}

/// Starts the proxy over HTTP with `flags` and returns it and its URL.
async fn http_proxy(
    flags: &[&str],
    envs: &[(&str, &str)],
    upstream: &[String],
) -> (tokio::process::Child, String) {
    let mut child = tokio::process::Command::new(loopctl())
        .args(["mcp-proxy", "--http", "127.0.0.1:0", "--base-delay", "1ms"])
        .args(flags)
        .args(upstream)
        .envs(envs.iter().copied())
        .stdin(Stdio::null())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    let (url, _lines) = loopctl_testkit::proxy_listening(&mut child).await;
    (child, url)
}

#[tokio::test]
async fn the_typescript_sdk_over_http_needs_the_token_and_gets_recovery_with_it() {
    let Some(script) = client_script() else {
        return;
    };
    let token = "3b9f0c2d7e614a58b0c1d2e3f4a5b6c7";
    let (_proxy, url) = http_proxy(
        &["--auth-token-env", "PROXY_TOKEN"],
        &[("PROXY_TOKEN", token)],
        &[fixture()],
    )
    .await;
    let calls = json!([{"name": "flaky", "arguments": {"key": "http", "failures": 1}}]).to_string();
    let args = [script.display().to_string(), "http".into(), url.clone()];
    let (ok, stdout, stderr) = node(&args, &[("CALLS", &calls), ("TOKEN", token)]).await;
    assert!(ok, "{stderr}");
    let seen = last_json(&stdout);
    assert_eq!(
        text(&seen["results"][0]),
        "ok: http after 1 failures",
        "{seen}"
    );
    assert_eq!(seen["protocol"], "2025-11-25", "{seen}");
    assert!(seen["session"].is_string(), "{seen}");
    let (ok, _, stderr) = node(&args, &[("CALLS", "[]")]).await;
    assert!(!ok, "connected without the token");
    assert!(stderr.contains("401"), "{stderr}");
}

#[tokio::test]
async fn the_inspector_cli_starts_the_proxy_as_its_docs_say() {
    let Some(inspector) = npm_file("@modelcontextprotocol/inspector/cli/build/cli.js") else {
        return;
    };
    let inspector = inspector.display().to_string();
    // The Inspector's documented form: the server's command, then its options.
    let listed = [
        inspector.clone(),
        "--cli".into(),
        loopctl(),
        "mcp-proxy".into(),
        fixture(),
        "--method".into(),
        "tools/list".into(),
    ];
    let (ok, stdout, stderr) = node(&listed, &[]).await;
    assert!(ok, "{stderr}");
    let tools: Value = serde_json::from_str(&stdout).unwrap();
    assert!(
        tools["tools"]
            .as_array()
            .unwrap()
            .iter()
            .any(|tool| tool["name"] == "flaky"),
        "{stdout}"
    );
    // A call, in the same form.
    let called = [
        inspector.clone(),
        "--cli".into(),
        loopctl(),
        "mcp-proxy".into(),
        fixture(),
        "--method".into(),
        "tools/call".into(),
        "--tool-name".into(),
        "echo".into(),
        "--tool-arg".into(),
        "text=hi".into(),
    ];
    let (ok, stdout, stderr) = node(&called, &[]).await;
    assert!(ok, "{stderr}");
    let result: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(text(&result), "hi", "{stdout}");
    // With `--` before the command and the proxy's own `--`, as a careful
    // user writes it: the Inspector strips both, and the proxy does without.
    let separated = [
        inspector,
        "--cli".into(),
        "--method".into(),
        "tools/list".into(),
        "--".into(),
        loopctl(),
        "mcp-proxy".into(),
        "--".into(),
        fixture(),
    ];
    let (ok, stdout, stderr) = node(&separated, &[]).await;
    assert!(ok, "{stderr}");
    assert!(stdout.contains("\"flaky\""), "{stdout}");
}

#[tokio::test]
async fn the_reference_everything_server_behind_the_proxy() {
    let Some(script) = client_script() else {
        return;
    };
    let Some(everything) = npm_file("@modelcontextprotocol/server-everything/dist/index.js") else {
        return;
    };
    let calls = json!([{"name": "get-sum", "arguments": {"a": 1, "b": 2}}]).to_string();
    let args = [
        script.display().to_string(),
        "stdio".into(),
        loopctl(),
        "mcp-proxy".into(),
        "node".into(),
        everything.display().to_string(),
        "stdio".into(),
    ];
    let (ok, stdout, stderr) = node(&args, &[("CALLS", &calls)]).await;
    assert!(ok, "{stderr}");
    let seen = last_json(&stdout);
    let names: Vec<&str> = seen["tools"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|tool| tool["name"].as_str())
        .collect();
    assert!(
        names.contains(&"echo") && names.contains(&"get-sum"),
        "{names:?}"
    );
    assert!(text(&seen["results"][0]).contains('3'), "{seen}");
}
