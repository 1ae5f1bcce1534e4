//! Runs a future so that nothing escapes: panics are caught, time-outs and cancels end it.

use std::any::Any;
use std::future::Future;
use std::panic::AssertUnwindSafe;
use std::task::Poll;
use std::time::Duration;

use futures::FutureExt;

use super::cancel::CancelSignal;

/// How a guarded future ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Guarded<T> {
    /// It finished with a value.
    Done(T),
    /// It panicked; the message says with what.
    Panicked(String),
    /// It ran past its time-out.
    TimedOut(Duration),
    /// The cancel signal fired first.
    Cancelled,
}

/// Polls `future` until it finishes, panics, times out or is cancelled.
/// Allocates nothing; a cancel always wins a tie, and a future that is
/// ready on its first poll never touches the timer.
pub async fn guard<F: Future>(
    future: F,
    timeout: Option<Duration>,
    cancel: &CancelSignal,
) -> Guarded<F::Output> {
    if cancel.is_cancelled() {
        return Guarded::Cancelled;
    }
    let mut caught = std::pin::pin!(AssertUnwindSafe(future).catch_unwind());
    // Most reflectors, strategies and many tools finish on their first poll.
    // Try that first, so they never register a timer or a cancel waiter.
    let first = std::future::poll_fn(|context| Poll::Ready(caught.as_mut().poll(context))).await;
    if let Poll::Ready(outcome) = first {
        return match outcome {
            Ok(value) => Guarded::Done(value),
            Err(payload) => Guarded::Panicked(panic_message(payload.as_ref())),
        };
    }
    let bounded = async {
        match timeout {
            Some(limit) => tokio::time::timeout(limit, caught).await.map_err(|_| limit),
            None => Ok(caught.await),
        }
    };
    tokio::select! {
        biased;
        () = cancel.cancelled() => Guarded::Cancelled,
        outcome = bounded => match outcome {
            Ok(Ok(value)) => Guarded::Done(value),
            Ok(Err(payload)) => Guarded::Panicked(panic_message(payload.as_ref())),
            Err(limit) => Guarded::TimedOut(limit),
        },
    }
}

/// Sleeps for `delay`, racing the cancel signal; `false` when cancelled.
/// A zero delay returns at once without touching the timer, which would
/// round any sleep up to its 1 ms tick.
pub(crate) async fn sleep(delay: Duration, cancel: &CancelSignal) -> bool {
    if cancel.is_cancelled() {
        return false;
    }
    if delay.is_zero() {
        return true;
    }
    tokio::select! {
        biased;
        () = cancel.cancelled() => false,
        () = tokio::time::sleep(delay) => true,
    }
}

/// The text a panic was raised with, when it was a string.
pub(crate) fn panic_message(payload: &(dyn Any + Send)) -> String {
    if let Some(text) = payload.downcast_ref::<&'static str>() {
        (*text).to_owned()
    } else if let Some(text) = payload.downcast_ref::<String>() {
        text.clone()
    } else {
        "a non-string panic payload".to_owned()
    }
}
