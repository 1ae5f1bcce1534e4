//! Recovery metrics through the `metrics` facade: per-tool handles, registered once, so a call allocates nothing for them.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use metrics::{Counter, Histogram, Label};

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
        "loopctl.tool.refused",
        Unit::Count,
        "Attempts a hook or an open circuit refused before they ran, by tool; a limit's refusals are in loopctl.limit.refused."
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
    /// Attempts a hook or an open circuit refused before they ran.
    pub(crate) refused: Counter,
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
    /// Registers `tool`'s handles, each with the labels of `scope` too.
    fn register(tool: &str, scope: &[Label]) -> Self {
        let labels = |pairs: &[(&'static str, &'static str)]| {
            let mut labels = Vec::with_capacity(1 + scope.len() + pairs.len());
            labels.push(Label::new("gen_ai.tool.name", tool.to_owned()));
            labels.extend(scope.iter().cloned());
            labels.extend(pairs.iter().map(|(key, value)| Label::new(*key, *value)));
            labels
        };
        let ends = [
            CallEnd::Succeeded,
            CallEnd::Recovered,
            CallEnd::SoftFailure,
            CallEnd::Exhausted,
            CallEnd::Cancelled,
            CallEnd::LoopDetected,
        ];
        Self {
            attempts_ok: metrics::counter!(
                "loopctl.tool.attempts",
                labels(&[("outcome", "success")])
            ),
            attempts_failed: metrics::counter!(
                "loopctl.tool.attempts",
                labels(&[("outcome", "failure")])
            ),
            retries: metrics::counter!("loopctl.tool.retries", labels(&[])),
            refused: metrics::counter!("loopctl.tool.refused", labels(&[])),
            corrections_applied: metrics::counter!(
                "loopctl.tool.corrections",
                labels(&[("result", "applied")])
            ),
            corrections_dropped: metrics::counter!(
                "loopctl.tool.corrections",
                labels(&[("result", "dropped")])
            ),
            calls: ends.map(|end| {
                metrics::counter!("loopctl.tool.calls", labels(&[("outcome", end.name())]))
            }),
            reflection: metrics::histogram!("loopctl.reflection.duration", labels(&[])),
            backoff: metrics::histogram!("loopctl.backoff.delay", labels(&[])),
            limit_refused: LIMITS.map(|limit| {
                metrics::counter!("loopctl.limit.refused", labels(&[("limit", limit.name())]))
            }),
            limit_wait: LIMITS.map(|limit| {
                metrics::histogram!("loopctl.limit.wait", labels(&[("limit", limit.name())]))
            }),
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
/// lacks), registered with the recorder at the dispatcher's first call:
/// later calls only look their handles up. So the recorder must be
/// installed before the first call, as `metrics` binds handles when they
/// are registered.
pub(crate) struct MetricsCache {
    tools: HashMap<String, Arc<ToolMetrics>>,
    unregistered: Arc<ToolMetrics>,
}

impl MetricsCache {
    /// Handles for every tool of `registry`, each also labelled with `scope`.
    pub(crate) fn new(registry: &ToolRegistry, scope: &[Label]) -> Self {
        Self {
            tools: registry
                .names()
                .into_iter()
                .map(|name| {
                    (
                        name.to_owned(),
                        Arc::new(ToolMetrics::register(name, scope)),
                    )
                })
                .collect(),
            unregistered: Arc::new(ToolMetrics::register(UNREGISTERED, scope)),
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

impl super::Telemetry {
    /// The same telemetry with `key = value` on every metric too.
    pub(crate) fn labelled(&self, key: &'static str, value: String) -> Self {
        let mut telemetry = self.clone();
        let mut scope: Vec<::metrics::Label> = self
            .scope
            .iter()
            .filter(|label| label.key() != key)
            .cloned()
            .collect();
        scope.push(::metrics::Label::new(key, value));
        telemetry.scope = scope.into();
        telemetry.metrics = Arc::default();
        telemetry
    }

    /// `name`'s handles, every tool's registered at the first call.
    pub(crate) fn tool_metrics(&self, name: &str) -> Arc<ToolMetrics> {
        self.metrics
            .get_or_init(|| MetricsCache::new(&self.registry, &self.scope))
            .for_tool(name)
    }
}
