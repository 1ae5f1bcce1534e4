//! The proactive limits around one attempt: a slot under the tool's concurrency cap, then a turn under its rate limit.
//!
//! A refusal here is not a failure of the tool: nothing ran, so the caller
//! ends the call softly and neither the breaker nor the loop detector hears
//! of it.

use std::future::Future;

use super::dispatcher::Dispatcher;
use super::guard::{Guarded, guard};
use crate::error::LoopError;
use crate::stages::Slot;
use crate::telemetry::{CallTelemetry, LimitKind};

/// What the limits said about one attempt.
pub(crate) enum Admitted {
    /// Go; the slot (when the tool has a cap) is held until this is dropped.
    Go(Option<Slot>),
    /// Refused, with the reason the caller sees.
    Refused(String),
}

impl Dispatcher {
    /// `tool`'s slot and turn, when both are free now, or when it has no
    /// limits: the common case, which needs no future, no timer and no
    /// allocation, and costs one branch when no tool has settings of its
    /// own. `None` when the attempt has to wait (or be refused): then
    /// [`admit`](Self::admit).
    pub(crate) fn admit_now(&self, tool: &str) -> Option<Option<Slot>> {
        if self.per_tool.is_empty() {
            return Some(None);
        }
        let Some(settings) = self.per_tool.get(tool) else {
            return Some(None);
        };
        let slot = match &settings.concurrency {
            Some(cap) => Some(cap.try_now()?),
            None => None,
        };
        // Without a turn the slot goes back, and the waiting path queues
        // for both in order.
        if let Some(rate) = &settings.rate_limit
            && !rate.try_now()
        {
            return None;
        }
        Some(slot)
    }

    /// Waits for `tool`'s limits to let an attempt through; takes no timer
    /// when a slot and a turn are free. `Err` only when cancelled while
    /// waiting.
    pub(crate) async fn admit(
        &self,
        tool: &str,
        telemetry: &CallTelemetry,
    ) -> Result<Admitted, LoopError> {
        let Some(settings) = self.per_tool.get(tool) else {
            return Ok(Admitted::Go(None));
        };
        let mut slot = None;
        if let Some(cap) = &settings.concurrency {
            slot = match cap.try_now() {
                Some(slot) => Some(slot),
                None => match self
                    .wait(LimitKind::Concurrency, cap.take(), telemetry)
                    .await?
                {
                    Ok((slot, waited)) => {
                        telemetry.limit(LimitKind::Concurrency, Some(waited));
                        Some(slot)
                    }
                    Err(reason) => {
                        return Ok(self.refuse(tool, LimitKind::Concurrency, reason, telemetry));
                    }
                },
            };
        }
        if let Some(rate) = &settings.rate_limit
            && !rate.try_now()
        {
            match self.wait(LimitKind::Rate, rate.take(), telemetry).await? {
                Ok(waited) => telemetry.limit(LimitKind::Rate, Some(waited)),
                Err(reason) => return Ok(self.refuse(tool, LimitKind::Rate, reason, telemetry)),
            }
        }
        Ok(Admitted::Go(slot))
    }

    /// Runs one wait under a limit, in its span, until it ends or the call is
    /// cancelled.
    async fn wait<T>(
        &self,
        limit: LimitKind,
        waiting: impl Future<Output = Result<T, String>>,
        telemetry: &CallTelemetry,
    ) -> Result<Result<T, String>, LoopError> {
        #[cfg(feature = "otel-conventions")]
        let waiting = tracing::Instrument::instrument(waiting, telemetry.limit_span(limit));
        #[cfg(not(feature = "otel-conventions"))]
        let _ = telemetry;
        match guard(waiting, None, &self.cancel).await {
            Guarded::Done(outcome) => Ok(outcome),
            Guarded::Cancelled => Err(LoopError::Cancelled),
            Guarded::Panicked(message) => {
                Ok(Err(format!("the {} limit failed: {message}", limit.name())))
            }
            Guarded::TimedOut(_) => Ok(Err(format!("the {} limit timed out", limit.name()))),
        }
    }

    fn refuse(
        &self,
        tool: &str,
        limit: LimitKind,
        reason: String,
        telemetry: &CallTelemetry,
    ) -> Admitted {
        tracing::debug!(tool, limit = limit.name(), %reason, "a limit refused the attempt");
        telemetry.limit(limit, None);
        Admitted::Refused(format!("tool `{tool}` was not called: {reason}"))
    }
}
