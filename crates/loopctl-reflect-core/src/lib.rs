//! Core types and traits of loopctl: what a failed tool call means and what to do about it.
//!
//! When an agent's tool call fails, loopctl asks two questions:
//!
//! 1. A [`Reflector`] analyzes the failure and returns a [`FailureAnalysis`]:
//!    is it recoverable, how severe is it, and is there a [`Correction`] a
//!    machine can apply?
//! 2. A [`RecoveryStrategy`] turns that analysis into a [`RecoveryAction`]:
//!    retry after a delay, skip, ask the user, or fail.
//!
//! A driver (the `loopctl-driver` crate) runs that loop around every call,
//! applies corrections with [`apply_correction`], and enforces the hard
//! ceiling of [`MAX_RECOVERY_ATTEMPTS`] retries whatever the strategy says.
//!
//! # Stability
//!
//! This crate is the contract the other loopctl crates, and your own
//! reflectors and strategies, build on, so it changes slowly. Within a minor
//! series we add, never remove: new methods on types, new provided trait
//! methods with default bodies, new variants only on enums marked
//! `#[non_exhaustive]`. The wire format of [`FailureAnalysis`] (field names,
//! order, and the snake_case enum values) is fixed; changing it is a major
//! release. The crate depends only on `serde`, `serde_json` and `thiserror`,
//! and never on an async runtime.
//!
//! # Writing a reflector
//!
//! A reflector that reads the error text and decides for itself. The future
//! may borrow `self` only, so take owned copies of what it needs first:
//!
//! ```
//! use std::future::Future;
//! use std::pin::Pin;
//! use loopctl_reflect_core::{
//!     FailureAnalysis, FailureSeverity, ReflectionContext, ReflectionError, Reflector, ToolSchema,
//! };
//! use serde_json::Value;
//!
//! struct TimeoutsAreTransient;
//!
//! impl Reflector for TimeoutsAreTransient {
//!     fn analyze(
//!         &self,
//!         error: &str,
//!         _tool: &str,
//!         _input: &Value,
//!         _schema: Option<&ToolSchema>,
//!         ctx: &ReflectionContext,
//!     ) -> Pin<Box<dyn Future<Output = Result<FailureAnalysis, ReflectionError>> + Send + '_>> {
//!         let transient = error.contains("timed out") || error.contains("temporarily");
//!         let root_cause = error.to_owned();
//!         let note = format!("attempt {} of {}", ctx.attempt + 1, ctx.max_attempts);
//!         Box::pin(async move {
//!             Ok(FailureAnalysis {
//!                 is_recoverable: transient,
//!                 root_cause,
//!                 severity: if transient { FailureSeverity::Low } else { FailureSeverity::High },
//!                 correction: None,
//!                 context: note,
//!             })
//!         })
//!     }
//! }
//!
//! let ctx = ReflectionContext::new("", 0, 6);
//! let analysis = futures::executor::block_on(TimeoutsAreTransient.analyze(
//!     "read timed out after 30s", "fetch", &Value::Null, None, &ctx,
//! ))
//! .unwrap();
//! assert!(analysis.is_recoverable);
//! assert_eq!(analysis.context, "attempt 1 of 6");
//! ```

mod action;
mod analysis;
mod context;
mod correction;
mod error;
mod json_hash;
mod json_pointer;
mod json_text;
mod plumbing;
mod reflector;
mod strategy;
mod tool_name;

pub use action::RecoveryAction;
pub use analysis::{Correction, CorrectionType, FailureAnalysis, FailureSeverity};
pub use context::{MAX_RECOVERY_ATTEMPTS, MAX_TOTAL_ATTEMPTS, ReflectionContext, ToolSchema};
pub use correction::{CorrectionOutcome, CorrectionRejection, apply_correction, json_type_name};
pub use error::ReflectionError;
pub use json_hash::{hash_json, hash_str};
pub use json_pointer::{pointer_token, push_pointer_token};
pub use json_text::{canonical_json, sorted_json};
pub use plumbing::{lock, millis, read, write};
pub use reflector::{AnalysisFuture, NoopReflector, Reflector};
pub use strategy::{AttemptOutcome, DecisionFuture, RecoveryStrategy};
pub use tool_name::{closest_tool, is_near_spelling};
