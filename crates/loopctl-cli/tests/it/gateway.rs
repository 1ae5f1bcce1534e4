//! `loopctl mcp-proxy` in front of several servers: each listed under its prefix with its own policy, a name collision refused at start, and one server lost while the others serve.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::time::Duration;

use rmcp::model::CallToolResult;
use serde_json::{Value, json};

use crate::proxy_client::{Watched, call, scratch, text};

/// The fixture's path as a TOML string.
pub(crate) fn fixture() -> String {
    format!(
        "{:?}",
        loopctl_testkit::mcp_fixture_binary().display().to_string()
    )
}

pub(crate) fn write_policy(dir: &Path, text: &str) -> PathBuf {
    let path = dir.join("loopctl.toml");
    std::fs::write(&path, text).unwrap();
    path
}

pub(crate) async fn gateway(policy: &Path, flags: &[&str]) -> Watched {
    let mut args: Vec<&OsStr> = vec!["--policy".as_ref(), policy.as_os_str()];
    args.extend(flags.iter().map(OsStr::new));
    Watched::with_args(&args).await
}

/// The URL printed at start for `path` (`/metrics` or `/health`).
pub(crate) async fn status_url(proxy: &mut Watched, path: &str) -> String {
    let line = proxy.wait_for("metrics on http://").await;
    let start = line.find("http://").unwrap();
    let metrics = line[start..]
        .split_whitespace()
        .next()
        .unwrap()
        .trim_end_matches(',');
    metrics.replace("/metrics", path)
}

async fn health(url: &str) -> (u16, Value) {
    let response = reqwest::get(url)
        .await
        .expect("the health endpoint answers");
    let status = response.status().as_u16();
    (status, response.json().await.expect("health is JSON"))
}

/// Polls `/health` until `check` holds, for at most two minutes: the keeper
/// looks every second, and a loaded machine may take many.
async fn health_until(url: &str, what: &str, check: impl Fn(u16, &Value) -> bool) -> Value {
    let waited = tokio::time::timeout(Duration::from_secs(120), async {
        loop {
            let (status, body) = health(url).await;
            if check(status, &body) {
                return body;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    });
    waited
        .await
        .unwrap_or_else(|_| panic!("/health never said {what}"))
}

fn up(body: &Value, name: &str) -> Option<bool> {
    body["upstreams"]
        .as_array()?
        .iter()
        .find(|server| server["name"] == name)?["up"]
        .as_bool()
}

#[tokio::test(flavor = "multi_thread")]
async fn two_servers_are_listed_under_their_prefixes_each_with_its_own_policy() {
    let dir = scratch("gateway-two");
    let fixture = fixture();
    let policy = write_policy(
        &dir,
        &format!(
            r#"
[defaults]
base_delay = "1ms"

[servers.a]
command = [{fixture}]
[servers.a.defaults]
max_retries = 0

[servers.b]
command = [{fixture}]
prefix = "b."
[servers.b.tools.flaky]
max_retries = 4
"#
        ),
    );
    let proxy = gateway(&policy, &[]).await;
    let listed = proxy.client.list_all_tools().await.unwrap();
    let names: Vec<&str> = listed.iter().map(|tool| tool.name.as_ref()).collect();
    for name in ["a_echo", "a_flaky", "b.echo", "b.flaky"] {
        assert!(names.contains(&name), "{name} missing from {names:?}");
    }
    assert!(
        !names.contains(&"echo") && !names.contains(&"flaky"),
        "a tool is listed without its prefix: {names:?}"
    );
    assert_eq!(
        names.len() % 2,
        0,
        "each server lists the same tools: {names:?}"
    );

    // Server a retries nothing; server b retries its flaky tool.
    let failed = call(&proxy.client, "a_flaky", json!({"key": "k", "failures": 2})).await;
    assert_eq!(failed.is_error, Some(true), "{}", text(&failed));
    let recovered = call(&proxy.client, "b.flaky", json!({"key": "k", "failures": 2})).await;
    assert_ne!(recovered.is_error, Some(true), "{}", text(&recovered));
    // Each call reached its own server, as many times as its policy says.
    assert_eq!(upstream_calls_via(&proxy, "a_stats", "flaky").await, 1);
    assert_eq!(upstream_calls_via(&proxy, "b.stats", "flaky").await, 3);

    let unknown = call(&proxy.client, "echo", json!({"text": "hi"})).await;
    assert_eq!(unknown.is_error, Some(true));
    let said = text(&unknown);
    assert!(
        said.contains("no server behind this proxy gives a tool called `echo`"),
        "{said}"
    );
    assert!(
        said.contains("did you mean `a_echo` or `b.echo`?"),
        "{said}"
    );
    let echoed = call(&proxy.client, "b.echo", json!({"text": "through b"})).await;
    assert_eq!(text(&echoed), "through b");
}

/// How many times `tool` ran on the server whose `stats` tool is `stats`.
async fn upstream_calls_via(proxy: &Watched, stats: &str, tool: &str) -> u64 {
    let answer: Value =
        serde_json::from_str(&text(&call(&proxy.client, stats, json!({})).await)).unwrap();
    answer["calls"][tool].as_u64().unwrap_or(0)
}

#[tokio::test(flavor = "multi_thread")]
async fn prefixes_that_could_give_two_servers_one_name_are_refused_at_start() {
    let dir = scratch("gateway-collision");
    let fixture = fixture();
    // The same prefix; one that begins the other (`gh_` would list
    // `gh_admin_x` for a tool called `admin_x`); none beside another.
    for (first, second) in [("x_", "x_"), ("gh_", "gh_admin_"), ("", "search_")] {
        let policy = write_policy(
            &dir,
            &format!(
                "[servers.files]\ncommand = [{fixture}]\nprefix = \"{first}\"\n\n[servers.search]\ncommand = [{fixture}]\nprefix = \"{second}\"\n"
            ),
        );
        let output = tokio::time::timeout(
            Duration::from_secs(120),
            tokio::process::Command::new(env!("CARGO_BIN_EXE_loopctl"))
                .args(["mcp-proxy", "--policy"])
                .arg(&policy)
                .stdin(std::process::Stdio::null())
                .output(),
        )
        .await
        .expect("the proxy stops by itself")
        .unwrap();
        assert_eq!(output.status.code(), Some(2), "{first:?} {second:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains(&format!(
                "[servers.files] prefix \"{first}\" and [servers.search] prefix \"{second}\" overlap"
            )) && stderr.contains("give each server a prefix that does not begin another's"),
            "{stderr}"
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_servers_token_stays_out_of_the_other_servers_processes() {
    let dir = scratch("gateway-token");
    let fixture = fixture();
    let seen = dir.join("environment");
    let policy = write_policy(
        &dir,
        &format!(
            r#"
[servers.remote]
url = "http://127.0.0.1:9/mcp"
token_env = "GATEWAY_TEST_TOKEN"

[servers.local]
command = ["sh", "-c", "env > \"$0\"; exec \"$1\"", {seen:?}, {fixture}]
"#,
            seen = seen.display().to_string()
        ),
    );
    let secret = "sk-gateway-test-0123456789abcdef";
    let args: Vec<&OsStr> = vec!["--policy".as_ref(), policy.as_os_str()];
    let proxy = Watched::with_env(
        &args,
        &[
            ("GATEWAY_TEST_TOKEN", secret),
            ("GATEWAY_TEST_OTHER", "kept"),
        ],
    )
    .await;
    // The local server answers while the remote one is down.
    let echoed = call(&proxy.client, "local_echo", json!({"text": "here"})).await;
    assert_eq!(text(&echoed), "here");
    let environment = std::fs::read_to_string(&seen).unwrap();
    assert!(
        environment.contains("GATEWAY_TEST_OTHER=kept"),
        "{environment}"
    );
    assert!(
        !environment.contains("GATEWAY_TEST_TOKEN") && !environment.contains(secret),
        "the remote server's token reached the local server's process"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn servers_in_the_file_and_on_the_command_line_are_refused() {
    let dir = scratch("gateway-both");
    let fixture = fixture();
    let policy = write_policy(&dir, &format!("[servers.a]\ncommand = [{fixture}]\n"));
    let output = tokio::process::Command::new(env!("CARGO_BIN_EXE_loopctl"))
        .args(["mcp-proxy", "--policy"])
        .arg(&policy)
        .arg("--")
        .arg(loopctl_testkit::mcp_fixture_binary())
        .stdin(std::process::Stdio::null())
        .output()
        .await
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("not both"),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn one_server_lost_leaves_the_other_serving_until_it_is_back() {
    let dir = scratch("gateway-lost");
    let fixture = fixture();
    let present = dir.join("present");
    std::fs::write(&present, "").unwrap();
    // Server a runs only while the file `present` exists: once it exits and
    // the file is gone, it cannot start again until the file is back.
    let policy = write_policy(
        &dir,
        &format!(
            r#"
[defaults]
base_delay = "1ms"
max_retries = 1

[servers.a]
command = ["sh", "-c", "test -f \"$0\" && exec \"$1\"", {present:?}, {fixture}]

[servers.b]
command = [{fixture}]
"#,
            present = present.display().to_string()
        ),
    );
    let mut proxy = gateway(&policy, &["--metrics", "127.0.0.1:0"]).await;
    let url = status_url(&mut proxy, "/health").await;
    health_until(&url, "both up", |status, body| {
        status == 200 && up(body, "a") == Some(true) && up(body, "b") == Some(true)
    })
    .await;

    std::fs::remove_file(&present).unwrap();
    let marker = dir.join("crashed");
    let crashed = call(
        &proxy.client,
        "a_crash_once",
        json!({"marker": marker.display().to_string()}),
    )
    .await;
    assert_eq!(crashed.is_error, Some(true), "{}", text(&crashed));
    // Degraded is still serving: 200, with the server that is down named.
    let body = health_until(&url, "a down", |status, body| {
        status == 200 && up(body, "a") == Some(false)
    })
    .await;
    assert_eq!(body["status"], "degraded");
    assert_eq!(up(&body, "b"), Some(true));

    for round in 0..5 {
        let echoed = call(
            &proxy.client,
            "b_echo",
            json!({"text": format!("b {round}")}),
        )
        .await;
        assert_eq!(text(&echoed), format!("b {round}"), "b stopped serving");
    }
    let refused = call(&proxy.client, "a_echo", json!({"text": "a"})).await;
    assert_eq!(refused.is_error, Some(true), "{}", text(&refused));
    assert!(
        proxy.client.list_all_tools().await.is_ok(),
        "listing failed while a was down"
    );

    std::fs::write(&present, "").unwrap();
    health_until(&url, "a up again", |status, body| {
        status == 200 && up(body, "a") == Some(true)
    })
    .await;
    let back = call(&proxy.client, "a_echo", json!({"text": "a is back"})).await;
    assert_eq!(text(&back), "a is back");
}

#[tokio::test(flavor = "multi_thread")]
async fn over_http_each_session_has_its_own_connection_to_every_server() {
    let dir = scratch("gateway-http");
    let fixture = fixture();
    let policy = write_policy(
        &dir,
        &format!(
            "[defaults]\nbase_delay = \"1ms\"\n\n[servers.a]\ncommand = [{fixture}]\n\n[servers.b]\ncommand = [{fixture}]\n"
        ),
    );
    let mut child = tokio::process::Command::new(env!("CARGO_BIN_EXE_loopctl"))
        .args(["mcp-proxy", "--http", "127.0.0.1:0", "--policy"])
        .arg(&policy)
        .stderr(std::process::Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    let (url, _lines) = loopctl_testkit::proxy_listening(&mut child).await;
    let session = || async {
        let transport = rmcp::transport::StreamableHttpClientTransport::from_uri(url.clone());
        rmcp::ServiceExt::serve(crate::proxy_client::client_config(), transport)
            .await
            .expect("a session opens")
    };
    let first = session().await;
    let second = session().await;
    let recovered = call(&first, "a_flaky", json!({"key": "k", "failures": 1})).await;
    assert_eq!(text(&recovered), "ok: k after 1 failures");
    let echoed = call(&second, "b_echo", json!({"text": "second"})).await;
    assert_eq!(text(&echoed), "second");
    // Each session's calls reached servers of its own: the first session's
    // server `a` ran flaky twice, the second session's never.
    let ran = |answer: CallToolResult| -> u64 {
        let stats: Value = serde_json::from_str(&text(&answer)).unwrap();
        stats["calls"]["flaky"].as_u64().unwrap_or(0)
    };
    assert_eq!(ran(call(&first, "a_stats", json!({})).await), 2);
    assert_eq!(ran(call(&second, "a_stats", json!({})).await), 0);
    assert_eq!(
        first.list_all_tools().await.unwrap().len(),
        second.list_all_tools().await.unwrap().len()
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn explain_shows_each_servers_own_policy() {
    let dir = scratch("gateway-explain");
    let fixture = fixture();
    let policy = write_policy(
        &dir,
        &format!(
            "[servers.a]\ncommand = [{fixture}]\n[servers.a.defaults]\nmax_retries = 1\n\n[servers.b]\ncommand = [{fixture}]\nprefix = \"bee_\"\n[servers.b.defaults]\nmax_retries = 7\n"
        ),
    );
    let output = tokio::process::Command::new(env!("CARGO_BIN_EXE_loopctl"))
        .args(["mcp-proxy", "--explain", "--policy"])
        .arg(&policy)
        .stdin(std::process::Stdio::null())
        .output()
        .await
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let shown = String::from_utf8_lossy(&output.stdout);
    let a = shown
        .find("server a (tools listed as a_NAME)")
        .expect(&shown);
    let b = shown
        .find("server b (tools listed as bee_NAME)")
        .expect(&shown);
    assert!(shown[a..b].contains("max retries: 1"), "{shown}");
    assert!(shown[b..].contains("max retries: 7"), "{shown}");
}
