//! The proxy's `/metrics`: Prometheus's own checker accepts it, and it counts attempts, retries, refusals and open circuits per upstream and tool.

use std::path::PathBuf;

use serde_json::json;

use crate::gateway::{fixture, gateway, status_url, write_policy};
use crate::proxy_client::{call, scratch, text};

/// One sample's value: the line of metric `name` whose labels include all
/// of `labels`.
fn sample(body: &str, name: &str, labels: &[(&str, &str)]) -> Option<f64> {
    body.lines()
        .filter(|line| !line.starts_with('#'))
        .filter_map(|line| {
            let (series, value) = line.rsplit_once(' ')?;
            let (metric, rest) = series.split_once('{').unwrap_or((series, "}"));
            (metric == name).then_some((rest, value))
        })
        .find(|(rest, _)| {
            labels
                .iter()
                .all(|(key, value)| rest.contains(&format!("{key}=\"{value}\"")))
        })
        .and_then(|(_, value)| value.parse().ok())
}

/// promtool from `LOOPCTL_PROMTOOL` or the PATH; `None` (with a notice)
/// when it is missing and the run does not require it.
fn promtool() -> Option<PathBuf> {
    let named = std::env::var_os("LOOPCTL_PROMTOOL").map(PathBuf::from);
    let found = named.or_else(|| {
        std::env::var_os("PATH").and_then(|path| {
            std::env::split_paths(&path)
                .map(|dir| dir.join("promtool"))
                .find(|candidate| candidate.is_file())
        })
    });
    if found.is_none() {
        loopctl_testkit::missing(
            loopctl_testkit::Part::Promtool,
            "promtool (Debian's `prometheus` package) is neither at LOOPCTL_PROMTOOL nor on PATH, so the exposition is not checked by Prometheus's parser",
        );
    }
    found
}

#[tokio::test(flavor = "multi_thread")]
async fn metrics_pass_promtool_and_count_per_upstream_and_tool() {
    let dir = scratch("gateway-metrics");
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
max_retries = 3

[servers.b]
command = [{fixture}]
[servers.b.defaults]
max_retries = 0
breaker = {{ threshold = 1, cool_down = "1h" }}
"#
        ),
    );
    let mut proxy = gateway(&policy, &["--metrics", "127.0.0.1:0"]).await;
    let url = status_url(&mut proxy, "/metrics").await;

    let recovered = call(&proxy.client, "a_flaky", json!({"key": "k", "failures": 2})).await;
    assert_ne!(recovered.is_error, Some(true), "{}", text(&recovered));
    let failed = call(&proxy.client, "b_flaky", json!({"key": "k", "failures": 5})).await;
    assert_eq!(failed.is_error, Some(true));
    let refused = call(&proxy.client, "b_flaky", json!({"key": "k", "failures": 5})).await;
    assert!(
        text(&refused).contains("circuit open"),
        "{}",
        text(&refused)
    );
    let echoed = call(&proxy.client, "b_echo", json!({"text": "x"})).await;
    assert_eq!(text(&echoed), "x");

    let response = reqwest::get(&url).await.unwrap();
    assert_eq!(response.status().as_u16(), 200);
    let kind = response.headers()["content-type"]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(kind.starts_with("text/plain; version=0.0.4"), "{kind}");
    let body = response.text().await.unwrap();

    let tool = "gen_ai_tool_name";
    let attempts = |upstream: &str, name: &str, outcome: &str| {
        sample(
            &body,
            "loopctl_tool_attempts_total",
            &[("upstream", upstream), (tool, name), ("outcome", outcome)],
        )
    };
    assert_eq!(attempts("a", "flaky", "failure"), Some(2.0), "{body}");
    assert_eq!(attempts("a", "flaky", "success"), Some(1.0), "{body}");
    assert_eq!(attempts("b", "flaky", "failure"), Some(1.0), "{body}");
    assert_eq!(attempts("b", "echo", "success"), Some(1.0), "{body}");
    assert_eq!(attempts("a", "echo", "success"), Some(0.0), "{body}");
    let retries = |upstream: &str| {
        sample(
            &body,
            "loopctl_tool_retries_total",
            &[("upstream", upstream), (tool, "flaky")],
        )
    };
    assert_eq!(
        (retries("a"), retries("b")),
        (Some(2.0), Some(0.0)),
        "{body}"
    );
    let refusals = |upstream: &str| {
        sample(
            &body,
            "loopctl_tool_refused_total",
            &[("upstream", upstream), (tool, "flaky")],
        )
    };
    assert_eq!(
        (refusals("a"), refusals("b")),
        (Some(0.0), Some(1.0)),
        "{body}"
    );
    let open = |upstream: &str| {
        sample(
            &body,
            "loopctl_proxy_circuit_open",
            &[("upstream", upstream), (tool, "flaky")],
        )
    };
    assert_eq!((open("a"), open("b")), (Some(0.0), Some(1.0)), "{body}");
    for upstream in ["a", "b"] {
        assert_eq!(
            sample(
                &body,
                "loopctl_proxy_upstream_up",
                &[("upstream", upstream)]
            ),
            Some(1.0),
            "{body}"
        );
    }
    assert!(
        body.contains("# HELP loopctl_tool_attempts_total"),
        "{body}"
    );

    // Every series the shipped dashboard plots is one the proxy serves.
    let queries = dashboard_queries();
    assert!(queries.len() >= 9, "{queries:?}");
    for query in &queries {
        for metric in metric_names(query) {
            assert!(
                body.lines()
                    .any(|line| line.starts_with(&format!("{metric}{{"))),
                "the dashboard plots {metric}, which /metrics does not serve:\n{query}"
            );
        }
    }

    if let Some(promtool) = promtool() {
        use std::io::Write;
        let mut child = std::process::Command::new(promtool)
            .args(["check", "metrics"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("promtool starts");
        child
            .stdin
            .take()
            .unwrap()
            .write_all(body.as_bytes())
            .unwrap();
        let checked = child.wait_with_output().unwrap();
        assert!(
            checked.status.success(),
            "promtool check metrics: {}{}\n{body}",
            String::from_utf8_lossy(&checked.stdout),
            String::from_utf8_lossy(&checked.stderr)
        );
        // The dashboard's queries parse as PromQL: promtool reads them as
        // recording rules, with Grafana's variables filled in.
        let rules = dir.join("dashboard-rules.yml");
        let mut text = String::from("groups:\n  - name: dashboard\n    rules:\n");
        for (index, query) in queries.iter().enumerate() {
            let filled = query
                .replace("$__rate_interval", "5m")
                .replace("$upstream", ".*");
            text.push_str(&format!(
                "      - record: dashboard:query{index}\n        expr: {}\n",
                serde_json::to_string(&filled).unwrap()
            ));
        }
        std::fs::write(&rules, text).unwrap();
        let parsed = std::process::Command::new(promtool_path())
            .args(["check", "rules"])
            .arg(&rules)
            .output()
            .unwrap();
        assert!(
            parsed.status.success(),
            "promtool check rules: {}{}",
            String::from_utf8_lossy(&parsed.stdout),
            String::from_utf8_lossy(&parsed.stderr)
        );
    }
}

/// The path `promtool` was found at (only called once it was).
fn promtool_path() -> PathBuf {
    promtool().expect("promtool was found a moment ago")
}

/// Every query of the Grafana dashboard in docs/grafana.
fn dashboard_queries() -> Vec<String> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/grafana/loopctl-mcp-proxy.json"
    );
    let dashboard: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    dashboard["panels"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|panel| panel["targets"].as_array().cloned().unwrap_or_default())
        .filter_map(|target| target["expr"].as_str().map(str::to_owned))
        .collect()
}

/// The `loopctl_…` metric names a query reads.
fn metric_names(query: &str) -> Vec<String> {
    query
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|word| word.starts_with("loopctl_"))
        .map(str::to_owned)
        .collect()
}
