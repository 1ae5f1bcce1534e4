//! The default strategy: [`ExponentialBackoffRecovery`], doubling delays under a cap.

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use loopctl_reflect_core::{DecisionFuture, FailureAnalysis, RecoveryStrategy};

use crate::jitter::{Jitter, RandomSource, default_source};
use crate::rules::{self, Limits};

/// Retries recoverable failures with exponentially growing delays.
///
/// `ExponentialBackoffRecovery::new(3)` allows three retries, waiting 100 ms,
/// 200 ms, then 400 ms (base 100 ms, multiplier 2, cap 30 s, no jitter).
/// It decides by these rules, first match wins:
///
/// | # | when | answer |
/// |---|---|---|
/// | 1 | the analysis is not recoverable | `Fail` with the root cause |
/// | 2 | `attempt >= max_retries`, or `attempt + 1 >= max_attempts` | `Fail` ("gave up after N retries") |
/// | 3 | severity `High` or worse and a correction is present | `AskUser`, naming the cause and the fix |
/// | 4 | otherwise | `Retry` after this attempt's delay |
///
/// A retry waits at least as long as a server's retry hint found in the
/// analysis (see [`crate::parse_retry_after`]); a hint longer than the limit
/// (60 s unless set by [`with_retry_after_limit`](Self::with_retry_after_limit))
/// turns the retry into `Fail`.
///
/// ```
/// use std::time::Duration;
/// use loopctl_backoff::ExponentialBackoffRecovery;
///
/// let strategy = ExponentialBackoffRecovery::new(3);
/// let delays: Vec<_> = (0..3).map(|attempt| strategy.delay_for_attempt(attempt)).collect();
/// assert_eq!(delays, [100, 200, 400].map(Duration::from_millis));
/// ```
#[derive(Clone)]
pub struct ExponentialBackoffRecovery {
    base_delay: Duration,
    max_delay: Duration,
    multiplier: f64,
    jitter: Jitter,
    random: Arc<dyn RandomSource>,
    limits: Limits,
}

impl ExponentialBackoffRecovery {
    /// The default base delay: 100 ms.
    pub const DEFAULT_BASE_DELAY: Duration = Duration::from_millis(100);
    /// The default cap on one delay: 30 s.
    pub const DEFAULT_MAX_DELAY: Duration = Duration::from_secs(30);
    /// The default growth factor: 2.
    pub const DEFAULT_MULTIPLIER: f64 = 2.0;

    /// Up to `max_retries` retries with the default delays and no jitter.
    pub fn new(max_retries: u32) -> Self {
        Self {
            base_delay: Self::DEFAULT_BASE_DELAY,
            max_delay: Self::DEFAULT_MAX_DELAY,
            multiplier: Self::DEFAULT_MULTIPLIER,
            jitter: Jitter::None,
            random: default_source(),
            limits: Limits::new(max_retries),
        }
    }

    /// The delay before the first retry.
    #[must_use]
    pub fn with_base_delay(mut self, base_delay: Duration) -> Self {
        self.base_delay = base_delay;
        self
    }

    /// The cap on any one delay, applied before jitter.
    #[must_use]
    pub fn with_max_delay(mut self, max_delay: Duration) -> Self {
        self.max_delay = max_delay;
        self
    }

    /// The growth factor per retry. Values below 1 or not numbers are read as
    /// 1 (a constant delay); infinity reaches the cap at the second retry.
    #[must_use]
    pub fn with_multiplier(mut self, multiplier: f64) -> Self {
        self.multiplier = if multiplier >= 1.0 { multiplier } else { 1.0 };
        self
    }

    /// How delays are randomised; [`Jitter::None`] by default.
    #[must_use]
    pub fn with_jitter(mut self, jitter: Jitter) -> Self {
        self.jitter = jitter;
        self
    }

    /// The randomness jitter draws from, e.g. a [`crate::SeededRandom`] in tests.
    #[must_use]
    pub fn with_random_source(mut self, random: Arc<dyn RandomSource>) -> Self {
        self.random = random;
        self
    }

    /// The longest server retry hint that is honoured; longer ones fail.
    #[must_use]
    pub fn with_retry_after_limit(mut self, limit: Duration) -> Self {
        self.limits.retry_after_limit = limit;
        self
    }

    /// Retries at once, without the backoff, when the analysis carries a fix
    /// that changes the call (an `InputFix` with a new input, a `ToolChange`
    /// naming a tool): nothing transient is being waited out. A server's
    /// retry hint is still honoured. Off by default, as the spec's delays are.
    #[must_use]
    pub fn with_fixes_retried_at_once(mut self) -> Self {
        self.limits.fixes_at_once = true;
        self
    }

    /// How many retries this strategy allows.
    pub const fn max_retries(&self) -> u32 {
        self.limits.max_retries
    }

    /// The nominal delay before retry number `attempt + 1`, capped, without jitter.
    pub fn nominal_delay(&self, attempt: u32) -> Duration {
        let cap = self.max_delay;
        let exponent = i32::try_from(attempt).unwrap_or(i32::MAX);
        // Nanoseconds in f64 stay exact for the usual base and factor of 2,
        // and saturate to infinity (hence the cap) instead of overflowing.
        let nanos = self.base_delay.as_nanos() as f64 * self.multiplier.powi(exponent);
        if nanos.is_nan() || nanos >= cap.as_nanos() as f64 {
            return cap;
        }
        Duration::from_nanos(nanos.round() as u64).min(cap)
    }

    /// The delay this strategy waits after failed attempt `attempt`, with jitter.
    pub fn delay_for_attempt(&self, attempt: u32) -> Duration {
        let nominal = self.nominal_delay(attempt);
        if self.jitter == Jitter::None {
            return nominal;
        }
        let previous = match attempt.checked_sub(1) {
            Some(earlier) => self.nominal_delay(earlier),
            None => self.base_delay.min(self.max_delay),
        };
        self.jitter.apply(
            nominal,
            previous,
            self.base_delay,
            self.max_delay,
            &*self.random,
        )
    }
}

impl Default for ExponentialBackoffRecovery {
    /// `new(3)`: the spec's default strategy.
    fn default() -> Self {
        Self::new(3)
    }
}

impl fmt::Debug for ExponentialBackoffRecovery {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ExponentialBackoffRecovery")
            .field("max_retries", &self.limits.max_retries)
            .field("base_delay", &self.base_delay)
            .field("max_delay", &self.max_delay)
            .field("multiplier", &self.multiplier)
            .field("jitter", &self.jitter)
            .field("retry_after_limit", &self.limits.retry_after_limit)
            .field("fixes_retried_at_once", &self.limits.fixes_at_once)
            .finish_non_exhaustive()
    }
}

impl RecoveryStrategy for ExponentialBackoffRecovery {
    fn decide(
        &self,
        analysis: &FailureAnalysis,
        attempt: u32,
        max_attempts: u32,
    ) -> DecisionFuture<'_> {
        let action = rules::decide(analysis, attempt, max_attempts, self.limits, |attempt| {
            self.delay_for_attempt(attempt)
        });
        Box::pin(std::future::ready(action))
    }
}
