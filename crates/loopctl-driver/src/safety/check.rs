//! Outcome checks: a read-only question a tool's owner can answer when a call's outcome is unknown (did the charge, the mail, the file write happen?).

use std::fmt;
use std::future::Future;
use std::pin::Pin;

use serde_json::{Value, json};

use crate::registry::ToolRegistry;

/// What an outcome check found.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Outcome {
    /// The call took effect; the text is its result, as the tool would have
    /// answered (it goes back to the model as a success).
    Happened(String),
    /// The call did not take effect: running it again is safe.
    DidNotHappen,
    /// The check could not tell; the text says why.
    CannotTell(String),
}

/// The boxed future an [`OutcomeCheck`] returns.
pub type CheckFuture<'a> = Pin<Box<dyn Future<Output = Outcome> + Send + 'a>>;

/// The call whose outcome is in question.
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
pub struct Unsure<'a> {
    /// The tool the call ran.
    pub tool: &'a str,
    /// The input it ran with.
    pub input: &'a Value,
    /// The call's idempotency key (see [`idempotency_key`](crate::idempotency_key)).
    pub idempotency_key: &'a str,
    /// The dispatcher's tools, for a check that asks one of them.
    pub registry: &'a ToolRegistry,
}

/// Finds out whether a call whose answer was lost took effect. It must only
/// read: the driver runs it under the tool time-out, and a check that
/// fails, panics or hangs means [`Outcome::CannotTell`].
pub trait OutcomeCheck: Send + Sync + fmt::Debug {
    /// Looks at the world and says whether `call` happened.
    fn check<'a>(&'a self, call: Unsure<'a>) -> CheckFuture<'a>;

    /// What the check asks, for [`SafetyPolicy::explain`](crate::SafetyPolicy::explain).
    fn describe(&self) -> String {
        "a custom outcome check".to_owned()
    }
}

/// An outcome check that asks a registered read-only tool.
///
/// The tool is called with `{"tool": NAME, "input": INPUT,
/// "idempotency_key": KEY}` and answers JSON: `{"happened": true,
/// "result": "…"}`, `{"happened": false}`, or anything else (an error
/// output included) for "cannot tell". This is the form a policy file's
/// `outcome_check = "get_charge"` takes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolCheck {
    tool: String,
}

impl ToolCheck {
    /// A check that asks the tool called `tool`.
    pub fn new(tool: impl Into<String>) -> Self {
        Self { tool: tool.into() }
    }

    /// The tool it asks.
    pub fn tool(&self) -> &str {
        &self.tool
    }
}

impl OutcomeCheck for ToolCheck {
    fn check<'a>(&'a self, call: Unsure<'a>) -> CheckFuture<'a> {
        Box::pin(async move {
            let Some(checker) = call.registry.get(&self.tool) else {
                return Outcome::CannotTell(format!(
                    "the outcome check `{}` is not a registered tool",
                    self.tool
                ));
            };
            let question = json!({
                "tool": call.tool,
                "input": call.input,
                "idempotency_key": call.idempotency_key,
            });
            let answer = checker.call(&question).await;
            if answer.is_error {
                return Outcome::CannotTell(format!("the outcome check `{}` failed", self.tool));
            }
            read_answer(&answer.content)
        })
    }

    fn describe(&self) -> String {
        format!("the read-only tool `{}`", self.tool)
    }
}

/// `{"happened": true, "result": …}` → happened; `{"happened": false}` →
/// did not; anything else → cannot tell.
fn read_answer(text: &str) -> Outcome {
    let Ok(answer) = serde_json::from_str::<Value>(text) else {
        return Outcome::CannotTell("the outcome check did not answer JSON".to_owned());
    };
    match answer.get("happened").and_then(Value::as_bool) {
        Some(true) => Outcome::Happened(match answer.get("result") {
            Some(Value::String(text)) => text.clone(),
            Some(other) => other.to_string(),
            None => "the call took effect".to_owned(),
        }),
        Some(false) => Outcome::DidNotHappen,
        None => {
            Outcome::CannotTell("the outcome check's answer has no boolean `happened`".to_owned())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_are_read_strictly() {
        assert_eq!(
            read_answer(r#"{"happened": true, "result": "charged 12.00 EUR"}"#),
            Outcome::Happened("charged 12.00 EUR".into())
        );
        assert_eq!(read_answer(r#"{"happened": false}"#), Outcome::DidNotHappen);
        assert!(matches!(
            read_answer(r#"{"happened": "yes"}"#),
            Outcome::CannotTell(_)
        ));
        assert!(matches!(read_answer("probably"), Outcome::CannotTell(_)));
    }
}
