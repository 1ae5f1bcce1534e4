//! Schema validation for loopctl: compiled-validator caching, correction checks and strict schemas.
//!
//! * [`ValidatorCache`] compiles each tool's input schema once (keyed by the
//!   tool name and a structural hash of the schema) and validates inputs
//!   against it from any thread. A failure lists every violation with its
//!   JSON pointer and keyword.
//! * [`check_correction`] validates a reflector's proposed `InputFix` against
//!   the tool's schema before a retry, so a nonsense fix is rejected up front.
//! * [`ToolSchemaFromType::for_input`] derives a tool schema from a Rust type,
//!   and [`to_strict`] rewrites a schema for OpenAI's strict structured outputs.
//!
//! The draft comes from `$schema` (2020-12, 2019-09, 7, 6 or 4) and is
//! 2020-12 when absent. Validation never touches the network: a `$ref` to a
//! document outside the schema is refused with [`SchemaError::RemoteReference`].

mod cache;
mod correction;
mod draft;
mod error;
mod from_type;
mod strict;
mod validator;

pub use cache::{ValidationFailure, ValidatorCache};
pub use correction::{check_correction, check_correction_for_reflection};
pub use error::{SchemaError, SchemaViolations, Violation};
pub use from_type::{ToolSchemaFromType, input_schema_for};
/// The schemars crate, re-exported so `#[derive(JsonSchema)]` matches our version.
pub use schemars;
pub use strict::{StrictSchemaError, strip_optional_nulls, to_strict};
pub use validator::ToolValidator;
