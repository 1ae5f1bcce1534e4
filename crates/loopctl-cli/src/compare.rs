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
            "retry" => self.retry += 1,
            "skip" => self.skip += 1,
            "ask_user" => self.ask_user += 1,
            _ => self.fail += 1,
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
}

impl Tally {
    fn add(&mut self, other: &Tally) {
        self.failures += other.failures;
        for (mine, theirs) in [
            (&mut self.recorded, other.recorded),
            (&mut self.replayed, other.replayed),
        ] {
            mine.retry += theirs.retry;
            mine.fail += theirs.fail;
            mine.skip += theirs.skip;
            mine.ask_user += theirs.ask_user;
        }
        self.changed += other.changed;
        self.retries_now_permanent += other.retries_now_permanent;
        self.corrections_gained += other.corrections_gained;
        self.corrections_lost += other.corrections_lost;
        self.wait_added_ms += other.wait_added_ms;
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
    /// Per tool.
    pub tools: BTreeMap<String, Tally>,
    /// Every changed decision, in log order.
    pub changes: Vec<Change>,
}

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
        let tally = self.tools.entry(judged.tool.to_owned()).or_default();
        tally.failures += 1;
        tally.recorded.add(&judged.recorded_action.kind);
        tally.replayed.add(judged.action.kind());
        let recorded_retry = judged.recorded_action.kind == "retry";
        let recorded_delay = judged
            .recorded_action
            .delay_ms
            .map_or(0, |ms| i64::try_from(ms).unwrap_or(i64::MAX));
        tally.wait_added_ms +=
            delay_ms(judged.action) - if recorded_retry { recorded_delay } else { 0 };
        if recorded_retry
            && judged
                .analysis
                .is_some_and(|analysis| !analysis.is_recoverable)
        {
            tally.retries_now_permanent += 1;
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
            tally.corrections_gained += 1;
        }
        if had.is_some() && has.is_none() {
            tally.corrections_lost += 1;
        }
        let recorded = describe_recorded(judged.recorded_action);
        let replayed = describe(judged.action);
        if recorded != replayed {
            tally.changed += 1;
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
