//! The limits a loopctl.toml sets reach the dispatcher, on the paused clock: `10/s` spreads a burst of 100 over 10 s, `concurrency = 2` never has 3 in flight, and a glob section's limit is one limit for every tool it matches.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use futures::future::join_all;
use loopctl_driver::{Dispatcher, FnTool, Tool, ToolCall, ToolOutput, ToolRegistry};
use loopctl_policy::{DispatcherPolicy, Policy};
use loopctl_reflect_core::ToolSchema;
use serde_json::json;
use tokio::time::Instant;

const POLICY: &str = r#"
[tools.api]
rate_limit = "10/s"
rate_limit_wait = "15s"

[tools.slow]
concurrency = 2

[tools."shared_*"]
rate_limit = "1/s"
rate_limit_wait = "30s"
"#;

/// A tool that takes a second and records when each call began and how many
/// ran at once at most.
fn timed(
    name: &str,
    starts: &Arc<std::sync::Mutex<Vec<Instant>>>,
    most: &Arc<AtomicUsize>,
) -> impl Tool + 'static {
    let (starts, most) = (Arc::clone(starts), Arc::clone(most));
    let now = Arc::new(AtomicUsize::new(0));
    FnTool::new(
        ToolSchema::new(name, "takes a second", json!({"type": "object"})),
        move |_| {
            starts.lock().unwrap().push(Instant::now());
            let (now, most) = (Arc::clone(&now), Arc::clone(&most));
            async move {
                most.fetch_max(now.fetch_add(1, Ordering::SeqCst) + 1, Ordering::SeqCst);
                tokio::time::sleep(Duration::from_secs(1)).await;
                now.fetch_sub(1, Ordering::SeqCst);
                ToolOutput::success("ok")
            }
        },
    )
}

async fn burst(driver: &Dispatcher, tools: &[&str], count: usize) -> usize {
    let calls = (0..count).map(|n| {
        let call = ToolCall::new(format!("c{n}"), tools[n % tools.len()], json!({"n": n}));
        async move { driver.dispatch(call).await.unwrap() }
    });
    join_all(calls)
        .await
        .iter()
        .filter(|result| result.is_error)
        .count()
}

fn spread(starts: &std::sync::Mutex<Vec<Instant>>, began: Instant) -> Vec<Duration> {
    let mut times: Vec<Duration> = starts
        .lock()
        .unwrap()
        .iter()
        .map(|at| *at - began)
        .collect();
    times.sort();
    times
}

#[tokio::test(start_paused = true)]
async fn ten_a_second_spreads_a_burst_of_100_over_10_seconds() {
    let (starts, most) = (Arc::default(), Arc::default());
    let policy = Policy::from_toml(POLICY).unwrap();
    let driver = Dispatcher::new(ToolRegistry::new().with(timed("api", &starts, &most)))
        .with_policy(&policy);
    let began = Instant::now();
    assert_eq!(burst(&driver, &["api"], 100).await, 0, "none refused");
    let times = spread(&starts, began);
    assert_eq!(times.len(), 100);
    for window in times.windows(11) {
        assert!(
            window[10] - window[0] >= Duration::from_secs(1),
            "{window:?}"
        );
    }
    assert_eq!(*times.last().unwrap(), Duration::from_millis(9_900));
}

#[tokio::test(start_paused = true)]
async fn a_cap_of_2_never_has_3_in_flight() {
    let (starts, most) = (Arc::default(), Arc::<AtomicUsize>::default());
    let policy = Policy::from_toml(POLICY).unwrap();
    let driver = Dispatcher::new(ToolRegistry::new().with(timed("slow", &starts, &most)))
        .with_policy(&policy);
    assert_eq!(burst(&driver, &["slow"], 30).await, 0, "none refused");
    assert_eq!(most.load(Ordering::SeqCst), 2);
    assert_eq!(starts.lock().unwrap().len(), 30);
}

#[tokio::test(start_paused = true)]
async fn a_glob_sections_limit_is_shared_by_every_tool_it_matches() {
    let (starts, most) = (Arc::default(), Arc::default());
    let policy = Policy::from_toml(POLICY).unwrap();
    let registry = ToolRegistry::new()
        .with(timed("shared_a", &starts, &most))
        .with(timed("shared_b", &starts, &most));
    let driver = Dispatcher::new(registry).with_policy(&policy);
    let began = Instant::now();
    assert_eq!(burst(&driver, &["shared_a", "shared_b"], 10).await, 0);
    // One a second between them both, not one a second each.
    let times = spread(&starts, began);
    assert_eq!(times, (0..10).map(Duration::from_secs).collect::<Vec<_>>());
}
