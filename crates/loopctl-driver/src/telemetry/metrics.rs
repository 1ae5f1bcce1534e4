//! Recovery metrics through the `metrics` facade: per-tool handles, registered once, so a call allocates nothing for them.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use metrics::{Counter, Histogram};

use super::CallEnd;
use super::LimitKind;

/// Every limit, in the order of its handles.
const LIMITS: [LimitKind; 2] = [LimitKind::Rate, LimitKind::Concurrency];
use crate::registry::ToolRegistry;

/// The label value for a name the registry does not have: unbounded model
/// output never becomes a label.
const UNREGISTERED: &str = "_unregistered";

/// Describes every metric loopctl records, with its unit, to the installed
/// recorder. Call it once after installing one; recording works without it.
pub fn describe_metrics() {
    use metrics::{Unit, describe_counter, describe_gauge, describe_histogram};
    describe_counter!(
        "loopctl.tool.attempts",
        Unit::Count,
        "Tool executions, by tool and outcome (success or failure)."
    );
    describe_counter!(
        "loopctl.tool.retries",
        Unit::Count,
        "Retries the strategy decided, by tool."
    );
    describe_counter!(
        "loopctl.tool.corrections",
        Unit::Count,
        "Corrections applied to a retry or dropped, by tool and result."
    );
    describe_counter!(
        "loopctl.tool.calls",
        Unit::Count,
        "Calls by tool and final outcome."
    );
    describe_histogram!(
        "loopctl.reflection.duration",
        Unit::Seconds,
        "Time to analyse a failure and decide, by tool."
    );
    describe_histogram!(
        "loopctl.backoff.delay",
        Unit::Seconds,
        "Backoff delay before a retry, by tool."
    );
    describe_counter!(
        "loopctl.limit.refused",
        Unit::Count,
        "Attempts a rate limit or a concurrency cap refused, by tool and limit; none of them ran."
    );
    describe_histogram!(
        "loopctl.limit.wait",
        Unit::Seconds,
        "Time an attempt waited for its turn under a rate limit or a concurrency cap, by tool and limit."
    );
    describe_gauge!(
        "loopctl.circuits.open",
        Unit::Count,
        "Tools whose circuit breaker is open."
    );
}

/// One tool's handles.
pub(crate) struct ToolMetrics {
    attempts_ok: Counter,
    attempts_failed: Counter,
    pub(crate) retries: Counter,
    pub(crate) corrections_applied: Counter,
    pub(crate) corrections_dropped: Counter,
    calls: [Counter; 6],
    pub(crate) reflection: Histogram,
    pub(crate) backoff: Histogram,
    /// Per limit, in `LimitKind` order: refusals, and waits that got through.
    limit_refused: [Counter; 2],
    limit_wait: [Histogram; 2],
}

impl ToolMetrics {
    fn register(tool: &str) -> Self {
        let tool = tool.to_owned();
        let counter = |name: &'static str, key: &'static str, value: &'static str| metrics::counter!(name, "gen_ai.tool.name" => tool.clone(), key => value);
        let ends = [
            CallEnd::Succeeded,
            CallEnd::Recovered,
            CallEnd::SoftFailure,
            CallEnd::Exhausted,
            CallEnd::Cancelled,
            CallEnd::LoopDetected,
        ];
        Self {
            attempts_ok: counter("loopctl.tool.attempts", "outcome", "success"),
            attempts_failed: counter("loopctl.tool.attempts", "outcome", "failure"),
            retries: metrics::counter!("loopctl.tool.retries", "gen_ai.tool.name" => tool.clone()),
            corrections_applied: counter("loopctl.tool.corrections", "result", "applied"),
            corrections_dropped: counter("loopctl.tool.corrections", "result", "dropped"),
            calls: ends.map(|end| counter("loopctl.tool.calls", "outcome", end.name())),
            reflection: metrics::histogram!("loopctl.reflection.duration", "gen_ai.tool.name" => tool.clone()),
            backoff: metrics::histogram!("loopctl.backoff.delay", "gen_ai.tool.name" => tool.clone()),
            limit_refused: LIMITS.map(|limit| counter("loopctl.limit.refused", "limit", limit.name())),
            limit_wait: LIMITS.map(|limit| metrics::histogram!("loopctl.limit.wait", "gen_ai.tool.name" => tool.clone(), "limit" => limit.name())),
        }
    }

    pub(crate) fn attempt(&self, failed: bool) {
        if failed {
            self.attempts_failed.increment(1);
        } else {
            self.attempts_ok.increment(1);
        }
    }

    /// A limit let the attempt through after `waited`, or refused it.
    pub(crate) fn limit(&self, limit: LimitKind, waited: Option<Duration>) {
        let at = limit as usize;
        match waited {
            Some(waited) => self.limit_wait[at].record(waited.as_secs_f64()),
            None => self.limit_refused[at].increment(1),
        }
    }

    pub(crate) fn call(&self, end: CallEnd) {
        let at = match end {
            CallEnd::Succeeded => 0,
            CallEnd::Recovered => 1,
            CallEnd::SoftFailure => 2,
            CallEnd::Exhausted => 3,
            CallEnd::Cancelled => 4,
            CallEnd::LoopDetected => 5,
        };
        self.calls[at].increment(1);
    }
}

/// The handles of every registered tool (and one for names the registry
/// lacks), registered with the recorder when the driver is built: a call
/// only looks its handles up. So the recorder must be installed before the
/// `Dispatcher` is built, as `metrics` binds handles when they are registered.
pub(crate) struct MetricsCache {
    tools: HashMap<String, Arc<ToolMetrics>>,
    unregistered: Arc<ToolMetrics>,
}

impl MetricsCache {
    pub(crate) fn new(registry: &ToolRegistry) -> Self {
        Self {
            tools: registry
                .names()
                .into_iter()
                .map(|name| (name.to_owned(), Arc::new(ToolMetrics::register(name))))
                .collect(),
            unregistered: Arc::new(ToolMetrics::register(UNREGISTERED)),
        }
    }

    /// The handles for `name`, under its own label when it is registered.
    pub(crate) fn for_tool(&self, name: &str) -> Arc<ToolMetrics> {
        Arc::clone(self.tools.get(name).unwrap_or(&self.unregistered))
    }
}

/// A circuit opened (`true`) or closed: the open-circuit gauge moves by one.
pub(crate) fn circuit_moved(opened: bool) {
    let gauge = metrics::gauge!("loopctl.circuits.open");
    if opened {
        gauge.increment(1.0);
    } else {
        gauge.decrement(1.0);
    }
}
