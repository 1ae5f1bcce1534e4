//! The tour's timeline: every attempt, analysis and decision, printed as it happens.

use std::sync::Mutex;
use std::time::Instant;

use loopctl::driver::{
    AttemptFinished, AttemptObserver, AttemptStarted, AttemptView, PostToolHook, RecoveryDecided,
};
use loopctl::prelude::*;
use serde_json::Value;

/// Prints every attempt, analysis and decision as it happens.
pub(crate) struct Timeline {
    pub(crate) started: Mutex<Instant>,
}

impl Timeline {
    fn stamp(&self) -> String {
        format!(
            "[{:>6.3}s]",
            self.started
                .lock()
                .map(|at| at.elapsed().as_secs_f64())
                .unwrap_or_default()
        )
    }

    pub(crate) fn restart(&self) {
        if let Ok(mut at) = self.started.lock() {
            *at = Instant::now();
        }
    }
}

pub(crate) fn short(text: &str) -> String {
    let line = text.lines().next().unwrap_or("");
    if line.chars().count() > 90 {
        format!("{}…", line.chars().take(90).collect::<String>())
    } else {
        line.to_owned()
    }
}

impl AttemptObserver for Timeline {
    fn attempt_started(&self, event: &AttemptStarted<'_>) {
        println!(
            "  {} attempt {} → {}",
            self.stamp(),
            event.attempt + 1,
            event.tool
        );
    }

    fn attempt_finished(&self, _event: &AttemptFinished<'_>) {}

    fn recovery_decided(&self, event: &RecoveryDecided<'_>) {
        match event.analysis {
            Some(analysis) => {
                println!(
                    "  {}   analysis: {}, {}: {}",
                    self.stamp(),
                    if analysis.is_recoverable {
                        "recoverable"
                    } else {
                        "not recoverable"
                    },
                    analysis.severity,
                    short(&analysis.root_cause)
                );
                if !analysis.context.is_empty() {
                    println!("  {}   context:  {}", self.stamp(), analysis.context);
                }
                if let Some(correction) = &analysis.correction {
                    let detail = match correction.correction_type {
                        CorrectionType::InputFix => correction
                            .modified_input
                            .as_ref()
                            .map(Value::to_string)
                            .unwrap_or_default(),
                        CorrectionType::ToolChange => {
                            correction.alternative_tool.clone().unwrap_or_default()
                        }
                        _ => correction.guidance.clone().unwrap_or_default(),
                    };
                    println!(
                        "  {}   correction: {} {} ({})",
                        self.stamp(),
                        correction.correction_type,
                        short(&detail),
                        short(&correction.description)
                    );
                }
            }
            None => println!(
                "  {}   analysis: none (the reflector gave none)",
                self.stamp()
            ),
        }
        let decision = match event.action {
            RecoveryAction::Retry { delay } => format!("retry after {} ms", delay.as_millis()),
            other => format!(
                "{}: {}",
                other.kind(),
                short(other.message().unwrap_or_default())
            ),
        };
        println!("  {}   decision: {decision}", self.stamp());
    }
}

impl PostToolHook for Timeline {
    fn after_attempt(&self, _attempt: &AttemptView<'_>, output: &ToolOutput) {
        let verdict = if output.is_error { "error" } else { "ok" };
        println!("  {}   {verdict}: {}", self.stamp(), short(&output.content));
    }
}
