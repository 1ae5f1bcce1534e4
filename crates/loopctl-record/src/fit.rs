//! A line made safe and small before it is queued: secrets hidden, long texts cut in the middle.

use loopctl_redact::{Redactor, truncate_middle};
use loopctl_reflect_core::FailureAnalysis;
use serde_json::Value;

/// Hides secrets and cuts over-long texts of what a line records. Cuts are
/// counted by the caller through the returned flag.
pub(crate) struct Fitter<'r> {
    pub(crate) redactor: &'r Redactor,
    pub(crate) max_field_bytes: usize,
    /// Set when anything was cut.
    pub(crate) cut: bool,
}

impl Fitter<'_> {
    /// A text field: hidden first, then cut, so a cut never splits a secret
    /// into pieces that no longer look like one.
    pub(crate) fn text(&mut self, text: &str) -> String {
        let hidden = self.redactor.text(text);
        let fitted = truncate_middle(&hidden, self.max_field_bytes);
        self.cut |= fitted.len() != hidden.len();
        fitted.into_owned()
    }

    /// A JSON value: secrets hidden at any depth, every string cut.
    pub(crate) fn value(&mut self, value: &Value) -> Value {
        let hidden = self.redactor.value(value);
        self.cut_strings(&hidden)
    }

    fn cut_strings(&mut self, value: &Value) -> Value {
        match value {
            Value::String(text) => {
                let fitted = truncate_middle(text, self.max_field_bytes);
                self.cut |= fitted.len() != text.len();
                Value::String(fitted.into_owned())
            }
            Value::Array(items) => {
                Value::Array(items.iter().map(|v| self.cut_strings(v)).collect())
            }
            Value::Object(map) => Value::Object(
                map.iter()
                    .map(|(key, item)| (key.clone(), self.cut_strings(item)))
                    .collect(),
            ),
            other => other.clone(),
        }
    }

    /// The analysis with every text and the proposed input fitted.
    pub(crate) fn analysis(&mut self, analysis: &FailureAnalysis) -> FailureAnalysis {
        let mut fitted = analysis.clone();
        fitted.root_cause = self.text(&analysis.root_cause);
        fitted.context = self.text(&analysis.context);
        if let Some(correction) = &mut fitted.correction {
            correction.description = self.text(&correction.description);
            correction.guidance = correction.guidance.as_deref().map(|g| self.text(g));
            correction.alternative_tool =
                correction.alternative_tool.as_deref().map(|t| self.text(t));
            correction.modified_input = correction.modified_input.as_ref().map(|v| self.value(v));
        }
        fitted
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use loopctl_reflect_core::{Correction, CorrectionType, FailureSeverity};
    use serde_json::json;

    #[test]
    fn a_correction_loses_its_secrets_and_long_texts() {
        let redactor = Redactor::standard();
        let mut fitter = Fitter {
            redactor: &redactor,
            max_field_bytes: 64,
            cut: false,
        };
        let mut correction = Correction::new(CorrectionType::InputFix, "retry with the key");
        correction.modified_input =
            Some(json!({"client_secret": "s3cr3t", "note": "y".repeat(200)}));
        let mut analysis = FailureAnalysis::recoverable(
            "401 for Authorization: Bearer mF_9.B5f-4.1JqM",
            FailureSeverity::Low,
        );
        analysis.correction = Some(correction);
        let fitted = fitter.analysis(&analysis);
        let shown = serde_json::to_string(&fitted).unwrap();
        assert!(
            !shown.contains("s3cr3t") && !shown.contains("mF_9.B5f-4.1JqM"),
            "{shown}"
        );
        assert!(shown.contains("bytes omitted"), "{shown}");
        assert!(fitter.cut);
    }
}
