//! The recovery loop for one tool call: execute, reflect, decide, then retry or return softly.

use std::borrow::Cow;
use std::time::Duration;

use loopctl_reflect_core::{
    AttemptOutcome, CorrectionOutcome, FailureAnalysis, MAX_TOTAL_ATTEMPTS, RecoveryAction,
    ReflectionContext, apply_correction,
};
use serde_json::Value;
use tokio::time::Instant;

use crate::dispatcher::Dispatcher;
use crate::error::LoopError;
use crate::guard::{Guarded, guard, sleep};
use crate::history::AttemptRecord;
use crate::hooks::AttemptView;
use crate::telemetry::{CallEnd, CallTelemetry};
use crate::tool::{ToolCall, ToolOutput, ToolResult};

/// How a call ended, before it is turned into a [`ToolResult`]: the agent
/// takes the parts it needs without copying the call's id and name.
pub(crate) struct Ended<'a> {
    pub(crate) output: ToolOutput,
    pub(crate) tool: Cow<'a, str>,
    pub(crate) attempt: u32,
    pub(crate) final_action: Option<RecoveryAction>,
    pub(crate) history: Vec<AttemptRecord>,
    pub(crate) guidance: Option<String>,
}

impl<'a> Ended<'a> {
    /// A call that ended with `output` on `attempt`, with no guidance.
    fn new(
        output: ToolOutput,
        tool: Cow<'a, str>,
        attempt: u32,
        final_action: Option<RecoveryAction>,
        history: Vec<AttemptRecord>,
    ) -> Self {
        Self {
            output,
            tool,
            attempt,
            final_action,
            history,
            guidance: None,
        }
    }

    /// The result for the call `tool_call_id`.
    pub(crate) fn into_result(self, tool_call_id: String) -> ToolResult {
        let mut result = ToolResult::finished(
            tool_call_id,
            self.output,
            self.tool.into_owned(),
            self.attempt,
            self.final_action,
        );
        result.history = self.history;
        result.guidance = self.guidance;
        result
    }
}

/// What kind of failure an executed attempt was, for its span's `error.type`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Failure {
    /// The tool returned an error output.
    Tool,
    /// The tool ended its failure itself.
    Settled,
    /// The driver's time-out stopped it.
    Timeout,
    /// It panicked.
    Panic,
    /// No tool of that name is registered.
    UnknownTool,
    /// A hook or an open circuit refused it; nothing ran.
    Blocked,
}

/// What became of an analysis's correction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Applied {
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
struct Decision {
    analysis: Option<FailureAnalysis>,
    /// Why the analysis's correction was rejected; the action is then `Fail`.
    rejection: Option<String>,
    action: RecoveryAction,
}

impl Dispatcher {
    /// Runs `call` through the recovery loop with an empty task.
    ///
    /// Returns the result, soft failures included; `Err` only for a cancel
    /// or the hard ceiling.
    pub async fn dispatch(&self, call: ToolCall) -> Result<ToolResult, LoopError> {
        self.dispatch_for_task(call, "").await
    }

    /// Runs `call` through the recovery loop; `task` reaches the reflector
    /// as [`ReflectionContext::task`].
    pub async fn dispatch_for_task(
        &self,
        call: ToolCall,
        task: &str,
    ) -> Result<ToolResult, LoopError> {
        let ToolCall { id, name, input } = call;
        let ended = self
            .run_call(&id, Cow::Owned(name), Cow::Owned(input), task)
            .await?;
        Ok(ended.into_result(id))
    }

    /// The recovery loop over a call whose name and input may be borrowed:
    /// they are copied only when a correction changes them.
    pub(crate) async fn run_call<'a>(
        &self,
        id: &str,
        name: Cow<'a, str>,
        input: Cow<'a, Value>,
        task: &str,
    ) -> Result<Ended<'a>, LoopError> {
        let mut telemetry = CallTelemetry::start(self, id, &name);
        #[cfg(feature = "otel-conventions")]
        let call_span = telemetry.call_span().clone();
        let running = self.run_attempts(id, name, input, task, &mut telemetry);
        // The driver's own events of the call belong to its span.
        #[cfg(feature = "otel-conventions")]
        let running = tracing::Instrument::instrument(running, call_span);
        let ended = running.await;
        let end = match &ended {
            Ok(ended) if !ended.output.is_error && ended.attempt == 0 => (CallEnd::Succeeded, 1),
            Ok(ended) if !ended.output.is_error => (CallEnd::Recovered, ended.attempt + 1),
            Ok(ended) => (CallEnd::SoftFailure, ended.attempt + 1),
            Err(LoopError::ToolRecoveryExhausted { attempts, .. }) => {
                (CallEnd::Exhausted, *attempts)
            }
            Err(LoopError::LoopDetected { .. }) => (CallEnd::LoopDetected, telemetry.attempts()),
            Err(_) => (CallEnd::Cancelled, telemetry.attempts()),
        };
        telemetry.ended(end.0, end.1);
        ended
    }

    async fn run_attempts<'a>(
        &self,
        id: &str,
        mut name: Cow<'a, str>,
        mut input: Cow<'a, Value>,
        task: &str,
        telemetry: &mut CallTelemetry,
    ) -> Result<Ended<'a>, LoopError> {
        // Saved only when a ToolChange renames the call, so the success path copies nothing.
        let mut requested_name: Option<String> = None;
        let mut attempt: u32 = 0;
        // Filled only with `with_attempt_history`; an empty Vec never allocates.
        let mut history: Vec<AttemptRecord> = Vec::new();
        let mut input_corrected = false;
        // The model's own input, kept once a fix replaces it: the reach of
        // every later fix is measured against it, so fixes cannot walk away
        // one step at a time.
        let mut original_input: Option<Value> = None;
        // Built on the first failure and reused: the task is copied once per call.
        let mut context: Option<ReflectionContext> = None;
        loop {
            let view = AttemptView {
                tool: &name,
                call_id: id,
                input: &input,
                attempt,
            };
            let started = self.pipeline.start_clock();
            telemetry.attempt_started(self, id, &name, attempt, &input);
            self.pipeline.attempt_started(&view);
            if let Some(reason) = self.pipeline.gate(&view) {
                // A hook or an open circuit refused this attempt: nothing ran,
                // and retrying would only be refused again.
                let output = ToolOutput::error(reason);
                self.pipeline
                    .attempt_finished(&view, &output, started, false);
                telemetry.attempt_finished(&output, Failure::Blocked);
                let action = RecoveryAction::Fail(output.content.clone());
                telemetry.decided(None, &action, Duration::ZERO, false);
                self.pipeline
                    .recovery_decided(&view, &output.content, None, None, &action);
                return Ok(Ended::new(output, name, attempt, Some(action), history));
            }
            #[cfg(feature = "otel-conventions")]
            let (output, failure) = {
                use tracing::Instrument;
                self.execute(&name, &input)
                    .instrument(telemetry.attempt_span().clone())
                    .await?
            };
            #[cfg(not(feature = "otel-conventions"))]
            let (output, failure) = self.execute(&name, &input).await?;
            self.pipeline
                .attempt_finished(&view, &output, started, true);
            telemetry.attempt_finished(&output, failure);
            let outcome = if output.is_error {
                AttemptOutcome::Failure
            } else {
                AttemptOutcome::Success
            };
            self.strategy.record_attempt(&name, outcome);
            self.pipeline.detect_loop(&view, &output)?;
            if !output.is_error {
                return Ok(Ended::new(output, name, attempt, None, history));
            }

            if let Some(action) = output.settled_action() {
                // The tool knows how this ends (an outcome it cannot vouch
                // for, a person's input it needs): no reflector overrides it.
                let action = action.clone();
                telemetry.decided(None, &action, Duration::ZERO, false);
                self.pipeline
                    .recovery_decided(&view, &output.content, None, None, &action);
                tracing::debug!(tool = %name, attempt, action = action.kind(), "the tool settled its failure");
                if self.keep_history {
                    let corrected = input_corrected.then(|| input.clone().into_owned());
                    history.push(AttemptRecord {
                        action: action.clone(),
                        ..AttemptRecord::failed(attempt, &name, corrected, &output.content)
                    });
                }
                return Ok(Ended::new(output, name, attempt, Some(action), history));
            }

            // The failure path is boxed: it allocates anyway, and keeping its
            // state out of line halves the size of every call's future, which
            // is what a hundred thousand calls in flight pay for.
            let context = match &mut context {
                Some(context) => {
                    context.attempt = attempt;
                    context
                }
                empty => empty.insert(ReflectionContext::new(task, attempt, MAX_TOTAL_ATTEMPTS)),
            };
            let reflecting_since = Instant::now();
            let reflecting = self.reflect_and_decide(&name, &input, &output.content, context);
            // Inside the attempt's span too, so the attempt lasts until its verdict.
            #[cfg(feature = "otel-conventions")]
            let reflecting = tracing::Instrument::instrument(
                tracing::Instrument::instrument(reflecting, telemetry.reflection_span()),
                telemetry.attempt_span().clone(),
            );
            let decision = Box::pin(reflecting).await?;
            telemetry.reflected(reflecting_since.elapsed());
            // A correction the policy refuses is dropped here, before anyone
            // records the decision, so the log says why the retry ran uncorrected.
            let dropped = match (&decision.action, &decision.analysis) {
                (RecoveryAction::Retry { .. }, Some(analysis)) => {
                    let original = original_input.as_ref().unwrap_or(&input);
                    self.correction_refusal(analysis, &name, original)
                }
                _ => None,
            };
            let rejection = decision.rejection.as_deref().or(dropped.as_deref());
            self.pipeline.recovery_decided(
                &view,
                &output.content,
                decision.analysis.as_ref(),
                rejection,
                &decision.action,
            );
            // The delay that will be slept: none at the ceiling or when the call ends.
            let delay = match decision.action {
                RecoveryAction::Retry { delay } if attempt + 1 < MAX_TOTAL_ATTEMPTS => {
                    self.bounded_delay(delay)
                }
                _ => Duration::ZERO,
            };
            let retries = matches!(decision.action, RecoveryAction::Retry { .. })
                && attempt + 1 < MAX_TOTAL_ATTEMPTS;
            telemetry.decided(decision.analysis.as_ref(), &decision.action, delay, retries);
            if decision.rejection.is_some() {
                telemetry.correction(false);
            }
            if self.keep_history {
                let corrected = input_corrected.then(|| input.clone().into_owned());
                history.push(AttemptRecord {
                    analysis: decision.analysis.clone(),
                    rejected_correction: rejection.map(str::to_owned),
                    action: decision.action.clone(),
                    delay,
                    ..AttemptRecord::failed(attempt, &name, corrected, &output.content)
                });
            }
            if !matches!(decision.action, RecoveryAction::Retry { .. }) {
                let action = decision.action;
                tracing::debug!(tool = %name, attempt, action = action.kind(), "call ends softly");
                let guidance = if self.guidance_for_model {
                    decision
                        .analysis
                        .as_ref()
                        .map(|analysis| guidance_for_model(analysis, decision.rejection.as_deref()))
                } else {
                    None
                };
                return Ok(Ended {
                    output,
                    tool: name,
                    attempt,
                    final_action: Some(action),
                    history,
                    guidance,
                });
            }
            if attempt + 1 >= MAX_TOTAL_ATTEMPTS {
                // Another call would break the ceiling: stop now rather than
                // sleep a backoff that can never lead to a call.
                let tool = requested_name.unwrap_or_else(|| name.into_owned());
                tracing::warn!(%tool, attempts = attempt + 1, "recovery ceiling reached");
                return Err(LoopError::ToolRecoveryExhausted {
                    tool,
                    attempts: attempt + 1,
                });
            }
            tracing::debug!(tool = %name, attempt, delay_ms = delay.as_millis() as u64, "retrying");
            let waited = if delay.is_zero() {
                !self.cancel.is_cancelled()
            } else {
                let sleeping = sleep(delay, &self.cancel);
                #[cfg(feature = "otel-conventions")]
                let sleeping =
                    tracing::Instrument::instrument(sleeping, telemetry.backoff_span(delay));
                Box::pin(sleeping).await
            };
            if !waited {
                return Err(LoopError::Cancelled);
            }
            if let Some(reason) = &dropped {
                tracing::warn!(tool = %name, %reason, "correction dropped: it would escalate the call; retrying unchanged");
                telemetry.correction(false);
            } else if let Some(analysis) = &decision.analysis {
                let applied = self.apply_analysis_correction(
                    analysis,
                    &mut name,
                    &mut input,
                    &mut requested_name,
                    &mut original_input,
                );
                input_corrected |= applied == Applied::Input;
                match applied {
                    Applied::Input => telemetry.correction(true),
                    Applied::Tool => {
                        telemetry.correction(true);
                        // The next attempts count under the tool that runs them.
                        telemetry.retarget(self, &name);
                    }
                    Applied::Dropped => telemetry.correction(false),
                    Applied::Nothing => {}
                }
            }
            attempt += 1;
        }
    }

    /// One execution of the tool called `name`, and what kind of failure
    /// it was, when it was one; `Err` only when cancelled.
    async fn execute(&self, name: &str, input: &Value) -> Result<(ToolOutput, Failure), LoopError> {
        let Some(tool) = self.registry.get(name) else {
            let output = ToolOutput::error(format!(
                "unknown tool `{name}`; registered tools: {}",
                self.registry.names().join(", ")
            ));
            return Ok((output, Failure::UnknownTool));
        };
        let running = async { tool.call(input).await };
        match guard(running, self.tool_timeout, &self.cancel).await {
            Guarded::Done(output) => {
                let failure = if output.settled_action().is_some() {
                    Failure::Settled
                } else {
                    Failure::Tool
                };
                Ok((output, failure))
            }
            Guarded::Panicked(message) => {
                tracing::error!(tool = name, %message, "tool panicked");
                let output = ToolOutput::error(format!("tool `{name}` panicked: {message}"));
                Ok((output, Failure::Panic))
            }
            Guarded::TimedOut(limit) => {
                let output = ToolOutput::error(format!(
                    "tool `{name}` timed out after {} ms without finishing",
                    limit.as_millis()
                ));
                if tool.may_run_twice() {
                    return Ok((output, Failure::Timeout));
                }
                // It may have done its work before the limit: never again on a guess.
                let output = output.settled(RecoveryAction::Fail(format!(
                    "`{name}` timed out and may not run twice; check whether it took effect"
                )));
                Ok((output, Failure::Timeout))
            }
            Guarded::Cancelled => Err(LoopError::Cancelled),
        }
    }

    /// Steps 1 and 2: the reflector's analysis, then the strategy's decision.
    /// A reflector that fails in any way means `Fail`: never guess.
    async fn reflect_and_decide(
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
                    tracing::warn!(tool = name, attempt, %reason, "the proposed correction was rejected; the call fails softly");
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
                tracing::warn!(tool = name, attempt, %reason, "reflection failed; treating the failure as unrecoverable");
                return Ok(Decision {
                    analysis: None,
                    rejection: None,
                    action: RecoveryAction::Fail(format!("reflection failed: {reason}")),
                });
            }
        };
        let deciding = async {
            self.strategy
                .decide(&analysis, attempt, MAX_TOTAL_ATTEMPTS)
                .await
        };
        let action = match guard(deciding, Some(self.reflection_timeout), &self.cancel).await {
            Guarded::Done(action) => action,
            Guarded::Panicked(message) => {
                tracing::error!(tool = name, %message, "recovery strategy panicked");
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
    fn checked(
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

    fn bounded_delay(&self, delay: Duration) -> Duration {
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
    fn correction_refusal(
        &self,
        analysis: &FailureAnalysis,
        name: &str,
        original: &Value,
    ) -> Option<String> {
        match apply_correction(name, analysis.correction.as_ref()?) {
            CorrectionOutcome::InputReplaced(fixed) => {
                self.corrections.input_fix_refusal(name, original, fixed)
            }
            CorrectionOutcome::ToolSwapped(to) if self.registry.contains(to) => self
                .corrections
                .tool_change_refusal(&self.registry, name, to),
            _ => None,
        }
    }

    /// Step 3's correction: applied, advisory, or logged and dropped;
    /// `true` when the input was replaced.
    fn apply_analysis_correction(
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
                tracing::debug!(tool = %name, kind = %correction.correction_type, guidance, "advisory correction; retrying unchanged");
                Applied::Nothing
            }
            CorrectionOutcome::Rejected(reason) => {
                tracing::warn!(tool = %name, %reason, "correction dropped");
                Applied::Dropped
            }
        }
    }
}

/// What the model is told with a soft failure: the root cause and what the
/// correction says to change, or why the proposed fix was rejected.
fn guidance_for_model(analysis: &FailureAnalysis, rejection: Option<&str>) -> String {
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
