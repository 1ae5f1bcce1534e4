//! What a `Recovery`, its tools and its hook share: the dispatcher, the model's call ids, and the hard stops.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use loopctl_driver::{Dispatcher, LoopError, ToolCall};
use rig_core::tool::{ToolErrorKind, ToolExecutionError, ToolOutput};
use serde_json::Value;

use crate::calls::CallIds;
use crate::stop::{HARD_STOP_CODE, HardStop, Stops};

pub(crate) struct Shared {
    pub(crate) dispatcher: Arc<Dispatcher>,
    pending: Mutex<CallIds>,
    minted: AtomicU64,
    pub(crate) stops: Mutex<Stops>,
}

pub(crate) use loopctl_reflect_core::lock;

impl Shared {
    pub(crate) fn new(dispatcher: Arc<Dispatcher>) -> Self {
        Self {
            dispatcher,
            pending: Mutex::new(CallIds::default()),
            minted: AtomicU64::new(0),
            stops: Mutex::new(Stops::default()),
        }
    }

    /// Notes the model's id for the call rig is about to dispatch, for a
    /// tool of this dispatcher.
    pub(crate) fn note_call_id(&self, tool: &str, args: &Value, id: String) {
        if self.dispatcher.registry().get(tool).is_none() {
            return;
        }
        lock(&self.pending).note(tool, args, id);
    }

    /// Forgets the id of a call that ended without reaching its tool (a
    /// later hook denied it), so the next identical call is not given it.
    pub(crate) fn forget_call_id(&self, tool: &str, args: &Value, id: &str) {
        lock(&self.pending).forget(tool, args, id);
    }

    /// Keeps a hard stop for `Recovery::stops`.
    pub(crate) fn stopped(&self, stop: LoopError) {
        lock(&self.stops).push(stop);
    }

    /// The model's id for this call when the hook noted one, otherwise a
    /// minted `rig-<n>`, numbered in call order from 1.
    fn call_id(&self, tool: &str, args: &Value) -> String {
        if let Some(id) = lock(&self.pending).take(tool, args) {
            return id;
        }
        format!("rig-{}", self.minted.fetch_add(1, Ordering::Relaxed) + 1)
    }

    pub(crate) async fn call(
        &self,
        tool: &str,
        args: Value,
    ) -> Result<ToolOutput, ToolExecutionError> {
        let id = self.call_id(tool, &args);
        match self
            .dispatcher
            .dispatch(ToolCall::new(id, tool, args))
            .await
        {
            Ok(result) if !result.is_error => Ok(ToolOutput::text(result.content)),
            Ok(result) => Err(ToolExecutionError::new(
                ToolErrorKind::Other,
                result.content_for_model().into_owned(),
            )
            // loopctl has already retried as far as its policy allows.
            .with_retryable(false)),
            Err(error) => {
                let stop = HardStop(error);
                Err(
                    ToolExecutionError::new(ToolErrorKind::Cancelled, stop.to_string())
                        .with_retryable(false)
                        // The code survives where the typed source does not
                        // (serialised results, an effect log).
                        .with_code(HARD_STOP_CODE)
                        .with_source(stop),
                )
            }
        }
    }
}
