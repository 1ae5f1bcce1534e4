//! Checks a reflector's proposed `InputFix` against the tool's real schema before any retry.

use loopctl_reflect_core::{CorrectionType, FailureAnalysis, ReflectionError, ToolSchema};
use serde_json::Value;

use crate::cache::{ValidationFailure, ValidatorCache};

/// Checks the analysis's correction against the tool's schema.
///
/// * An `InputFix` whose `modified_input` is a JSON object is validated; a
///   failure is an error, which a driver treats as a broken reflection (so
///   the call fails softly rather than retrying with nonsense).
/// * With no schema (the tool is not registered) the check is skipped.
/// * An `InputFix` without an object is left to the driver, which drops it
///   and retries uncorrected; other correction types have nothing to check.
///
/// ```
/// use loopctl_reflect_core::{Correction, FailureAnalysis, FailureSeverity, ToolSchema};
/// use loopctl_schema::{ValidatorCache, check_correction};
/// use serde_json::json;
///
/// let schema = ToolSchema::new("sleep", "", json!({
///     "type": "object", "properties": {"ms": {"type": "integer"}}, "required": ["ms"]
/// }));
/// let cache = ValidatorCache::new();
/// let bad = FailureAnalysis::recoverable("ms must be a number", FailureSeverity::Low)
///     .with_correction(Correction::input_fix("quote it", json!({"ms": "ten"})));
/// assert!(check_correction(&bad, Some(&schema), &cache).is_err());
/// assert!(check_correction(&bad, None, &cache).is_ok());
/// ```
pub fn check_correction(
    analysis: &FailureAnalysis,
    schema: Option<&ToolSchema>,
    cache: &ValidatorCache,
) -> Result<(), ValidationFailure> {
    let Some(schema) = schema else {
        return Ok(());
    };
    match proposed_input(analysis) {
        Some(input) => cache.validate(schema, input),
        None => Ok(()),
    }
}

/// The same check, with the failure already mapped to the
/// [`ReflectionError::Internal`] a reflector returns for a rejected fix.
pub fn check_correction_for_reflection(
    analysis: &FailureAnalysis,
    schema: Option<&ToolSchema>,
    cache: &ValidatorCache,
) -> Result<(), ReflectionError> {
    check_correction(analysis, schema, cache).map_err(|failure| {
        ReflectionError::Internal(format!("the proposed input_fix was rejected: {failure}"))
    })
}

fn proposed_input(analysis: &FailureAnalysis) -> Option<&Value> {
    let correction = analysis.correction.as_ref()?;
    if correction.correction_type != CorrectionType::InputFix {
        return None;
    }
    correction
        .modified_input
        .as_ref()
        .filter(|input| input.is_object())
}
