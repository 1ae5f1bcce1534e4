//! A tool's compiled input schema: [`ToolValidator`].

use std::collections::HashSet;
use std::fmt;

use serde_json::Value;

use crate::draft::draft_of;
use crate::error::{SchemaError, SchemaViolations, Violation};

/// How many violations one report lists before summarising the rest.
const MAX_LISTED_VIOLATIONS: usize = 64;

/// A compiled, thread-safe validator for one tool's input.
pub struct ToolValidator {
    tool: String,
    validator: jsonschema::Validator,
}

impl ToolValidator {
    /// Compiles `schema` for `tool`, with the draft its `$schema` names
    /// (2020-12 when absent) and format checks on. Never touches the network:
    /// a `$ref` outside the schema is refused.
    pub fn compile(tool: &str, schema: &Value) -> Result<Self, SchemaError> {
        let draft = draft_of(schema).map_err(|dialect| SchemaError::UnknownDraft {
            tool: tool.to_owned(),
            dialect,
        })?;
        if let Some(reference) = first_remote_reference(schema) {
            return Err(SchemaError::RemoteReference {
                tool: tool.to_owned(),
                reference,
            });
        }
        let validator = jsonschema::options()
            .with_draft(draft)
            .should_validate_formats(true)
            .offline()
            .build(schema)
            .map_err(|error| SchemaError::Invalid {
                tool: tool.to_owned(),
                reason: error.to_string(),
            })?;
        Ok(Self {
            tool: tool.to_owned(),
            validator,
        })
    }

    /// The tool this validator belongs to.
    pub fn tool(&self) -> &str {
        &self.tool
    }

    /// `true` when `input` satisfies the schema. Allocates nothing.
    pub fn is_valid(&self, input: &Value) -> bool {
        self.validator.is_valid(input)
    }

    /// Checks `input`, listing every violation when it fails.
    pub fn validate(&self, input: &Value) -> Result<(), SchemaViolations> {
        if self.validator.is_valid(input) {
            return Ok(());
        }
        let mut violations = Vec::new();
        let mut unlisted = 0_usize;
        for error in self.validator.iter_errors(input) {
            if violations.len() < MAX_LISTED_VIOLATIONS {
                violations.push(Violation {
                    pointer: error.instance_path().to_string(),
                    keyword: error.kind().keyword().to_owned(),
                    message: error.to_string(),
                });
            } else {
                unlisted += 1;
            }
        }
        if unlisted > 0 {
            violations.push(Violation {
                pointer: String::new(),
                keyword: "…".to_owned(),
                message: format!("{unlisted} more violations not listed"),
            });
        }
        Err(SchemaViolations {
            tool: self.tool.clone(),
            violations,
        })
    }
}

impl fmt::Debug for ToolValidator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ToolValidator")
            .field("tool", &self.tool)
            .finish_non_exhaustive()
    }
}

/// The first `$ref` that points outside the schema and its embedded resources.
fn first_remote_reference(schema: &Value) -> Option<String> {
    let mut identifiers = HashSet::new();
    let mut references = Vec::new();
    collect(schema, &mut identifiers, &mut references);
    references
        .into_iter()
        .find(|reference| {
            let document = reference.split('#').next().unwrap_or("");
            !document.is_empty()
                && !identifiers.contains(document)
                && !identifiers
                    .iter()
                    .any(|id: &&str| id.ends_with(&format!("/{document}")))
        })
        .map(str::to_owned)
}

fn collect<'a>(
    value: &'a Value,
    identifiers: &mut HashSet<&'a str>,
    references: &mut Vec<&'a str>,
) {
    match value {
        Value::Object(map) => {
            for (key, item) in map {
                match (key.as_str(), item) {
                    ("$id" | "id", Value::String(id)) => {
                        identifiers.insert(id.trim_end_matches('#'));
                    }
                    ("$ref" | "$dynamicRef" | "$recursiveRef", Value::String(reference)) => {
                        references.push(reference);
                    }
                    // Values under these keywords are data, not subschemas.
                    ("enum" | "const" | "default" | "examples", _) => {}
                    _ => collect(item, identifiers, references),
                }
            }
        }
        Value::Array(items) => {
            for item in items {
                collect(item, identifiers, references);
            }
        }
        _ => {}
    }
}
