//! Proactive limits on the paused clock: a rate limit spaces a burst and refuses softly past its wait, a concurrency cap never lets one more in, and a refusal is not a failure of the tool.

use crate::support;

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use futures::future::join_all;
use loopctl_backoff::FixedDelayRecovery;
use loopctl_driver::{
    BreakerConfig, Bulkhead, CircuitState, Dispatcher, HealthMonitor, LoopDetector, RateLimit,
    Tool, ToolCall, ToolFuture, ToolOutput, ToolOverrides, ToolRegistry, ToolSignature,
};
use loopctl_reflect_core::ToolSchema;
use serde_json::{Value, json};
use support::{ScriptedReflector, ScriptedTool};
use tokio::time::Instant;

fn rate(calls: u32, per: Duration, wait: Duration) -> ToolOverrides {
    ToolOverrides::new().with_rate_limit(Arc::new(RateLimit::new(calls, per, wait).unwrap()))
}

fn cap(cap: usize, queue: usize) -> ToolOverrides {
    ToolOverrides::new().with_concurrency(Arc::new(Bulkhead::new(cap, queue).unwrap()))
}

/// Sends `count` calls of `tool` at once and returns their results.
async fn burst(driver: &Dispatcher, tool: &str, count: usize) -> Vec<loopctl_driver::ToolResult> {
    let calls = (0..count).map(|n| {
        let driver = driver.clone();
        let tool = tool.to_owned();
        async move {
            driver
                .dispatch(ToolCall::new(format!("c{n}"), tool, json!({"n": n})))
                .await
                .expect("a limit never makes a hard error")
        }
    });
    join_all(calls).await
}

#[tokio::test(start_paused = true)]
async fn a_burst_of_100_against_10_per_second_spreads_over_10_seconds() {
    let api = ScriptedTool::new("api", vec![ToolOutput::success("ok")]);
    let calls = api.calls_handle();
    let driver = Dispatcher::new(ToolRegistry::new().with(api)).with_tool_overrides(
        "api",
        rate(10, Duration::from_secs(1), Duration::from_secs(15)),
    );
    let began = Instant::now();
    let results = burst(&driver, "api", 100).await;
    assert!(results.iter().all(|result| !result.is_error));

    let mut times: Vec<Duration> = calls
        .lock()
        .unwrap()
        .iter()
        .map(|(at, _)| at.duration_since(began))
        .collect();
    times.sort();
    assert_eq!(times.len(), 100);
    // No window of one second holds more than ten calls...
    for window in times.windows(11) {
        assert!(
            window[10] - window[0] >= Duration::from_secs(1),
            "11 calls within {:?}: {window:?}",
            window[10] - window[0]
        );
    }
    // ...and the hundredth goes out as soon as the rate allows: at 9.9 s.
    let last = *times.last().unwrap();
    assert!(
        last >= Duration::from_millis(9_900) && last < Duration::from_secs(10),
        "last call at {last:?}"
    );
}

#[tokio::test(start_paused = true)]
async fn past_its_wait_a_call_is_refused_softly_and_the_breaker_never_hears_of_it() {
    let api = ScriptedTool::new("api", vec![ToolOutput::success("ok")]);
    let calls = api.calls_handle();
    let health = Arc::new(HealthMonitor::with_breaker(BreakerConfig {
        failure_threshold: 1,
        cool_down: Duration::from_secs(3600),
    }));
    let driver = Dispatcher::new(ToolRegistry::new().with(api))
        .with_health_monitor(Arc::clone(&health))
        .with_tool_overrides(
            "api",
            rate(10, Duration::from_secs(1), Duration::from_secs(5)),
        );
    let began = Instant::now();
    let results = burst(&driver, "api", 100).await;
    let refused: Vec<_> = results.iter().filter(|result| result.is_error).collect();
    // Turns at 0, 0.1 s, ... 5.0 s: 51 run, 49 are refused.
    assert_eq!(calls.lock().unwrap().len(), 51);
    assert_eq!(refused.len(), 49);
    for result in &refused {
        assert!(
            result.content.contains("was not called")
                && result.content.contains("rate limit of 10 calls per 1s"),
            "{}",
            result.content
        );
    }
    // Nobody waited past the bound.
    assert!(
        began.elapsed() <= Duration::from_secs(5),
        "{:?}",
        began.elapsed()
    );
    // The refusals ran nothing: the breaker saw 51 successes and no failure.
    let seen = health.health("api").unwrap();
    assert_eq!((seen.calls, seen.failures), (51, 0));
    assert_eq!(health.circuit_state("api"), CircuitState::Closed);
}

#[tokio::test(start_paused = true)]
async fn retries_wait_their_turn_under_the_rate_limit_too() {
    let flaky = ScriptedTool::new(
        "flaky",
        vec![
            ToolOutput::error("503 Service Unavailable"),
            ToolOutput::error("503 Service Unavailable"),
            ToolOutput::success("ok"),
        ],
    );
    let calls = flaky.calls_handle();
    let driver = Dispatcher::new(ToolRegistry::new().with(flaky))
        .with_reflector(Arc::new(ScriptedReflector::recoverable()))
        .with_recovery_strategy(Arc::new(FixedDelayRecovery::new(3, Duration::ZERO)))
        .with_tool_overrides(
            "flaky",
            rate(1, Duration::from_secs(2), Duration::from_secs(10)),
        );
    let began = Instant::now();
    let result = driver
        .dispatch(ToolCall::new("c", "flaky", json!({})))
        .await
        .unwrap();
    assert!(!result.is_error, "{}", result.content);
    let times: Vec<Duration> = calls
        .lock()
        .unwrap()
        .iter()
        .map(|(at, _)| at.duration_since(began))
        .collect();
    assert_eq!(
        times,
        [0, 2, 4].map(Duration::from_secs),
        "a zero backoff still waits for the rate"
    );
}

/// A tool that counts how many of its calls are in flight and remembers the most.
struct Counted {
    schema: ToolSchema,
    now: AtomicUsize,
    most: Arc<AtomicUsize>,
    done: Arc<AtomicUsize>,
}

impl Tool for Counted {
    fn schema(&self) -> &ToolSchema {
        &self.schema
    }

    fn call<'a>(&'a self, _input: &'a Value) -> ToolFuture<'a> {
        Box::pin(async move {
            let now = self.now.fetch_add(1, Ordering::SeqCst) + 1;
            self.most.fetch_max(now, Ordering::SeqCst);
            tokio::time::sleep(Duration::from_secs(1)).await;
            self.now.fetch_sub(1, Ordering::SeqCst);
            self.done.fetch_add(1, Ordering::SeqCst);
            ToolOutput::success("ok")
        })
    }
}

fn counted() -> (Counted, Arc<AtomicUsize>, Arc<AtomicUsize>) {
    let most = Arc::new(AtomicUsize::new(0));
    let done = Arc::new(AtomicUsize::new(0));
    let tool = Counted {
        schema: ToolSchema::new("slow", "takes a second", json!({"type": "object"})),
        now: AtomicUsize::new(0),
        most: Arc::clone(&most),
        done: Arc::clone(&done),
    };
    (tool, most, done)
}

#[tokio::test(start_paused = true)]
async fn a_cap_of_2_never_has_3_in_flight() {
    let (tool, most, done) = counted();
    let driver =
        Dispatcher::new(ToolRegistry::new().with(tool)).with_tool_overrides("slow", cap(2, 64));
    let began = Instant::now();
    let results = burst(&driver, "slow", 20).await;
    assert!(results.iter().all(|result| !result.is_error));
    assert_eq!(done.load(Ordering::SeqCst), 20);
    assert_eq!(
        most.load(Ordering::SeqCst),
        2,
        "the cap is 2, and it is used"
    );
    // Two at a time, a second each: ten seconds.
    assert_eq!(began.elapsed(), Duration::from_secs(10));
}

#[tokio::test(start_paused = true)]
async fn past_the_queue_a_call_is_refused_at_once() {
    let (tool, most, done) = counted();
    let driver =
        Dispatcher::new(ToolRegistry::new().with(tool)).with_tool_overrides("s*", cap(1, 3));
    let results = burst(&driver, "slow", 10).await;
    let refused: Vec<_> = results.iter().filter(|result| result.is_error).collect();
    assert_eq!(done.load(Ordering::SeqCst), 4, "one running, three queued");
    assert_eq!(refused.len(), 6);
    assert!(
        refused[0].content.contains("concurrency cap"),
        "{}",
        refused[0].content
    );
    assert_eq!(most.load(Ordering::SeqCst), 1);
}

#[tokio::test(start_paused = true)]
async fn a_call_cancelled_while_it_waits_leaves_the_queue() {
    let (tool, _most, done) = counted();
    let driver =
        Dispatcher::new(ToolRegistry::new().with(tool)).with_tool_overrides("slow", cap(1, 1));
    let first = tokio::spawn({
        let driver = driver.clone();
        async move { driver.dispatch(ToolCall::new("a", "slow", json!({}))).await }
    });
    tokio::task::yield_now().await;
    // The second waits in the one-place queue; cancelling it must free the place.
    let waiting = tokio::spawn({
        let driver = driver.clone();
        async move { driver.dispatch(ToolCall::new("b", "slow", json!({}))).await }
    });
    tokio::task::yield_now().await;
    waiting.abort();
    assert!(waiting.await.unwrap_err().is_cancelled());
    let third = driver
        .dispatch(ToolCall::new("c", "slow", json!({})))
        .await
        .unwrap();
    assert!(!third.is_error, "{}", third.content);
    assert!(!first.await.unwrap().unwrap().is_error);
    assert_eq!(done.load(Ordering::SeqCst), 2);
}

/// A loop signature under which every repeated error counts, the refusals'
/// "try again later" included.
struct EveryErrorRepeats;

impl ToolSignature for EveryErrorRepeats {
    fn primary_parameter<'a>(&self, _tool: &str, input: &'a Value) -> &'a Value {
        input
    }

    fn is_recoverable_error(&self, _tool: &str, _error: &str) -> bool {
        false
    }
}

#[tokio::test(start_paused = true)]
async fn the_same_call_refused_again_and_again_is_no_loop() {
    let (tool, _most, done) = counted();
    let driver = Dispatcher::new(ToolRegistry::new().with(tool))
        .with_loop_detector(Arc::new(
            LoopDetector::with_thresholds(8, 2, 2).with_signature(Arc::new(EveryErrorRepeats)),
        ))
        .with_tool_overrides("slow", cap(1, 0));
    let running = tokio::spawn({
        let driver = driver.clone();
        async move {
            driver
                .dispatch(ToolCall::new("a", "slow", json!({"q": 1})))
                .await
        }
    });
    tokio::task::yield_now().await;
    for n in 1..6 {
        let refused = driver
            .dispatch(ToolCall::new(format!("c{n}"), "slow", json!({"q": 1})))
            .await
            .expect("a refusal is not a repeated attempt");
        assert!(
            refused.is_error && refused.content.contains("concurrency cap"),
            "{}",
            refused.content
        );
    }
    assert!(!running.await.unwrap().unwrap().is_error);
    assert_eq!(done.load(Ordering::SeqCst), 1);
}

#[test]
fn a_limit_that_would_allow_everything_or_nothing_is_not_made() {
    assert!(RateLimit::new(0, Duration::from_secs(1), Duration::ZERO).is_none());
    assert!(RateLimit::new(10, Duration::ZERO, Duration::ZERO).is_none());
    assert!(Bulkhead::new(0, 10).is_none());
}
