//! Resources: memory stays flat over ten thousand failing calls, with every cache, window and map bounded.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use loopctl::driver::{BreakerConfig, HealthMonitor, LoopDetector};
use loopctl::prelude::*;
use serde_json::json;

fn resident_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            status
                .lines()
                .find(|line| line.starts_with("VmRSS:"))
                .and_then(|line| line.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

#[tokio::test(start_paused = true)]
async fn ten_thousand_failing_calls_leave_memory_flat() {
    let counter = Arc::new(AtomicU64::new(0));
    let errors = Arc::clone(&counter);
    let failing = FnTool::new(
        ToolSchema::new("fetch", "", json!({"type": "object"})),
        move |_| {
            let n = errors.fetch_add(1, Ordering::Relaxed);
            // Every error text differs, so the analysis cache keeps meeting new keys.
            async move { ToolOutput::error(format!("HTTP 503 Service Unavailable (request {n})")) }
        },
    );
    let monitor = Arc::new(HealthMonitor::with_breaker(BreakerConfig {
        failure_threshold: 1_000_000,
        cool_down: Duration::from_secs(1),
    }));
    let driver = Dispatcher::new(ToolRegistry::new().with(failing))
        .with_reflector(Arc::new(CachingReflector::new(Arc::new(
            RuleReflector::new(),
        ))))
        .with_recovery_strategy(Arc::new(
            ExponentialBackoffRecovery::new(2).with_base_delay(Duration::ZERO),
        ))
        .with_loop_detector(Arc::new(LoopDetector::new()))
        .with_health_monitor(monitor.clone());
    let run = |index: u64| {
        // One call in ten names a tool that does not exist, with a fresh name each time.
        let name = if index.is_multiple_of(10) {
            format!("ghost_{index}")
        } else {
            "fetch".to_owned()
        };
        ToolCall::new(format!("call-{index}"), name, json!({"page": index}))
    };
    // Long enough for every bounded structure to fill: the cache (1,024
    // analyses), the loop window, and the health map (1,024 tool names, which
    // the ghost names reach after about 10,240 calls).
    for index in 0..11_000 {
        driver.dispatch(run(index)).await.unwrap();
    }
    let warm = resident_kib();
    for index in 11_000..21_000 {
        let result = driver.dispatch(run(index)).await.unwrap();
        assert!(result.is_error);
    }
    let end = resident_kib();
    let grown = end.saturating_sub(warm);
    eprintln!(
        "RSS after 11,000 warm-up calls: {warm} KiB; after 10,000 more: {end} KiB; grown {grown} KiB"
    );
    assert!(
        grown < 256,
        "memory grew by {grown} KiB over 10,000 failing calls"
    );
    // 18,900 of the 21,000 calls named the real tool, and each ran three times.
    assert_eq!(
        monitor.health("fetch").map(|health| health.calls),
        Some(18_900 * 3)
    );
}
