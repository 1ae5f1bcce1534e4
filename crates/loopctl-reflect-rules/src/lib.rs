//! A fast, offline, rule-based reflector for loopctl, plus fallback chains and caching.
//!
//! The stock defaults retry nothing, and an LLM reflector costs a model
//! round trip per failure. [`RuleReflector`] gets the common cases right in
//! microseconds, deterministically:
//!
//! * transient failures (time-outs, resets, throttling, locks, elections)
//!   and servers that are down or overloaded are recoverable and carry the
//!   server's retry hint;
//! * credential, permission, quota, not-found, too-large and lasting
//!   failures (conflicts, full disks, certificates) are not, and corrupt
//!   data is `Critical`;
//! * input that does not fit the tool's schema is repaired with an
//!   `InputFix` when the repair is mechanical (see [`repair_input`]);
//! * a misspelled tool name becomes a `ToolChange` to the one close name;
//! * everything else is [`ReflectionError::Skipped`](loopctl_reflect_core::ReflectionError),
//!   so a [`FallbackReflector`] can hand it to a model.
//!
//! The patterns come from the tables real clients retry by (the AWS SDKs'
//! retry modes, gRPC status codes, SQLSTATE classes, Redis and Kafka error
//! names, errno names, libcurl codes, HTTP client exceptions); see
//! `docs/rule-reflector.md` for the sources and the measured accuracy on
//! real error texts.
//!
//! [`CachingReflector`] puts a bounded, expiring memo in front of any
//! reflector and lets identical concurrent failures share one analysis.
//!
//! ```
//! use loopctl_reflect_rules::RuleReflector;
//! use serde_json::json;
//!
//! let rules = RuleReflector::new();
//! let analysis = rules
//!     .classify("HTTP 429 Too Many Requests; Retry-After: 2", "search", &json!({}), None)
//!     .unwrap();
//! assert!(analysis.is_recoverable);
//! assert_eq!(analysis.context, "retry-after-ms: 2000");
//! ```
//!
//! With the `schema_validation` feature every repaired input is also checked
//! against the tool's full JSON Schema before it is proposed.

mod cache;
mod chain;
mod confidence;
mod custom;
mod hints;
mod http_status;
mod lasting;
mod patterns;
mod period;
mod reflector;
mod text;
mod tool_names;

pub use cache::CachingReflector;
pub use chain::{FallbackReflector, SureRules};
pub use confidence::{Confidence, Judged};
pub use custom::{Rule, RuleInput};
pub use http_status::http_statuses;
pub use loopctl_schema::{RepairOutcome, repair_input};
pub use reflector::RuleReflector;
pub use tool_names::{closest_tool, listed_tools};
