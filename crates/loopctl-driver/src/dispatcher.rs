//! [`Dispatcher`]: the configured driver, holding the registry, reflector, strategy and limits.

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use loopctl_backoff::ExponentialBackoffRecovery;
use loopctl_reflect_core::{NoopReflector, RecoveryStrategy, Reflector};

use crate::cancel::CancelSignal;
use crate::registry::ToolRegistry;

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
    pub(crate) reflection_timeout: Duration,
    pub(crate) max_retry_delay: Duration,
    #[cfg(feature = "schema_validation")]
    pub(crate) validators: loopctl_schema::ValidatorCache,
}

impl Dispatcher {
    /// How long a reflector (or strategy) may take before the failure is
    /// treated as unrecoverable: 60 s.
    pub const DEFAULT_REFLECTION_TIMEOUT: Duration = Duration::from_secs(60);
    /// The longest backoff the driver sleeps, whatever a strategy asks: 5 minutes.
    pub const DEFAULT_MAX_RETRY_DELAY: Duration = Duration::from_secs(300);

    /// A driver over `registry` with the default reflector and strategy.
    pub fn new(registry: ToolRegistry) -> Self {
        Self::with_shared_registry(Arc::new(registry))
    }

    /// A driver over a registry shared with others.
    pub fn with_shared_registry(registry: Arc<ToolRegistry>) -> Self {
        Self {
            registry,
            reflector: Arc::new(NoopReflector),
            strategy: Arc::new(ExponentialBackoffRecovery::new(3)),
            cancel: CancelSignal::new(),
            tool_timeout: None,
            reflection_timeout: Self::DEFAULT_REFLECTION_TIMEOUT,
            max_retry_delay: Self::DEFAULT_MAX_RETRY_DELAY,
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

    /// The signal that cancels this driver's calls; clone it to fire it from elsewhere.
    pub fn cancel_signal(&self) -> &CancelSignal {
        &self.cancel
    }

    /// The tools this driver runs.
    pub fn registry(&self) -> &ToolRegistry {
        &self.registry
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
