//! What a new policy changes against a recorded run: counts per tool and overall, and the changed decisions.

use std::collections::BTreeMap;

use loopctl_record::RecordedAction;
use loopctl_reflect_core::{FailureAnalysis, RecoveryAction};
use serde_json::{Value, json};

/// Decisions by kind.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Kinds {
    /// Retries.
    pub retry: u64,
    /// Fails.
    pub fail: u64,
    /// Skips.
    pub skip: u64,
    /// Asks for a person.
    pub ask_user: u64,
}

impl Kinds {
    fn add(&mut self, kind: &str) {
        match kind {
            "retry" => self.retry = self.retry.saturating_add(1),
            "skip" => self.skip = self.skip.saturating_add(1),
            "ask_user" => self.ask_user = self.ask_user.saturating_add(1),
            _ => self.fail = self.fail.saturating_add(1),
        }
    }

    fn json(self) -> Value {
        json!({"retry": self.retry, "fail": self.fail, "skip": self.skip, "ask_user": self.ask_user})
    }

    /// Soft failures: everything that ends the call without a retry.
    pub const fn soft(self) -> u64 {
        self.fail + self.skip
    }
}

/// What changed for one tool (or overall).
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Tally {
    /// Failed attempts re-judged.
    pub failures: u64,
    /// The recorded decisions.
    pub recorded: Kinds,
    /// The new policy's decisions.
    pub replayed: Kinds,
    /// Decisions that differ.
    pub changed: u64,
    /// Retries the run spent on errors the new policy calls permanent.
    pub retries_now_permanent: u64,
    /// Failures that now get a correction and did not.
    pub corrections_gained: u64,
    /// Failures that had a correction and now do not.
    pub corrections_lost: u64,
    /// The new policy's total wait minus the recorded one, in milliseconds.
    pub wait_added_ms: i64,
    /// Verdicts the rules reached from generic words only (their context
    /// says `rules-confidence: weak`).
    pub weak_verdicts: u64,
}

impl Tally {
    /// Adds `other`; every count saturates, since a log is outside input
    /// and its delays may be anything up to `u64::MAX` milliseconds.
    fn add(&mut self, other: &Tally) {
        self.failures = self.failures.saturating_add(other.failures);
        for (mine, theirs) in [
            (&mut self.recorded, other.recorded),
            (&mut self.replayed, other.replayed),
        ] {
            mine.retry = mine.retry.saturating_add(theirs.retry);
            mine.fail = mine.fail.saturating_add(theirs.fail);
            mine.skip = mine.skip.saturating_add(theirs.skip);
            mine.ask_user = mine.ask_user.saturating_add(theirs.ask_user);
        }
        self.changed = self.changed.saturating_add(other.changed);
        self.retries_now_permanent = self
            .retries_now_permanent
            .saturating_add(other.retries_now_permanent);
        self.corrections_gained = self
            .corrections_gained
            .saturating_add(other.corrections_gained);
        self.corrections_lost = self.corrections_lost.saturating_add(other.corrections_lost);
        self.wait_added_ms = self.wait_added_ms.saturating_add(other.wait_added_ms);
        self.weak_verdicts = self.weak_verdicts.saturating_add(other.weak_verdicts);
    }

    /// As JSON.
    pub fn json(&self) -> Value {
        json!({
            "failures": self.failures,
            "recorded": self.recorded.json(),
            "replayed": self.replayed.json(),
            "changed": self.changed,
            "retries_now_permanent": self.retries_now_permanent,
            "corrections_gained": self.corrections_gained,
            "corrections_lost": self.corrections_lost,
            "wait_added_ms": self.wait_added_ms,
            "weak_verdicts": self.weak_verdicts,
        })
    }
}

/// One decision that differs between the recording and the replay.
#[derive(Debug, Clone)]
pub struct Change {
    /// The log line, from 1.
    pub line: usize,
    /// The call.
    pub call_id: String,
    /// The tool.
    pub tool: String,
    /// The attempt, from 0.
    pub attempt: u32,
    /// The recorded decision.
    pub recorded: String,
    /// The new one.
    pub replayed: String,
}

/// The comparison so far.
#[derive(Debug, Default)]
pub struct Comparison {
    /// Per tool (at most [`MAX_TOOLS`]; the rest under [`OTHER_TOOLS`]).
    pub tools: BTreeMap<String, Tally>,
    /// The changed decisions, in log order, up to [`MAX_CHANGES`].
    pub changes: Vec<Change>,
    /// Changed decisions past [`MAX_CHANGES`], counted but not kept.
    pub changes_dropped: u64,
    /// Whether changed decisions are kept at all (`--diff`); otherwise
    /// they are only counted.
    pub keep_changes: bool,
}

/// The most tools tallied one by one.
pub const MAX_TOOLS: usize = 10_000;
/// Where the tools past [`MAX_TOOLS`] are tallied.
pub const OTHER_TOOLS: &str = "(other tools)";
/// The most changed decisions kept for `--diff`.
pub const MAX_CHANGES: usize = 100_000;

/// One recorded failure, re-judged.
pub struct Judged<'a> {
    /// The log line, from 1.
    pub line: usize,
    /// The call.
    pub call_id: &'a str,
    /// The tool.
    pub tool: &'a str,
    /// The attempt, from 0.
    pub attempt: u32,
    /// What was decided then.
    pub recorded_action: &'a RecordedAction,
    /// The analysis then.
    pub recorded_analysis: Option<&'a FailureAnalysis>,
    /// The analysis now; `None` when reflection failed.
    pub analysis: Option<&'a FailureAnalysis>,
    /// The decision now.
    pub action: &'a RecoveryAction,
}

fn delay_ms(action: &RecoveryAction) -> i64 {
    match action {
        RecoveryAction::Retry { delay } => i64::try_from(delay.as_millis()).unwrap_or(i64::MAX),
        _ => 0,
    }
}

fn describe_recorded(action: &RecordedAction) -> String {
    match action.delay_ms {
        Some(ms) => format!("{} after {ms} ms", action.kind),
        None => action.kind.clone(),
    }
}

fn describe(action: &RecoveryAction) -> String {
    match action {
        RecoveryAction::Retry { delay } => format!("retry after {} ms", delay.as_millis()),
        other => other.kind().to_owned(),
    }
}

impl Comparison {
    /// Counts one re-judged failure.
    pub fn record(&mut self, judged: &Judged<'_>) {
        // A log names as many tools as it likes: past the cap, the rest
        // are counted together.
        let key = if self.tools.len() < MAX_TOOLS || self.tools.contains_key(judged.tool) {
            judged.tool
        } else {
            OTHER_TOOLS
        };
        let tally = self.tools.entry(key.to_owned()).or_default();
        tally.failures = tally.failures.saturating_add(1);
        tally.recorded.add(&judged.recorded_action.kind);
        tally.replayed.add(judged.action.kind());
        let recorded_retry = judged.recorded_action.kind == "retry";
        let recorded_delay = judged
            .recorded_action
            .delay_ms
            .map_or(0, |ms| i64::try_from(ms).unwrap_or(i64::MAX));
        let added =
            delay_ms(judged.action).saturating_sub(if recorded_retry { recorded_delay } else { 0 });
        tally.wait_added_ms = tally.wait_added_ms.saturating_add(added);
        if judged.analysis.is_some_and(|analysis| {
            loopctl_reflect_rules::Confidence::of(analysis)
                == loopctl_reflect_rules::Confidence::Weak
        }) {
            tally.weak_verdicts = tally.weak_verdicts.saturating_add(1);
        }
        if recorded_retry
            && judged
                .analysis
                .is_some_and(|analysis| !analysis.is_recoverable)
        {
            tally.retries_now_permanent = tally.retries_now_permanent.saturating_add(1);
        }
        let had = judged
            .recorded_analysis
            .and_then(|analysis| analysis.correction.as_ref())
            .map(|correction| correction.correction_type);
        let has = judged
            .analysis
            .and_then(|analysis| analysis.correction.as_ref())
            .map(|correction| correction.correction_type);
        if has.is_some() && had.is_none() {
            tally.corrections_gained = tally.corrections_gained.saturating_add(1);
        }
        if had.is_some() && has.is_none() {
            tally.corrections_lost = tally.corrections_lost.saturating_add(1);
        }
        let recorded = describe_recorded(judged.recorded_action);
        let replayed = describe(judged.action);
        if recorded != replayed {
            tally.changed = tally.changed.saturating_add(1);
            if !self.keep_changes {
                return;
            }
            if self.changes.len() >= MAX_CHANGES {
                self.changes_dropped = self.changes_dropped.saturating_add(1);
                return;
            }
            self.changes.push(Change {
                line: judged.line,
                call_id: judged.call_id.to_owned(),
                tool: judged.tool.to_owned(),
                attempt: judged.attempt,
                recorded,
                replayed,
            });
        }
    }

    /// Every tool's tally added up.
    pub fn overall(&self) -> Tally {
        let mut total = Tally::default();
        for tally in self.tools.values() {
            total.add(tally);
        }
        total
    }
}
