//! Errors of schema compilation and validation: [`SchemaError`] and [`SchemaViolations`].

use std::fmt;

/// A tool's input schema could not be turned into a validator.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SchemaError {
    /// The schema is not valid JSON Schema for its draft.
    #[error(
        "the input schema of tool `{tool}` does not compile: {reason}; fix the schema where the tool is registered"
    )]
    Invalid {
        /// The tool whose schema failed.
        tool: String,
        /// What the compiler said.
        reason: String,
    },
    /// The schema refers to a document outside itself, which would need the network.
    #[error(
        "the input schema of tool `{tool}` refers to `{reference}`, which is outside the schema; validation never fetches remote documents, so inline it under `$defs`"
    )]
    RemoteReference {
        /// The tool whose schema failed.
        tool: String,
        /// The offending `$ref` value.
        reference: String,
    },
    /// `$schema` names a dialect this crate does not support.
    #[error(
        "the input schema of tool `{tool}` declares `$schema: {dialect}`; use draft 2020-12, 2019-09, 7, 6 or 4"
    )]
    UnknownDraft {
        /// The tool whose schema failed.
        tool: String,
        /// The `$schema` value.
        dialect: String,
    },
}

/// One way an input fails its schema.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    /// JSON pointer to the offending value in the input (empty for the root).
    pub pointer: String,
    /// The schema keyword that failed (`type`, `required`, `enum`, ...).
    pub keyword: String,
    /// What is wrong, in words.
    pub message: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pointer = if self.pointer.is_empty() {
            "/"
        } else {
            &self.pointer
        };
        write!(f, "at {pointer}: {} ({})", self.message, self.keyword)
    }
}

/// Every violation of an input against a tool's schema.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct SchemaViolations {
    /// The tool whose schema was violated.
    pub tool: String,
    /// Each violation, in the order the validator found them.
    pub violations: Vec<Violation>,
}

impl fmt::Display for SchemaViolations {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let count = self.violations.len();
        write!(
            f,
            "input does not match the schema of tool `{}` ({count} {}):",
            self.tool,
            if count == 1 {
                "violation"
            } else {
                "violations"
            }
        )?;
        for violation in &self.violations {
            write!(f, "\n- {violation}")?;
        }
        Ok(())
    }
}
