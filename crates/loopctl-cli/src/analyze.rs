//! `loopctl analyze`: one failure in, the analysis and the decision timeline out.

use loopctl_reflect_core::{
    CorrectionType, FailureAnalysis, MAX_TOTAL_ATTEMPTS, RecoveryAction, RecoveryStrategy,
    ReflectionContext,
};
use loopctl_schema::ToolValidator;
use serde_json::{Value, json};

use crate::args::{Failure, FailureArgs, PolicyArgs};
use crate::error::CliError;
use crate::style::{Out, hide};

/// `loopctl analyze` arguments.
#[derive(Debug, clap::Args)]
pub struct AnalyzeArgs {
    /// The failure.
    #[command(flatten)]
    pub failure: FailureArgs,
    /// The policy to judge it with.
    #[command(flatten)]
    pub policy: PolicyArgs,
    /// A loopctl.toml to judge it with instead of the policy flags: its
    /// rules, and the settings it gives the tool.
    #[arg(long = "policy", value_name = "FILE")]
    pub policy_file: Option<std::path::PathBuf>,
}

/// One step of the timeline: what the strategy does after attempt `attempt`.
struct Step {
    attempt: u32,
    action: RecoveryAction,
    ceiling: bool,
}

/// Runs the command.
pub async fn run(args: &AnalyzeArgs, out: &Out) -> Result<(), CliError> {
    let failure = args.failure.load()?;
    let policy = match &args.policy_file {
        Some(path) => PolicyArgs::build_from_file(path, &failure.tools)?,
        None => args.policy.build(&failure.tools)?,
    };
    let strategy = policy.strategy_for(&failure.tool);
    let ctx = ReflectionContext::new(failure.task.clone(), 0, MAX_TOTAL_ATTEMPTS);
    let analysis = policy
        .reflector
        .analyze(
            &failure.error,
            &failure.tool,
            &failure.input,
            failure.schema.as_ref(),
            &ctx,
        )
        .await;
    let corrected = analysis
        .as_ref()
        .ok()
        .and_then(|analysis| check_fix(analysis, &failure));
    let timeline = timeline(
        strategy.as_ref(),
        analysis.as_ref().ok(),
        analysis.as_ref().err(),
    )
    .await;
    if out.json {
        let steps: Vec<Value> = timeline.iter().map(step_json).collect();
        let redactor = loopctl_redact::Redactor::standard();
        let analysis_json = analysis
            .as_ref()
            .ok()
            .map(|analysis| json!(analysis))
            .map(|value| redactor.value(&value).into_owned());
        out.json_document(&json!({
            "tool": hide(&failure.tool),
            "analysis": analysis_json,
            "reflection_error": analysis.as_ref().err().map(|error| hide(&error.to_string()).into_owned()),
            "corrected_input": corrected.as_ref().map(|(input, _)| redactor.value(input).into_owned()),
            "corrected_input_violations": corrected.as_ref().map(|(_, violations)| violations),
            "timeline": steps,
            "model_requests": policy.model.as_ref().map(|model| model.requests()),
        }));
        return Ok(());
    }
    out.line(&out.heading("analysis"));
    match &analysis {
        Ok(analysis) => print_analysis(out, analysis, corrected.as_ref()),
        Err(error) => {
            out.line(&format!(
                "  {}",
                out.bad(&format!("no analysis: {}", out.shown(&error.to_string())))
            ));
            out.line("  the driver treats this as not recoverable and fails the call softly");
        }
    }
    out.line(&out.heading("timeline, if the same failure kept coming back"));
    for step in &timeline {
        out.line(&format!(
            "  attempt {} fails → {}",
            step.attempt + 1,
            describe(step, out)
        ));
    }
    if let Some(model) = &policy.model {
        out.line(&out.dim(&format!("model requests: {}", model.requests())));
    }
    Ok(())
}

fn print_analysis(out: &Out, analysis: &FailureAnalysis, corrected: Option<&(Value, Vec<String>)>) {
    let recoverable = if analysis.is_recoverable {
        out.good("yes")
    } else {
        out.bad("no")
    };
    out.line(&format!("  recoverable  {recoverable}"));
    out.line(&format!("  severity     {}", analysis.severity));
    out.line(&format!(
        "  root cause   {}",
        out.short(&analysis.root_cause, 200)
    ));
    if !analysis.context.is_empty() {
        out.line(&format!("  context      {}", out.shown(&analysis.context)));
    }
    if let Some(correction) = &analysis.correction {
        out.line(&format!(
            "  correction   {}: {}",
            correction.correction_type,
            out.shown(&correction.description)
        ));
        if let Some(tool) = &correction.alternative_tool {
            out.line(&format!("  use tool     {}", out.shown(tool)));
        }
        if let Some(guidance) = &correction.guidance {
            out.line(&format!("  guidance     {}", out.short(guidance, 200)));
        }
    }
    if let Some((input, violations)) = corrected {
        let input = loopctl_redact::Redactor::standard().value(input);
        out.line(&format!("  corrected    {}", out.shown(&input.to_string())));
        if violations.is_empty() {
            out.line(&format!(
                "               {}",
                out.good("fits the tool's schema")
            ));
        } else {
            out.line(&format!(
                "               {}",
                out.bad(&format!(
                    "does not fit the schema: {}",
                    out.shown(&violations.join("; "))
                ))
            ));
        }
    }
}

/// The corrected input of an `InputFix`, and its violations of the tool's
/// schema (none when it fits, or when there is no schema to check).
fn check_fix(analysis: &FailureAnalysis, failure: &Failure) -> Option<(Value, Vec<String>)> {
    let correction = analysis.correction.as_ref()?;
    if correction.correction_type != CorrectionType::InputFix {
        return None;
    }
    let input = correction.modified_input.clone()?;
    let violations = match &failure.schema {
        Some(schema) => match ToolValidator::compile(&schema.name, &schema.input_schema) {
            Ok(validator) => validator
                .validate(&input)
                .err()
                .map_or_else(Vec::new, |failure| {
                    failure.violations.iter().map(ToString::to_string).collect()
                }),
            Err(error) => vec![error.to_string()],
        },
        None => Vec::new(),
    };
    Some((input, violations))
}

/// What the driver would do after each attempt if the same analysis kept
/// coming back, until a soft end or the ceiling.
async fn timeline(
    strategy: &dyn RecoveryStrategy,
    analysis: Option<&FailureAnalysis>,
    error: Option<&loopctl_reflect_core::ReflectionError>,
) -> Vec<Step> {
    let mut steps = Vec::new();
    for attempt in 0..MAX_TOTAL_ATTEMPTS {
        let action = match (analysis, error) {
            (Some(analysis), _) => strategy.decide(analysis, attempt, MAX_TOTAL_ATTEMPTS).await,
            (None, Some(error)) => RecoveryAction::Fail(format!("reflection failed: {error}")),
            (None, None) => RecoveryAction::Fail("reflection failed".to_owned()),
        };
        let retry = matches!(action, RecoveryAction::Retry { .. });
        let ceiling = retry && attempt + 1 >= MAX_TOTAL_ATTEMPTS;
        steps.push(Step {
            attempt,
            action,
            ceiling,
        });
        if !retry || ceiling {
            break;
        }
    }
    steps
}

fn describe(step: &Step, out: &Out) -> String {
    if step.ceiling {
        return out.bad(&format!(
            "the ceiling: the run ends with ToolRecoveryExhausted after {} attempts",
            step.attempt + 1
        ));
    }
    match &step.action {
        RecoveryAction::Retry { delay } => format!("retry after {} ms", delay.as_millis()),
        other => format!(
            "{}: {}",
            out.bad(other.kind()),
            out.short(other.message().unwrap_or_default(), 160)
        ),
    }
}

fn step_json(step: &Step) -> Value {
    let mut value = json!({"attempt": step.attempt + 1, "action": step.action.kind()});
    match &step.action {
        RecoveryAction::Retry { delay } => {
            value["delay_ms"] = json!(loopctl_reflect_core::millis(*delay));
        }
        other => value["message"] = json!(other.message().map(|message| hide(message))),
    }
    if step.ceiling {
        value["ceiling"] = json!(true);
    }
    value
}
