//! For any schema and input, a repair the rules propose passes the tool's full schema.
#![no_main]

use libfuzzer_sys::fuzz_target;
use loopctl_reflect_core::{CorrectionType, ToolSchema};
use loopctl_reflect_rules::{RuleReflector, repair_input};
use loopctl_schema::ToolValidator;
use serde_json::Value;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Some((schema_text, input_text)) = text.split_once('\u{1}') else {
        return;
    };
    let (Ok(schema), Ok(input)) = (
        serde_json::from_str::<Value>(schema_text),
        serde_json::from_str::<Value>(input_text),
    ) else {
        return;
    };
    let _ = repair_input(&input, &schema);
    let Ok(validator) = ToolValidator::compile("t", &schema) else {
        return;
    };
    let tool = ToolSchema::new("t", "", schema);
    let rules = RuleReflector::new();
    if let Ok(analysis) =
        rules.classify("validation error: invalid input", "t", &input, Some(&tool))
    {
        if let Some(correction) = analysis
            .correction
            .filter(|c| c.correction_type == CorrectionType::InputFix)
        {
            let repaired = correction
                .modified_input
                .expect("an input fix carries its input");
            assert!(
                validator.is_valid(&repaired),
                "{input} was repaired into {repaired}, which fails the schema"
            );
        }
    }
});
