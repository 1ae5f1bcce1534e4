//! Telemetry of a call and its attempts: GenAI `execute_tool` spans through `tracing` (feature `otel-conventions`) and recovery metrics through `metrics` (feature `metrics`).
//!
//! Without the features every method is empty and inlined away. With them
//! and no subscriber or recorder, the spans are disabled (their fields are
//! never evaluated) and the metric handles are no-ops fetched from a
//! per-tool cache, so the success path allocates nothing.

#![cfg_attr(
    not(all(feature = "otel-conventions", feature = "metrics")),
    allow(
        unused_variables,
        reason = "each hook reads what its own feature records; with one feature off, some arguments go unread"
    )
)]

mod limit;
#[cfg(feature = "metrics")]
mod metrics;
#[cfg(feature = "otel-conventions")]
mod spans;

use std::sync::Arc;
use std::time::Duration;

use loopctl_reflect_core::{FailureAnalysis, RecoveryAction};
use serde_json::Value;

pub(crate) use limit::LimitKind;

use crate::output::ToolOutput;
use crate::registry::ToolRegistry;

#[cfg(feature = "metrics")]
pub(crate) use metrics::circuit_moved;
#[cfg(feature = "metrics")]
pub use metrics::describe_metrics;

/// What every call's telemetry reads, set when the driver is built: the
/// registry (for tools' descriptions), whether payloads go on spans, and
/// the per-tool metric handles.
#[derive(Clone)]
pub(crate) struct Telemetry {
    #[cfg_attr(
        not(any(feature = "otel-conventions", feature = "metrics")),
        allow(
            dead_code,
            reason = "read by the span and metrics features only; without them, only copied"
        )
    )]
    registry: Arc<ToolRegistry>,
    /// Inputs and outputs recorded on attempt spans.
    #[cfg_attr(
        not(feature = "otel-conventions"),
        allow(
            dead_code,
            reason = "read by the span feature only; without it, only copied"
        )
    )]
    pub(crate) payloads: bool,
    /// What hides secrets in span payloads and the driver's log lines.
    pub(crate) redactor: loopctl_redact::Redactor,
    /// The metric handles, bound at the first call: a dispatcher built in
    /// steps registers no series for the steps between.
    #[cfg(feature = "metrics")]
    metrics: Arc<std::sync::OnceLock<metrics::MetricsCache>>,
    /// Labels every metric of this dispatcher carries besides the tool's.
    #[cfg(feature = "metrics")]
    scope: Arc<[::metrics::Label]>,
}

impl Telemetry {
    /// The telemetry of calls to the tools of `registry`; the metric handles
    /// bind to the recorder installed now, once per tool.
    pub(crate) fn new(registry: Arc<ToolRegistry>) -> Self {
        Self {
            #[cfg(feature = "metrics")]
            metrics: Arc::default(),
            #[cfg(feature = "metrics")]
            scope: Arc::new([]),
            registry,
            payloads: false,
            redactor: loopctl_redact::Redactor::standard(),
        }
    }

    /// The same settings over `registry`, with metric handles bound to its tools.
    pub(crate) fn over(&self, registry: Arc<ToolRegistry>) -> Self {
        let mut telemetry = self.clone();
        #[cfg(feature = "metrics")]
        {
            telemetry.metrics = Arc::default();
        }
        telemetry.registry = registry;
        telemetry
    }
}

/// What kind of failure an executed attempt was, for its span's `error.type`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Failure {
    /// The tool returned an error output.
    Tool,
    /// The tool ended its failure itself.
    Settled,
    /// The driver's time-out stopped it.
    Timeout,
    /// It panicked.
    Panic,
    /// No tool of that name is registered.
    UnknownTool,
    /// A hook or an open circuit refused it; nothing ran.
    Blocked,
    /// A rate limit or a concurrency cap refused it; nothing ran.
    Limited,
}

/// How a call ended, as its span and the `loopctl.tool.calls` counter say it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CallEnd {
    /// The first attempt succeeded.
    Succeeded,
    /// A later attempt succeeded.
    Recovered,
    /// The call failed softly (`Skip`, `AskUser`, `Fail`).
    SoftFailure,
    /// The ceiling ended the run.
    Exhausted,
    /// A cancel ended the run.
    Cancelled,
    /// The loop detector ended the run.
    LoopDetected,
}

impl CallEnd {
    #[cfg_attr(
        not(any(feature = "otel-conventions", feature = "metrics")),
        expect(dead_code, reason = "read by the telemetry features only")
    )]
    pub(crate) const fn name(self) -> &'static str {
        match self {
            Self::Succeeded => "succeeded",
            Self::Recovered => "recovered",
            Self::SoftFailure => "soft_failure",
            Self::Exhausted => "exhausted",
            Self::Cancelled => "cancelled",
            Self::LoopDetected => "loop_detected",
        }
    }
}

/// The low-cardinality class of a failed attempt, for `error.type`: never the error text.
#[cfg_attr(
    not(feature = "otel-conventions"),
    expect(dead_code, reason = "read by the span feature only")
)]
const fn error_type(failure: Failure) -> &'static str {
    match failure {
        Failure::Tool => "tool_error",
        Failure::Settled => "settled",
        Failure::Timeout => "timeout",
        Failure::Panic => "panic",
        Failure::UnknownTool => "unknown_tool",
        Failure::Blocked => "blocked",
        Failure::Limited => "limited",
    }
}

/// The telemetry of one call: its span, and its tool's metric handles.
pub(crate) struct CallTelemetry {
    /// Attempts started so far.
    attempts: u32,
    /// Whether the end was recorded; a call dropped before it ends is
    /// recorded as cancelled when its telemetry is dropped.
    ended: bool,
    #[cfg(feature = "otel-conventions")]
    span: tracing::Span,
    #[cfg(feature = "otel-conventions")]
    attempt: tracing::Span,
    /// Set when payloads go on spans: what hides their secrets.
    #[cfg(feature = "otel-conventions")]
    payloads: Option<loopctl_redact::Redactor>,
    #[cfg(feature = "metrics")]
    metrics: Arc<metrics::ToolMetrics>,
}

impl CallTelemetry {
    /// Opens the call's span (unless the caller's `execute_tool` span is
    /// current: then attempts go under that one) and finds the tool's metrics.
    #[inline]
    pub(crate) fn start(telemetry: &Telemetry, id: &str, name: &str) -> Self {
        Self {
            attempts: 0,
            ended: false,
            #[cfg(feature = "otel-conventions")]
            span: spans::call_span(telemetry, id, name),
            #[cfg(feature = "otel-conventions")]
            attempt: tracing::Span::none(),
            #[cfg(feature = "otel-conventions")]
            payloads: telemetry.payloads.then(|| telemetry.redactor.clone()),
            #[cfg(feature = "metrics")]
            metrics: telemetry.tool_metrics(name),
        }
    }

    /// An attempt begins: its span, a child of the call's.
    #[inline]
    pub(crate) fn attempt_started(
        &mut self,
        telemetry: &Telemetry,
        id: &str,
        name: &str,
        attempt: u32,
        input: &Value,
    ) {
        self.attempts = attempt + 1;
        #[cfg(feature = "otel-conventions")]
        {
            self.attempt = spans::attempt_span(telemetry, &self.span, id, name, attempt);
            if let Some(redactor) = &self.payloads {
                self.attempt.record(
                    "gen_ai.tool.call.arguments",
                    tracing::field::display(redactor.value(input)),
                );
            }
        }
    }

    /// The attempt's future runs inside its span.
    #[cfg(feature = "otel-conventions")]
    pub(crate) fn attempt_span(&self) -> &tracing::Span {
        &self.attempt
    }

    /// The attempt produced `output` (or was refused before it ran).
    #[inline]
    pub(crate) fn attempt_finished(&self, output: &ToolOutput, failure: Failure) {
        let executed = !matches!(failure, Failure::Blocked | Failure::Limited);
        #[cfg(feature = "otel-conventions")]
        {
            if output.is_error {
                self.attempt.record("error.type", error_type(failure));
                self.attempt.record("otel.status_code", "ERROR");
            }
            if let Some(redactor) = &self.payloads {
                self.attempt.record(
                    "gen_ai.tool.call.result",
                    redactor.text(&output.content).as_ref(),
                );
            }
        }
        #[cfg(feature = "metrics")]
        if executed {
            self.metrics.attempt(output.is_error);
        } else if matches!(failure, Failure::Blocked) {
            self.metrics.refused.increment(1);
        }
    }

    /// The span reflection runs in.
    #[cfg(feature = "otel-conventions")]
    pub(crate) fn reflection_span(&self) -> tracing::Span {
        tracing::info_span!(target: "loopctl::otel", parent: &self.attempt, "loopctl.reflect", otel.name = "reflect")
    }

    /// How long reflection and the strategy took.
    #[inline]
    pub(crate) fn reflected(&self, took: Duration) {
        #[cfg(feature = "metrics")]
        self.metrics.reflection.record(took.as_secs_f64());
    }

    /// The analysis and the decision for the attempt.
    #[inline]
    pub(crate) fn decided(
        &self,
        analysis: Option<&FailureAnalysis>,
        action: &RecoveryAction,
        delay: Duration,
        retries: bool,
    ) {
        #[cfg(feature = "otel-conventions")]
        {
            if let Some(analysis) = analysis {
                self.attempt
                    .record("loopctl.analysis.recoverable", analysis.is_recoverable);
                self.attempt.record(
                    "loopctl.analysis.severity",
                    tracing::field::display(analysis.severity),
                );
                if let Some(correction) = &analysis.correction {
                    self.attempt.record(
                        "loopctl.correction.type",
                        tracing::field::display(&correction.correction_type),
                    );
                }
            }
            self.attempt
                .record("loopctl.decision.action", action.kind());
            if let RecoveryAction::Retry { .. } = action {
                self.attempt
                    .record("loopctl.decision.delay_ms", delay.as_millis() as u64);
            }
        }
        #[cfg(feature = "metrics")]
        if retries {
            self.metrics.retries.increment(1);
            self.metrics.backoff.record(delay.as_secs_f64());
        }
    }

    /// The span a wait under a proactive limit runs in.
    #[cfg(feature = "otel-conventions")]
    pub(crate) fn limit_span(&self, limit: LimitKind) -> tracing::Span {
        tracing::info_span!(
            target: "loopctl::otel",
            parent: &self.attempt,
            "loopctl.limit",
            otel.name = "limit",
            loopctl.limit = limit.name()
        )
    }

    /// A proactive limit held the attempt for `waited` (and let it through),
    /// or refused it (`waited` is then `None`).
    #[inline]
    pub(crate) fn limit(&self, limit: LimitKind, waited: Option<Duration>) {
        #[cfg(feature = "otel-conventions")]
        if waited.is_none() {
            self.attempt.record("loopctl.limit.refused", limit.name());
        }
        #[cfg(feature = "metrics")]
        self.metrics.limit(limit, waited);
        #[cfg(not(any(feature = "metrics", feature = "otel-conventions")))]
        let _ = (limit, waited);
    }

    /// How many attempts started.
    pub(crate) fn attempts(&self) -> u32 {
        self.attempts
    }

    /// The span the backoff wait runs in.
    #[cfg(feature = "otel-conventions")]
    pub(crate) fn backoff_span(&self, delay: Duration) -> tracing::Span {
        tracing::info_span!(
            target: "loopctl::otel",
            parent: &self.span,
            "loopctl.backoff",
            otel.name = "backoff",
            loopctl.delay_ms = delay.as_millis() as u64
        )
    }

    /// The attempt's correction was applied to the next one, or dropped.
    #[inline]
    pub(crate) fn correction(&self, applied: bool) {
        #[cfg(feature = "otel-conventions")]
        self.attempt.record("loopctl.correction.applied", applied);
        #[cfg(feature = "metrics")]
        if applied {
            self.metrics.corrections_applied.increment(1);
        } else {
            self.metrics.corrections_dropped.increment(1);
        }
    }

    /// The call's span.
    #[cfg(feature = "otel-conventions")]
    pub(crate) fn call_span(&self) -> &tracing::Span {
        &self.span
    }

    /// The call moved to the tool `name`: its attempts count there now.
    #[inline]
    pub(crate) fn retarget(&mut self, telemetry: &Telemetry, name: &str) {
        #[cfg(feature = "metrics")]
        {
            self.metrics = telemetry.tool_metrics(name);
        }
    }

    /// The call ended after `attempts` attempts.
    #[inline]
    pub(crate) fn ended(&mut self, end: CallEnd, attempts: u32) {
        self.ended = true;
        #[cfg(feature = "otel-conventions")]
        {
            self.span.record("loopctl.attempts", attempts);
            self.span.record("loopctl.outcome", end.name());
            if !matches!(end, CallEnd::Succeeded | CallEnd::Recovered) {
                self.span.record("error.type", end.name());
                self.span.record("otel.status_code", "ERROR");
            }
        }
        #[cfg(feature = "metrics")]
        self.metrics.call(end);
    }
}

impl Drop for CallTelemetry {
    /// A call dropped before it ended (a batch stopped by a hard error, a
    /// caller's time-out) still counts, as cancelled.
    fn drop(&mut self) {
        if !self.ended {
            let attempts = self.attempts;
            self.ended(CallEnd::Cancelled, attempts);
        }
    }
}
