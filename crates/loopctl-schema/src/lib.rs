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

//!
//! | feature | default | what it turns on |
//! |---|---|---|
//! | `validation` | yes | validators, the cache and correction checks (jsonschema) |
//! | `schemars` | yes | [`ToolSchemaFromType`]: tool schemas from Rust types |
//!
//! The strict transform needs neither, so a crate that only builds strict
//! schemas can turn both off and pull in no validator.

#![cfg_attr(docsrs, feature(doc_cfg))]

#[cfg(feature = "validation")]
mod cache;
#[cfg(feature = "validation")]
mod correction;
#[cfg(feature = "validation")]
mod draft;
mod error;
#[cfg(feature = "schemars")]
mod from_type;
mod repair;
mod strict;
#[cfg(feature = "validation")]
mod validator;

#[cfg(feature = "validation")]
pub use cache::{ValidationFailure, ValidatorCache};
#[cfg(feature = "validation")]
pub use correction::{check_correction, check_correction_for_reflection};
#[cfg(feature = "validation")]
pub use draft::declared_draft;
pub use error::{SchemaError, SchemaViolations, Violation};
#[cfg(feature = "schemars")]
pub use from_type::{ToolSchemaFromType, input_schema_for};
pub use repair::{RepairOutcome, repair_input};
/// The schemars crate, re-exported so `#[derive(JsonSchema)]` matches our version.
#[cfg(feature = "schemars")]
pub use schemars;
pub use strict::{StrictSchemaError, strict_obstacles, strip_optional_nulls, to_strict};
#[cfg(feature = "validation")]
pub use validator::ToolValidator;
