//! Property test: any correction applied to any call gives a well-formed outcome (the fuzz target's property, in CI).

use loopctl_reflect_core::{Correction, CorrectionOutcome, CorrectionType, apply_correction};
use proptest::prelude::*;
use serde_json::{Value, json};

fn json_value() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        ".{0,12}".prop_map(Value::String),
        prop::collection::btree_map("[a-z]{1,4}", any::<i32>(), 0..4).prop_map(|map| json!(map)),
        prop::collection::vec(any::<u8>(), 0..4).prop_map(|items| json!(items)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn outcomes_are_well_formed(
        kind in prop::sample::select(CorrectionType::ALL.to_vec()),
        modified in prop::option::of(json_value()),
        alternative in prop::option::of(".{0,10}"),
        guidance in prop::option::of(".{0,10}"),
        tool in ".{0,10}",
    ) {
        let correction = Correction { correction_type: kind, description: String::new(), modified_input: modified, alternative_tool: alternative, guidance };
        let mut name = tool.clone();
        let original = json!({"original": true});
        let mut input = original.clone();
        let outcome = apply_correction(&tool, &correction);
        let changed = outcome.apply(&mut name, &mut input);
        match outcome {
            CorrectionOutcome::InputReplaced(new_input) => {
                prop_assert_eq!(kind, CorrectionType::InputFix);
                prop_assert!(changed && new_input.is_object() && &input == new_input && name == tool);
            }
            CorrectionOutcome::ToolSwapped(new_tool) => {
                prop_assert_eq!(kind, CorrectionType::ToolChange);
                prop_assert!(changed && !new_tool.trim().is_empty() && new_tool != tool && name == new_tool);
            }
            CorrectionOutcome::Advisory(_) => {
                prop_assert!(!kind.is_mechanical() && !changed);
            }
            CorrectionOutcome::Rejected(_) => {
                prop_assert!(kind.is_mechanical() && !changed && input == original && name == tool);
            }
        }
    }
}
