//! The proxy's circuit breaker, one circuit per tool shared by every session, and the log line an operator sees when a circuit opens or closes.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use loopctl_driver::{CircuitState, HealthMonitor};

/// The health monitor every session's dispatcher uses, and the state of
/// each circuit as last seen.
pub(crate) struct Circuits {
    health: Arc<HealthMonitor>,
    seen: Mutex<HashMap<String, CircuitState>>,
}

impl Circuits {
    /// Watches `health`.
    pub(crate) fn new(health: Arc<HealthMonitor>) -> Self {
        Self {
            health,
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
        match now {
            CircuitState::Open => tracing::warn!(
                tool,
                "the circuit opened: calls are refused until its cool-down ends"
            ),
            CircuitState::HalfOpen => tracing::info!(
                tool,
                "the circuit is half open: one probe call may test the tool"
            ),
            CircuitState::Closed => tracing::info!(tool, "the circuit closed: calls run again"),
        }
    }
}
