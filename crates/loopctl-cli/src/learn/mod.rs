//! `loopctl learn`: turns what a model decided, where the rules skipped or were unsure, into proposed `[[rules]]` for a person to review.
//!
//! It reads recorded logs, keeps each failed attempt whose analysis the
//! rules would not have reached with strong confidence (and which is not
//! the rules' own weak verdict), groups the error texts by template, and
//! proposes one rule per template the model answered the same way each
//! time. Nothing is applied: the rules are written out, each with its
//! count, two examples and the decision it copies.

mod template;

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::BufRead;
use std::path::PathBuf;

use loopctl_record::{LineKind, RecordedLine};
use loopctl_reflect_core::FailureAnalysis;
use loopctl_reflect_rules::{Confidence, RuleReflector};
use serde_json::{Value, json};

use crate::error::CliError;
use crate::style::Out;

/// `loopctl learn` arguments.
#[derive(Debug, clap::Args)]
pub struct LearnArgs {
    /// Logs written by the recorder (`--log`, `record=`), from a run with a
    /// model reflector (`rules+llm` or `llm`).
    #[arg(required = true)]
    pub logs: Vec<PathBuf>,
    /// Propose a rule only for a template seen at least this often.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..))]
    pub min_count: u64,
    /// Write the proposals to this file (as `[[rules]]` for loopctl.toml)
    /// instead of stdout.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

/// The most templates kept; past it, new ones are counted, not grouped.
const MAX_TEMPLATES: usize = 100_000;
/// The longest line read; a longer one is skipped and counted.
const MAX_LINE: usize = 1 << 20;
/// Fewest word characters a proposed regex must keep.
const MIN_LITERAL: usize = 12;
/// The longest example kept per template.
const MAX_EXAMPLE: usize = 300;

/// What one template gathered.
#[derive(Debug, Default)]
struct Group {
    count: u64,
    /// Whether a text was cut to make the template.
    cut: bool,
    examples: Vec<String>,
    tools: Vec<String>,
    /// Each distinct decision, with how often it was made.
    decisions: Vec<(Decision, u64)>,
}

/// What the model decided, in the terms a rule can say.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Decision {
    recoverable: bool,
    severity: String,
    reason: String,
}

impl Decision {
    fn of(analysis: &FailureAnalysis) -> Self {
        Self {
            recoverable: analysis.is_recoverable,
            severity: analysis.severity.to_string(),
            reason: cut(&analysis.root_cause, 200),
        }
    }
}

/// What the logs gave.
#[derive(Debug, Default)]
struct Learned {
    groups: BTreeMap<String, Group>,
    lines: u64,
    bad_lines: u64,
    /// Attempts the rules decide strongly, or decided themselves.
    known: u64,
    /// Attempts a model decided where the rules were unsure or silent.
    learnable: u64,
    /// Templates past [`MAX_TEMPLATES`].
    ungrouped: u64,
}

/// Runs `loopctl learn`.
///
/// # Errors
/// A log that cannot be read, or an output file that cannot be written:
/// exit code 2.
pub fn run(args: &LearnArgs, out: &Out) -> Result<(), CliError> {
    let rules = RuleReflector::new();
    let mut learned = Learned::default();
    for path in &args.logs {
        let file = std::fs::File::open(path)
            .map_err(|error| CliError::Input(format!("{}: {error}", path.display())))?;
        read(std::io::BufReader::new(file), &rules, &mut learned)
            .map_err(|error| CliError::Input(format!("{}: {error}", path.display())))?;
    }
    let (text, proposed, unstable) = proposals(&learned, args.min_count);
    match &args.out {
        Some(path) => std::fs::write(path, &text)
            .map_err(|error| CliError::Input(format!("--out {}: {error}", path.display())))?,
        None if !out.json => {
            std::io::Write::write_all(&mut std::io::stdout().lock(), text.as_bytes())
                .map_err(|error| CliError::Input(format!("cannot print the proposals: {error}")))?;
        }
        None => {}
    }
    let summary = json!({
        "lines": learned.lines,
        "bad_lines": learned.bad_lines,
        "decided_by_the_rules": learned.known,
        "decided_by_a_model": learned.learnable,
        "templates": learned.groups.len(),
        "ungrouped": learned.ungrouped,
        "proposed": proposed,
        "answered_differently": unstable,
    });
    if out.json {
        out.json_document(&summary);
    } else {
        eprintln!(
            "loopctl learn: {} attempts a model decided where the rules were unsure or silent, in {} templates; {proposed} rules proposed, {unstable} template{} left out because the model answered {} differently{}",
            learned.learnable,
            learned.groups.len(),
            if unstable == 1 { "" } else { "s" },
            if unstable == 1 { "it" } else { "them" },
            if learned.bad_lines > 0 {
                format!("; {} lines could not be read", learned.bad_lines)
            } else {
                String::new()
            }
        );
    }
    Ok(())
}

/// Reads one log into `learned`.
fn read(
    mut log: impl BufRead,
    rules: &RuleReflector,
    learned: &mut Learned,
) -> std::io::Result<()> {
    let mut line = Vec::new();
    loop {
        line.clear();
        let read =
            std::io::Read::take(&mut log, MAX_LINE as u64 + 1).read_until(b'\n', &mut line)?;
        if read == 0 {
            return Ok(());
        }
        learned.lines += 1;
        if line.len() > MAX_LINE && line.last() != Some(&b'\n') {
            learned.bad_lines += 1;
            skip_rest(&mut log)?;
            continue;
        }
        let Ok(record) = std::str::from_utf8(&line)
            .map_err(|_| ())
            .and_then(|text| RecordedLine::parse(text.trim()).map_err(|_| ()))
        else {
            if !line.iter().all(u8::is_ascii_whitespace) {
                learned.bad_lines += 1;
            }
            continue;
        };
        take(record, rules, learned);
    }
}

/// Discards the rest of an over-long line, a buffer at a time.
fn skip_rest(log: &mut impl BufRead) -> std::io::Result<()> {
    loop {
        let buffer = log.fill_buf()?;
        if buffer.is_empty() {
            return Ok(());
        }
        match buffer.iter().position(|byte| *byte == b'\n') {
            Some(at) => {
                log.consume(at + 1);
                return Ok(());
            }
            None => {
                let length = buffer.len();
                log.consume(length);
            }
        }
    }
}

/// `text` cut to `most` characters.
fn cut(text: &str, most: usize) -> String {
    text.chars().take(most).collect()
}

/// `text` safe on one comment line: control characters become spaces.
fn one_line(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// `text` as a TOML basic string. A JSON string is one, with the same
/// quotes and escapes, except that TOML also forbids a raw DEL.
fn quote(text: &str) -> String {
    serde_json::to_string(text)
        .unwrap_or_default()
        .replace('\u{7f}', "\\u007F")
}

/// Keeps `record` when a model decided it where the rules would not have.
fn take(record: RecordedLine, rules: &RuleReflector, learned: &mut Learned) {
    let (LineKind::Attempt, Some(error), Some(analysis)) =
        (record.kind, record.error, record.analysis)
    else {
        return;
    };
    let judged = rules.judge(&error, &record.tool, &Value::Null, None);
    // The rules' own weak verdicts say so; learning them back is a loop.
    if judged.confidence == Confidence::Strong || Confidence::of(&analysis) == Confidence::Weak {
        learned.known += 1;
        return;
    }
    learned.learnable += 1;
    let key = template::template(&error);
    if !learned.groups.contains_key(&key) && learned.groups.len() >= MAX_TEMPLATES {
        learned.ungrouped += 1;
        return;
    }
    let group = learned.groups.entry(key).or_default();
    group.count += 1;
    group.cut |= error.len() > template::MAX_TEXT;
    let example = cut(&error, MAX_EXAMPLE);
    if group.examples.len() < 2 && !group.examples.contains(&example) {
        group.examples.push(example);
    }
    let tool = cut(&record.tool, 128);
    if group.tools.len() < 8 && !group.tools.contains(&tool) {
        group.tools.push(tool);
    }
    let decision = Decision::of(&analysis);
    // The same decision is the same recoverability and severity: a model
    // words its reason differently each time.
    match group.decisions.iter().position(|(seen, _)| {
        seen.recoverable == decision.recoverable && seen.severity == decision.severity
    }) {
        Some(at) => group.decisions[at].1 += 1,
        None if group.decisions.len() < 16 => group.decisions.push((decision, 1)),
        None => {}
    }
}

/// The proposals as loopctl.toml text, how many there are, and how many
/// templates were left out because the model answered them differently.
fn proposals(learned: &Learned, min_count: u64) -> (String, usize, usize) {
    let mut text = String::from(
        "# Rules proposed by `loopctl learn` from what a model decided where the\n# built-in rules were unsure or silent. Review each one before you add it\n# to your loopctl.toml: nothing here is in force until you do.\n",
    );
    let mut ordered: Vec<(&String, &Group)> = learned.groups.iter().collect();
    ordered.sort_by(|a, b| b.1.count.cmp(&a.1.count).then(a.0.cmp(b.0)));
    let (mut proposed, mut unstable) = (0, 0);
    for (key, group) in ordered {
        if group.count < min_count {
            continue;
        }
        let [(decision, _)] = group.decisions.as_slice() else {
            unstable += 1;
            continue;
        };
        let Some(regex) = template::to_regex(key, MIN_LITERAL, !group.cut) else {
            continue;
        };
        // The policy file compiles rule regexes within this size; one it
        // would refuse is not proposed.
        if regex::RegexBuilder::new(&regex)
            .size_limit(1 << 20)
            .build()
            .is_err()
        {
            continue;
        }
        proposed += 1;
        let _ = writeln!(
            text,
            "\n# {} times, tool{} {}; the model: {}, {}",
            group.count,
            if group.tools.len() == 1 { "" } else { "s" },
            one_line(&group.tools.join(", ")),
            if decision.recoverable {
                "recoverable"
            } else {
                "not recoverable"
            },
            decision.severity,
        );
        for example in &group.examples {
            let _ = writeln!(text, "# e.g. {}", one_line(example));
        }
        let name: String = key.chars().take(60).collect();
        let _ = writeln!(text, "[[rules]]");
        let _ = writeln!(text, "name = {}", quote(&format!("learned: {name}")));
        let _ = writeln!(text, "regex = {}", quote(&regex));
        // A template seen with one tool is that tool's.
        if let [tool] = group.tools.as_slice() {
            let _ = writeln!(text, "tool = {}", quote(tool));
        }
        let _ = writeln!(text, "recoverable = {}", decision.recoverable);
        let _ = writeln!(text, "severity = {}", quote(&decision.severity));
        let _ = writeln!(text, "reason = {}", quote(&decision.reason));
    }
    (text, proposed, unstable)
}
