//! Compiles the code blocks of the guides in `docs/` as doc tests, so the guides cannot rot.

#[doc = include_str!("../../../docs/api-at-a-glance.md")]
pub struct ApiAtAGlance;

#[doc = include_str!("../../../docs/record.md")]
pub struct Record;

#[doc = include_str!("../../../docs/concepts.md")]
pub struct Concepts;

#[doc = include_str!("../../../docs/writing-a-reflector.md")]
pub struct WritingAReflector;

#[doc = include_str!("../../../docs/llm-reflector.md")]
pub struct LlmReflectorGuide;

#[doc = include_str!("../../../docs/recovery-strategies.md")]
pub struct RecoveryStrategies;

#[doc = include_str!("../../../docs/driver.md")]
pub struct Driver;

#[doc = include_str!("../../../docs/errors.md")]
pub struct Errors;

#[doc = include_str!("../../../docs/rule-reflector.md")]
pub struct RuleReflectorGuide;

#[doc = include_str!("../../../README.md")]
pub struct Readme;

#[doc = include_str!("../../../docs/mcp.md")]
pub struct Mcp;

#[doc = include_str!("../../../docs/observability.md")]
pub struct Observability;

#[cfg(feature = "policy")]
#[doc = include_str!("../../../docs/policy.md")]
pub struct PolicyFile;

#[cfg(feature = "redis")]
#[doc = include_str!("../../../docs/fleet.md")]
pub struct Fleet;

#[cfg(feature = "rig")]
#[doc = include_str!("../../../docs/rig.md")]
pub struct Rig;
