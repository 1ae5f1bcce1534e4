//! The per-attempt pipeline that re-fires on every attempt: observers, hooks, loop detection, health.

use std::sync::Arc;
use std::time::Duration;

use loopctl_reflect_core::{FailureAnalysis, RecoveryAction};
use tokio::time::Instant;

use super::breaker::{Admission, CircuitBreaker, Recorded};
use super::health::HealthMonitor;
use super::hooks::{AttemptView, HookVerdict, PostToolHook, PreToolHook};
use super::loop_detector::{LoopDetector, LoopVerdict};
use super::observer::{AttemptFinished, AttemptObserver, AttemptStarted, RecoveryDecided};
use crate::error::LoopError;
use crate::output::ToolOutput;

/// Everything configured to run around each attempt. Empty by default, and
/// then each step is one branch on an empty list or a `None`.
#[derive(Clone, Default)]
pub(crate) struct Pipeline {
    pub(crate) observers: Vec<Arc<dyn AttemptObserver>>,
    pub(crate) pre_hooks: Vec<Arc<dyn PreToolHook>>,
    pub(crate) post_hooks: Vec<Arc<dyn PostToolHook>>,
    pub(crate) loop_detector: Option<Arc<LoopDetector>>,
    pub(crate) health: Option<Arc<HealthMonitor>>,
    pub(crate) breaker: Option<Arc<dyn CircuitBreaker>>,
}

impl Pipeline {
    /// The clock is read only when something wants a duration.
    pub(crate) fn start_clock(&self) -> Option<Instant> {
        (!self.observers.is_empty() || self.health.is_some() || self.breaker.is_some())
            .then(Instant::now)
    }

    pub(crate) fn attempt_started(&self, view: &AttemptView<'_>) {
        let event = AttemptStarted {
            tool: view.tool,
            call_id: view.call_id,
            attempt: view.attempt,
        };
        for observer in &self.observers {
            observer.attempt_started(&event);
        }
    }

    /// The breakers, then the pre-hooks; `Some(reason)` when the attempt
    /// must not run. Breakers keep state only for registered tools: a name
    /// the model invented runs nothing and fills no slot.
    pub(crate) async fn gate(&self, view: &AttemptView<'_>, registered: bool) -> Option<String> {
        if registered
            && let Some(health) = &self.health
            && let Admission::Refuse(reason) = health.admit(view.tool)
        {
            return Some(reason);
        }
        if registered
            && let Some(breaker) = &self.breaker
            && let Admission::Refuse(reason) = breaker.admit(view.tool).resolve().await
        {
            return Some(reason);
        }
        self.pre_hooks
            .iter()
            .find_map(|hook| match hook.before_attempt(view) {
                HookVerdict::Allow => None,
                HookVerdict::Block(reason) => Some(format!("blocked by a pre-tool hook: {reason}")),
            })
    }

    /// End event, post-hooks and, for executed attempts of registered
    /// tools, health and the breaker. The breaker's write comes back
    /// unawaited, so the caller can overlap it with the reflection of a
    /// failure: one round trip, not two.
    pub(crate) fn attempt_finished<'a>(
        &'a self,
        view: &AttemptView<'a>,
        output: &ToolOutput,
        started: Option<Instant>,
        executed: bool,
        registered: bool,
    ) -> Recorded<'a> {
        let duration = started.map_or(Duration::ZERO, |started| started.elapsed());
        if !self.observers.is_empty() {
            let event = AttemptFinished {
                tool: view.tool,
                call_id: view.call_id,
                attempt: view.attempt,
                duration,
                is_error: output.is_error,
                executed,
            };
            for observer in &self.observers {
                observer.attempt_finished(&event);
            }
        }
        for hook in &self.post_hooks {
            hook.after_attempt(view, output);
        }
        if !executed || !registered {
            return Recorded::Done;
        }
        if let Some(health) = &self.health {
            health.record(view.tool, duration, output.is_error);
        }
        match &self.breaker {
            Some(breaker) => breaker.record(view.tool, duration, output.is_error),
            None => Recorded::Done,
        }
    }

    /// Records the attempt in the loop detector; a stop is a hard error.
    /// Every attempt counts, retries included, as the spec has it: whichever
    /// of the detector's stop and the ceiling comes first ends the call.
    pub(crate) fn detect_loop(
        &self,
        view: &AttemptView<'_>,
        output: &ToolOutput,
    ) -> Result<(), LoopError> {
        let Some(detector) = &self.loop_detector else {
            return Ok(());
        };
        match detector.record(view.tool, view.input, &output.content, output.is_error) {
            LoopVerdict::Fine => Ok(()),
            LoopVerdict::Warning(repetitions) => {
                tracing::warn!(
                    tool = view.tool,
                    repetitions,
                    "the same attempt keeps repeating"
                );
                Ok(())
            }
            LoopVerdict::Stop(repetitions) => {
                tracing::error!(
                    tool = view.tool,
                    repetitions,
                    "loop detected; stopping the run"
                );
                Err(LoopError::LoopDetected {
                    tool: view.tool.to_owned(),
                    repetitions,
                })
            }
        }
    }

    pub(crate) fn recovery_decided(
        &self,
        view: &AttemptView<'_>,
        error: &str,
        analysis: Option<&FailureAnalysis>,
        rejected_correction: Option<&str>,
        action: &RecoveryAction,
    ) {
        if self.observers.is_empty() {
            return;
        }
        let event = RecoveryDecided {
            tool: view.tool,
            call_id: view.call_id,
            attempt: view.attempt,
            input: view.input,
            error,
            analysis,
            rejected_correction,
            action,
        };
        for observer in &self.observers {
            observer.recovery_decided(&event);
        }
    }
}
