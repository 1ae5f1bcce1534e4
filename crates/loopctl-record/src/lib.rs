//! A JSON Lines recorder of failed attempts and call outcomes, for replaying a policy on real failures later.
//!
//! [`JsonlRecorder`] is an [`AttemptObserver`](loopctl_driver::AttemptObserver):
//! install it on a [`Dispatcher`](loopctl_driver::Dispatcher) and every
//! failed attempt (its tool, input, error text, analysis, decision and
//! delay, with secrets hidden by [`loopctl_redact::Redactor`] and long texts
//! cut) and every call's outcome becomes one line
//! of a file, written by a background task so the call path never waits on
//! the disk. `loopctl replay` reads the file back with [`RecordedLine::parse`].
//!
//! ```
//! use std::sync::Arc;
//! use loopctl_driver::{Dispatcher, ToolRegistry};
//! use loopctl_record::JsonlRecorder;
//!
//! # tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(async {
//! let path = std::env::temp_dir().join(format!("loopctl-doc-{}.jsonl", std::process::id()));
//! let recorder = Arc::new(JsonlRecorder::builder(&path).redact(["password"]).start().await?);
//! let driver = Dispatcher::new(ToolRegistry::new()).with_observer(recorder.clone());
//! // ... dispatch calls ...
//! let stats = recorder.shutdown().await?;
//! assert_eq!((stats.written, stats.dropped), (0, 0));
//! # drop(driver);
//! # let _ = std::fs::remove_file(&path);
//! # Ok::<(), std::io::Error>(())
//! # }).unwrap();
//! ```

mod builder;
mod fit;
mod line;
mod recorder;
mod writer;

pub use builder::RecorderBuilder;
pub use line::{FORMAT_VERSION, LineError, LineKind, Outcome, RecordedAction, RecordedLine};
pub use recorder::{JsonlRecorder, RecorderStats};
