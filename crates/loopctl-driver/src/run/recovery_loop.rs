//! The recovery loop for one tool call: execute, reflect, decide, then retry or return softly.

use std::borrow::Cow;
use std::time::Duration;

use loopctl_reflect_core::{AttemptOutcome, MAX_TOTAL_ATTEMPTS, RecoveryAction, ReflectionContext};
use serde_json::Value;
use tokio::time::Instant;

use super::dispatcher::Dispatcher;
use super::finished::Finished;
use super::guard::sleep;
use super::limits::Admitted;
use super::steps::{Applied, guidance_for_model};
use crate::error::LoopError;
use crate::history::AttemptRecord;
use crate::idempotency::{self, CallKey};
use crate::output::ToolOutput;
use crate::result::ToolResult;
use crate::stages::AttemptView;
use crate::telemetry::{CallEnd, CallTelemetry, Failure};
use crate::tool::ToolCall;
use futures::FutureExt;

impl Dispatcher {
    /// Runs `call` through the recovery loop with an empty task.
    ///
    /// Returns the result, soft failures included; `Err` only for a cancel
    /// or the hard ceiling.
    // Not `async fn`s: a wrapper future would keep the call's parts beside
    // the inner future that owns them, and a call's future must stay under
    // the size past which tokio boxes it (2 KiB in a debug build), or every
    // call would allocate once for its own future.
    pub fn dispatch(
        &self,
        call: ToolCall,
    ) -> impl Future<Output = Result<ToolResult, LoopError>> + Send + '_ {
        self.dispatch_for_task(call, "")
    }

    /// Runs `call` through the recovery loop; `task` reaches the reflector
    /// as [`ReflectionContext::task`].
    pub fn dispatch_for_task<'s>(
        &'s self,
        call: ToolCall,
        task: &'s str,
    ) -> impl Future<Output = Result<ToolResult, LoopError>> + Send + 's {
        let ToolCall {
            id,
            name,
            input,
            idempotency_key,
        } = call;
        let key = CallKey::for_call(idempotency_key.as_deref());
        self.run_call(
            Cow::Owned(id),
            Cow::Owned(name),
            Cow::Owned(input),
            task,
            key,
        )
        .map(|ended| ended.map(Finished::into_result))
    }

    /// The recovery loop over a call whose name and input may be borrowed:
    /// they are copied only when a correction changes them.
    pub(crate) async fn run_call<'a>(
        &self,
        id: Cow<'a, str>,
        name: Cow<'a, str>,
        input: Cow<'a, Value>,
        task: &str,
        key: CallKey,
    ) -> Result<Finished<'a>, LoopError> {
        let mut telemetry = CallTelemetry::start(&self.telemetry, &id, &name);
        #[cfg(feature = "otel-conventions")]
        let call_span = telemetry.call_span().clone();
        // Every attempt, and whatever the tool reads while it runs, sees the
        // call's one idempotency key.
        let running = idempotency::scoped(
            key,
            self.run_attempts(&id, name, input, task, &mut telemetry),
        );
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
        ended.map(|finished| Finished { id, ..finished })
    }

    async fn run_attempts<'a>(
        &self,
        id: &str,
        mut name: Cow<'a, str>,
        mut input: Cow<'a, Value>,
        task: &str,
        telemetry: &mut CallTelemetry,
    ) -> Result<Finished<'a>, LoopError> {
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
            telemetry.attempt_started(&self.telemetry, id, &name, attempt, &input);
            self.pipeline.attempt_started(&view);
            let registered = self.registry.contains(&name);
            let mut refusal = (self.pipeline.gate(&view, registered).await)
                .map(|reason| (reason, Failure::Blocked));
            // The slot under a concurrency cap is held while the tool runs.
            let mut slot = None;
            if refusal.is_none() && registered {
                match self.admit_now(&name) {
                    Some(held) => slot = held,
                    // Waiting is boxed, as the other rare paths are: the
                    // call's future stays small.
                    None => match Box::pin(self.admit(&name, telemetry)).await? {
                        Admitted::Go(held) => slot = held,
                        Admitted::Refused(reason) => refusal = Some((reason, Failure::Limited)),
                    },
                }
            }
            if let Some((reason, failure)) = refusal {
                // A hook, an open circuit or a limit refused this attempt:
                // nothing ran, and retrying now would only be refused again.
                let output = ToolOutput::error(reason);
                // Refused, so nothing ran and nothing is recorded.
                let _ = self
                    .pipeline
                    .attempt_finished(&view, &output, started, false, registered);
                if attempt > 0 {
                    // The retry the strategy granted was never sent: a budget
                    // takes it back.
                    self.strategy_for(&name)
                        .record_attempt(&name, AttemptOutcome::RetryRefused);
                }
                telemetry.attempt_finished(&output, failure);
                let action = RecoveryAction::Fail(output.content.clone());
                telemetry.decided(None, &action, Duration::ZERO, false);
                self.pipeline
                    .recovery_decided(&view, &output.content, None, None, &action);
                return Ok(Finished::new(output, name, attempt, Some(action), history)
                    .ran_with(input_corrected.then(|| input.into_owned())));
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
            drop(slot);
            let recorded = self
                .pipeline
                .attempt_finished(&view, &output, started, true, registered);
            telemetry.attempt_finished(&output, failure);
            let outcome = if output.is_error {
                AttemptOutcome::Failure
            } else {
                AttemptOutcome::Success
            };
            self.strategy_for(&name).record_attempt(&name, outcome);
            if let Err(error) = self.pipeline.detect_loop(&view, &output) {
                recorded.finish().await;
                return Err(error);
            }
            // A call that may have taken effect runs again only if the
            // safety policy allows it (or its outcome check says it did not).
            // Boxed like the rest of the failure path: its state would
            // otherwise swell every call's future.
            let output = if output.is_outcome_unknown() {
                match Box::pin(self.settle_unknown(&name, &input, output)).await {
                    Ok(output) => output,
                    Err(error) => {
                        recorded.finish().await;
                        return Err(error);
                    }
                }
            } else {
                output
            };
            // Only a failure that goes on to reflection overlaps the
            // breaker's write; every other way out waits for it first.
            if !output.is_error {
                recorded.finish().await;
                return Ok(Finished::new(output, name, attempt, None, history)
                    .ran_with(input_corrected.then(|| input.into_owned())));
            }

            if let Some(action) = output.settled_action() {
                recorded.finish().await;
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
                return Ok(Finished::new(output, name, attempt, Some(action), history)
                    .ran_with(input_corrected.then(|| input.into_owned())));
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
            let reflected = output.text_for_reflector();
            let reflecting = self.reflect_and_decide(&name, &input, &reflected, context);
            // Inside the attempt's span too, so the attempt lasts until its verdict.
            #[cfg(feature = "otel-conventions")]
            let reflecting = tracing::Instrument::instrument(
                tracing::Instrument::instrument(reflecting, telemetry.reflection_span()),
                telemetry.attempt_span().clone(),
            );
            // The breaker's write and the reflection (with the budget's
            // withdrawal) run together; both end before the next admission.
            let (decision, ()) = tokio::join!(Box::pin(reflecting), recorded.finish());
            let decision = decision?;
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
                return Ok(Finished {
                    id: Cow::Borrowed(""),
                    output,
                    tool: name,
                    attempt,
                    final_action: Some(action),
                    history,
                    guidance,
                    corrected_input: input_corrected.then(|| input.into_owned()),
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
                tracing::warn!(tool = %name, reason = %self.telemetry.redactor.text(reason), "correction dropped: it would escalate the call; retrying unchanged");
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
                        telemetry.retarget(&self.telemetry, &name);
                    }
                    Applied::Dropped => telemetry.correction(false),
                    Applied::Nothing => {}
                }
            }
            attempt += 1;
        }
    }
}
