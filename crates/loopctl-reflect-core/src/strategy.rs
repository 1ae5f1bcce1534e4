//! The [`RecoveryStrategy`] trait, which turns an analysis into a [`RecoveryAction`].

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use crate::{FailureAnalysis, RecoveryAction};

/// The boxed future a [`RecoveryStrategy`] returns.
pub type DecisionFuture<'a> = Pin<Box<dyn Future<Output = RecoveryAction> + Send + 'a>>;

/// How one attempt of a tool call ended, as reported to
/// [`RecoveryStrategy::record_attempt`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum AttemptOutcome {
    /// The tool returned a result that is not an error.
    Success,
    /// The tool returned an error result (or panicked, or timed out).
    Failure,
    /// A retry the strategy granted was refused before it ran (an open
    /// circuit, a hook): nothing was sent, so a retry budget can give back
    /// the retry it spent. Reported for retries only, never for a first
    /// attempt.
    RetryRefused,
}

/// Decides what to do about a failed attempt.
///
/// `attempt` is 0 for the original call and `max_attempts` is the number of
/// executions the driver's ceiling allows. A strategy that answers
/// [`RecoveryAction::Retry`] when `attempt + 1 >= max_attempts` pushes the
/// driver into its hard ceiling, which ends the whole run; well-behaved
/// strategies fail softly before that.
pub trait RecoveryStrategy: Send + Sync {
    /// Decides the next step after a failed attempt.
    fn decide(
        &self,
        analysis: &FailureAnalysis,
        attempt: u32,
        max_attempts: u32,
    ) -> Pin<Box<dyn Future<Output = RecoveryAction> + Send + '_>>;

    /// Hears how every attempt ended, across all calls that share this
    /// strategy. Stateful strategies (a retry budget refilled by successes)
    /// override it; the default ignores it. It must be cheap: the driver
    /// calls it on the success path.
    fn record_attempt(&self, tool: &str, outcome: AttemptOutcome) {
        let _ = (tool, outcome);
    }
}

macro_rules! forward_strategy {
    ($($pointer:ty),*) => {$(
        impl<S: RecoveryStrategy + ?Sized> RecoveryStrategy for $pointer {
            fn decide(
                &self,
                analysis: &FailureAnalysis,
                attempt: u32,
                max_attempts: u32,
            ) -> DecisionFuture<'_> {
                (**self).decide(analysis, attempt, max_attempts)
            }

            fn record_attempt(&self, tool: &str, outcome: AttemptOutcome) {
                (**self).record_attempt(tool, outcome);
            }
        }
    )*};
}

forward_strategy!(Arc<S>, Box<S>, &S);
