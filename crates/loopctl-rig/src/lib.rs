//! loopctl for rig agents, both ways round.
//!
//! rig sends a failed tool's error back to the model and has no retry for
//! tool execution; its hooks can patch arguments or stop a run but cannot
//! run a tool again. So loopctl sits inside the tool handler:
//!
//! * **loopctl → rig.** [`Recovery::tools`] turns a [`Dispatcher`]'s
//!   registry into rig dynamic tools, so every call a rig agent makes runs
//!   through loopctl's recovery loop (corrections, the ceiling, hooks, the
//!   breaker); [`Recovery::hook`] ends the run on loopctl's hard errors and
//!   repairs invalid tool calls. Two lines on the agent builder:
//!   `.dynamic_tools(recovery.tools())` and `.add_hook(recovery.hook())`.
//! * **rig → loopctl.** [`RigTool`] wraps any rig tool as a loopctl
//!   [`Tool`](loopctl_driver::Tool), its errors told in words the rule
//!   reflector classifies.
//!
//! Pinned to rig-core and rig-agent 0.44.0 exactly: rig's API changes in
//! most releases, so a new rig means a new release of this crate. Both are
//! re-exported ([`rig_core`], [`rig_agent`]), so an application can build
//! its agent on the very rig this crate was built with.
//!
//! [`Dispatcher`]: loopctl_driver::Dispatcher
#![cfg_attr(docsrs, feature(doc_cfg))]

mod args;
mod calls;
mod error_text;
mod hook;
mod recovery;
mod rig_tool;
mod shared;
mod stop;

pub use hook::RecoveryHook;
pub use recovery::Recovery;
#[doc(no_inline)]
pub use rig_agent;
#[doc(no_inline)]
pub use rig_core;
pub use rig_tool::RigTool;
pub use stop::{HARD_STOP_CODE, HardStop};
