//! One replica of a fleet, for the multi-process tests and for trying the shared state by hand.
//!
//! It connects to Redis, builds a dispatcher with a shared budget and a
//! shared breaker, prints `ready`, then runs one command per line of stdin
//! and answers each with one line:
//!
//! * `fail N`: N calls of `down`, which always answers 503; prints `retries R`.
//! * `ok N`: N calls of `up`, which succeeds; prints `ok N`.
//! * `call`: one call of `svc` (failing until `heal`, then taking `probe_ms`
//!   to succeed, or, with `gate=PATH`, until that file exists); prints
//!   `ran K error|ok <first line of the answer>`.
//! * `heal`: `svc` succeeds from now on; prints `healed`.
//! * `flush`: writes batched refills and successes; prints `flushed`.
//! * `state`: prints `svc`'s circuit state as this replica sees it.
//!
//! ```text
//! cargo run -p loopctl-redis --example replica -- redis://127.0.0.1:6379 my-app
//! ```

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use loopctl_backoff::{BudgetedRecovery, FixedDelayRecovery, RetryBudget};
use loopctl_driver::{
    BreakerConfig, CircuitBreaker, Dispatcher, FnTool, ToolCall, ToolOutput, ToolRegistry,
};
use loopctl_redis::{Fleet, FleetConfig, SharedBreaker, SharedBudget};
use loopctl_reflect_core::ToolSchema;
use loopctl_reflect_rules::RuleReflector;
use serde_json::json;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

struct Options {
    url: String,
    namespace: String,
    capacity: u32,
    refill: f64,
    threshold: u32,
    cool_down_ms: u64,
    probe_ms: u64,
    retries: u32,
    gate: Option<std::path::PathBuf>,
    timeout_ms: Option<u64>,
}

fn options() -> Result<Options, String> {
    let mut args = std::env::args().skip(1);
    let url = args
        .next()
        .ok_or("usage: replica URL NAMESPACE [key=value …]")?;
    let namespace = args
        .next()
        .ok_or("usage: replica URL NAMESPACE [key=value …]")?;
    let mut options = Options {
        url,
        namespace,
        capacity: 30,
        refill: 0.1,
        threshold: 3,
        cool_down_ms: 1500,
        probe_ms: 300,
        retries: 4,
        gate: None,
        timeout_ms: None,
    };
    for arg in args {
        let (key, value) = arg
            .split_once('=')
            .ok_or(format!("`{arg}` is not key=value"))?;
        let bad = || format!("`{arg}` has a value that is not a number");
        match key {
            "capacity" => options.capacity = value.parse().map_err(|_| bad())?,
            "refill" => options.refill = value.parse().map_err(|_| bad())?,
            "threshold" => options.threshold = value.parse().map_err(|_| bad())?,
            "cool_down_ms" => options.cool_down_ms = value.parse().map_err(|_| bad())?,
            "probe_ms" => options.probe_ms = value.parse().map_err(|_| bad())?,
            "retries" => options.retries = value.parse().map_err(|_| bad())?,
            "gate" => options.gate = Some(value.into()),
            "timeout_ms" => options.timeout_ms = Some(value.parse().map_err(|_| bad())?),
            _ => return Err(format!("unknown option `{key}`")),
        }
    }
    Ok(options)
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let options = options()?;
    let mut config = FleetConfig::new(&options.url, &options.namespace)?
        .with_flush(Duration::from_millis(200), 10)
        .with_retry_interval(Duration::from_millis(200));
    if let Some(ms) = options.timeout_ms {
        config = config.with_command_timeout(Duration::from_millis(ms));
    }
    let fleet = Fleet::connect(config).await?;
    let budget = SharedBudget::new(
        &fleet,
        "backend",
        RetryBudget::new(options.capacity, options.refill),
    );
    let breaker = Arc::new(SharedBreaker::new(
        &fleet,
        BreakerConfig {
            failure_threshold: options.threshold,
            cool_down: Duration::from_millis(options.cool_down_ms),
        },
    ));

    let ran = Arc::new(AtomicU64::new(0));
    let healed = Arc::new(AtomicBool::new(false));
    let down_runs = Arc::new(AtomicU64::new(0));
    let registry = ToolRegistry::new()
        .with({
            let runs = Arc::clone(&down_runs);
            FnTool::new(
                ToolSchema::new("down", "always unavailable", json!({"type": "object"})),
                move |_| {
                    runs.fetch_add(1, Ordering::SeqCst);
                    async { ToolOutput::error("503 Service Unavailable") }
                },
            )
        })
        .with(FnTool::new(
            ToolSchema::new("up", "always fine", json!({"type": "object"})),
            |_| async { ToolOutput::success("fine") },
        ))
        .with({
            let ran = Arc::clone(&ran);
            let healed = Arc::clone(&healed);
            let probe = Duration::from_millis(options.probe_ms);
            let gate = options.gate.clone();
            FnTool::new(
                ToolSchema::new("svc", "down until healed", json!({"type": "object"})),
                move |_| {
                    ran.fetch_add(1, Ordering::SeqCst);
                    let healed = healed.load(Ordering::SeqCst);
                    let gate = gate.clone();
                    async move {
                        if healed {
                            match gate {
                                // The test says when the probe may end.
                                Some(gate) => {
                                    while !gate.exists() {
                                        tokio::time::sleep(Duration::from_millis(10)).await;
                                    }
                                }
                                None => tokio::time::sleep(probe).await,
                            }
                            ToolOutput::success("svc is back")
                        } else {
                            ToolOutput::error("503 Service Unavailable")
                        }
                    }
                },
            )
        });
    let dispatcher = Dispatcher::new(registry)
        .with_reflector(Arc::new(RuleReflector::new()))
        .with_recovery_strategy(Arc::new(BudgetedRecovery::new(
            FixedDelayRecovery::new(options.retries, Duration::ZERO),
            budget.clone(),
        )))
        .with_circuit_breaker(breaker.clone());

    let mut out = tokio::io::stdout();
    out.write_all(b"ready\n").await?;
    out.flush().await?;
    let mut lines = BufReader::new(tokio::io::stdin()).lines();
    while let Some(line) = lines.next_line().await? {
        let mut words = line.split_whitespace();
        let reply = match (words.next(), words.next().map(str::parse::<u64>)) {
            (Some("fail"), Some(Ok(n))) => {
                let before = down_runs.load(Ordering::SeqCst);
                for i in 0..n {
                    let _ = dispatcher
                        .dispatch(ToolCall::new(format!("f{i}"), "down", json!({})))
                        .await;
                }
                let runs = down_runs.load(Ordering::SeqCst) - before;
                format!("retries {}", runs.saturating_sub(n))
            }
            (Some("ok"), Some(Ok(n))) => {
                for i in 0..n {
                    let _ = dispatcher
                        .dispatch(ToolCall::new(format!("o{i}"), "up", json!({})))
                        .await;
                }
                format!("ok {n}")
            }
            (Some("call"), None) => {
                let before = ran.load(Ordering::SeqCst);
                let output = dispatcher
                    .dispatch(ToolCall::new("c", "svc", json!({})))
                    .await;
                let ran = ran.load(Ordering::SeqCst) - before;
                match output {
                    Ok(output) => format!(
                        "ran {ran} {} {}",
                        if output.is_error { "error" } else { "ok" },
                        output.content.lines().next().unwrap_or("")
                    ),
                    Err(error) => format!("ran {ran} stopped {error}"),
                }
            }
            (Some("heal"), None) => {
                healed.store(true, Ordering::SeqCst);
                "healed".to_owned()
            }
            (Some("flush"), None) => {
                budget.flush().await;
                breaker.flush().await;
                "flushed".to_owned()
            }
            (Some("state"), None) => format!("{:?}", breaker.circuit_state("svc")),
            (Some("shared"), None) => format!("{}", fleet.is_shared()),
            _ => format!("unknown command `{line}`"),
        };
        out.write_all(reply.as_bytes()).await?;
        out.write_all(b"\n").await?;
        out.flush().await?;
    }
    Ok(())
}
