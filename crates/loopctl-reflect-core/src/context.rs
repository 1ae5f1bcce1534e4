//! What a reflector is told besides the error: [`ReflectionContext`], [`ToolSchema`] and the ceiling.

use serde::{Deserialize, Serialize};

/// The hard ceiling on retries of one tool call.
///
/// A call runs at most `MAX_RECOVERY_ATTEMPTS + 1` times (the original plus
/// five retries), whatever a strategy answers; a strategy that asks for a
/// seventh run ends the run with a recovery-exhausted error in the driver.
pub const MAX_RECOVERY_ATTEMPTS: u32 = 5;

/// The number of executions the ceiling allows for one call: the original
/// call plus [`MAX_RECOVERY_ATTEMPTS`] retries. This is the `max_attempts`
/// that reflectors and strategies are told.
pub const MAX_TOTAL_ATTEMPTS: u32 = MAX_RECOVERY_ATTEMPTS + 1;

/// Where in the recovery loop a failure happened.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct ReflectionContext {
    /// The agent's task, if the caller has one; may be empty.
    pub task: String,
    /// Which attempt failed, counting from 0 for the original call.
    /// Add 1 before showing it to a person or a model.
    pub attempt: u32,
    /// How many executions the ceiling allows in total.
    pub max_attempts: u32,
}

impl ReflectionContext {
    /// A context for attempt `attempt` (0-based) of `max_attempts`.
    pub fn new(task: impl Into<String>, attempt: u32, max_attempts: u32) -> Self {
        Self {
            task: task.into(),
            attempt,
            max_attempts,
        }
    }

    /// The attempt number as a person counts it (1 for the original call).
    pub const fn display_attempt(&self) -> u32 {
        self.attempt.saturating_add(1)
    }
}

/// A tool's name, description and JSON Schema for its input.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ToolSchema {
    /// The registry name the model calls the tool by.
    pub name: String,
    /// What the tool does, for the model.
    pub description: String,
    /// The JSON Schema that a valid input satisfies.
    pub input_schema: serde_json::Value,
}

impl ToolSchema {
    /// A schema for tool `name`.
    pub fn new(
        name: impl Into<String>,
        description: impl Into<String>,
        input_schema: serde_json::Value,
    ) -> Self {
        Self {
            name: name.into(),
            description: description.into(),
            input_schema,
        }
    }
}
