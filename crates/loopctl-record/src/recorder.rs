//! [`JsonlRecorder`]: an attempt observer that hands lines to a writer task, never blocking the call.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use loopctl_driver::{AttemptFinished, AttemptObserver, RecoveryDecided};
use loopctl_reflect_core::RecoveryAction;
use tokio::fs::{File, OpenOptions};
use tokio::io::AsyncWriteExt;
use tokio::sync::{mpsc, oneshot};

use crate::line::{FORMAT_VERSION, LineKind, Outcome, RecordedAction, RecordedLine};
use crate::redact::redact;

/// What the writer task is told.
enum Message {
    Line(String),
    /// Flush, close and report; sent with `send().await`, so it is never dropped.
    Close(oneshot::Sender<std::io::Result<u64>>),
}

/// What a recorder did, reported by [`JsonlRecorder::shutdown`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct RecorderStats {
    /// Lines written to disk.
    pub written: u64,
    /// Lines dropped because the channel was full (the call was not delayed).
    pub dropped: u64,
}

/// How a [`JsonlRecorder`] is set up.
#[derive(Debug, Clone)]
pub struct RecorderBuilder {
    path: PathBuf,
    capacity: usize,
    redacted_keys: Vec<String>,
    rotate_at: u64,
    keep: u32,
}

impl RecorderBuilder {
    /// Lines waiting for the writer at most; beyond, new lines are dropped and
    /// counted. 4,096 by default.
    #[must_use]
    pub fn capacity(mut self, lines: usize) -> Self {
        self.capacity = lines.max(1);
        self
    }

    /// Adds input keys whose values are replaced by `"[redacted]"` at any
    /// depth, compared without regard to case, to the defaults: `password`,
    /// `api_key`, `token`, `secret` and `authorization`.
    #[must_use]
    pub fn redact<I, S>(mut self, keys: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        self.redacted_keys.extend(keys.into_iter().map(Into::into));
        self
    }

    /// Redacts exactly `keys`, dropping the defaults; an empty list redacts
    /// nothing.
    #[must_use]
    pub fn redact_only<I, S>(mut self, keys: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        self.redacted_keys = keys.into_iter().map(Into::into).collect();
        self
    }

    /// Rotates when the file reaches `bytes` (64 MiB by default): the file
    /// becomes `NAME.1`, an older `NAME.1` becomes `NAME.2`, and so on up to
    /// `keep` old files (5 by default); the oldest is removed.
    #[must_use]
    pub fn rotate_at(mut self, bytes: u64, keep: u32) -> Self {
        self.rotate_at = bytes.max(1);
        self.keep = keep;
        self
    }

    /// Opens (appending) the file and starts the writer task on the current
    /// tokio runtime.
    ///
    /// # Errors
    ///
    /// When the file cannot be opened for appending.
    ///
    /// # Panics
    ///
    /// When called outside a tokio runtime.
    pub async fn start(self) -> std::io::Result<JsonlRecorder> {
        let file = open_append(&self.path).await?;
        let size = file.metadata().await?.len();
        let (sender, receiver) = mpsc::channel(self.capacity);
        let dropped = Arc::new(AtomicU64::new(0));
        let writer = Writer {
            dropped: Arc::clone(&dropped),
            path: self.path,
            file,
            size,
            rotate_at: self.rotate_at,
            keep: self.keep,
            written: 0,
        };
        tokio::spawn(writer.run(receiver));
        Ok(JsonlRecorder {
            sender,
            dropped,
            redacted_keys: self.redacted_keys.into(),
        })
    }
}

/// Appends one JSON line per failed attempt and per call outcome to a file.
///
/// Install it with [`Dispatcher::with_observer`](loopctl_driver::Dispatcher::with_observer).
/// The call path only formats the line and offers it to a bounded channel;
/// a writer task does the disk I/O. When the channel is full the line is
/// dropped and counted ([`dropped`](Self::dropped)); the call is never
/// delayed. Call [`shutdown`](Self::shutdown) before exiting to flush.
/// The line format is [`RecordedLine`], version [`FORMAT_VERSION`];
/// `docs/record.md` describes it.
#[derive(Debug)]
pub struct JsonlRecorder {
    sender: mpsc::Sender<Message>,
    dropped: Arc<AtomicU64>,
    redacted_keys: Arc<[String]>,
}

impl JsonlRecorder {
    /// A recorder writing to `path`, with the defaults.
    pub fn builder(path: impl AsRef<Path>) -> RecorderBuilder {
        RecorderBuilder {
            path: path.as_ref().to_path_buf(),
            capacity: 4096,
            redacted_keys: ["password", "api_key", "token", "secret", "authorization"]
                .map(str::to_owned)
                .to_vec(),
            rotate_at: 64 << 20,
            keep: 5,
        }
    }

    /// Lines dropped so far because the writer fell behind.
    pub fn dropped(&self) -> u64 {
        self.dropped.load(Ordering::Relaxed)
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
        })
    }

    fn offer(&self, line: &RecordedLine) {
        let Ok(text) = serde_json::to_string(line) else {
            self.dropped.fetch_add(1, Ordering::Relaxed);
            return;
        };
        if self.sender.try_send(Message::Line(text)).is_err() {
            self.dropped.fetch_add(1, Ordering::Relaxed);
        }
    }

    fn line(&self, kind: LineKind, call_id: &str, tool: &str, attempt: u32) -> RecordedLine {
        RecordedLine {
            v: FORMAT_VERSION,
            ts_ms: SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(0, |since| loopctl_reflect_core::millis(since)),
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
        let mut line = self.line(LineKind::Attempt, event.call_id, event.tool, event.attempt);
        line.input = Some(redact(event.input, &self.redacted_keys));
        line.error = Some(event.error.to_owned());
        line.analysis = event.analysis.cloned();
        line.rejected_correction = event.rejected_correction.map(str::to_owned);
        line.action = Some(RecordedAction::from(event.action));
        self.offer(&line);
        if !matches!(event.action, RecoveryAction::Retry { .. }) {
            let mut outcome =
                self.line(LineKind::Outcome, event.call_id, event.tool, event.attempt);
            outcome.outcome = Some(Outcome::SoftFailure);
            self.offer(&outcome);
        }
    }
}

/// The writer task's state.
struct Writer {
    /// Shared with the recorder, for lines that arrive after the close.
    dropped: Arc<AtomicU64>,
    path: PathBuf,
    file: File,
    size: u64,
    rotate_at: u64,
    keep: u32,
    written: u64,
}

impl Writer {
    async fn run(mut self, mut receiver: mpsc::Receiver<Message>) {
        let mut failure: Option<std::io::Error> = None;
        while let Some(message) = receiver.recv().await {
            match message {
                Message::Line(text) => {
                    if failure.is_none()
                        && let Err(error) = self.write(&text).await
                    {
                        tracing::error!(path = %self.path.display(), %error, "recorder cannot write; later lines are dropped");
                        failure = Some(error);
                    }
                }
                Message::Close(reply) => {
                    receiver.close();
                    // Lines offered after the close was queued are not
                    // written; count them with the dropped ones.
                    while let Ok(message) = receiver.try_recv() {
                        if let Message::Line(_) = message {
                            self.dropped.fetch_add(1, Ordering::Relaxed);
                        }
                    }
                    let result = match failure.take() {
                        Some(error) => Err(error),
                        None => self.file.flush().await.map(|()| self.written),
                    };
                    let _ = reply.send(result);
                    return;
                }
            }
        }
        let _ = self.file.flush().await;
    }

    async fn write(&mut self, text: &str) -> std::io::Result<()> {
        let length = text.len() as u64 + 1;
        if self.size > 0 && self.size + length > self.rotate_at {
            self.rotate().await?;
        }
        self.file.write_all(text.as_bytes()).await?;
        self.file.write_all(b"\n").await?;
        self.size += length;
        self.written += 1;
        Ok(())
    }

    async fn rotate(&mut self) -> std::io::Result<()> {
        self.file.flush().await?;
        let numbered = |n: u32| {
            let mut name = self.path.clone().into_os_string();
            name.push(format!(".{n}"));
            PathBuf::from(name)
        };
        if self.keep == 0 {
            tokio::fs::remove_file(&self.path).await?;
        } else {
            let _ = tokio::fs::remove_file(numbered(self.keep)).await;
            for n in (1..self.keep).rev() {
                let _ = tokio::fs::rename(numbered(n), numbered(n + 1)).await;
            }
            tokio::fs::rename(&self.path, numbered(1)).await?;
        }
        self.file = open_append(&self.path).await?;
        self.size = 0;
        Ok(())
    }
}

async fn open_append(path: &Path) -> std::io::Result<File> {
    OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .await
}
