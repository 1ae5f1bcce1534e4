//! Calls whose outcome is unknown (the request went out, the answer was lost): the safety policy decides whether they run again, are checked first, or end.

use loopctl_reflect_core::RecoveryAction;
use serde_json::Value;

use super::dispatcher::Dispatcher;
use super::guard::{Guarded, guard};
use crate::error::LoopError;
use crate::idempotency::idempotency_key;
use crate::output::ToolOutput;
use crate::safety::{Outcome, Repeat, Unsure};

impl Dispatcher {
    /// What becomes of `output`, a failure that may have taken effect: left
    /// for the reflector (the tool may run again), settled as a `Fail` that
    /// tells the model to check, or turned into the result an outcome check
    /// found. `Err` only when cancelled.
    pub(crate) async fn settle_unknown(
        &self,
        name: &str,
        input: &Value,
        output: ToolOutput,
    ) -> Result<ToolOutput, LoopError> {
        let check = match self.safety.repeat(&self.registry, name) {
            Repeat::Allowed => return Ok(output),
            Repeat::Refused => {
                return Ok(refused(
                    name,
                    output,
                    "it is not declared idempotent, honours no idempotency key and has no outcome check",
                ));
            }
            Repeat::Check(check) => check,
        };
        // The call's key, from the scope its attempts run in.
        let key_text = idempotency_key().unwrap_or_default();
        let unsure = Unsure {
            tool: name,
            input,
            idempotency_key: &key_text,
            registry: &self.registry,
        };
        let limit = self.timeout_for(name).unwrap_or(self.reflection_timeout);
        let outcome = match guard(check.check(unsure), Some(limit), &self.cancel).await {
            Guarded::Done(outcome) => outcome,
            Guarded::Panicked(message) => {
                Outcome::CannotTell(format!("the outcome check panicked: {message}"))
            }
            Guarded::TimedOut(limit) => Outcome::CannotTell(format!(
                "the outcome check did not answer within {} ms",
                limit.as_millis()
            )),
            Guarded::Cancelled => return Err(LoopError::Cancelled),
        };
        Ok(match outcome {
            Outcome::Happened(result) => {
                tracing::info!(
                    tool = name,
                    "the outcome check found that the call took effect"
                );
                ToolOutput::success(result)
            }
            Outcome::DidNotHappen => {
                tracing::info!(
                    tool = name,
                    "the outcome check found that the call did not take effect; it may run again"
                );
                output
            }
            Outcome::CannotTell(why) => {
                tracing::warn!(tool = name, %why, "the outcome check could not tell whether the call took effect");
                refused(
                    name,
                    output,
                    &format!("its outcome check could not tell ({why})"),
                )
            }
        })
    }
}

/// `output` settled as a `Fail` whose text tells the model what to do.
fn refused(name: &str, output: ToolOutput, why: &str) -> ToolOutput {
    let content = format!(
        "{}\n[loopctl: the outcome of this call to `{name}` is unknown and it was not run again, because {why}; check whether it took effect before calling it again]",
        output.content
    );
    ToolOutput::error(content).settled(RecoveryAction::Fail(format!(
        "outcome unknown; `{name}` is not repeated on a guess"
    )))
}
