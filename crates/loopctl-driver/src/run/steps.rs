//! The recovery loop's steps for one failed or running attempt: execute the tool, reflect and decide, check and apply the correction.

use std::borrow::Cow;
use std::time::Duration;

use loopctl_reflect_core::{
    CorrectionOutcome, FailureAnalysis, MAX_TOTAL_ATTEMPTS, RecoveryAction, ReflectionContext,
    apply_correction,
};
use serde_json::Value;

use super::dispatcher::Dispatcher;
use super::guard::{Guarded, guard};
use crate::error::LoopError;

use crate::output::ToolOutput;
use crate::telemetry::Failure;

/// What became of an analysis's correction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Applied {
    /// No correction, or an advisory one.
    Nothing,
    /// The input was replaced.
    Input,
    /// The call moved to another tool.
    Tool,
    /// It could not apply and was dropped.
    Dropped,
}

/// The reflector's verdict and the strategy's answer for one failed attempt.
pub(crate) struct Decision {
    pub(crate) analysis: Option<FailureAnalysis>,
    /// Why the analysis's correction was rejected; the action is then `Fail`.
    pub(crate) rejection: Option<String>,
    pub(crate) action: RecoveryAction,
}

impl Dispatcher {
    /// One execution of the tool called `name`, and what kind of failure
    /// it was, when it was one; `Err` only when cancelled.
    pub(crate) async fn execute(
        &self,
        name: &str,
        input: &Value,
    ) -> Result<(ToolOutput, Failure), LoopError> {
        let Some(tool) = self.registry.get(name) else {
            let output = ToolOutput::error(format!(
                "unknown tool `{name}`; registered tools: {}",
                self.registry.names().join(", ")
            ));
            return Ok((output, Failure::UnknownTool));
        };
        // The call itself runs inside the guard: a tool may panic before it
        // even returns its future.
        let running = async { tool.call(input).await };
        match guard(running, self.timeout_for(name), &self.cancel).await {
            Guarded::Done(output) => {
                let failure = if output.settled_action().is_some() {
                    Failure::Settled
                } else {
                    Failure::Tool
                };
                Ok((output, failure))
            }
            Guarded::Panicked(message) => {
                let message = self.telemetry.redactor.text(&message);
                tracing::error!(tool = name, %message, "tool panicked");
                let output = ToolOutput::error(format!("tool `{name}` panicked: {message}"));
                Ok((output, Failure::Panic))
            }
            Guarded::TimedOut(limit) => {
                // It may have done its work before the limit: the safety
                // policy decides whether it may run again.
                let output = ToolOutput::error(format!(
                    "tool `{name}` timed out after {} ms without finishing",
                    limit.as_millis()
                ))
                .outcome_unknown();
                Ok((output, Failure::Timeout))
            }
            Guarded::Cancelled => Err(LoopError::Cancelled),
        }
    }

    /// Steps 1 and 2: the reflector's analysis, then the strategy's decision.
    /// A reflector that fails in any way means `Fail`: never guess.
    pub(crate) async fn reflect_and_decide(
        &self,
        name: &str,
        input: &Value,
        error: &str,
        context: &ReflectionContext,
    ) -> Result<Decision, LoopError> {
        let attempt = context.attempt;
        let schema = self.registry.schema(name);
        let reflecting = async {
            self.reflector
                .analyze(error, name, input, schema, context)
                .await
        };
        let analysis = match guard(reflecting, Some(self.reflection_timeout), &self.cancel).await {
            Guarded::Done(Ok(analysis)) => match self.checked(&analysis, schema) {
                Ok(()) => Ok(analysis),
                Err(reason) => {
                    tracing::warn!(tool = name, attempt, reason = %self.telemetry.redactor.text(&reason), "the proposed correction was rejected; the call fails softly");
                    return Ok(Decision {
                        action: RecoveryAction::Fail(format!("reflection failed: {reason}")),
                        analysis: Some(analysis),
                        rejection: Some(reason),
                    });
                }
            },
            Guarded::Done(Err(error)) => Err(error.to_string()),
            Guarded::Panicked(message) => Err(format!("the reflector panicked: {message}")),
            Guarded::TimedOut(limit) => Err(format!(
                "the reflector did not answer within {} ms",
                limit.as_millis()
            )),
            Guarded::Cancelled => return Err(LoopError::Cancelled),
        };
        let analysis = match analysis {
            Ok(analysis) => analysis,
            Err(reason) => {
                tracing::warn!(tool = name, attempt, reason = %self.telemetry.redactor.text(&reason), "reflection failed; treating the failure as unrecoverable");
                return Ok(Decision {
                    analysis: None,
                    rejection: None,
                    action: RecoveryAction::Fail(format!("reflection failed: {reason}")),
                });
            }
        };
        let deciding = async {
            self.strategy_for(name)
                .decide(&analysis, attempt, MAX_TOTAL_ATTEMPTS)
                .await
        };
        let action = match guard(deciding, Some(self.reflection_timeout), &self.cancel).await {
            Guarded::Done(action) => action,
            Guarded::Panicked(message) => {
                tracing::error!(tool = name, message = %self.telemetry.redactor.text(&message), "recovery strategy panicked");
                RecoveryAction::Fail(format!("the recovery strategy panicked: {message}"))
            }
            Guarded::TimedOut(limit) => RecoveryAction::Fail(format!(
                "the recovery strategy did not decide within {} ms",
                limit.as_millis()
            )),
            Guarded::Cancelled => return Err(LoopError::Cancelled),
        };
        Ok(Decision {
            analysis: Some(analysis),
            rejection: None,
            action,
        })
    }

    /// With `schema_validation`, a proposed `InputFix` must fit the tool's schema.
    #[cfg_attr(
        not(feature = "schema_validation"),
        expect(clippy::unused_self, reason = "uses self only with schema_validation")
    )]
    pub(crate) fn checked(
        &self,
        analysis: &FailureAnalysis,
        schema: Option<&loopctl_reflect_core::ToolSchema>,
    ) -> Result<(), String> {
        #[cfg(feature = "schema_validation")]
        loopctl_schema::check_correction_for_reflection(analysis, schema, &self.validators)
            .map_err(|error| error.message().to_owned())?;
        #[cfg(not(feature = "schema_validation"))]
        let _ = (analysis, schema);
        Ok(())
    }

    pub(crate) fn bounded_delay(&self, delay: Duration) -> Duration {
        if delay > self.max_retry_delay {
            tracing::warn!(
                requested_ms = delay.as_millis() as u64,
                cap_ms = self.max_retry_delay.as_millis() as u64,
                "retry delay capped"
            );
            return self.max_retry_delay;
        }
        delay
    }

    /// Why the correction policy refuses `analysis`'s correction for a call
    /// of `name` whose own input was `original`; `None` when it may apply
    /// (or there is nothing to apply).
    pub(crate) fn correction_refusal(
        &self,
        analysis: &FailureAnalysis,
        name: &str,
        original: &Value,
    ) -> Option<String> {
        match apply_correction(name, analysis.correction.as_ref()?) {
            CorrectionOutcome::InputReplaced(fixed) => self.safety.input_fix_refusal(
                &self.registry,
                name,
                original,
                fixed,
                self.registry
                    .schema(name)
                    .map(|schema| &schema.input_schema),
            ),
            CorrectionOutcome::ToolSwapped(to) if self.registry.contains(to) => {
                self.safety.tool_change_refusal(&self.registry, name, to)
            }
            _ => None,
        }
    }

    /// Step 3's correction: applied, advisory, or logged and dropped;
    /// `true` when the input was replaced.
    pub(crate) fn apply_analysis_correction(
        &self,
        analysis: &FailureAnalysis,
        name: &mut Cow<'_, str>,
        input: &mut Cow<'_, Value>,
        requested_name: &mut Option<String>,
        original_input: &mut Option<Value>,
    ) -> Applied {
        let Some(correction) = &analysis.correction else {
            return Applied::Nothing;
        };
        match apply_correction(name, correction) {
            CorrectionOutcome::InputReplaced(new_input) => {
                tracing::debug!(tool = %name, "input_fix applied");
                original_input.get_or_insert_with(|| input.clone().into_owned());
                *input = Cow::Owned(new_input.clone());
                Applied::Input
            }
            CorrectionOutcome::ToolSwapped(new_tool) if self.registry.contains(new_tool) => {
                tracing::debug!(from = %name, to = new_tool, "tool_change applied");
                let previous = std::mem::replace(name, Cow::Owned(new_tool.to_owned()));
                requested_name.get_or_insert_with(|| previous.into_owned());
                Applied::Tool
            }
            CorrectionOutcome::ToolSwapped(new_tool) => {
                tracing::warn!(tool = %name, alternative = new_tool, "tool_change names an unregistered tool; dropped, retrying unchanged");
                Applied::Dropped
            }
            CorrectionOutcome::Advisory(guidance) => {
                tracing::debug!(tool = %name, kind = %correction.correction_type, guidance = guidance.map(|text| self.telemetry.redactor.text(text)).as_deref(), "advisory correction; retrying unchanged");
                Applied::Nothing
            }
            CorrectionOutcome::Rejected(reason) => {
                tracing::warn!(tool = %name, reason = %self.telemetry.redactor.text(&reason.to_string()), "correction dropped");
                Applied::Dropped
            }
        }
    }
}

/// What the model is told with a soft failure: the root cause and what the
/// correction says to change, or why the proposed fix was rejected.
pub(crate) fn guidance_for_model(analysis: &FailureAnalysis, rejection: Option<&str>) -> String {
    let mut text = format!("Analysis: {}", analysis.root_cause);
    if let Some(reason) = rejection {
        text.push_str(". The proposed fix was rejected: ");
        text.push_str(reason);
    } else if let Some(correction) = &analysis.correction {
        text.push_str(". What to change: ");
        text.push_str(
            correction
                .guidance
                .as_deref()
                .unwrap_or(&correction.description),
        );
    }
    text
}
