//! The recovery loop: the configured [`Dispatcher`], the five steps of one call, batches, cancel, and the guard every foreign future runs under.
//!
//! This folder is the only one that knows the whole driver. It calls the
//! stages through [`Pipeline`](crate::stages::Pipeline), the safety rules
//! through [`SafetyPolicy`](crate::safety::SafetyPolicy), and the
//! telemetry through [`CallTelemetry`](crate::telemetry::CallTelemetry);
//! none of those knows the `Dispatcher`.

mod batch;
mod cancel;
mod dispatcher;
mod finished;
mod guard;
mod limits;
mod per_tool;
mod recovery_loop;
mod steps;
mod unknown;

pub use batch::CallRef;
pub use cancel::CancelSignal;
pub use dispatcher::Dispatcher;
pub use finished::Finished;
pub use guard::{Guarded, guard};
pub use per_tool::ToolOverrides;
