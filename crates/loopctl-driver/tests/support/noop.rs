//! A tool that succeeds at once with an empty output, shared by the allocation test and the overhead benchmark.

use loopctl_driver::{Tool, ToolFuture, ToolOutput};
use loopctl_reflect_core::ToolSchema;
use serde_json::{Value, json};

/// Succeeds at once with an empty output; its only allocation is its boxed future.
pub(crate) struct Noop(pub(crate) ToolSchema);

impl Noop {
    /// A no-op tool called `noop`.
    pub(crate) fn new() -> Self {
        Self(ToolSchema::new("noop", "", json!({"type": "object"})))
    }
}

impl Tool for Noop {
    fn schema(&self) -> &ToolSchema {
        &self.0
    }

    fn call<'a>(&'a self, _input: &'a Value) -> ToolFuture<'a> {
        Box::pin(std::future::ready(ToolOutput::success(String::new())))
    }
}
