//! The writer task: appends queued lines to the file, rotates it, and gives back each line's bytes to the budget once written.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use tokio::fs::{File, OpenOptions};
use tokio::io::AsyncWriteExt;
use tokio::sync::{mpsc, oneshot};

/// What the writer task is told.
pub(crate) enum Message {
    Line(String),
    /// Flush, close and report; sent with `send().await`, so it is never dropped.
    Close(oneshot::Sender<std::io::Result<u64>>),
}

/// Shared between the recorder and its writer.
#[derive(Debug, Default)]
pub(crate) struct Counters {
    /// Lines not written: the queue was full (in lines or bytes), or the
    /// recorder was closed.
    pub(crate) dropped: AtomicU64,
    /// Fields cut in the middle because they were too long.
    pub(crate) cut: AtomicU64,
    /// Bytes of lines queued or being written.
    pub(crate) queued_bytes: AtomicUsize,
}

impl Counters {
    /// Takes `bytes` from the budget; `false` (and nothing taken) when they do not fit.
    pub(crate) fn reserve(&self, bytes: usize, budget: usize) -> bool {
        let before = self.queued_bytes.fetch_add(bytes, Ordering::AcqRel);
        if before + bytes > budget {
            self.queued_bytes.fetch_sub(bytes, Ordering::AcqRel);
            return false;
        }
        true
    }

    pub(crate) fn release(&self, bytes: usize) {
        self.queued_bytes.fetch_sub(bytes, Ordering::AcqRel);
    }
}

/// The writer task's state.
pub(crate) struct Writer {
    pub(crate) counters: Arc<Counters>,
    pub(crate) path: PathBuf,
    pub(crate) file: File,
    pub(crate) size: u64,
    pub(crate) rotate_at: u64,
    pub(crate) keep: u32,
    pub(crate) written: u64,
}

impl Writer {
    pub(crate) async fn run(mut self, mut receiver: mpsc::Receiver<Message>) {
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
                    if failure.is_some() {
                        self.counters.dropped.fetch_add(1, Ordering::Relaxed);
                    }
                    self.counters.release(text.len());
                }
                Message::Close(reply) => {
                    receiver.close();
                    // Lines offered after the close was queued are not
                    // written; count them with the dropped ones.
                    while let Ok(message) = receiver.try_recv() {
                        if let Message::Line(text) = message {
                            self.counters.dropped.fetch_add(1, Ordering::Relaxed);
                            self.counters.release(text.len());
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

pub(crate) async fn open_append(path: &Path) -> std::io::Result<File> {
    OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .await
}
