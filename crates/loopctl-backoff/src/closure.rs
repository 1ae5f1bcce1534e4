//! [`FnRecovery`]: a recovery policy written inline as a closure.

use std::fmt;

use loopctl_reflect_core::{DecisionFuture, FailureAnalysis, RecoveryAction, RecoveryStrategy};

/// A strategy made from a closure `(analysis, attempt, max_attempts) -> RecoveryAction`.
///
/// ```
/// use std::time::Duration;
/// use loopctl_backoff::FnRecovery;
/// use loopctl_reflect_core::{FailureSeverity, RecoveryAction};
///
/// let low_only = FnRecovery::new(|analysis, attempt, _max| {
///     if analysis.is_recoverable && analysis.severity == FailureSeverity::Low && attempt < 2 {
///         RecoveryAction::retry(Duration::from_millis(50))
///     } else {
///         RecoveryAction::Fail(analysis.root_cause.clone())
///     }
/// });
/// # let _ = low_only;
/// ```
pub struct FnRecovery<F> {
    decide: F,
}

impl<F> FnRecovery<F>
where
    F: Fn(&FailureAnalysis, u32, u32) -> RecoveryAction + Send + Sync,
{
    /// Wraps `decide` as a strategy.
    pub const fn new(decide: F) -> Self {
        Self { decide }
    }
}

impl<F> fmt::Debug for FnRecovery<F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FnRecovery").finish_non_exhaustive()
    }
}

impl<F> RecoveryStrategy for FnRecovery<F>
where
    F: Fn(&FailureAnalysis, u32, u32) -> RecoveryAction + Send + Sync,
{
    fn decide(
        &self,
        analysis: &FailureAnalysis,
        attempt: u32,
        max_attempts: u32,
    ) -> DecisionFuture<'_> {
        Box::pin(std::future::ready((self.decide)(
            analysis,
            attempt,
            max_attempts,
        )))
    }
}
