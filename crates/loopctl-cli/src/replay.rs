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

/// Above this many lines a progress bar is drawn on stderr (when it is a terminal).
const PROGRESS_ABOVE: usize = 10_000;

/// Re-judges every attempt line of `text`; bad lines are counted, or with
/// `strict` end the replay with the line's number.
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
    let total = text.lines().count();
    let progress = (total > PROGRESS_ABOVE).then(|| {
        let bar = ProgressBar::new(total as u64);
        if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} lines {per_sec}") {
            bar.set_style(style);
        }
        bar
    });
    let mut replay = Replay::default();
    let mut pending = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        replay.lines += 1;
        if line.trim().is_empty() {
            continue;
        }
        match RecordedLine::parse(line) {
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
    }
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
        if let Some(bar) = &progress {
            bar.set_position(pending.line as u64);
        }
    }
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    Ok(replay)
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
    let text = std::fs::read_to_string(&args.log).map_err(|error| {
        CliError::Input(format!(
            "{}: cannot read the log: {error}",
            args.log.display()
        ))
    })?;
    let policy = match &args.policy_file {
        Some(path) => PolicyArgs::build_from_file(path, &[])?,
        None => args.policy.build(&[])?,
    };
    let strategy_for = |tool: &str| policy.strategy_for(tool);
    let replay = replay_text(
        &text,
        policy.reflector.as_ref(),
        &strategy_for,
        args.strict,
        args.concurrency,
    )
    .await?;
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
    }
    Ok(())
}
