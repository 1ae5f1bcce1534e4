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
/// Fewest literal characters a proposed regex must keep.
const MIN_LITERAL: usize = 12;

/// What one template gathered.
#[derive(Debug, Default)]
struct Group {
    count: u64,
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
            reason: analysis.root_cause.clone(),
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
            "loopctl learn: {} attempts a model decided where the rules were unsure or silent, in {} templates; {proposed} rules proposed, {unstable} templates left out because the model answered them differently{}",
            learned.learnable,
            learned.groups.len(),
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
        if line.len() > MAX_LINE {
            learned.bad_lines += 1;
            // The rest of an over-long line is skipped.
            let mut rest = Vec::new();
            log.read_until(b'\n', &mut rest)?;
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
    if group.examples.len() < 2 && !group.examples.contains(&error) {
        group.examples.push(error);
    }
    if group.tools.len() < 8 && !group.tools.contains(&record.tool) {
        group.tools.push(record.tool);
    }
    let decision = Decision::of(&analysis);
    match group
        .decisions
        .iter()
        .position(|(seen, _)| *seen == decision)
    {
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
        let Some(regex) = template::to_regex(key, MIN_LITERAL) else {
            continue;
        };
        proposed += 1;
        // A JSON string is a TOML basic string: the same quotes, and escapes
        // (`\"`, `\\`, `\n`, `\uXXXX`) that TOML reads the same way.
        let quote = |value: &str| serde_json::to_string(value).unwrap_or_default();
        let _ = writeln!(
            text,
            "\n# {} times, tool{} {}; the model: {}, {}",
            group.count,
            if group.tools.len() == 1 { "" } else { "s" },
            group.tools.join(", "),
            if decision.recoverable {
                "recoverable"
            } else {
                "not recoverable"
            },
            decision.severity,
        );
        for example in &group.examples {
            let shown: String = example.chars().take(300).collect();
            let _ = writeln!(text, "# e.g. {}", shown.replace('\n', " "));
        }
        let name: String = key.chars().take(60).collect();
        let _ = writeln!(text, "[[rules]]");
        let _ = writeln!(text, "name = {}", quote(&format!("learned: {name}")));
        let _ = writeln!(text, "regex = {}", quote(&regex));
        let _ = writeln!(text, "recoverable = {}", decision.recoverable);
        let _ = writeln!(text, "severity = {}", quote(&decision.severity));
        let reason: String = decision.reason.chars().take(200).collect();
        let _ = writeln!(text, "reason = {}", quote(&reason));
    }
    (text, proposed, unstable)
}
