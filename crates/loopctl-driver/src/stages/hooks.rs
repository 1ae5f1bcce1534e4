//! Pre- and post-tool hooks: allow or block each attempt, and see every result.

use serde_json::Value;

use crate::output::ToolOutput;

/// What a pre-tool hook is shown: the attempt as it is about to run, after
/// any correction, so a permission hook also guards what a fix produces.
#[derive(Debug, Clone, Copy)]
pub struct AttemptView<'a> {
    /// The tool about to run.
    pub tool: &'a str,
    /// The model's id for the call.
    pub call_id: &'a str,
    /// The input it will get.
    pub input: &'a Value,
    /// 0 for the original call.
    pub attempt: u32,
}

/// A pre-tool hook's answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HookVerdict {
    /// Run the attempt.
    Allow,
    /// Do not run it; the reason goes back to the model as a soft error.
    Block(String),
}

/// Runs before every attempt and may stop it.
pub trait PreToolHook: Send + Sync {
    /// Decides whether this attempt may run.
    fn before_attempt(&self, attempt: &AttemptView<'_>) -> HookVerdict;
}

/// Runs after every attempt, including blocked ones, and sees the result.
pub trait PostToolHook: Send + Sync {
    /// Sees the attempt and what it produced.
    fn after_attempt(&self, attempt: &AttemptView<'_>, output: &ToolOutput);
}

impl<F> PreToolHook for F
where
    F: Fn(&AttemptView<'_>) -> HookVerdict + Send + Sync,
{
    fn before_attempt(&self, attempt: &AttemptView<'_>) -> HookVerdict {
        self(attempt)
    }
}

/// A pre-tool hook that blocks every tool not on an allow-list: the way to
/// restrict which tools a `ToolChange` (or the model) may reach.
#[derive(Debug, Clone, Default)]
pub struct AllowListHook {
    allowed: Vec<String>,
}

impl AllowListHook {
    /// Allows only the named tools.
    pub fn new<I, S>(allowed: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        Self {
            allowed: allowed.into_iter().map(Into::into).collect(),
        }
    }
}

impl PreToolHook for AllowListHook {
    fn before_attempt(&self, attempt: &AttemptView<'_>) -> HookVerdict {
        if self.allowed.iter().any(|name| name == attempt.tool) {
            HookVerdict::Allow
        } else {
            HookVerdict::Block(format!(
                "tool `{}` is not allowed here; allowed tools: {}",
                attempt.tool,
                self.allowed.join(", ")
            ))
        }
    }
}
