//! Loop detection: the same tool, primary parameter and result over and over means the agent is stuck.

use std::collections::VecDeque;
use std::fmt;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use aho_corasick::{AhoCorasick, AhoCorasickKind};

use loopctl_reflect_core::{hash_json, hash_str};
use serde_json::Value;

/// Tells the loop detector what identifies an attempt and which errors are
/// expected to repeat.
pub trait ToolSignature: Send + Sync {
    /// The part of the input that identifies what the call is about.
    fn primary_parameter<'a>(&self, tool: &str, input: &'a Value) -> &'a Value;

    /// `true` for error texts that are expected to repeat while a retry waits
    /// out a transient condition; those do not count towards a loop.
    fn is_recoverable_error(&self, tool: &str, error: &str) -> bool;
}

/// The default signature.
///
/// * Primary parameter: the first of `path`, `file`, `url`, `uri`, `query`,
///   `command`, `id`, `name`, `key` present in an object input; otherwise the
///   whole input.
/// * Recoverable errors: texts whose first 4 KiB mention a time-out, a rate
///   limit, a temporary condition, a transient failure, or HTTP 408, 429,
///   502, 503 or 504 (matched without regard to case, in one linear pass).
#[derive(Debug, Clone, Copy, Default)]
pub struct DefaultToolSignature;

const PRIMARY_KEYS: [&str; 9] = [
    "path", "file", "url", "uri", "query", "command", "id", "name", "key",
];
const TRANSIENT_MARKERS: [&str; 13] = [
    "transient",
    "timed out",
    "timeout",
    "rate limit",
    "too many requests",
    "temporarily",
    "try again",
    "unavailable",
    " 408",
    " 429",
    " 502",
    " 503",
    " 504",
];

impl ToolSignature for DefaultToolSignature {
    fn primary_parameter<'a>(&self, _tool: &str, input: &'a Value) -> &'a Value {
        PRIMARY_KEYS
            .iter()
            .find_map(|key| input.get(key))
            .unwrap_or(input)
    }

    fn is_recoverable_error(&self, _tool: &str, error: &str) -> bool {
        // One automaton, one pass over at most the first 4 KiB: the cost is
        // linear in the text and bounded whatever its length.
        let head = &error.as_bytes()[..error.len().min(SCANNED_BYTES)];
        transient_markers().is_some_and(|markers| markers.is_match(head))
    }
}

/// How much of an error text the default signature reads.
const SCANNED_BYTES: usize = 4096;

fn transient_markers() -> Option<&'static AhoCorasick> {
    static MARKERS: OnceLock<Option<AhoCorasick>> = OnceLock::new();
    MARKERS
        .get_or_init(|| {
            AhoCorasick::builder()
                .ascii_case_insensitive(true)
                .kind(Some(AhoCorasickKind::DFA))
                .build(TRANSIENT_MARKERS)
                .ok()
        })
        .as_ref()
}

/// What the detector concluded about one attempt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LoopVerdict {
    /// Nothing unusual.
    Fine,
    /// The same attempt has been seen this many times in the window.
    Warning(u32),
    /// Seen this many times: stop the run.
    Stop(u32),
}

/// A sliding window of recent attempts, shared by every call of a driver.
pub struct LoopDetector {
    window: usize,
    warn_at: u32,
    stop_at: u32,
    signature: Arc<dyn ToolSignature>,
    recent: Mutex<VecDeque<(u64, u64, u64)>>,
}

impl LoopDetector {
    /// A window of 20 attempts, a warning at 3 identical ones, a stop at 5,
    /// and the [`DefaultToolSignature`].
    pub fn new() -> Self {
        Self::with_thresholds(20, 3, 5)
    }

    /// A detector with its own window size and thresholds (each at least 1;
    /// the stop threshold is at least the warning threshold).
    pub fn with_thresholds(window: usize, warn_at: u32, stop_at: u32) -> Self {
        let warn_at = warn_at.max(1);
        Self {
            window: window.max(1),
            warn_at,
            stop_at: stop_at.max(warn_at),
            signature: Arc::new(DefaultToolSignature),
            recent: Mutex::new(VecDeque::with_capacity(window.max(1))),
        }
    }

    /// Uses `signature` to identify attempts and recoverable errors.
    #[must_use]
    pub fn with_signature(mut self, signature: Arc<dyn ToolSignature>) -> Self {
        self.signature = signature;
        self
    }

    /// Records one attempt and says whether it completes a loop.
    pub fn record(&self, tool: &str, input: &Value, content: &str, is_error: bool) -> LoopVerdict {
        if is_error && self.signature.is_recoverable_error(tool, content) {
            return LoopVerdict::Fine;
        }
        let key = (
            hash_str(tool),
            hash_json(self.signature.primary_parameter(tool, input)),
            hash_str(content) ^ u64::from(is_error),
        );
        let mut recent = self.recent.lock().unwrap_or_else(PoisonError::into_inner);
        if recent.len() == self.window {
            recent.pop_front();
        }
        recent.push_back(key);
        let repeats = recent.iter().filter(|seen| **seen == key).count() as u32;
        if repeats >= self.stop_at {
            LoopVerdict::Stop(repeats)
        } else if repeats >= self.warn_at {
            LoopVerdict::Warning(repeats)
        } else {
            LoopVerdict::Fine
        }
    }

    /// How many attempts the window holds now; never more than its size.
    pub fn len(&self) -> usize {
        self.recent
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .len()
    }

    /// `true` when no attempt is recorded.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Forgets every recorded attempt.
    pub fn reset(&self) {
        self.recent
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clear();
    }
}

impl Default for LoopDetector {
    fn default() -> Self {
        Self::new()
    }
}

impl fmt::Debug for LoopDetector {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("LoopDetector")
            .field("window", &self.window)
            .field("warn_at", &self.warn_at)
            .field("stop_at", &self.stop_at)
            .finish_non_exhaustive()
    }
}
