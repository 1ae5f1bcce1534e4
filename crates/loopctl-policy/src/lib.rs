//! `loopctl.toml`: one recovery policy file for every entry point.
//!
//! A policy file says how failures are read and recovered from, for every
//! tool (`[defaults]`), per tool or glob of tools (`[tools.NAME]`), and per
//! kind of error (`[[rules]]`, tried in order before the built-in rules).
//! [`check`] reads one with every problem at once, each with its line and
//! column; [`schema_json`] is the JSON Schema editors validate it with.
//!
//! ```
//! let file = loopctl_policy::check(r#"
//! [defaults]
//! max_retries = 3
//! base_delay = "100ms"
//!
//! [tools.search]
//! max_retries = 5
//!
//! [[rules]]
//! status = 402
//! recoverable = false
//! "#).expect("a valid policy");
//! assert_eq!(file.tools["search"].max_retries, Some(5));
//!
//! let problems = loopctl_policy::check("[defaults]\nmax_retry = 3\n").unwrap_err();
//! assert_eq!((problems[0].line, problems[0].column), (2, 1));
//! assert!(problems[0].message.contains("did you mean `max_retries`"));
//! ```

mod check;
mod dispatch;
mod explain;
mod file;
mod legacy;
mod resolve;
mod rules;
mod schema;
mod values;

pub use check::{Problem, ProblemKind, check};
pub use dispatch::{DispatcherPolicy, Strategies, safety_policy, strategies};
pub use explain::{Explanation, explain};
pub use file::{
    ActionName, BreakerSettings, BudgetSettings, EffectName, JitterKind, PolicyFile, Provider,
    ProxySettings, ReflectorKind, RuleSpec, RulesConfidence, ServerSettings, Settings,
    SeverityName, ToolSettings,
};
pub use resolve::{Effective, Policy, PolicyError};
pub use rules::{ActionStrategy, PolicyReflector, first_match};
pub use values::{OneOrMany, Pattern, Rate, Span};

/// The JSON Schema of `loopctl.toml`, generated from the types above,
/// pretty-printed; `docs/loopctl.schema.json` holds the same text.
pub fn schema_json() -> String {
    let mut text = serde_json::to_string_pretty(&sorted(schema::schema())).unwrap_or_default();
    text.push('\n');
    text
}

/// `value` with every object's keys in order, so the text is the same
/// whether or not another crate turned on serde_json's `preserve_order`.
fn sorted(value: &serde_json::Value) -> serde_json::Value {
    match value {
        serde_json::Value::Object(map) => {
            let mut entries: Vec<_> = map.iter().collect();
            entries.sort_by(|a, b| a.0.cmp(b.0));
            serde_json::Value::Object(
                entries
                    .into_iter()
                    .map(|(key, value)| (key.clone(), sorted(value)))
                    .collect(),
            )
        }
        serde_json::Value::Array(items) => {
            serde_json::Value::Array(items.iter().map(sorted).collect())
        }
        other => other.clone(),
    }
}
