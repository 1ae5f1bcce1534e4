//! `loopctl replay`: re-judges every recorded failure with a chosen policy and reports what would change.

use std::path::PathBuf;

use futures::StreamExt;
use indicatif::{ProgressBar, ProgressStyle};
use loopctl_record::{LineKind, RecordedLine};
use loopctl_reflect_core::{
    FailureAnalysis, MAX_TOTAL_ATTEMPTS, RecoveryAction, RecoveryStrategy, ReflectionContext,
    Reflector,
};
use serde_json::{Value, json};

use crate::args::PolicyArgs;
use crate::compare::{Comparison, Judged, Tally};
use crate::error::CliError;
use crate::style::{Out, hide};

/// `loopctl replay` arguments.
#[derive(Debug, clap::Args)]
pub struct ReplayArgs {
    /// A log written by `loopctl_record::JsonlRecorder`.
    pub log: PathBuf,
    /// The policy to judge the recorded failures with.
    #[command(flatten)]
    pub policy: PolicyArgs,
    /// A loopctl.toml to judge them with instead of the policy flags: its
    /// rules, and each tool's settings.
    #[arg(long = "policy", value_name = "FILE")]
    pub policy_file: Option<PathBuf>,
    /// List every decision that changes.
    #[arg(long)]
    pub diff: bool,
    /// Stop at the first line that cannot be read (exit 2) instead of counting it.
    #[arg(long)]
    pub strict: bool,
    /// Analyses in flight at once (matters for a model reflector).
    #[arg(long, default_value_t = 8)]
    pub concurrency: usize,
}

/// What a replay found.
#[derive(Debug, Default)]
pub struct Replay {
    /// What changed.
    pub comparison: Comparison,
    /// Lines read, outcome lines included.
    pub lines: usize,
    /// Lines that were not a recorded line of a readable version.
    pub bad_lines: usize,
}

/// A recorded failed attempt, ready to be judged again.
struct Pending {
    line: usize,
    record: RecordedLine,
}

/// The strategy for a tool's failures: one for every tool, or each tool's
/// own from a policy file.
pub type StrategyFor<'a> = dyn Fn(&str) -> std::sync::Arc<dyn RecoveryStrategy> + Sync + 'a;

/// Above this many bytes of log a progress bar is drawn on stderr (when it
/// is a terminal).
const PROGRESS_ABOVE: u64 = 4 * 1024 * 1024;

/// Failed attempts judged together before the next are read: the log is
/// streamed, so memory stays bounded whatever its size.
const CHUNK: usize = 1024;

/// The longest line read; a longer one is skipped and counted as bad.
const MAX_LINE: usize = 16 * 1024 * 1024;

/// Re-judges every attempt line of `text`; see [`replay_reader`].
///
/// # Errors
///
/// With `strict`, the first line that cannot be read.
pub async fn replay_text(
    text: &str,
    reflector: &dyn Reflector,
    strategy: &StrategyFor<'_>,
    strict: bool,
    concurrency: usize,
) -> Result<Replay, CliError> {
    replay_reader(
        text.as_bytes(),
        None,
        reflector,
        strategy,
        strict,
        concurrency,
        true,
    )
    .await
}

/// Re-judges every attempt line read from `log`, a chunk at a time; bad
/// lines (unreadable, of an unknown version, or over 16 MiB) are counted,
/// or with `strict` end the replay with the line's number. `size`, when
/// known, draws a progress bar for a large log. With `keep_changes`, each
/// changed decision is kept (up to 100,000) for `--diff`; otherwise they
/// are only counted.
///
/// # Errors
///
/// With `strict`, the first line that cannot be read; a log that cannot be
/// read at all.
pub async fn replay_reader(
    mut log: impl std::io::BufRead,
    size: Option<u64>,
    reflector: &dyn Reflector,
    strategy: &StrategyFor<'_>,
    strict: bool,
    concurrency: usize,
    keep_changes: bool,
) -> Result<Replay, CliError> {
    let progress = size.filter(|size| *size > PROGRESS_ABOVE).map(|size| {
        let bar = ProgressBar::new(size);
        if let Ok(style) =
            ProgressStyle::with_template("{bar:40} {bytes}/{total_bytes} {bytes_per_sec}")
        {
            bar.set_style(style);
        }
        bar
    });
    let mut replay = Replay::default();
    replay.comparison.keep_changes = keep_changes;
    let mut pending = Vec::new();
    let mut line = Vec::new();
    let mut read = 0_u64;
    loop {
        line.clear();
        let taken = std::io::BufRead::read_until(
            &mut std::io::Read::take(&mut log, MAX_LINE as u64 + 1),
            b'\n',
            &mut line,
        )
        .map_err(|error| CliError::Input(format!("cannot read the log: {error}")))?;
        if taken == 0 {
            break;
        }
        read = read.saturating_add(taken as u64);
        replay.lines += 1;
        let number = replay.lines;
        if line.len() > MAX_LINE && line.last() != Some(&b'\n') {
            read = read.saturating_add(skip_line(&mut log)?);
            if strict {
                return Err(CliError::Input(format!(
                    "line {number}: longer than {MAX_LINE} bytes"
                )));
            }
            replay.bad_lines += 1;
            continue;
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim_end_matches(['\n', '\r']);
        if text.trim().is_empty() {
            continue;
        }
        match RecordedLine::parse(text) {
            Ok(record) if record.kind == LineKind::Attempt && record.action.is_some() => {
                pending.push(Pending {
                    line: number,
                    record,
                });
            }
            Ok(_) => {}
            Err(error) if strict => {
                return Err(CliError::Input(format!("line {number}: {error}")));
            }
            Err(_) => replay.bad_lines += 1,
        }
        if pending.len() >= CHUNK {
            judge_all(
                &mut replay,
                std::mem::take(&mut pending),
                reflector,
                strategy,
                concurrency,
            )
            .await;
            if let Some(bar) = &progress {
                bar.set_position(read);
            }
        }
    }
    judge_all(&mut replay, pending, reflector, strategy, concurrency).await;
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    Ok(replay)
}

/// Reads and drops the rest of an over-long line; how many bytes it had.
fn skip_line(log: &mut impl std::io::BufRead) -> Result<u64, CliError> {
    let mut skipped = 0_u64;
    loop {
        let buffer = log
            .fill_buf()
            .map_err(|error| CliError::Input(format!("cannot read the log: {error}")))?;
        if buffer.is_empty() {
            return Ok(skipped);
        }
        let (used, done) = match memchr_newline(buffer) {
            Some(at) => (at + 1, true),
            None => (buffer.len(), false),
        };
        log.consume(used);
        skipped = skipped.saturating_add(used as u64);
        if done {
            return Ok(skipped);
        }
    }
}

fn memchr_newline(bytes: &[u8]) -> Option<usize> {
    bytes.iter().position(|byte| *byte == b'\n')
}

/// Judges `pending` (in log order, `concurrency` at a time) into `replay`.
async fn judge_all(
    replay: &mut Replay,
    pending: Vec<Pending>,
    reflector: &dyn Reflector,
    strategy: &StrategyFor<'_>,
    concurrency: usize,
) {
    let judged = futures::stream::iter(pending.iter())
        .map(|pending| judge(pending, reflector, strategy))
        .buffered(concurrency.max(1));
    futures::pin_mut!(judged);
    while let Some((pending, analysis, action)) = judged.next().await {
        let record = &pending.record;
        let Some(recorded_action) = &record.action else {
            continue;
        };
        replay.comparison.record(&Judged {
            line: pending.line,
            call_id: &record.call_id,
            tool: &record.tool,
            attempt: record.attempt,
            recorded_action,
            recorded_analysis: record.analysis.as_ref(),
            analysis: analysis.as_ref(),
            action: &action,
        });
    }
}

async fn judge<'a>(
    pending: &'a Pending,
    reflector: &dyn Reflector,
    strategy: &StrategyFor<'_>,
) -> (&'a Pending, Option<FailureAnalysis>, RecoveryAction) {
    let record = &pending.record;
    let error = record.error.as_deref().unwrap_or("");
    let input = record.input.clone().unwrap_or(Value::Null);
    let ctx = ReflectionContext::new("", record.attempt, MAX_TOTAL_ATTEMPTS);
    // The recording keeps no schema, so an InputFix is not re-validated here.
    match reflector
        .analyze(error, &record.tool, &input, None, &ctx)
        .await
    {
        Ok(analysis) => {
            let action = strategy(&record.tool)
                .decide(&analysis, record.attempt, MAX_TOTAL_ATTEMPTS)
                .await;
            (pending, Some(analysis), action)
        }
        Err(error) => (
            pending,
            None,
            RecoveryAction::Fail(format!("reflection failed: {error}")),
        ),
    }
}

/// Runs the command.
pub async fn run(args: &ReplayArgs, out: &Out) -> Result<(), CliError> {
    let file = std::fs::File::open(&args.log).map_err(|error| {
        CliError::Input(format!(
            "{}: cannot read the log: {error}",
            args.log.display()
        ))
    })?;
    let size = file.metadata().ok().map(|metadata| metadata.len());
    let policy = match &args.policy_file {
        Some(path) => PolicyArgs::build_from_file(path, &[])?,
        None => args.policy.build(&[])?,
    };
    let strategy_for = |tool: &str| policy.strategy_for(tool);
    let replay = replay_reader(
        std::io::BufReader::new(file),
        size,
        policy.reflector.as_ref(),
        &strategy_for,
        args.strict,
        args.concurrency,
        args.diff,
    )
    .await
    .map_err(|error| match error {
        CliError::Input(message) if message.starts_with("cannot read") => {
            CliError::Input(format!("{}: {message}", args.log.display()))
        }
        other => other,
    })?;
    let overall = replay.comparison.overall();
    let requests = policy.model.as_ref().map(|model| model.requests());
    if out.json {
        let tools: serde_json::Map<String, Value> = replay
            .comparison
            .tools
            .iter()
            .map(|(tool, tally)| (hide(tool).into_owned(), tally.json()))
            .collect();
        let mut document = json!({
            "lines": replay.lines,
            "bad_lines": replay.bad_lines,
            "overall": overall.json(),
            "tools": tools,
            "model_requests": requests,
        });
        if args.diff {
            document["changes"] = replay
                .comparison
                .changes
                .iter()
                .map(|change| {
                    json!({"line": change.line, "call_id": hide(&change.call_id), "tool": hide(&change.tool),
                           "attempt": change.attempt.saturating_add(1), "recorded": change.recorded, "replayed": change.replayed})
                })
                .collect();
            document["changes_not_listed"] = json!(replay.comparison.changes_dropped);
        }
        out.json_document(&document);
        return Ok(());
    }
    out.line(&format!(
        "{} lines, {} failed attempts re-judged, {} unreadable line{} skipped",
        replay.lines,
        overall.failures,
        replay.bad_lines,
        if replay.bad_lines == 1 { "" } else { "s" }
    ));
    out.line(&out.heading(&format!(
        "{:<20} {:>8} {:>15} {:>15} {:>11} {:>8} {:>10} {:>10}",
        "tool", "failures", "retries", "soft failures", "asks", "changed", "now final", "wait"
    )));
    let row = |name: &str, tally: &Tally| {
        format!(
            "{:<20} {:>8} {:>15} {:>15} {:>11} {:>8} {:>10} {:>+8}ms",
            name,
            tally.failures,
            format!("{} → {}", tally.recorded.retry, tally.replayed.retry),
            format!("{} → {}", tally.recorded.soft(), tally.replayed.soft()),
            format!("{} → {}", tally.recorded.ask_user, tally.replayed.ask_user),
            tally.changed,
            tally.retries_now_permanent,
            tally.wait_added_ms
        )
    };
    for (tool, tally) in &replay.comparison.tools {
        out.line(&row(&out.shown(tool), tally));
    }
    out.line(&out.heading(&row("overall", &overall)));
    out.line(&format!(
        "corrections gained {}, lost {}",
        overall.corrections_gained, overall.corrections_lost
    ));
    if overall.weak_verdicts > 0 {
        out.line(&format!(
            "weak verdicts {}: the rules decided these from generic words only (with rules+llm, the model decides them)",
            overall.weak_verdicts
        ));
    }
    if let Some(requests) = requests {
        out.line(&format!("model requests: {requests}"));
    }
    if args.diff {
        out.line(&out.heading("changed decisions"));
        for change in &replay.comparison.changes {
            out.line(&format!(
                "  line {} {} {} attempt {}: {} → {}",
                change.line,
                out.shown(&change.call_id),
                out.shown(&change.tool),
                change.attempt.saturating_add(1),
                change.recorded,
                change.replayed
            ));
        }
        if replay.comparison.changes_dropped > 0 {
            out.line(&format!(
                "  … and {} more (the first {} are listed)",
                replay.comparison.changes_dropped,
                crate::compare::MAX_CHANGES
            ));
        }
    }
    Ok(())
}
