//! `loopctl mcp-proxy --policy` with a loopctl.toml: each tool its section's retries, the file's rules first; the proxy's first format still read, with a notice.

use crate::proxy_client;

use proxy_client::{call, proxy, scratch, text, upstream_calls};
use serde_json::json;

#[tokio::test]
async fn a_loopctl_toml_gives_each_tool_its_own_retries_and_its_rules() {
    let dir = scratch("loopctl-toml");
    let policy = dir.join("loopctl.toml");
    std::fs::write(
        &policy,
        r#"
[defaults]
max_retries = 1
base_delay = "1ms"

[tools.flaky]
max_retries = 4

[[rules]]
tool = "rpc_*"
text = "internal error"
recoverable = false
"#,
    )
    .unwrap();
    let client = proxy(&["--policy", policy.to_str().unwrap()]).await;
    // The defaults' one retry would not do; flaky's own four do.
    let result = call(&client, "flaky", json!({"key": "t", "failures": 3})).await;
    assert_ne!(result.is_error, Some(true), "{}", text(&result));
    assert_eq!(upstream_calls(&client, "flaky").await, 4);
    // The rule matches only its tool: another key's 503 is still retried.
    let again = call(
        &client,
        "flaky",
        json!({"key": "give-up-now", "failures": 1}),
    )
    .await;
    assert_ne!(again.is_error, Some(true), "{}", text(&again));
}

#[tokio::test]
async fn the_proxys_first_policy_format_still_works_with_a_notice() {
    let dir = scratch("old-format");
    let policy = dir.join("policy.toml");
    std::fs::write(&policy, "max_retries = 0\n").unwrap();
    let output = explain(&policy);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("first policy format, which is deprecated"),
        "{stderr}"
    );
    assert!(String::from_utf8_lossy(&output.stdout).contains("max retries: 0"));
    // Neither format: every loopctl.toml problem, with its line.
    std::fs::write(&policy, "[defaults]\nmax_retry = 0\n").unwrap();
    let output = explain(&policy);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains(":2:1: unknown key `max_retry` in [defaults]; did you mean `max_retries`?"),
        "{stderr}"
    );
}

#[test]
fn a_tool_section_that_names_no_upstream_tool_is_pointed_out() {
    let dir = scratch("typo");
    let policy = dir.join("loopctl.toml");
    std::fs::write(
        &policy,
        "[tools.flakey]\nmax_retries = 0\n[tools.\"ech*\"]\nmax_retries = 1\n[tools.\"zz*\"]\nmax_retries = 1\n",
    )
    .unwrap();
    let output = explain(&policy);
    assert!(output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("[tools.flakey] names none of the upstream's tools; did you mean `flaky`?"),
        "{stderr}"
    );
    assert!(stderr.contains("[tools.zz*] names none"), "{stderr}");
    assert!(!stderr.contains("[tools.ech*]"), "{stderr}");
}

#[test]
fn a_tool_name_in_the_first_formats_lists_that_no_upstream_tool_has_is_pointed_out() {
    let dir = scratch("old-typo");
    let policy = dir.join("policy.toml");
    std::fs::write(
        &policy,
        "read_only = [\"ecko\"]\nnever_repeat = [\"append\"]\ndestructive = [\"apend\"]\n[guard]\nappnd = [\"path\"]\n\"*\" = [\"amount\"]\n",
    )
    .unwrap();
    let output = explain(&policy);
    assert!(output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    for expected in [
        "`ecko` in read_only is none of the upstream's tools; did you mean `echo`?",
        "`apend` in destructive is none of the upstream's tools; did you mean `append`?",
        "`appnd` in guard is none of the upstream's tools; did you mean `append`?",
    ] {
        assert!(stderr.contains(expected), "{expected}: {stderr}");
    }
    // A real name and a glob are not pointed out.
    assert!(!stderr.contains("`append` in"), "{stderr}");
    assert!(!stderr.contains("`*`"), "{stderr}");
}

#[tokio::test]
async fn a_tools_concurrency_cap_in_the_file_holds_across_the_proxys_calls() {
    use rmcp::model::CallToolRequestParams;
    let dir = scratch("cap");
    let policy = dir.join("loopctl.toml");
    std::fs::write(&policy, "[tools.hold]\nconcurrency = 1\nqueue = 0\n").unwrap();
    let client = proxy(&["--policy", policy.to_str().unwrap()]).await;
    let (started, release) = (dir.join("started"), dir.join("release"));
    let arguments = json!({
        "started": started.to_str().unwrap(),
        "release": release.to_str().unwrap(),
    });
    let serde_json::Value::Object(arguments) = arguments else {
        unreachable!()
    };
    let peer = client.peer().clone();
    let held = tokio::spawn({
        let arguments = arguments.clone();
        async move {
            peer.call_tool(CallToolRequestParams::new("hold").with_arguments(arguments))
                .await
                .unwrap()
        }
    });
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(60);
    while !started.exists() {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the held call never started"
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    // The one slot is taken and nothing may wait: refused at once, softly.
    let refused = tokio::time::timeout(
        std::time::Duration::from_secs(60),
        call(&client, "hold", serde_json::Value::Object(arguments)),
    )
    .await
    .expect("refused at once, not held behind the first");
    assert_eq!(refused.is_error, Some(true));
    assert!(
        text(&refused).contains("concurrency cap"),
        "{}",
        text(&refused)
    );
    std::fs::write(&release, b"").unwrap();
    let held = held.await.unwrap();
    assert_ne!(held.is_error, Some(true), "{}", text(&held));
    assert_eq!(
        upstream_calls(&client, "hold").await,
        1,
        "the refused call never reached the server"
    );
}

/// `loopctl mcp-proxy --explain --policy POLICY` in front of the fixture.
fn explain(policy: &std::path::Path) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_loopctl"))
        .args(["mcp-proxy", "--explain", "--policy"])
        .arg(policy)
        .arg("--")
        .arg(loopctl_testkit::mcp_fixture_binary())
        .output()
        .unwrap()
}
