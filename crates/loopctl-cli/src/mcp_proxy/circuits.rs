//! The proxy's circuit breaker, one circuit per tool shared by every session, and the log line an operator sees when a circuit opens or closes.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use loopctl_driver::{CircuitState, HealthMonitor};

/// The health monitor every session's dispatcher uses, and the state of
/// each circuit as last seen.
pub(crate) struct Circuits {
    health: Arc<HealthMonitor>,
    /// The upstream whose tools these are, for the log.
    upstream: String,
    seen: Mutex<HashMap<String, CircuitState>>,
}

impl Circuits {
    /// Watches `health`, the monitor of `upstream`'s tools.
    pub(crate) fn new(health: Arc<HealthMonitor>, upstream: &str) -> Self {
        Self {
            health,
            upstream: upstream.to_owned(),
            seen: Mutex::new(HashMap::new()),
        }
    }

    /// After a call of `tool`: logs its circuit's change, if it changed.
    pub(crate) fn observe(&self, tool: &str) {
        let now = self.health.circuit_state(tool);
        let mut seen = loopctl_reflect_core::lock(&self.seen);
        let before = seen.get(tool).copied().unwrap_or(CircuitState::Closed);
        if before == now {
            return;
        }
        // Bounded as the monitor is: it tracks as many names at most.
        if seen.len() >= HealthMonitor::MAX_TRACKED_TOOLS && !seen.contains_key(tool) {
            seen.clear();
        }
        seen.insert(tool.to_owned(), now);
        drop(seen);
        let upstream = self.upstream.as_str();
        match now {
            CircuitState::Open => tracing::warn!(
                upstream,
                tool,
                "the circuit opened: calls are refused until its cool-down ends"
            ),
            CircuitState::HalfOpen => tracing::info!(
                upstream,
                tool,
                "the circuit is half open: one probe call may test the tool"
            ),
            CircuitState::Closed => {
                tracing::info!(upstream, tool, "the circuit closed: calls run again");
            }
        }
    }
}

impl Circuits {
    /// Whether `tool`'s circuit is open now (half open counts as open: it
    /// refuses all but one probe).
    pub(crate) fn is_open(&self, tool: &str) -> bool {
        self.health.circuit_state(tool) != CircuitState::Closed
    }
}
