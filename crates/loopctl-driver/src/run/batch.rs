//! Runs independent calls concurrently, with a bound, and returns results in input order.

use std::borrow::Cow;
use std::future::Future;

use std::sync::{Mutex, PoisonError};

use serde_json::Value;

use super::dispatcher::Dispatcher;
use super::finished::Finished;
use crate::error::LoopError;
use crate::idempotency::CallKey;
use crate::result::ToolResult;
use crate::tool::ToolCall;

/// A call borrowed from where the caller keeps it, for
/// [`Dispatcher::dispatch_borrowed`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CallRef<'a> {
    /// The id the model gave the call.
    pub id: &'a str,
    /// The registry name of the tool.
    pub name: &'a str,
    /// The input, normally a JSON object.
    pub input: &'a Value,
    /// The call's idempotency key; `None` lets the driver make one.
    pub idempotency_key: Option<&'a str>,
}

impl Dispatcher {
    /// Runs `calls` concurrently, at most the configured batch concurrency at
    /// a time, and returns their results in the order of `calls`.
    ///
    /// A hard error (cancel, recovery exhausted, loop detected) ends the whole
    /// batch with that error; calls still running are dropped.
    pub async fn dispatch_batch(&self, calls: Vec<ToolCall>) -> Result<Vec<ToolResult>, LoopError> {
        self.dispatch_batch_for_task(calls, "").await
    }

    /// [`dispatch_batch`](Self::dispatch_batch) with a task for the reflector.
    pub async fn dispatch_batch_for_task(
        &self,
        calls: Vec<ToolCall>,
        task: &str,
    ) -> Result<Vec<ToolResult>, LoopError> {
        self.run_ordered(
            calls
                .into_iter()
                .map(|call| self.dispatch_for_task(call, task)),
        )
        .await
    }

    /// Runs `calls` as [`dispatch_batch_for_task`](Self::dispatch_batch_for_task)
    /// does, borrowing each call from where the caller keeps it: a name or
    /// an input is copied only when a correction changes it. The endings
    /// come back in the order of `calls`.
    pub async fn dispatch_borrowed<'a>(
        &'a self,
        calls: &[CallRef<'a>],
        task: &'a str,
    ) -> Result<Vec<Finished<'a>>, LoopError> {
        self.run_ordered(calls.iter().map(|call| {
            self.run_call(
                Cow::Borrowed(call.id),
                Cow::Borrowed(call.name),
                Cow::Borrowed(call.input),
                task,
                CallKey::for_call(call.idempotency_key),
            )
        }))
        .await
    }

    /// Polls `futures` with at most the batch concurrency in flight and
    /// returns their outputs in order, without an allocation per call.
    ///
    /// A batch that fits the bound runs as one joined future. A larger one
    /// runs on as many lanes as the bound allows, joined the same way; each
    /// lane takes the next call from a shared queue when its last one ends,
    /// so a slow call holds up only its own lane.
    async fn run_ordered<F, T>(
        &self,
        futures: impl ExactSizeIterator<Item = F>,
    ) -> Result<Vec<T>, LoopError>
    where
        F: Future<Output = Result<T, LoopError>>,
    {
        let total = futures.len();
        if total <= self.batch_concurrency {
            return futures::future::try_join_all(futures).await;
        }
        let queue = Mutex::new(futures.enumerate());
        let slots: Mutex<Vec<Option<T>>> = Mutex::new((0..total).map(|_| None).collect());
        let lane = || async {
            loop {
                // The lock is held only to take the next call, never across an await.
                let next = loopctl_reflect_core::lock(&queue).next();
                let Some((index, future)) = next else {
                    return Ok::<(), LoopError>(());
                };
                let value = future.await?;
                if let Some(slot) = loopctl_reflect_core::lock(&slots).get_mut(index) {
                    *slot = Some(value);
                }
            }
        };
        futures::future::try_join_all((0..self.batch_concurrency).map(|_| lane())).await?;
        Ok(slots
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner)
            .into_iter()
            .flatten()
            .collect())
    }
}
