//! The reflector's verdict on a failed tool call: [`FailureAnalysis`] and its parts.

use std::fmt;

use serde::{Deserialize, Serialize};

/// How bad a failure is, ordered from least to most severe.
///
/// The order matters to strategies: `Low < Medium < High < Critical`, so a
/// rule such as "severity at least `High`" is a plain comparison.
/// On the wire and in `Display` the variants are lower case (`"low"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FailureSeverity {
    /// A blip: a timeout, a busy resource, a rate limit.
    Low,
    /// Worth attention but not alarming; the default for an unclassified failure.
    Medium,
    /// Unlikely to go away by itself: wrong input, missing permission.
    High,
    /// Stop and involve a person.
    Critical,
}

impl FailureSeverity {
    /// Every severity, from least to most severe.
    pub const ALL: [FailureSeverity; 4] = [Self::Low, Self::Medium, Self::High, Self::Critical];

    /// The lower-case name used on the wire and by `Display`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Low => "low",
            Self::Medium => "medium",
            Self::High => "high",
            Self::Critical => "critical",
        }
    }
}

impl fmt::Display for FailureSeverity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What kind of fix a [`Correction`] proposes, and so what the driver can do with it.
///
/// Only [`InputFix`](Self::InputFix) and [`ToolChange`](Self::ToolChange)
/// change the retried call; the other three are advice for the model or a
/// person and leave the retry unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CorrectionType {
    /// Replace the call's input with [`Correction::modified_input`] (a JSON object).
    InputFix,
    /// Call [`Correction::alternative_tool`] instead of the failing tool.
    ToolChange,
    /// Something must happen first (create a directory, log in); advisory only.
    PrerequisiteFix,
    /// The plan itself should change; advisory only.
    ApproachChange,
    /// A person must decide; advisory only.
    Escalate,
}

impl CorrectionType {
    /// Every correction type, in declaration order.
    pub const ALL: [CorrectionType; 5] = [
        Self::InputFix,
        Self::ToolChange,
        Self::PrerequisiteFix,
        Self::ApproachChange,
        Self::Escalate,
    ];

    /// The snake_case name used on the wire.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::InputFix => "input_fix",
            Self::ToolChange => "tool_change",
            Self::PrerequisiteFix => "prerequisite_fix",
            Self::ApproachChange => "approach_change",
            Self::Escalate => "escalate",
        }
    }

    /// Whether the driver acts on this type mechanically (input or tool swap)
    /// rather than treating it as advice.
    pub const fn is_mechanical(self) -> bool {
        matches!(self, Self::InputFix | Self::ToolChange)
    }
}

impl fmt::Display for CorrectionType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A proposed fix for a failed call.
///
/// Which fields matter depends on [`correction_type`](Self::correction_type):
/// `modified_input` for [`CorrectionType::InputFix`], `alternative_tool` for
/// [`CorrectionType::ToolChange`], and `guidance` for the advisory kinds.
/// Use [`crate::apply_correction`] to turn it into an effect on a call.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Correction {
    /// What kind of fix this is.
    pub correction_type: CorrectionType,
    /// A short human-readable account of the fix.
    #[serde(default)]
    pub description: String,
    /// The replacement input for an `InputFix`; must be a JSON object to apply.
    #[serde(default)]
    pub modified_input: Option<serde_json::Value>,
    /// The registry name of the tool to call instead, for a `ToolChange`.
    #[serde(default)]
    pub alternative_tool: Option<String>,
    /// Free-text advice, mostly for the advisory kinds.
    #[serde(default)]
    pub guidance: Option<String>,
}

impl Correction {
    /// A correction of the given type with only a description; fill the rest with the `with_*` methods.
    pub fn new(correction_type: CorrectionType, description: impl Into<String>) -> Self {
        Self {
            correction_type,
            description: description.into(),
            modified_input: None,
            alternative_tool: None,
            guidance: None,
        }
    }

    /// An `InputFix` that replaces the call's input with `modified_input`.
    pub fn input_fix(description: impl Into<String>, modified_input: serde_json::Value) -> Self {
        Self::new(CorrectionType::InputFix, description).with_modified_input(modified_input)
    }

    /// A `ToolChange` that calls `alternative_tool` instead.
    pub fn tool_change(
        description: impl Into<String>,
        alternative_tool: impl Into<String>,
    ) -> Self {
        Self::new(CorrectionType::ToolChange, description).with_alternative_tool(alternative_tool)
    }

    /// Sets [`modified_input`](Self::modified_input).
    #[must_use]
    pub fn with_modified_input(mut self, modified_input: serde_json::Value) -> Self {
        self.modified_input = Some(modified_input);
        self
    }

    /// Sets [`alternative_tool`](Self::alternative_tool).
    #[must_use]
    pub fn with_alternative_tool(mut self, alternative_tool: impl Into<String>) -> Self {
        self.alternative_tool = Some(alternative_tool.into());
        self
    }

    /// Sets [`guidance`](Self::guidance).
    #[must_use]
    pub fn with_guidance(mut self, guidance: impl Into<String>) -> Self {
        self.guidance = Some(guidance.into());
        self
    }
}

/// A reflector's verdict on one failed tool call.
///
/// The five fields, in this order, are the whole wire format; a
/// `"correction": null` reads as `None`, and an unknown severity or
/// correction type is a deserialize error rather than a silent default.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FailureAnalysis {
    /// Whether trying again can possibly help.
    pub is_recoverable: bool,
    /// What went wrong, in a sentence.
    pub root_cause: String,
    /// How bad it is.
    pub severity: FailureSeverity,
    /// A fix, when one is known.
    pub correction: Option<Correction>,
    /// Anything else worth passing on, such as a server's retry hint.
    pub context: String,
}

impl FailureAnalysis {
    /// A recoverable analysis with no correction.
    pub fn recoverable(root_cause: impl Into<String>, severity: FailureSeverity) -> Self {
        Self {
            is_recoverable: true,
            root_cause: root_cause.into(),
            severity,
            correction: None,
            context: String::new(),
        }
    }

    /// A non-recoverable analysis with no correction.
    pub fn unrecoverable(root_cause: impl Into<String>, severity: FailureSeverity) -> Self {
        Self {
            is_recoverable: false,
            ..Self::recoverable(root_cause, severity)
        }
    }

    /// Sets the correction.
    #[must_use]
    pub fn with_correction(mut self, correction: Correction) -> Self {
        self.correction = Some(correction);
        self
    }

    /// Sets the free-form context.
    #[must_use]
    pub fn with_context(mut self, context: impl Into<String>) -> Self {
        self.context = context.into();
        self
    }
}
