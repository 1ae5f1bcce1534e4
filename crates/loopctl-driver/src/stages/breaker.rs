//! The circuit-breaker interface the driver asks before every attempt, so the breaker's state may live outside this process.

use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

use super::health::{CircuitState, HealthMonitor};

/// A breaker's word on one attempt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Admission {
    /// The attempt runs.
    Run,
    /// The attempt does not run; the text says why and when to come back.
    Refuse(String),
}

/// An admission that needs a round trip to be known.
pub type AdmissionFuture<'a> = Pin<Box<dyn Future<Output = Admission> + Send + 'a>>;

/// What [`CircuitBreaker::admit`] hands back: the answer now, or a future.
///
/// A breaker answers from what it holds whenever it can, so the common call
/// pays for no allocation and no await; it goes out (to claim a fleet-wide
/// probe, say) only when it must.
pub enum Admit<'a> {
    /// Known at once.
    Ready(Admission),
    /// Known after a round trip.
    Pending(AdmissionFuture<'a>),
}

impl Admit<'_> {
    /// The admission, awaiting it when it is pending.
    pub async fn resolve(self) -> Admission {
        match self {
            Self::Ready(admission) => admission,
            Self::Pending(future) => future.await,
        }
    }
}

impl fmt::Debug for Admit<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Ready(admission) => f.debug_tuple("Ready").field(admission).finish(),
            Self::Pending(_) => f.write_str("Pending"),
        }
    }
}

/// What [`CircuitBreaker::record`] hands back: done, or a round trip the
/// driver awaits before it decides on the next attempt, so that attempt is
/// admitted on the breaker's new state.
pub enum Recorded<'a> {
    /// Nothing left to wait for.
    Done,
    /// A write still under way.
    Pending(Pin<Box<dyn Future<Output = ()> + Send + 'a>>),
}

impl Recorded<'_> {
    /// Waits for the write, if there is one.
    pub async fn finish(self) {
        if let Self::Pending(future) = self {
            future.await;
        }
    }
}

impl fmt::Debug for Recorded<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Done => "Done",
            Self::Pending(_) => "Pending",
        })
    }
}

/// Decides, per tool, whether attempts may run, from the outcomes of the
/// attempts that ran.
///
/// [`HealthMonitor`] is the breaker of one process; `loopctl-redis` holds one
/// for a whole fleet. The driver asks [`admit`](Self::admit) before every
/// attempt and reports every attempt that ran to [`record`](Self::record); a
/// refused attempt is never reported, since nothing ran.
pub trait CircuitBreaker: fmt::Debug + Send + Sync {
    /// May an attempt of `tool` run now? A half-open circuit lets one probe through.
    fn admit<'a>(&'a self, tool: &'a str) -> Admit<'a>;

    /// One attempt of `tool` ran, for `latency`, and failed when `is_error`.
    /// It is called on every attempt: a success should be [`Recorded::Done`]
    /// at once, and only a change of state should need a round trip.
    fn record<'a>(&'a self, tool: &'a str, latency: Duration, is_error: bool) -> Recorded<'a>;

    /// The state of `tool`'s circuit as this breaker sees it now.
    fn circuit_state(&self, tool: &str) -> CircuitState;
}

impl CircuitBreaker for HealthMonitor {
    fn admit<'a>(&'a self, tool: &'a str) -> Admit<'a> {
        Admit::Ready(Self::admit(self, tool))
    }

    fn record<'a>(&'a self, tool: &'a str, latency: Duration, is_error: bool) -> Recorded<'a> {
        Self::record(self, tool, latency, is_error);
        Recorded::Done
    }

    fn circuit_state(&self, tool: &str) -> CircuitState {
        Self::circuit_state(self, tool)
    }
}
