//! [`JsonlRecorder`]: an attempt observer that hands lines to a writer task, never blocking the call.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{SystemTime, UNIX_EPOCH};

use loopctl_driver::{AttemptFinished, AttemptObserver, RecoveryDecided};
use loopctl_redact::Redactor;
use loopctl_reflect_core::RecoveryAction;
use serde_json::Value;
use tokio::sync::{mpsc, oneshot};

use crate::fit::Fitter;
use crate::line::{FORMAT_VERSION, LineKind, Outcome, RecordedAction, RecordedLine};
use crate::writer::{Counters, Message};

/// What a recorder did, reported by [`JsonlRecorder::shutdown`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct RecorderStats {
    /// Lines written to disk.
    pub written: u64,
    /// Lines not written: the queue was full in lines or bytes (the call
    /// was not delayed), writing had failed, or the recorder was closed.
    pub dropped: u64,
    /// Fields cut in the middle because they were longer than the limit.
    pub cut: u64,
}

/// Appends one JSON line per failed attempt and per call outcome to a file.
///
/// Install it with [`Dispatcher::with_observer`](loopctl_driver::Dispatcher::with_observer).
/// The call path only formats the line and offers it to a bounded queue
/// (4,096 lines and 8 MiB by default); a writer task does the disk I/O.
/// When the queue is full the line is dropped and counted
/// ([`dropped`](Self::dropped)); the call is never delayed. Every text is
/// redacted ([`Redactor::standard`] unless told otherwise) and cut to
/// 16 KiB before it is queued. Call [`shutdown`](Self::shutdown) before
/// exiting to flush. Start one with [`JsonlRecorder::builder`]. The line format is [`RecordedLine`], version
/// [`FORMAT_VERSION`]; `docs/record.md` describes it.
#[derive(Debug)]
pub struct JsonlRecorder {
    pub(crate) sender: mpsc::Sender<Message>,
    pub(crate) counters: Arc<Counters>,
    pub(crate) redactor: Redactor,
    pub(crate) max_field_bytes: usize,
    pub(crate) max_queued_bytes: usize,
}

impl JsonlRecorder {
    /// Lines dropped so far.
    pub fn dropped(&self) -> u64 {
        self.counters.dropped.load(Ordering::Relaxed)
    }

    /// Bytes of lines queued or being written now: never more than the
    /// builder's [`max_queued_bytes`](crate::RecorderBuilder::max_queued_bytes).
    pub fn queued_bytes(&self) -> usize {
        self.counters.queued_bytes.load(Ordering::Relaxed)
    }

    /// Waits for every line offered so far to reach the disk, flushes and
    /// closes the file. Lines offered after this are dropped and counted.
    ///
    /// # Errors
    ///
    /// The writer's last I/O error, if writing failed.
    pub async fn shutdown(&self) -> std::io::Result<RecorderStats> {
        let (reply, answer) = oneshot::channel();
        if self.sender.send(Message::Close(reply)).await.is_err() {
            return Err(std::io::Error::other("the recorder was already shut down"));
        }
        let written = answer
            .await
            .map_err(|_| std::io::Error::other("the recorder's writer stopped"))??;
        Ok(RecorderStats {
            written,
            dropped: self.dropped(),
            cut: self.counters.cut.load(Ordering::Relaxed),
        })
    }

    fn offer(&self, line: &RecordedLine) {
        let Ok(text) = serde_json::to_string(line) else {
            self.counters.dropped.fetch_add(1, Ordering::Relaxed);
            return;
        };
        if !self.counters.reserve(text.len(), self.max_queued_bytes) {
            self.counters.dropped.fetch_add(1, Ordering::Relaxed);
            return;
        }
        let length = text.len();
        if self.sender.try_send(Message::Line(text)).is_err() {
            self.counters.release(length);
            self.counters.dropped.fetch_add(1, Ordering::Relaxed);
        }
    }

    fn line(&self, kind: LineKind, call_id: &str, tool: &str, attempt: u32) -> RecordedLine {
        RecordedLine {
            v: FORMAT_VERSION,
            ts_ms: SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(0, loopctl_reflect_core::millis),
            kind,
            call_id: call_id.to_owned(),
            tool: tool.to_owned(),
            attempt,
            input: None,
            error: None,
            analysis: None,
            rejected_correction: None,
            action: None,
            outcome: None,
        }
    }

    /// The attempt line with every text redacted and cut.
    fn attempt_line(&self, event: &RecoveryDecided<'_>) -> RecordedLine {
        let mut fit = Fitter {
            redactor: &self.redactor,
            max_field_bytes: self.max_field_bytes,
            cut: false,
        };
        let mut line = self.line(LineKind::Attempt, event.call_id, event.tool, event.attempt);
        line.input = Some(fit.value(event.input));
        line.error = Some(fit.text(event.error));
        line.analysis = event.analysis.map(|analysis| fit.analysis(analysis));
        line.rejected_correction = event.rejected_correction.map(|reason| fit.text(reason));
        let mut action = RecordedAction::from(event.action);
        action.message = action.message.as_deref().map(|message| fit.text(message));
        line.action = Some(action);
        // An input of many short strings can still be long: past four fields'
        // worth it is kept as its (redacted) JSON text, cut.
        let bound = 4 * self.max_field_bytes;
        if let Some(input) = &line.input
            && input.to_string().len() > bound
        {
            let text = input.to_string();
            line.input = Some(Value::String(fit.text(&text)));
        }
        if let Some(correction) = line.analysis.as_mut().and_then(|a| a.correction.as_mut())
            && let Some(fixed) = &correction.modified_input
            && fixed.to_string().len() > bound
        {
            let text = fixed.to_string();
            correction.modified_input = Some(Value::String(fit.text(&text)));
        }
        if fit.cut {
            self.counters.cut.fetch_add(1, Ordering::Relaxed);
        }
        line
    }
}

impl AttemptObserver for JsonlRecorder {
    fn attempt_finished(&self, event: &AttemptFinished<'_>) {
        if event.is_error {
            return;
        }
        let mut line = self.line(LineKind::Outcome, event.call_id, event.tool, event.attempt);
        line.outcome = Some(Outcome::Ok);
        self.offer(&line);
    }

    fn recovery_decided(&self, event: &RecoveryDecided<'_>) {
        self.offer(&self.attempt_line(event));
        if !matches!(event.action, RecoveryAction::Retry { .. }) {
            let mut outcome =
                self.line(LineKind::Outcome, event.call_id, event.tool, event.attempt);
            outcome.outcome = Some(Outcome::SoftFailure);
            self.offer(&outcome);
        }
    }
}
