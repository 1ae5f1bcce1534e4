//! [`Dispatcher`]: the configured driver, holding the registry, reflector, strategy and limits.

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use loopctl_backoff::ExponentialBackoffRecovery;
use loopctl_reflect_core::{NoopReflector, RecoveryStrategy, Reflector};

use super::cancel::CancelSignal;
use crate::registry::ToolRegistry;
use crate::safety::SafetyPolicy;
use crate::stages::{
    AttemptObserver, CircuitBreaker, HealthMonitor, LoopDetector, Pipeline, PostToolHook,
    PreToolHook,
};
use crate::telemetry::Telemetry;

/// Runs tool calls through reflection and recovery.
///
/// The defaults are the spec's: [`NoopReflector`] with
/// `ExponentialBackoffRecovery::new(3)`, which together mean exactly one
/// attempt per call: the reflector calls every failure unrecoverable, so the
/// strategy fails at once. Swap in a reflector to opt in to retries.
///
/// Cloning is cheap and clones share the registry, reflector, strategy and
/// cancel signal.
#[derive(Clone)]
pub struct Dispatcher {
    pub(crate) registry: Arc<ToolRegistry>,
    pub(crate) reflector: Arc<dyn Reflector>,
    pub(crate) strategy: Arc<dyn RecoveryStrategy>,
    pub(crate) cancel: CancelSignal,
    pub(crate) tool_timeout: Option<Duration>,
    /// Strategies and time-outs that replace the ones above for some tools.
    pub(crate) per_tool: Arc<super::per_tool::PerTool>,
    pub(crate) reflection_timeout: Duration,
    pub(crate) max_retry_delay: Duration,
    pub(crate) batch_concurrency: usize,
    pub(crate) pipeline: Pipeline,
    pub(crate) keep_history: bool,
    pub(crate) guidance_for_model: bool,
    pub(crate) safety: Arc<SafetyPolicy>,
    pub(crate) telemetry: Telemetry,
    #[cfg(feature = "schema_validation")]
    pub(crate) validators: loopctl_schema::ValidatorCache,
}

impl Dispatcher {
    /// How long a reflector (or strategy) may take before the failure is
    /// treated as unrecoverable: 60 s.
    pub const DEFAULT_REFLECTION_TIMEOUT: Duration = Duration::from_secs(60);
    /// The longest backoff the driver sleeps, whatever a strategy asks: 5 minutes.
    pub const DEFAULT_MAX_RETRY_DELAY: Duration = Duration::from_secs(300);
    /// How many calls of a batch run at once unless configured: 8.
    pub const DEFAULT_BATCH_CONCURRENCY: usize = 8;

    /// A driver over `registry` with the default reflector and strategy.
    pub fn new(registry: ToolRegistry) -> Self {
        Self::with_shared_registry(Arc::new(registry))
    }

    /// A driver over a registry shared with others.
    pub fn with_shared_registry(registry: Arc<ToolRegistry>) -> Self {
        Self {
            telemetry: Telemetry::new(Arc::clone(&registry)),
            registry,
            reflector: Arc::new(NoopReflector),
            strategy: Arc::new(ExponentialBackoffRecovery::new(3)),
            cancel: CancelSignal::new(),
            tool_timeout: None,
            per_tool: Arc::default(),
            reflection_timeout: Self::DEFAULT_REFLECTION_TIMEOUT,
            max_retry_delay: Self::DEFAULT_MAX_RETRY_DELAY,
            batch_concurrency: Self::DEFAULT_BATCH_CONCURRENCY,
            pipeline: Pipeline::default(),
            keep_history: false,
            guidance_for_model: false,
            safety: Arc::new(SafetyPolicy::new()),
            #[cfg(feature = "schema_validation")]
            validators: loopctl_schema::ValidatorCache::new(),
        }
    }

    /// Replaces the reflector.
    pub fn set_reflector(&mut self, reflector: Arc<dyn Reflector>) {
        self.reflector = reflector;
    }

    /// Replaces the recovery strategy.
    pub fn set_recovery_strategy(&mut self, strategy: Arc<dyn RecoveryStrategy>) {
        self.strategy = strategy;
    }

    /// Replaces the reflector, builder style.
    #[must_use]
    pub fn with_reflector(mut self, reflector: Arc<dyn Reflector>) -> Self {
        self.set_reflector(reflector);
        self
    }

    /// Replaces the recovery strategy, builder style.
    #[must_use]
    pub fn with_recovery_strategy(mut self, strategy: Arc<dyn RecoveryStrategy>) -> Self {
        self.set_recovery_strategy(strategy);
        self
    }

    /// Bounds every execution of a tool; one that runs longer gives an error
    /// result saying it timed out (which a reflector can call recoverable).
    #[must_use]
    pub fn with_tool_timeout(mut self, timeout: Duration) -> Self {
        self.tool_timeout = Some(timeout);
        self
    }

    /// Bounds each reflection and each decision; past it the failure is
    /// treated as unrecoverable and the call fails softly.
    #[must_use]
    pub fn with_reflection_timeout(mut self, timeout: Duration) -> Self {
        self.reflection_timeout = timeout;
        self
    }

    /// Caps the delay of any one retry, however long a strategy asks for.
    #[must_use]
    pub fn with_max_retry_delay(mut self, delay: Duration) -> Self {
        self.max_retry_delay = delay;
        self
    }

    /// Uses `cancel` (shared with whoever may fire it) instead of the driver's own signal.
    #[must_use]
    pub fn with_cancel_signal(mut self, cancel: CancelSignal) -> Self {
        self.cancel = cancel;
        self
    }

    /// Keeps a record of every failed attempt on the result
    /// ([`ToolResult::history`](crate::ToolResult::history)): the tool, the
    /// corrected input, the error, the analysis, a rejected fix, the decision
    /// and the delay. Off by default; the success path costs nothing either
    /// way, and with it off the failure path copies nothing for it.
    #[must_use]
    pub fn with_attempt_history(mut self) -> Self {
        self.keep_history = true;
        self
    }

    /// Hands the model the analysis with a soft failure: the result's
    /// [`guidance`](crate::ToolResult::guidance) is set from the last
    /// analysis (its root cause and the correction's guidance), and
    /// [`content_for_model`](crate::ToolResult::content_for_model) appends
    /// it, as it does the `AskUser` prompt. Off by default: the spec returns
    /// the tool's own error text unchanged.
    #[must_use]
    pub fn with_guidance_for_model(mut self) -> Self {
        self.guidance_for_model = true;
        self
    }

    /// Sets the safety policy: what each tool does, which corrections may
    /// apply, and whether a call whose outcome is unknown may run again.
    /// The default, [`SafetyPolicy::new`], never lets a correction move a
    /// call to a tool that can do more harm, widen the hosts and directories
    /// it touches, rewrite a guarded value or a destructive tool's payload,
    /// nor repeat a call that may have taken effect unless the tool is known
    /// to be safe to repeat; a correction it refuses is dropped and the retry
    /// runs uncorrected.
    #[must_use]
    pub fn with_safety_policy(mut self, policy: SafetyPolicy) -> Self {
        self.safety = Arc::new(policy);
        self
    }

    /// The safety policy in force.
    pub fn safety_policy(&self) -> &SafetyPolicy {
        &self.safety
    }

    /// Records each attempt's input and output on its span as
    /// `gen_ai.tool.call.arguments` and `gen_ai.tool.call.result`, with
    /// secrets hidden by the dispatcher's redactor (see
    /// [`with_redactor`](Self::with_redactor)). Off by default: even with
    /// secrets hidden, inputs and outputs are the user's data.
    #[cfg(feature = "otel-conventions")]
    #[cfg_attr(docsrs, doc(cfg(feature = "otel-conventions")))]
    #[must_use]
    pub fn with_span_payloads(mut self) -> Self {
        self.telemetry.payloads = true;
        self
    }

    /// Adds the label `key = value` to every metric this dispatcher records,
    /// beside the tool's name: the upstream server a gateway fronts, a
    /// tenant, an agent. A second call with the same key replaces its value.
    /// Keep values few and fixed (never model output): each distinct value
    /// is another time series.
    #[cfg(feature = "metrics")]
    #[cfg_attr(docsrs, doc(cfg(feature = "metrics")))]
    #[must_use]
    pub fn with_metric_label(mut self, key: &'static str, value: impl Into<String>) -> Self {
        self.telemetry = self.telemetry.labelled(key, value.into());
        self
    }

    /// Sets what hides secrets in span payloads and in the dispatcher's log
    /// lines (panic messages, rejected corrections, failed reflections).
    /// [`Redactor::standard`](loopctl_redact::Redactor::standard) by default;
    /// add your own names and shapes with
    /// [`Redactor::builder`](loopctl_redact::Redactor::builder).
    #[must_use]
    pub fn with_redactor(mut self, redactor: loopctl_redact::Redactor) -> Self {
        self.telemetry.redactor = redactor;
        self
    }

    /// Adds an observer of every attempt and decision.
    #[must_use]
    pub fn with_observer(mut self, observer: Arc<dyn AttemptObserver>) -> Self {
        self.pipeline.observers.push(observer);
        self
    }

    /// Adds a hook that may block any attempt, corrected ones included.
    #[must_use]
    pub fn with_pre_hook(mut self, hook: Arc<dyn PreToolHook>) -> Self {
        self.pipeline.pre_hooks.push(hook);
        self
    }

    /// Adds a hook that sees every attempt's result.
    #[must_use]
    pub fn with_post_hook(mut self, hook: Arc<dyn PostToolHook>) -> Self {
        self.pipeline.post_hooks.push(hook);
        self
    }

    /// Watches every attempt for repetition; a stop ends the run with
    /// [`LoopError::LoopDetected`](crate::LoopError::LoopDetected).
    #[must_use]
    pub fn with_loop_detector(mut self, detector: Arc<LoopDetector>) -> Self {
        self.pipeline.loop_detector = Some(detector);
        self
    }

    /// Records health per tool (and breaks circuits, if the monitor has a breaker).
    #[must_use]
    pub fn with_health_monitor(mut self, monitor: Arc<HealthMonitor>) -> Self {
        self.pipeline.health = Some(monitor);
        self
    }

    /// Asks `breaker` before every attempt and reports every attempt that ran
    /// to it, beside any health monitor. Use it for a breaker whose state
    /// lives elsewhere, such as one a fleet shares; a [`HealthMonitor`] with a
    /// breaker needs only [`with_health_monitor`](Self::with_health_monitor).
    #[must_use]
    pub fn with_circuit_breaker(mut self, breaker: Arc<dyn CircuitBreaker>) -> Self {
        self.pipeline.breaker = Some(breaker);
        self
    }

    /// The circuit breaker set by [`with_circuit_breaker`](Self::with_circuit_breaker).
    pub fn circuit_breaker(&self) -> Option<&Arc<dyn CircuitBreaker>> {
        self.pipeline.breaker.as_ref()
    }

    /// The health monitor, when one is configured.
    pub fn health_monitor(&self) -> Option<&Arc<HealthMonitor>> {
        self.pipeline.health.as_ref()
    }

    /// How many calls of a batch run at once (at least 1).
    #[must_use]
    pub fn with_batch_concurrency(mut self, concurrency: usize) -> Self {
        self.batch_concurrency = concurrency.max(1);
        self
    }

    /// The signal that cancels this driver's calls; clone it to fire it from elsewhere.
    pub fn cancel_signal(&self) -> &CancelSignal {
        &self.cancel
    }

    /// The tools this driver runs.
    pub fn registry(&self) -> &ToolRegistry {
        &self.registry
    }

    /// This dispatcher over another registry, everything else shared: the
    /// reflector, strategies, retry budget, breaker, limits and cancel
    /// signal are the same objects, so their state carries over. For a host
    /// that adds tools while calls run (the Python package registers each
    /// wrapped function): build the dispatcher once, then swap registries.
    #[must_use]
    pub fn with_registry(mut self, registry: Arc<ToolRegistry>) -> Self {
        self.telemetry = self.telemetry.over(Arc::clone(&registry));
        self.registry = registry;
        self
    }

    /// Gives the tools `pattern` names (a name, or a glob with `*` and `?`)
    /// their own strategy or time-out. For a call, the tool's exact name
    /// wins, then the matching glob with the most literal characters, then
    /// the first given; what the settings leave unset is the dispatcher's.
    #[must_use]
    pub fn with_tool_overrides(
        mut self,
        pattern: &str,
        settings: super::per_tool::ToolOverrides,
    ) -> Self {
        Arc::make_mut(&mut self.per_tool).insert(pattern, settings);
        self
    }

    /// The strategy for `tool`'s failures: its own, or the dispatcher's.
    pub(crate) fn strategy_for(&self, tool: &str) -> &Arc<dyn RecoveryStrategy> {
        if self.per_tool.is_empty() {
            return &self.strategy;
        }
        self.per_tool
            .get(tool)
            .and_then(|settings| settings.strategy.as_ref())
            .unwrap_or(&self.strategy)
    }

    /// How long one attempt of `tool` may run.
    pub(crate) fn timeout_for(&self, tool: &str) -> Option<Duration> {
        if self.per_tool.is_empty() {
            return self.tool_timeout;
        }
        self.per_tool
            .get(tool)
            .and_then(|settings| settings.timeout)
            .or(self.tool_timeout)
    }

    /// The reflector in use.
    pub fn reflector(&self) -> &Arc<dyn Reflector> {
        &self.reflector
    }

    /// The strategy in use.
    pub fn recovery_strategy(&self) -> &Arc<dyn RecoveryStrategy> {
        &self.strategy
    }
}

impl fmt::Debug for Dispatcher {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Dispatcher")
            .field("registry", &self.registry)
            .field("tool_timeout", &self.tool_timeout)
            .field("reflection_timeout", &self.reflection_timeout)
            .field("max_retry_delay", &self.max_retry_delay)
            .field("cancel", &self.cancel)
            .finish_non_exhaustive()
    }
}
