//! `loopctl mcp-proxy --policy` reloads without a restart: on SIGHUP and when the file changes, new calls get the new policy, a broken file keeps the old one and says why, and a call in flight finishes under the policy it started with.
#![cfg(unix)]

use crate::proxy_client;

use std::path::Path;
use std::time::Duration;

use proxy_client::{Watched, call, scratch, text, upstream_calls};
use rmcp::model::CallToolRequestParams;
use serde_json::json;

fn write(path: &Path, text: &str) {
    // Written beside it and renamed over it, as editors and ConfigMaps do:
    // the proxy never reads half a file.
    let beside = path.with_extension("new");
    std::fs::write(&beside, text).unwrap();
    std::fs::rename(&beside, path).unwrap();
}

fn hangup(pid: u32) {
    let status = std::process::Command::new("sh")
        .args(["-c", &format!("kill -HUP {pid}")])
        .status()
        .unwrap();
    assert!(status.success());
}

const NO_RETRIES: &str = "[defaults]\nbase_delay = \"1ms\"\n\n[tools.flaky]\nmax_retries = 0\n";
const THREE_RETRIES: &str = "[defaults]\nbase_delay = \"1ms\"\n\n[tools.flaky]\nmax_retries = 3\n";

#[tokio::test]
async fn sighup_puts_a_good_file_in_force_and_keeps_the_old_policy_over_a_broken_one() {
    let dir = scratch("reload-sighup");
    let policy = dir.join("loopctl.toml");
    write(&policy, NO_RETRIES);
    // Without watching the file, only SIGHUP reloads.
    let mut proxy = Watched::start(&[
        "--policy",
        policy.to_str().unwrap(),
        "--reload-interval",
        "0s",
    ])
    .await;
    let flaky = |key: &str| json!({"key": key, "failures": 1});
    let first = call(&proxy.client, "flaky", flaky("a")).await;
    assert_eq!(
        first.is_error,
        Some(true),
        "no retries yet: {}",
        text(&first)
    );

    write(&policy, THREE_RETRIES);
    let unchanged = call(&proxy.client, "flaky", flaky("b")).await;
    assert_eq!(unchanged.is_error, Some(true), "not reloaded before SIGHUP");

    hangup(proxy.pid);
    proxy.wait_for("reloaded (on SIGHUP)").await;
    let retried = call(&proxy.client, "flaky", flaky("c")).await;
    assert_ne!(retried.is_error, Some(true), "{}", text(&retried));

    // A typo: the old policy stays, and the line says what is wrong.
    write(&policy, "[tools.flaky]\nmax_retrys = 0\n");
    hangup(proxy.pid);
    let refused = proxy.wait_for("not reloaded (on SIGHUP)").await;
    assert!(
        refused.contains("max_retrys") && refused.contains("max_retries"),
        "{refused}"
    );
    let kept = call(&proxy.client, "flaky", flaky("d")).await;
    assert_ne!(
        kept.is_error,
        Some(true),
        "the three retries stay: {}",
        text(&kept)
    );
    assert_eq!(upstream_calls(&proxy.client, "flaky").await, 1 + 1 + 2 + 2);
}

#[tokio::test]
async fn a_changed_file_is_reloaded_and_a_call_in_flight_keeps_the_policy_it_started_with() {
    let dir = scratch("reload-file");
    let policy = dir.join("loopctl.toml");
    write(
        &policy,
        "[defaults]\nbase_delay = \"1ms\"\n\n[tools.hold]\nmax_retries = 2\n",
    );
    let mut proxy = Watched::start(&[
        "--policy",
        policy.to_str().unwrap(),
        "--reload-interval",
        "100ms",
    ])
    .await;
    let (started, release) = (dir.join("started"), dir.join("release"));
    let arguments = json!({
        "started": started.to_str().unwrap(),
        "release": release.to_str().unwrap(),
        "fail": "Service Unavailable (503): upstream is restarting, try again",
    });
    let serde_json::Value::Object(arguments) = arguments else {
        unreachable!()
    };
    // A call that fails only once the test lets it: it is in flight while
    // the policy changes under it.
    let peer = proxy.client.peer().clone();
    let in_flight = tokio::spawn({
        let arguments = arguments.clone();
        async move {
            peer.call_tool(CallToolRequestParams::new("hold").with_arguments(arguments))
                .await
                .unwrap()
        }
    });
    let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
    while !started.exists() {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the held call never started"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }

    write(&policy, "[tools.hold]\nmax_retries = 0\n");
    proxy.wait_for("reloaded (the file changed)").await;
    std::fs::write(&release, b"").unwrap();
    let held = in_flight.await.unwrap();
    assert_eq!(held.is_error, Some(true));
    // Started under two retries, it used them: three attempts.
    assert_eq!(upstream_calls(&proxy.client, "hold").await, 3);

    // A new call gets the file as it is now: no retry.
    let new = proxy
        .client
        .call_tool(CallToolRequestParams::new("hold").with_arguments(arguments))
        .await
        .unwrap();
    assert_eq!(new.is_error, Some(true));
    assert_eq!(upstream_calls(&proxy.client, "hold").await, 4);

    // A file that stays broken is reported once, and the policy stays.
    write(&policy, "[tools.hold\n");
    let refused = proxy.wait_for("not reloaded (the file changed)").await;
    assert!(refused.contains("loopctl.toml"), "{refused}");
}
