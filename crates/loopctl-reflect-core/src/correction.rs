//! The one place that decides what a [`Correction`] does to a call: [`apply_correction`].
//!
//! Every driver goes through this pure function, so an `InputFix` or a
//! `ToolChange` means the same thing everywhere and a broken correction is
//! rejected for the same reasons everywhere.

use serde_json::Value;

use crate::{Correction, CorrectionType};

/// What a correction does to a call, as worked out by [`apply_correction`].
///
/// The applied variants borrow from the correction, so deciding costs
/// nothing; [`CorrectionOutcome::apply`] copies the change into the call.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum CorrectionOutcome<'c> {
    /// An `InputFix`: the call's input becomes this JSON object.
    InputReplaced(&'c Value),
    /// A `ToolChange`: the call goes to this tool instead.
    ToolSwapped(&'c str),
    /// `PrerequisiteFix`, `ApproachChange` or `Escalate`: nothing mechanical
    /// changes; the guidance, if any, is advice only.
    Advisory(Option<&'c str>),
    /// The correction cannot be applied. The caller logs the reason, drops
    /// the correction, and still retries, uncorrected.
    Rejected(CorrectionRejection),
}

impl CorrectionOutcome<'_> {
    /// `true` when the call changes.
    pub const fn is_applied(&self) -> bool {
        matches!(self, Self::InputReplaced(_) | Self::ToolSwapped(_))
    }

    /// Writes the change into a call's tool name and input.
    /// Returns `true` when something changed.
    pub fn apply(&self, tool: &mut String, input: &mut Value) -> bool {
        match *self {
            Self::InputReplaced(new_input) => {
                new_input.clone_into(input);
                true
            }
            Self::ToolSwapped(new_tool) => {
                new_tool.clone_into(tool);
                true
            }
            Self::Advisory(_) | Self::Rejected(_) => false,
        }
    }
}

/// Why a correction could not be applied.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum CorrectionRejection {
    /// An `InputFix` with no `modified_input`.
    #[error("input_fix has no modified_input; retrying with the original input")]
    MissingModifiedInput,
    /// An `InputFix` whose `modified_input` is not a JSON object.
    #[error(
        "input_fix modified_input is a JSON {found}, not an object; retrying with the original input"
    )]
    ModifiedInputNotObject {
        /// The JSON type that was found instead (`array`, `string`, ...).
        found: &'static str,
    },
    /// A `ToolChange` with no (or a blank) `alternative_tool`.
    #[error("tool_change has no alternative_tool; retrying the same tool")]
    MissingAlternativeTool,
    /// A `ToolChange` that names the tool that just failed.
    #[error("tool_change names the tool that failed; retrying it unchanged")]
    SameTool,
}

/// The JSON type name of `value`, for messages.
pub fn json_type_name(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

/// Works out what `correction` does to a call of `tool`.
///
/// | correction type | valid when | outcome |
/// |---|---|---|
/// | `InputFix` | `modified_input` is a JSON object | [`CorrectionOutcome::InputReplaced`] |
/// | `ToolChange` | `alternative_tool` is non-blank and differs from `tool` | [`CorrectionOutcome::ToolSwapped`] |
/// | `PrerequisiteFix`, `ApproachChange`, `Escalate` | always | [`CorrectionOutcome::Advisory`] |
///
/// Anything else is [`CorrectionOutcome::Rejected`]. Whether the new tool is
/// registered is the driver's question, not this function's.
///
/// ```
/// use loopctl_reflect_core::{apply_correction, Correction, CorrectionOutcome};
/// use serde_json::json;
///
/// let fix = Correction::input_fix("count must be a number", json!({"count": 3}));
/// let mut tool = String::from("list");
/// let mut input = json!({"count": "3"});
/// let outcome = apply_correction(&tool, &fix);
/// assert!(matches!(outcome, CorrectionOutcome::InputReplaced(_)));
/// outcome.apply(&mut tool, &mut input);
/// assert_eq!(input, json!({"count": 3}));
/// ```
pub fn apply_correction<'c>(tool: &str, correction: &'c Correction) -> CorrectionOutcome<'c> {
    match correction.correction_type {
        CorrectionType::InputFix => match &correction.modified_input {
            Some(value @ Value::Object(_)) => CorrectionOutcome::InputReplaced(value),
            Some(other) => {
                CorrectionOutcome::Rejected(CorrectionRejection::ModifiedInputNotObject {
                    found: json_type_name(other),
                })
            }
            None => CorrectionOutcome::Rejected(CorrectionRejection::MissingModifiedInput),
        },
        CorrectionType::ToolChange => match correction.alternative_tool.as_deref().map(str::trim) {
            None | Some("") => {
                CorrectionOutcome::Rejected(CorrectionRejection::MissingAlternativeTool)
            }
            Some(name) if name == tool => {
                CorrectionOutcome::Rejected(CorrectionRejection::SameTool)
            }
            Some(name) => CorrectionOutcome::ToolSwapped(name),
        },
        CorrectionType::PrerequisiteFix
        | CorrectionType::ApproachChange
        | CorrectionType::Escalate => CorrectionOutcome::Advisory(correction.guidance.as_deref()),
    }
}
