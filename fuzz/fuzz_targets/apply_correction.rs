//! Any correction, applied to any call, gives a well-formed outcome and never panics.
#![no_main]

use libfuzzer_sys::fuzz_target;
use loopctl_reflect_core::{Correction, CorrectionOutcome, apply_correction};
use serde_json::Value;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let (tool, rest) = text.split_once('\n').unwrap_or(("tool", &text));
    let Ok(correction) = serde_json::from_str::<Correction>(rest) else {
        return;
    };
    let mut name = tool.to_owned();
    let mut input = Value::Null;
    let outcome = apply_correction(&name, &correction);
    let changed = outcome.apply(&mut name, &mut input);
    match outcome {
        CorrectionOutcome::InputReplaced(new_input) => {
            assert!(changed && new_input.is_object() && input == *new_input)
        }
        CorrectionOutcome::ToolSwapped(new_tool) => {
            assert!(changed && !new_tool.trim().is_empty() && name == new_tool)
        }
        CorrectionOutcome::Advisory(_) | CorrectionOutcome::Rejected(_) => assert!(!changed),
    }
});
