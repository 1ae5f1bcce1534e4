//! [`RecorderBuilder`]: where the log goes, what it hides, and how much it may hold.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use loopctl_redact::Redactor;
use tokio::sync::mpsc;

use crate::recorder::JsonlRecorder;
use crate::writer::{Counters, Writer, open_append};

/// How a [`JsonlRecorder`] is set up.
#[derive(Debug, Clone)]
pub struct RecorderBuilder {
    pub(crate) path: PathBuf,
    capacity: usize,
    max_queued_bytes: usize,
    max_field_bytes: usize,
    redactor: Option<Redactor>,
    added_keys: Vec<String>,
    rotate_at: u64,
    keep: u32,
}

impl JsonlRecorder {
    /// A recorder writing to `path`, with the defaults.
    pub fn builder(path: impl AsRef<Path>) -> RecorderBuilder {
        RecorderBuilder::new(path.as_ref().to_path_buf())
    }
}

impl RecorderBuilder {
    fn new(path: PathBuf) -> Self {
        Self {
            path,
            capacity: 4096,
            max_queued_bytes: 8 << 20,
            max_field_bytes: 16 << 10,
            redactor: None,
            added_keys: Vec::new(),
            rotate_at: 64 << 20,
            keep: 5,
        }
    }

    /// Lines waiting for the writer at most; beyond, new lines are dropped and
    /// counted. 4,096 by default.
    #[must_use]
    pub fn capacity(mut self, lines: usize) -> Self {
        self.capacity = lines.max(1);
        self
    }

    /// Bytes of lines waiting for the writer at most, the line being written
    /// included; beyond, new lines are dropped and counted. 8 MiB by default,
    /// so a slow disk never holds more than that in memory.
    #[must_use]
    pub fn max_queued_bytes(mut self, bytes: usize) -> Self {
        self.max_queued_bytes = bytes.max(1);
        self
    }

    /// Each text field (error, root cause, every string of an input) longer
    /// than this is cut in the middle with a `[… N bytes omitted …]` marker,
    /// after its secrets are hidden. 16 KiB by default, as the LLM
    /// reflector's prompt.
    #[must_use]
    pub fn max_field_bytes(mut self, bytes: usize) -> Self {
        self.max_field_bytes = bytes.max(64);
        self
    }

    /// Also hides the values of these names (matched inside longer names,
    /// without case, `_`, `-` or `.`), in addition to the built-in ones:
    /// `password`, `secret`, `token`, `apikey`, `authorization`, `cookie`,
    /// `privatekey`, `credential`, `session` and the others
    /// `docs/redact.md` lists.
    #[must_use]
    pub fn redact<I, S>(mut self, keys: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        self.added_keys.extend(keys.into_iter().map(Into::into));
        self
    }

    /// Hides secrets with `redactor` instead of [`Redactor::standard`]; names
    /// given to [`redact`](Self::redact) are still added.
    /// [`Redactor::disabled`] writes inputs and errors as they are.
    #[must_use]
    pub fn redactor(mut self, redactor: Redactor) -> Self {
        self.redactor = Some(redactor);
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
        let redactor = self.redactor_with_keys();
        let file = open_append(&self.path).await?;
        let size = file.metadata().await?.len();
        let (sender, receiver) = mpsc::channel(self.capacity);
        let counters = Arc::new(Counters::default());
        let writer = Writer {
            counters: Arc::clone(&counters),
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
            counters,
            redactor,
            max_field_bytes: self.max_field_bytes,
            max_queued_bytes: self.max_queued_bytes,
        })
    }

    fn redactor_with_keys(&self) -> Redactor {
        let base = self.redactor.clone().unwrap_or_else(Redactor::standard);
        if self.added_keys.is_empty() || !base.is_enabled() {
            return base;
        }
        base.with_keys(&self.added_keys)
    }
}
