//! Per-tool health statistics, and an optional circuit breaker built on them.

use std::collections::HashMap;
use std::fmt;
use std::sync::Mutex;
use std::time::Duration;

use tokio::time::Instant;

use super::breaker::Admission;

/// A snapshot of one tool's health. Every attempt counts, retries included.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ToolHealth {
    /// Attempts that ran.
    pub calls: u64,
    /// Attempts that succeeded.
    pub successes: u64,
    /// Attempts that failed.
    pub failures: u64,
    /// Failures since the last success.
    pub consecutive_failures: u32,
    /// Mean latency of the attempts.
    pub average_latency: Duration,
    /// Longest latency seen.
    pub max_latency: Duration,
}

/// A circuit's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CircuitState {
    /// Calls run.
    Closed,
    /// Calls are refused until the cool-down ends.
    Open,
    /// One probe call is allowed through to test the tool.
    HalfOpen,
}

/// When the breaker opens and how long it stays open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BreakerConfig {
    /// Consecutive failures that open the circuit.
    pub failure_threshold: u32,
    /// How long it stays open before a probe may try.
    pub cool_down: Duration,
}

impl Default for BreakerConfig {
    /// Five consecutive failures, 30 s of cool-down.
    fn default() -> Self {
        Self {
            failure_threshold: 5,
            cool_down: Duration::from_secs(30),
        }
    }
}

#[derive(Debug, Default)]
struct Entry {
    health: ToolHealth,
    total_latency: Duration,
    opened_at: Option<Instant>,
    /// When the half-open probe was let through; a probe that never reports
    /// back (cancelled mid-call) stops blocking others after a cool-down.
    probing_since: Option<Instant>,
}

/// Tracks health per tool and, when configured, breaks circuits.
///
/// Its map is bounded: at most [`HealthMonitor::MAX_TRACKED_TOOLS`] names are
/// tracked, so a model inventing tool names cannot grow it without end.
pub struct HealthMonitor {
    breaker: Option<BreakerConfig>,
    tools: Mutex<HashMap<String, Entry>>,
}

impl HealthMonitor {
    /// How many tool names are tracked at most.
    pub const MAX_TRACKED_TOOLS: usize = 1024;

    /// Statistics only.
    pub fn new() -> Self {
        Self {
            breaker: None,
            tools: Mutex::new(HashMap::new()),
        }
    }

    /// Statistics and a circuit breaker.
    pub fn with_breaker(config: BreakerConfig) -> Self {
        Self {
            breaker: Some(BreakerConfig {
                failure_threshold: config.failure_threshold.max(1),
                ..config
            }),
            tools: Mutex::new(HashMap::new()),
        }
    }

    /// The health of `tool`, if it has run.
    pub fn health(&self, tool: &str) -> Option<ToolHealth> {
        self.lock().get(tool).map(|entry| entry.health)
    }

    /// How many tool names are tracked now; never more than
    /// [`MAX_TRACKED_TOOLS`](Self::MAX_TRACKED_TOOLS).
    pub fn tracked_tools(&self) -> usize {
        self.lock().len()
    }

    /// The circuit state of `tool` now.
    pub fn circuit_state(&self, tool: &str) -> CircuitState {
        let tools = self.lock();
        match (self.breaker, tools.get(tool)) {
            (Some(config), Some(entry)) => state_of(entry, config, Instant::now()),
            _ => CircuitState::Closed,
        }
    }

    /// Decides whether an attempt of `tool` may run now; a half-open circuit
    /// lets exactly one probe through.
    pub(crate) fn admit(&self, tool: &str) -> Admission {
        let Some(config) = self.breaker else {
            return Admission::Run;
        };
        let mut tools = self.lock();
        let Some(entry) = tools.get_mut(tool) else {
            return Admission::Run;
        };
        let now = Instant::now();
        match state_of(entry, config, now) {
            CircuitState::Closed => Admission::Run,
            CircuitState::HalfOpen
                if entry
                    .probing_since
                    .is_none_or(|since| now.duration_since(since) >= config.cool_down) =>
            {
                entry.probing_since = Some(now);
                Admission::Run
            }
            state => {
                let remaining = entry
                    .opened_at
                    .map(|opened| config.cool_down.saturating_sub(now.duration_since(opened)))
                    .unwrap_or_default();
                let detail = if state == CircuitState::HalfOpen {
                    "a probe call is already testing it".to_owned()
                } else {
                    format!("retry after {} ms", remaining.as_millis())
                };
                Admission::Refuse(format!(
                    "circuit open for tool `{tool}` after {} consecutive failures; {detail}",
                    entry.health.consecutive_failures
                ))
            }
        }
    }

    /// Records one executed attempt.
    pub(crate) fn record(&self, tool: &str, latency: Duration, is_error: bool) {
        let mut tools = self.lock();
        // Look up by borrow first: the name is copied only the first time a
        // tool is seen, so a known tool's attempt allocates nothing.
        if !tools.contains_key(tool) {
            if tools.len() >= Self::MAX_TRACKED_TOOLS {
                return;
            }
            tools.insert(tool.to_owned(), Entry::default());
        }
        let Some(entry) = tools.get_mut(tool) else {
            return;
        };
        let health = &mut entry.health;
        health.calls += 1;
        entry.total_latency = entry.total_latency.saturating_add(latency);
        health.average_latency =
            entry.total_latency / u32::try_from(health.calls).unwrap_or(u32::MAX);
        health.max_latency = health.max_latency.max(latency);
        if is_error {
            health.failures += 1;
            health.consecutive_failures = health.consecutive_failures.saturating_add(1);
        } else {
            health.successes += 1;
            health.consecutive_failures = 0;
        }
        if let Some(config) = self.breaker {
            let was_probe = entry.probing_since.take().is_some();
            let was_open = entry.opened_at.is_some();
            if !is_error {
                entry.opened_at = None;
            } else if was_probe || health.consecutive_failures >= config.failure_threshold {
                entry.opened_at = Some(Instant::now());
            }
            #[cfg(feature = "metrics")]
            if was_open != entry.opened_at.is_some() {
                // Moved only when a circuit opens or closes, never per call, and
                // by one, so that several monitors add up in the one gauge.
                crate::telemetry::circuit_moved(entry.opened_at.is_some());
            }
            #[cfg(not(feature = "metrics"))]
            let _ = was_open;
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Entry>> {
        loopctl_reflect_core::lock(&self.tools)
    }
}

fn state_of(entry: &Entry, config: BreakerConfig, now: Instant) -> CircuitState {
    match entry.opened_at {
        None => CircuitState::Closed,
        Some(opened) if now.duration_since(opened) < config.cool_down => CircuitState::Open,
        Some(_) => CircuitState::HalfOpen,
    }
}

impl Default for HealthMonitor {
    fn default() -> Self {
        Self::new()
    }
}

impl fmt::Debug for HealthMonitor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("HealthMonitor")
            .field("breaker", &self.breaker)
            .field("tools", &self.lock().len())
            .finish()
    }
}
