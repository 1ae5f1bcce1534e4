//! `--inject`: seeded faults in front of a real server through the proxy, at their rate, the same for the same seed, marked in the log, each of the kind it names.

use serde_json::json;

use crate::proxy_client::{Watched, call, text};

const CALLS: usize = 120;

/// Which of `CALLS` echo calls failed, under `--inject` rules for echo only.
async fn failures(seed: &str, rule: &str) -> (Vec<bool>, Watched) {
    let mut proxy = Watched::start(&[
        "--max-retries",
        "0",
        "--inject",
        rule,
        "--inject-seed",
        seed,
    ])
    .await;
    proxy
        .wait_for(&format!("injecting faults with seed {seed}"))
        .await;
    let mut failed = Vec::with_capacity(CALLS);
    for round in 0..CALLS {
        let result = call(
            &proxy.client,
            "echo",
            json!({"text": format!("call {round}")}),
        )
        .await;
        let is_error = result.is_error == Some(true);
        if !is_error {
            assert_eq!(text(&result), format!("call {round}"));
        }
        failed.push(is_error);
        // A tool without a rule is never touched.
        if round % 20 == 0 {
            let stats = call(&proxy.client, "stats", json!({})).await;
            assert_ne!(stats.is_error, Some(true), "{}", text(&stats));
        }
    }
    (failed, proxy)
}

#[tokio::test(flavor = "multi_thread")]
async fn error_results_come_at_their_rate_the_same_for_the_same_seed_and_are_logged() {
    let (first, mut proxy) = failures("7", "default/echo:error=0.3").await;
    let count = first.iter().filter(|failed| **failed).count() as f64;
    // 0.3 of 120 is 36, with a standard deviation of 5.0: five of them either side.
    assert!((11.0..=61.0).contains(&count), "{count} of {CALLS} failed");
    let logged = proxy.wait_for("injected fault").await;
    assert!(
        logged.contains("echo") && logged.contains("error"),
        "{logged}"
    );
    let failed_text = call_until_failure(&proxy).await;
    assert!(failed_text.contains("injected fault"), "{failed_text}");

    let (again, _) = failures("7", "default/echo:error=0.3").await;
    assert_eq!(first, again, "the same seed gave other faults");
    let (other, _) = failures("8", "default/echo:error=0.3").await;
    assert_ne!(first, other, "seeds 7 and 8 gave the same {CALLS} outcomes");
}

/// The text of the next failed echo call (one comes within a few calls at 0.3).
async fn call_until_failure(proxy: &Watched) -> String {
    for _ in 0..200 {
        let result = call(&proxy.client, "echo", json!({"text": "x"})).await;
        if result.is_error == Some(true) {
            return text(&result);
        }
    }
    panic!("200 calls in a row without an injected fault at a rate of 0.3")
}

#[tokio::test(flavor = "multi_thread")]
async fn each_kind_of_fault_looks_like_its_real_counterpart() {
    let mut proxy = Watched::start(&[
        "--max-retries",
        "0",
        "--call-timeout",
        "300ms",
        "--inject",
        "default/echo:rpc-error=1",
        "--inject",
        "default/set_mode:drop=1",
        "--inject",
        "default/flaky:latency=1@1h",
    ])
    .await;
    let rpc = call(&proxy.client, "echo", json!({"text": "x"})).await;
    assert_eq!(rpc.is_error, Some(true));
    let said = text(&rpc);
    assert!(
        said.contains("-32603") && said.contains("injected fault"),
        "{said}"
    );

    let dropped = call(&proxy.client, "set_mode", json!({"mode": "fast"})).await;
    assert_eq!(dropped.is_error, Some(true));
    assert!(
        text(&dropped).contains("connection closed"),
        "{}",
        text(&dropped)
    );
    // The connection really went: the next call is served by a new one.
    let stats = call(&proxy.client, "stats", json!({})).await;
    assert_ne!(stats.is_error, Some(true), "{}", text(&stats));
    proxy.wait_for("fault=\"drop\"").await;

    // An hour's latency meets the 300 ms call time-out: the call ends as a
    // time-out does.
    let slow = call(&proxy.client, "flaky", json!({"key": "k", "failures": 0})).await;
    assert_eq!(slow.is_error, Some(true));
    let said = text(&slow);
    assert!(
        said.contains("300 ms") && said.contains("timed out"),
        "{said}"
    );
    proxy.wait_for("fault=\"latency\"").await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_bad_rule_or_an_unknown_server_stops_the_start() {
    for (rule, said) in [
        ("error=2", "not a share of calls"),
        ("nowhere:error=0.5", "does not front"),
    ] {
        let output = tokio::process::Command::new(env!("CARGO_BIN_EXE_loopctl"))
            .args(["mcp-proxy", "--inject", rule, "--"])
            .arg(loopctl_testkit::mcp_fixture_binary())
            .stdin(std::process::Stdio::null())
            .output()
            .await
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{rule}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(said), "{rule}: {stderr}");
    }
}
