//! Loop detection: the same tool, primary parameter and result over and over means the agent is stuck.

use std::collections::VecDeque;
use std::fmt;
use std::sync::{Arc, Mutex, OnceLock};

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
/// * Recoverable errors: texts that mention a time-out, a rate limit, a
///   temporary condition, a transient failure, or HTTP 408, 429, 502, 503 or
///   504 (matched without regard to case) in their first or last 256 bytes.
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
        let (head, tail) = ends(error);
        has_marker(head.as_bytes()) || has_marker(tail.as_bytes())
    }
}

/// How many bytes at each end of an error text the detector reads: a
/// status or an exception's name sits at the start, a traceback's last
/// line at the end. Reading only these keeps a long text as cheap as a
/// short one.
pub(crate) const END_BYTES: usize = 256;

/// The first and the last [`END_BYTES`] of `text`, cut at character
/// boundaries; the tail is empty when the head covers the whole text.
fn ends(text: &str) -> (&str, &str) {
    if text.len() <= 2 * END_BYTES {
        return (text, "");
    }
    let mut head_end = END_BYTES;
    while !text.is_char_boundary(head_end) {
        head_end -= 1;
    }
    let mut tail_start = text.len() - END_BYTES;
    while !text.is_char_boundary(tail_start) {
        tail_start += 1;
    }
    (&text[..head_end], &text[tail_start..])
}

/// Whether `bytes` holds a transient marker, in one pass: a byte that
/// cannot start a marker is passed over with one table look-up.
fn has_marker(bytes: &[u8]) -> bool {
    static STARTS: OnceLock<[bool; 256]> = OnceLock::new();
    let starts = STARTS.get_or_init(|| {
        let mut table = [false; 256];
        for marker in TRANSIENT_MARKERS {
            let first = marker.as_bytes()[0];
            table[usize::from(first)] = true;
            table[usize::from(first.to_ascii_uppercase())] = true;
        }
        table
    });
    bytes.iter().enumerate().any(|(at, byte)| {
        starts[usize::from(*byte)]
            && TRANSIENT_MARKERS.iter().any(|marker| {
                bytes
                    .get(at..at + marker.len())
                    .is_some_and(|window| window.eq_ignore_ascii_case(marker.as_bytes()))
            })
    })
}

/// A hash of an error text's length and its two ends: long errors that
/// differ only in the middle (a request id, a timestamp) count as the same
/// failure, which for spotting a loop is what they are. Successful outputs
/// are hashed whole, since a poll whose output changes is not a loop.
fn hash_error(text: &str) -> u64 {
    let (head, tail) = ends(text);
    hash_str(head) ^ hash_str(tail).rotate_left(17) ^ (text.len() as u64).rotate_left(41)
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
            if is_error {
                hash_error(content)
            } else {
                hash_str(content)
            } ^ u64::from(is_error),
        );
        let mut recent = loopctl_reflect_core::lock(&self.recent);
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
        loopctl_reflect_core::lock(&self.recent).len()
    }

    /// `true` when no attempt is recorded.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Forgets every recorded attempt.
    pub fn reset(&self) {
        loopctl_reflect_core::lock(&self.recent).clear();
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
