//! [`RateLimit`]: at most N calls of a tool per period, by GCRA (the `governor` crate), waiting in turn up to a bound.
//!
//! The limiter reads tokio's clock, so a paused test clock drives it the
//! same way it drives the backoff. Waiters queue on a fair lock, one in
//! front at a time, so a burst wakes one waiter per slot instead of all of
//! them at every slot.

use std::fmt;
use std::num::NonZeroU32;
use std::sync::atomic::AtomicUsize;
use std::time::Duration;

use governor::clock::Clock;
use governor::middleware::NoOpMiddleware;
use governor::nanos::Nanos;
use governor::state::{InMemoryState, NotKeyed};
use governor::{Quota, RateLimiter};
use tokio::time::Instant;

use super::limits::Queued;

/// governor's clock, read from tokio's: nanoseconds since the limit was made.
#[derive(Clone)]
struct TokioClock {
    origin: Instant,
}

impl Clock for TokioClock {
    type Instant = Nanos;

    fn now(&self) -> Nanos {
        Nanos::from(self.origin.elapsed())
    }
}

type Limiter = RateLimiter<NotKeyed, InMemoryState, TokioClock, NoOpMiddleware<Nanos>>;

/// At most `calls` calls per `period`, spaced evenly (`10/s` lets one call
/// through every 100 ms, so no window of a second ever holds more than 10),
/// each waiting at most `wait` for its turn before it is refused.
///
/// One `RateLimit` is one limit: every tool given the same one (by a glob,
/// or by cloning the `Arc` that holds it) shares it.
pub struct RateLimit {
    limiter: Limiter,
    calls: NonZeroU32,
    period: Duration,
    wait: Duration,
    /// The time between two calls.
    spacing: Duration,
    /// Waiters queue here in the order they came.
    turn: tokio::sync::Mutex<()>,
    /// Calls waiting now, so that one that could not get a turn within its
    /// bound is refused at once rather than at the end of its wait.
    waiting: AtomicUsize,
}

impl RateLimit {
    /// `calls` calls per `period`, waiting up to `wait`. `None` when
    /// `period` is zero or `calls` is 0, which would allow every call or none.
    pub fn new(calls: u32, period: Duration, wait: Duration) -> Option<Self> {
        let calls = NonZeroU32::new(calls)?;
        let spacing = period / calls.get();
        // A burst of one: the calls are spaced, never bunched at a window's edge.
        let quota = Quota::with_period(spacing)?;
        let clock = TokioClock {
            origin: Instant::now(),
        };
        Some(Self {
            limiter: RateLimiter::direct_with_clock(quota, clock),
            calls,
            period,
            wait,
            spacing,
            turn: tokio::sync::Mutex::new(()),
            waiting: AtomicUsize::new(0),
        })
    }

    /// How long a call may wait for its turn.
    pub fn wait(&self) -> Duration {
        self.wait
    }

    /// Takes a turn now if one is free and nobody is waiting for it: a call
    /// that arrives never overtakes those in the queue.
    pub(crate) fn try_now(&self) -> bool {
        self.waiting.load(std::sync::atomic::Ordering::Acquire) == 0 && self.limiter.check().is_ok()
    }

    /// Waits for a turn, in order of arrival, for at most the bound; `Err`
    /// with the reason when the turn would come later than that.
    pub(crate) async fn take(&self) -> Result<Duration, String> {
        let since = Instant::now();
        let deadline = since + self.wait;
        // Those ahead take a turn each; past what the bound can hold, this
        // call could never get one in time.
        let (ahead, _queued) = Queued::join(&self.waiting);
        let reachable = self.wait.as_nanos() / self.spacing.as_nanos().max(1);
        if ahead as u128 > reachable {
            return Err(self.refused(ahead));
        }
        let Ok(_turn) = tokio::time::timeout_at(deadline, self.turn.lock()).await else {
            return Err(self.refused(ahead));
        };
        loop {
            match self.limiter.check() {
                Ok(()) => return Ok(since.elapsed()),
                Err(not_until) => {
                    let now = self.limiter_now();
                    let ready = Instant::now() + not_until.wait_time_from(now);
                    if ready > deadline {
                        return Err(self.refused(ahead));
                    }
                    tokio::time::sleep_until(ready).await;
                }
            }
        }
    }

    fn limiter_now(&self) -> Nanos {
        self.limiter.clock().now()
    }

    fn refused(&self, ahead: usize) -> String {
        format!(
            "refused by the rate limit of {} calls per {:?}: {ahead} calls were waiting and no turn was free within {:?}; try again later",
            self.calls, self.period, self.wait
        )
    }
}

impl fmt::Debug for RateLimit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RateLimit")
            .field("calls", &self.calls)
            .field("period", &self.period)
            .field("wait", &self.wait)
            .finish_non_exhaustive()
    }
}
