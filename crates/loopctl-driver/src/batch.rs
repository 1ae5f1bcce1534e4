//! Runs independent calls concurrently, with a bound, and returns results in input order.

use futures::StreamExt;
use futures::stream::FuturesUnordered;

use crate::dispatcher::Dispatcher;
use crate::error::LoopError;
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
        let total = calls.len();
        let mut slots: Vec<Option<ToolResult>> = Vec::with_capacity(total);
        slots.resize_with(total, || None);
        let mut pending = calls.into_iter().enumerate();
        let mut running = FuturesUnordered::new();
        loop {
            while running.len() < self.batch_concurrency {
                let Some((index, call)) = pending.next() else {
                    break;
                };
                running.push(async move { (index, self.dispatch_for_task(call, task).await) });
            }
            let Some((index, outcome)) = running.next().await else {
                break;
            };
            slots[index] = Some(outcome?);
        }
        Ok(slots.into_iter().flatten().collect())
    }
}
