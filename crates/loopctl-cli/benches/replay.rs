//! Replay throughput: lines a second re-judged with the rule reflector, on a generated log of real error texts.
#![allow(
    clippy::print_stdout,
    reason = "a benchmark program reports its figures on stdout"
)]

use std::time::Instant;

use loopctl_backoff::ExponentialBackoffRecovery;
use loopctl_cli::replay::replay_text;
use loopctl_reflect_rules::RuleReflector;
use serde_json::json;

/// Error texts as the tour's tools and common clients print them.
const ERRORS: [&str; 8] = [
    "HTTP 429 Too Many Requests (Retry-After: 1)",
    "HTTP 503 Service Unavailable",
    "invalid type: string \"64\", expected u64",
    "unknown tool `reed_file`; registered tools: http_get, read_file, slow_query, write_file",
    "EACCES: permission denied, open '/etc/passwd' (outside the agent's workspace)",
    "tool `slow_query` timed out after 250 ms without finishing",
    "read ECONNRESET: connection reset by peer",
    "psycopg2.errors.SerializationFailure: could not serialize access due to concurrent update",
];

fn log(lines: usize) -> String {
    let mut text = String::with_capacity(lines * 400);
    for n in 0..lines {
        let line = json!({
            "v": 1, "ts_ms": 1_764_560_000_000_u64 + n as u64, "kind": "attempt",
            "call_id": format!("c{n}"), "tool": "fetch", "attempt": n % 3,
            "input": {"url": "https://api.example.com/v1/items", "page": n},
            "error": ERRORS[n % ERRORS.len()],
            "analysis": null,
            "action": {"kind": "retry", "delay_ms": 100},
        });
        text.push_str(&line.to_string());
        text.push('\n');
    }
    text
}

fn main() {
    const LINES: usize = 200_000;
    let text = log(LINES);
    let rules = RuleReflector::new();
    let strategy: std::sync::Arc<dyn loopctl_reflect_core::RecoveryStrategy> =
        std::sync::Arc::new(ExponentialBackoffRecovery::new(3));
    let strategy_for = |_: &str| std::sync::Arc::clone(&strategy);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let mut best = f64::MAX;
    for _ in 0..3 {
        let started = Instant::now();
        let replay = runtime
            .block_on(replay_text(&text, &rules, &strategy_for, true, 8))
            .expect("every generated line reads");
        assert_eq!(replay.comparison.overall().failures, LINES as u64);
        best = best.min(started.elapsed().as_secs_f64());
    }
    println!(
        "replay of {LINES} lines with the rule reflector: {:.0} ms",
        best * 1e3
    );
    println!("FIGURE replay_lines_per_second {:.0}", LINES as f64 / best);
}
