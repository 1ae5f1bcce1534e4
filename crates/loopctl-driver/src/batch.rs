//! Runs independent calls concurrently, with a bound, and returns results in input order.

use std::borrow::Cow;
use std::future::Future;

use std::sync::{Mutex, PoisonError};

use serde_json::Value;

use crate::dispatcher::Dispatcher;
use crate::error::LoopError;
use crate::recovery_loop::Ended;
use crate::tool::{ToolCall, ToolResult};

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

    /// The calls `(id, name, input)` run through the recovery loop without
    /// copying them; what the agent needs from each comes back in order.
    pub(crate) async fn run_borrowed<'a>(
        &'a self,
        calls: &[(&'a str, &'a str, &'a Value)],
        task: &'a str,
    ) -> Result<Vec<Ended<'a>>, LoopError> {
        self.run_ordered(calls.iter().map(|(id, name, input)| {
            self.run_call(id, Cow::Borrowed(*name), Cow::Borrowed(*input), task)
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
                let next = queue.lock().unwrap_or_else(PoisonError::into_inner).next();
                let Some((index, future)) = next else {
                    return Ok::<(), LoopError>(());
                };
                let value = future.await?;
                if let Some(slot) = slots
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .get_mut(index)
                {
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
