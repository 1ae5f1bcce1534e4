//! What recovery may do to a call: which tool it may move to, what a fix may change in its input, how far it may reach, and whether a call whose outcome is unknown may run again.
//!
//! [`SafetyPolicy`] holds the user's declarations and answers all three
//! questions for the driver, MCP, rig and the proxy alike; reach checks
//! (`reach/`), guarded and mechanical fields (`fields.rs`) and outcome
//! checks (`check.rs`) are its parts.

mod check;
mod decide;
mod explain;
mod fields;
mod policy;
mod reach;

pub use check::{CheckFuture, Outcome, OutcomeCheck, ToolCheck, Unsure};
pub(crate) use decide::Repeat;
pub use decide::same_name_but_for_case_and_separators;
pub use policy::SafetyPolicy;
