//! Runs independent calls concurrently, with a bound, and returns results in input order.

use std::borrow::Cow;
use std::future::Future;

use futures::StreamExt;
use futures::stream::FuturesUnordered;
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
    /// returns their outputs in order. A batch that fits the bound runs as
    /// one joined future (one allocation for the batch); a larger one goes
    /// through a `FuturesUnordered`, one task per call.
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
        let mut slots: Vec<Option<T>> = Vec::with_capacity(total);
        slots.resize_with(total, || None);
        let mut pending = futures.enumerate();
        let mut running = FuturesUnordered::new();
        loop {
            while running.len() < self.batch_concurrency {
                let Some((index, future)) = pending.next() else {
                    break;
                };
                running.push(async move { (index, future.await) });
            }
            let Some((index, outcome)) = running.next().await else {
                break;
            };
            slots[index] = Some(outcome?);
        }
        Ok(slots.into_iter().flatten().collect())
    }
}
