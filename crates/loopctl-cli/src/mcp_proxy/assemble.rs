//! [`Assemble`]: builds the proxy's dispatchers from the policy in force, which a reload replaces for new calls while calls in flight keep theirs.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};
use std::time::Duration;

use loopctl_driver::{Dispatcher, HealthMonitor, SafetyPolicy, ToolOverrides, ToolRegistry};
use loopctl_record::JsonlRecorder;
use loopctl_reflect_core::{RecoveryStrategy, Reflector};

use super::policy::ProxyPolicy;
use crate::error::CliError;

/// What one reading of the policy gives every dispatcher.
struct Parts {
    reflector: Arc<dyn Reflector>,
    strategy: Arc<dyn RecoveryStrategy>,
    /// Each tool section's strategy, time-out and limits; built once per
    /// reading, so a section's limit is one limit for every session.
    per_tool: Vec<(String, ToolOverrides)>,
    safety: SafetyPolicy,
    call_timeout: Duration,
}

impl Parts {
    /// The parts `policy` describes for an upstream with tools `names`.
    fn of(policy: &ProxyPolicy, names: &[String]) -> Result<Self, CliError> {
        let recovery = policy.recovery.build(names)?;
        // A loopctl.toml's rules read failures first, and each of its tool
        // sections brings that tool's own strategy, time-out and limits.
        let (reflector, strategy, per_tool): (Arc<dyn Reflector>, Arc<dyn RecoveryStrategy>, _) =
            match &policy.file {
                Some(file) => {
                    let (strategy, per_tool) = loopctl_policy::strategies(file);
                    let rules = file.file().rules.clone();
                    (
                        Arc::new(loopctl_policy::PolicyReflector::new(
                            rules,
                            recovery.reflector,
                        )),
                        strategy,
                        per_tool,
                    )
                }
                None => (recovery.reflector, Arc::new(recovery.strategy), Vec::new()),
            };
        Ok(Self {
            reflector,
            strategy,
            per_tool,
            safety: policy.safety.clone(),
            call_timeout: policy.call_timeout,
        })
    }
}

/// A policy's parts, built and waiting to be put in force.
pub(crate) struct Prepared(Arc<Parts>);

/// Builds a dispatcher over a registry from the policy in force. Each
/// reload moves the generation on, so whoever holds a dispatcher knows to
/// build a new one for its next call.
pub(crate) struct Assemble {
    parts: RwLock<Arc<Parts>>,
    generation: AtomicU64,
    /// The breaker's state outlives reloads: a reload does not close a
    /// circuit that a failing upstream opened.
    health: Arc<HealthMonitor>,
    observer: Option<Arc<JsonlRecorder>>,
    /// The upstream's name, on every metric of its dispatchers.
    upstream: String,
}

impl Assemble {
    /// Dispatchers under `policy`, for an upstream with tools `names`.
    ///
    /// # Errors
    /// A reflector that cannot be built (an LLM without its key).
    pub(crate) fn new(
        policy: &ProxyPolicy,
        names: &[String],
        health: Arc<HealthMonitor>,
        observer: Option<Arc<JsonlRecorder>>,
        upstream: &str,
    ) -> Result<Self, CliError> {
        Ok(Self {
            parts: RwLock::new(Arc::new(Parts::of(policy, names)?)),
            generation: AtomicU64::new(0),
            health,
            observer,
            upstream: upstream.to_owned(),
        })
    }

    /// The parts `policy` gives, built but not yet in force: a reload
    /// builds every upstream's before it puts any in force.
    ///
    /// # Errors
    /// A reflector that cannot be built (an LLM without its key).
    pub(crate) fn prepare(policy: &ProxyPolicy, names: &[String]) -> Result<Prepared, CliError> {
        Ok(Prepared(Arc::new(Parts::of(policy, names)?)))
    }

    /// Puts `prepared` in force for every call from now on.
    pub(crate) fn install(&self, prepared: Prepared) {
        *loopctl_reflect_core::write(&self.parts) = prepared.0;
        self.generation.fetch_add(1, Ordering::AcqRel);
    }

    /// How many times the policy was replaced.
    pub(crate) fn generation(&self) -> u64 {
        self.generation.load(Ordering::Acquire)
    }

    /// A dispatcher over `registry` under the policy in force, with the
    /// generation it was built at.
    pub(crate) fn dispatcher(&self, registry: ToolRegistry) -> (u64, Dispatcher) {
        let generation = self.generation();
        let parts = Arc::clone(&loopctl_reflect_core::read(&self.parts));
        let mut dispatcher = Dispatcher::new(registry)
            .with_reflector(Arc::clone(&parts.reflector))
            .with_recovery_strategy(Arc::clone(&parts.strategy))
            .with_health_monitor(Arc::clone(&self.health))
            .with_safety_policy(parts.safety.clone())
            // One deadline per attempt over everything the attempt does,
            // a reconnection to the upstream included.
            .with_tool_timeout(parts.call_timeout)
            .with_metric_label("upstream", self.upstream.clone());
        for (pattern, overrides) in &parts.per_tool {
            dispatcher = dispatcher.with_tool_overrides(pattern, overrides.clone());
        }
        if let Some(recorder) = &self.observer {
            dispatcher = dispatcher.with_observer(recorder.clone());
        }
        (generation, dispatcher)
    }
}
