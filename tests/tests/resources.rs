//! Resources: live memory does not grow over ten thousand failing calls, and every cache, window and map stays at its bound.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use loopctl::driver::{BreakerConfig, HealthMonitor, LoopDetector};
use loopctl::prelude::*;
use loopctl_testkit::CountingAllocator;
use serde_json::json;

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

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
    let cache = Arc::new(CachingReflector::new(Arc::new(RuleReflector::new())));
    let detector = Arc::new(LoopDetector::new());
    let driver = Dispatcher::new(ToolRegistry::new().with(failing))
        .with_reflector(cache.clone())
        .with_recovery_strategy(Arc::new(
            ExponentialBackoffRecovery::new(2).with_base_delay(Duration::ZERO),
        ))
        .with_loop_detector(detector.clone())
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
    // analyses) and the loop window. The health map keeps registered names
    // only: the ghost names never enter it.
    for index in 0..11_000 {
        driver.dispatch(run(index)).await.unwrap();
    }
    // Each bounded structure is full and holds no more than its bound.
    assert_eq!(monitor.tracked_tools(), 1, "only the registered tool");
    assert_eq!(cache.len(), 1024);
    assert_eq!(detector.len(), 20);
    // Live bytes on this (the runtime's only) thread, frees included: what
    // the next 10,000 failing calls leave behind beyond the warm state.
    let warm = CountingAllocator::live_bytes();
    for index in 11_000..21_000 {
        let result = driver.dispatch(run(index)).await.unwrap();
        assert!(result.is_error);
    }
    let grown = CountingAllocator::live_bytes() - warm;
    eprintln!("live bytes after 11,000 warm-up calls: {warm}; grown over 10,000 more: {grown}");
    assert_eq!(
        grown, 0,
        "memory grew by {grown} bytes over 10,000 failing calls"
    );
    assert_eq!(monitor.tracked_tools(), 1);
    assert_eq!(cache.len(), 1024);
    assert_eq!(detector.len(), 20);
    // 18,900 of the 21,000 calls named the real tool, and each ran three times.
    assert_eq!(
        monitor.health("fetch").map(|health| health.calls),
        Some(18_900 * 3)
    );
}
