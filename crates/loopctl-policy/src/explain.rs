//! `loopctl policy explain`: the settings in force for one tool, where each comes from, and, for an error text, which rule reads it and what each attempt would lead to.

use std::fmt::{self, Write as _};
use std::sync::Arc;
use std::time::Duration;

use loopctl_backoff::ExponentialBackoffRecovery;
use loopctl_reflect_core::{
    FailureAnalysis, RecoveryAction, RecoveryStrategy, ReflectionContext, Reflector,
};
use loopctl_reflect_rules::RuleReflector;
use serde_json::Value;

use crate::file::ReflectorKind;
use crate::resolve::{Effective, Policy};
use crate::rules::{ActionStrategy, PolicyReflector, first_match};

/// What `explain` found for one tool and, maybe, one error.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Explanation {
    /// The settings in force, with their sources.
    pub settings: Effective,
    /// For an error: the rule that read it, or `None` for the built-in rules.
    pub decided_by: Option<String>,
    /// For an error: how it was read.
    pub analysis: Option<FailureAnalysis>,
    /// For an error: what follows each failed attempt, in order, until the
    /// call ends (nominal delays, before jitter).
    pub attempts: Vec<RecoveryAction>,
}

/// Explains `policy` for `tool`, and for `error` when one is given. The
/// rules in the file and the built-in rules read the error offline; a
/// configured model is not asked.
pub async fn explain(policy: &Policy, tool: &str, error: Option<&str>) -> Explanation {
    let settings = policy.for_tool(tool);
    let Some(error) = error else {
        return Explanation {
            settings,
            decided_by: None,
            analysis: None,
            attempts: Vec::new(),
        };
    };
    let rules = &policy.file().rules;
    let decided_by = first_match(rules, error, tool).map(|(index, rule)| rule.label(index));
    let reflector = PolicyReflector::new(rules.clone(), Arc::new(RuleReflector::new()));
    let max_attempts = settings.max_retries.saturating_add(1);
    let mut attempts = Vec::new();
    let analysis = reflector
        .analyze(
            error,
            tool,
            &Value::Null,
            None,
            &ReflectionContext::new("", 0, max_attempts),
        )
        .await
        .ok();
    if let Some(analysis) = &analysis {
        let strategy = ActionStrategy::new(
            ExponentialBackoffRecovery::new(settings.max_retries)
                .with_base_delay(settings.base_delay)
                .with_max_delay(settings.max_delay),
        );
        for attempt in 0..max_attempts {
            let action = strategy.decide(analysis, attempt, max_attempts).await;
            let retry = matches!(action, RecoveryAction::Retry { .. });
            attempts.push(action);
            if !retry {
                break;
            }
        }
    }
    Explanation {
        settings,
        decided_by,
        analysis,
        attempts,
    }
}

fn duration(value: Duration) -> String {
    humantime::format_duration(value).to_string()
}

impl fmt::Display for Explanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = &self.settings;
        match &s.section {
            Some(section) => writeln!(f, "tool {}: section [tools.\"{section}\"]", s.tool)?,
            None => writeln!(f, "tool {}: no section of its own", s.tool)?,
        }
        let off = || "off".to_owned();
        let mut rows: Vec<(&str, String)> = vec![
            (
                "reflector",
                match s.reflector {
                    ReflectorKind::Rules => "rules".into(),
                    ReflectorKind::Llm => "llm".into(),
                    ReflectorKind::RulesThenLlm => "rules+llm".into(),
                },
            ),
            ("max_retries", s.max_retries.to_string()),
            ("base_delay", duration(s.base_delay)),
            ("max_delay", duration(s.max_delay)),
            ("jitter", format!("{:?}", s.jitter).to_lowercase()),
            ("fixes_at_once", s.fixes_at_once.to_string()),
            (
                "tool_timeout",
                s.tool_timeout.map_or_else(|| "no limit".into(), duration),
            ),
            ("reflection_timeout", duration(s.reflection_timeout)),
            (
                "retry_budget",
                s.retry_budget.as_ref().map_or_else(off, |budget| {
                    format!("{} retries", budget.capacity.unwrap_or(0))
                }),
            ),
            (
                "breaker",
                s.breaker.as_ref().map_or_else(off, |breaker| {
                    format!(
                        "opens after {} failures, for {}",
                        breaker.threshold.unwrap_or(5),
                        breaker
                            .cool_down
                            .map_or_else(|| "30s".into(), |span| span.to_string())
                    )
                }),
            ),
            (
                "effect",
                s.effect.map_or_else(
                    || "undeclared (treated as destructive)".into(),
                    |effect| match effect {
                        crate::file::EffectName::ReadOnly => "read-only".into(),
                        crate::file::EffectName::Writes => "writes".into(),
                        crate::file::EffectName::Destructive => "destructive".into(),
                    },
                ),
            ),
            (
                "idempotent",
                s.idempotent.map_or_else(
                    || "undeclared (treated as not)".into(),
                    |flag| flag.to_string(),
                ),
            ),
            ("idempotency_key", s.idempotency_key.to_string()),
            (
                "guard",
                if s.guard.is_empty() {
                    "none".into()
                } else {
                    s.guard.join(", ")
                },
            ),
            (
                "allow_tool_change",
                if s.allow_tool_change.is_empty() {
                    "none".into()
                } else {
                    s.allow_tool_change.join(", ")
                },
            ),
            ("allow_reach_change", s.allow_reach_change.to_string()),
            (
                "rate_limit",
                s.rate_limit.map_or_else(off, |rate| {
                    format!("{rate}, waiting up to {}", duration(s.rate_limit_wait))
                }),
            ),
            (
                "concurrency",
                s.concurrency
                    .map_or_else(off, |cap| format!("{cap} at once, {} waiting", s.queue)),
            ),
        ];
        // How sure the rules must be matters only when a model comes after them.
        if s.reflector == ReflectorKind::RulesThenLlm {
            let level = match s.rules_confidence {
                crate::file::RulesConfidence::Weak => {
                    "weak (the rules keep every verdict they reach)"
                }
                crate::file::RulesConfidence::Strong => {
                    "strong (what only generic words decide goes to the model)"
                }
            };
            rows.insert(1, ("rules_confidence", level.to_owned()));
        }
        for (key, value) in rows {
            writeln!(f, "  {key:<19} {value:<34} {}", s.source(key))?;
        }
        let Some(analysis) = &self.analysis else {
            return Ok(());
        };
        writeln!(f, "error")?;
        match &self.decided_by {
            Some(rule) => writeln!(f, "  read by            {rule}")?,
            None => writeln!(
                f,
                "  read by            the built-in rules (no rule in the file matches)"
            )?,
        }
        if s.reflector != ReflectorKind::Rules {
            writeln!(
                f,
                "  (the model is not asked here; with `{}` it reads what the rules cannot place, and by default what they place from generic words only)",
                match s.reflector {
                    ReflectorKind::Llm => "llm",
                    _ => "rules+llm",
                }
            )?;
        }
        writeln!(
            f,
            "  reading            {}, {}: {}",
            if analysis.is_recoverable {
                "recoverable"
            } else {
                "not recoverable"
            },
            analysis.severity,
            analysis.root_cause
        )?;
        for (index, action) in self.attempts.iter().enumerate() {
            let mut line = String::new();
            let _ = match action {
                RecoveryAction::Retry { delay } => write!(line, "retry after {}", duration(*delay)),
                RecoveryAction::Fail(why) => write!(line, "fail: {why}"),
                RecoveryAction::Skip(why) => write!(line, "skip: {why}"),
                RecoveryAction::AskUser(why) => write!(line, "ask the user: {why}"),
            };
            writeln!(f, "  attempt {} fails → {line}", index + 1)?;
        }
        Ok(())
    }
}
