//! The fleet simulation behind docs/fleet.md: 10, 100 and 1,000 replicas as tasks against one real `redis-server`, and what each path of a call costs.
//!
//! Each replica has its own connections, budget and breaker, as a process
//! would, and calls a tool every 50 ms. The backend is healthy for a while,
//! then every call fails. For shared state (loopctl-redis) and for local
//! state (a `HealthMonitor` and a `RetryBudget` per replica) the program
//! reports the round trips Redis served per replica per second, how long
//! after the outage began every replica's breaker saw the circuit open, and
//! how many calls reached the dead backend fleet-wide until then.
//!
//! `cargo bench -p loopctl-redis --bench fleet` (it ignores the benchmark
//! harness's options). Without `redis-server` it prints a notice and exits.
#![allow(
    clippy::print_stdout,
    reason = "a benchmark reports its figures on stdout"
)]

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use loopctl_backoff::{Budget, BudgetedRecovery, FixedDelayRecovery, RetryBudget};
use loopctl_driver::{
    BreakerConfig, CircuitBreaker, CircuitState, Dispatcher, FnTool, HealthMonitor, ToolCall,
    ToolOutput, ToolRegistry,
};
use loopctl_redis::{Fleet, FleetConfig, SharedBreaker, SharedBudget};
use loopctl_reflect_core::ToolSchema;
use loopctl_reflect_rules::RuleReflector;
use loopctl_testkit::RedisServer;
use serde_json::json;

const THRESHOLD: u32 = 5;
const CALL_EVERY: Duration = Duration::from_millis(50);
/// The commands a client of ours sends; the rest run inside scripts.
const TOP_LEVEL: &[&str] = &["evalsha", "eval", "script|load", "subscribe", "ping"];

struct Backend {
    healthy: AtomicBool,
    calls: AtomicU64,
}

impl Backend {
    fn new() -> Arc<Self> {
        Arc::new(Self {
            healthy: AtomicBool::new(true),
            calls: AtomicU64::new(0),
        })
    }
}

fn dispatcher<B: Budget + 'static>(
    backend: &Arc<Backend>,
    budget: B,
    breaker: Arc<dyn CircuitBreaker>,
    retry_delay: Duration,
) -> Dispatcher {
    let backend = Arc::clone(backend);
    let tool = FnTool::new(
        ToolSchema::new("search", "the shared backend", json!({"type": "object"})),
        move |_| {
            backend.calls.fetch_add(1, Ordering::Relaxed);
            let healthy = backend.healthy.load(Ordering::Relaxed);
            async move {
                if healthy {
                    ToolOutput::success("results")
                } else {
                    ToolOutput::error("503 Service Unavailable")
                }
            }
        },
    );
    Dispatcher::new(ToolRegistry::new().with(tool))
        .with_reflector(Arc::new(RuleReflector::new()))
        .with_recovery_strategy(Arc::new(BudgetedRecovery::new(
            FixedDelayRecovery::new(2, retry_delay),
            budget,
        )))
        .with_circuit_breaker(breaker)
}

fn info(redis: &RedisServer, section: &str) -> String {
    let output = std::process::Command::new("redis-cli")
        .args(["-p", &redis.port().to_string(), "INFO", section])
        .output();
    output.map_or_else(
        |_| String::new(),
        |output| String::from_utf8_lossy(&output.stdout).into_owned(),
    )
}

/// Round trips served so far: the top-level commands a client sent.
fn round_trips(redis: &RedisServer) -> u64 {
    info(redis, "commandstats")
        .lines()
        .filter_map(|line| {
            let (name, rest) = line.strip_prefix("cmdstat_")?.split_once(':')?;
            TOP_LEVEL.contains(&name).then_some(())?;
            rest.strip_prefix("calls=")?
                .split(',')
                .next()?
                .parse::<u64>()
                .ok()
        })
        .sum()
}

/// Seconds of CPU the server has used.
fn server_cpu(redis: &RedisServer) -> f64 {
    info(redis, "cpu")
        .lines()
        .filter_map(|line| {
            let (name, value) = line.split_once(':')?;
            matches!(name, "used_cpu_sys" | "used_cpu_user").then_some(())?;
            value.trim().parse::<f64>().ok()
        })
        .sum()
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Shared,
    Local,
}

struct Replica {
    dispatcher: Dispatcher,
    breaker: Arc<dyn CircuitBreaker>,
}

async fn replica(
    redis: &RedisServer,
    state: State,
    namespace: &str,
    backend: &Arc<Backend>,
) -> Replica {
    let config = BreakerConfig {
        failure_threshold: THRESHOLD,
        cool_down: Duration::from_secs(60),
    };
    let delay = Duration::from_millis(20);
    match state {
        State::Shared => {
            let fleet_config = FleetConfig::new(redis.url(), namespace)
                .expect("a valid config")
                .with_command_timeout(Duration::from_millis(250));
            let fleet = Fleet::connect(fleet_config).await.expect("connect");
            let budget = SharedBudget::new(&fleet, "search", RetryBudget::new(100, 0.1));
            let breaker: Arc<dyn CircuitBreaker> = Arc::new(SharedBreaker::new(&fleet, config));
            Replica {
                dispatcher: dispatcher(backend, budget, Arc::clone(&breaker), delay),
                breaker,
            }
        }
        State::Local => {
            let breaker: Arc<dyn CircuitBreaker> = Arc::new(HealthMonitor::with_breaker(config));
            Replica {
                dispatcher: dispatcher(
                    backend,
                    RetryBudget::new(100, 0.1),
                    Arc::clone(&breaker),
                    delay,
                ),
                breaker,
            }
        }
    }
}

async fn simulate(redis: &RedisServer, replicas: usize, state: State) {
    let namespace = format!("sim{replicas}");
    let backend = Backend::new();
    let mut fleet = Vec::with_capacity(replicas);
    for _ in 0..replicas {
        fleet.push(Arc::new(replica(redis, state, &namespace, &backend).await));
    }
    // Let every subscription settle before counting.
    tokio::time::sleep(Duration::from_millis(500)).await;

    let stop = Arc::new(AtomicBool::new(false));
    let mut tasks = Vec::new();
    for (index, replica) in fleet.iter().enumerate() {
        let replica = Arc::clone(replica);
        let stop = Arc::clone(&stop);
        tasks.push(tokio::spawn(async move {
            // Spread over the period, as independent processes are.
            tokio::time::sleep(CALL_EVERY.mul_f64(index as f64 / replicas as f64)).await;
            let mut ticker = tokio::time::interval(CALL_EVERY);
            let mut n = 0_u64;
            while !stop.load(Ordering::Relaxed) {
                ticker.tick().await;
                n += 1;
                let _ = replica
                    .dispatcher
                    .dispatch(ToolCall::new(format!("c{n}"), "search", json!({})))
                    .await;
            }
        }));
    }

    tokio::time::sleep(Duration::from_secs(1)).await;
    let steady = Duration::from_secs(3);
    let (trips_before, cpu_before) = (round_trips(redis), server_cpu(redis));
    let calls_before = backend.calls.load(Ordering::Relaxed);
    tokio::time::sleep(steady).await;
    let steady_trips = round_trips(redis) - trips_before;
    let steady_cpu = server_cpu(redis) - cpu_before;
    let steady_calls = backend.calls.load(Ordering::Relaxed) - calls_before;

    let outage_calls_before = backend.calls.load(Ordering::Relaxed);
    let outage_cpu_before = server_cpu(redis);
    let outage = Instant::now();
    backend.healthy.store(false, Ordering::Relaxed);
    let mut first_open = None;
    let all_open = loop {
        let open = fleet
            .iter()
            .filter(|replica| replica.breaker.circuit_state("search") == CircuitState::Open)
            .count();
        if open > 0 && first_open.is_none() {
            first_open = Some(outage.elapsed());
        }
        if open == replicas {
            break Some(outage.elapsed());
        }
        if outage.elapsed() > Duration::from_secs(10) {
            break None;
        }
        tokio::time::sleep(Duration::from_micros(200)).await;
    };
    let outage_calls = backend.calls.load(Ordering::Relaxed) - outage_calls_before;
    let outage_cpu = (server_cpu(redis) - outage_cpu_before) / outage.elapsed().as_secs_f64();
    tokio::time::sleep(Duration::from_secs(1)).await;
    let open_window = Duration::from_secs(2);
    let open_before = round_trips(redis);
    tokio::time::sleep(open_window).await;
    let open_trips = round_trips(redis) - open_before;
    stop.store(true, Ordering::Relaxed);
    for task in tasks {
        let _ = task.await;
    }

    let per_replica =
        |trips: u64, window: Duration| trips as f64 / replicas as f64 / window.as_secs_f64();
    let ms = |at: Option<Duration>| {
        at.map_or("not within 10 s".to_owned(), |at| {
            format!("{:.1} ms", at.as_secs_f64() * 1e3)
        })
    };
    let (label, trips, cpu, open) = match state {
        State::Shared => (
            "shared (Redis)",
            format!("{:.2}", per_replica(steady_trips, steady)),
            format!(
                "{:.1} % / {:.0} %",
                steady_cpu / steady.as_secs_f64() * 100.0,
                outage_cpu * 100.0
            ),
            format!("{:.3}", per_replica(open_trips, open_window)),
        ),
        State::Local => ("local", "0".to_owned(), "-".to_owned(), "0".to_owned()),
    };
    println!(
        "| {replicas} | {label} | {:.0} | {trips} | {cpu} | {} | {} | {outage_calls} | {open} |",
        steady_calls as f64 / steady.as_secs_f64(),
        ms(first_open),
        ms(all_open),
    );
}

/// What one call costs on each path, with one replica and Redis on loopback.
async fn paths(redis: &RedisServer) {
    let backend = Backend::new();
    let config = FleetConfig::new(redis.url(), "paths").expect("a valid config");
    let fleet = Fleet::connect(config).await.expect("connect");
    let budget = SharedBudget::new(&fleet, "search", RetryBudget::new(1_000_000, 0.1));
    let breaker: Arc<dyn CircuitBreaker> = Arc::new(SharedBreaker::new(
        &fleet,
        BreakerConfig {
            failure_threshold: 5,
            cool_down: Duration::from_secs(60),
        },
    ));
    // Retries at once, so the figures hold no sleep.
    let shared = dispatcher(&backend, budget, breaker, Duration::ZERO);
    let plain = Dispatcher::new(ToolRegistry::new().with(FnTool::new(
        ToolSchema::new("search", "", json!({"type": "object"})),
        |_| async { ToolOutput::success("results") },
    )));
    let row = |label: &str, runs: u32, elapsed: Duration, trips: u64| {
        let nanos = elapsed.as_nanos() as f64 / f64::from(runs);
        let time = if nanos >= 10_000.0 {
            format!("{:.0} µs", nanos / 1000.0)
        } else {
            format!("{nanos:.0} ns")
        };
        println!(
            "| {label} | {runs} | {time} | {:.4} |",
            trips as f64 / f64::from(runs)
        );
    };

    let calls = 200_000;
    let started = Instant::now();
    for i in 0..calls {
        let _ = plain
            .dispatch(ToolCall::new(format!("p{i}"), "search", json!({})))
            .await;
    }
    row("success, no shared state", calls, started.elapsed(), 0);
    let before = round_trips(redis);
    let started = Instant::now();
    for i in 0..calls {
        let _ = shared
            .dispatch(ToolCall::new(format!("s{i}"), "search", json!({})))
            .await;
    }
    let elapsed = started.elapsed();
    row(
        "success, shared budget and breaker",
        calls,
        elapsed,
        round_trips(redis) - before,
    );

    // The floor under every figure: one bare round trip on this machine.
    let mut connection = redis::Client::open(redis.url())
        .expect("a valid URL")
        .get_multiplexed_async_connection()
        .await
        .expect("connect");
    let pings = 10_000;
    let started = Instant::now();
    for _ in 0..pings {
        let _: Result<String, _> = redis::cmd("PING").query_async(&mut connection).await;
    }
    row(
        "reference: one PING round trip, no loopctl",
        pings,
        started.elapsed(),
        u64::from(pings),
    );
    let alone = SharedBudget::new(&fleet, "alone", RetryBudget::new(1_000_000, 0.1));
    let withdrawals = 10_000;
    let before = round_trips(redis);
    let started = Instant::now();
    for _ in 0..withdrawals {
        let _ = alone.withdraw().await;
    }
    row(
        "a retry's withdrawal from the shared budget, alone",
        withdrawals,
        started.elapsed(),
        round_trips(redis) - before,
    );
    let failures = 5_000;
    let before = round_trips(redis);
    let mut failing = Duration::ZERO;
    for i in 0..failures {
        // Three attempts each: two failures that retry, one that ends the
        // call. A success between calls keeps the circuit closed.
        backend.healthy.store(false, Ordering::Relaxed);
        let started = Instant::now();
        let _ = shared
            .dispatch(ToolCall::new(format!("f{i}"), "search", json!({})))
            .await;
        failing += started.elapsed();
        backend.healthy.store(true, Ordering::Relaxed);
        let _ = shared
            .dispatch(ToolCall::new(format!("g{i}"), "search", json!({})))
            .await;
    }
    row(
        "failed attempt: the breaker's write, and the retry's withdrawal, overlapped",
        failures * 3,
        failing,
        round_trips(redis) - before,
    );
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let Some(redis) = RedisServer::start() else {
        return;
    };
    let version = info(&redis, "server")
        .lines()
        .find_map(|line| {
            line.strip_prefix("redis_version:")
                .map(str::trim)
                .map(str::to_owned)
        })
        .unwrap_or_default();
    println!("## loopctl-redis against one redis-server {version} on 127.0.0.1");
    println!();
    println!("| path | runs | time per run | round trips per run |");
    println!("|---|---|---|---|");
    paths(&redis).await;
    println!();
    println!(
        "| replicas | state | calls/s, fleet | round trips/s per replica, healthy | Redis CPU, healthy / until all open | first replica saw it open | every replica saw it open | calls that reached the dead backend until then | round trips/s per replica, circuit open |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    for replicas in [10, 100, 1000] {
        for state in [State::Shared, State::Local] {
            simulate(&redis, replicas, state).await;
        }
    }
}
