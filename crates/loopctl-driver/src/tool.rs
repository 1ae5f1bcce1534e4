//! The [`Tool`] trait, the [`ToolCall`] a model makes, and [`FnTool`], a closure as a tool.

use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use loopctl_reflect_core::ToolSchema;
use serde_json::Value;

use crate::effect::{Effect, Repeatability};
use crate::output::ToolOutput;

/// The boxed future a [`Tool`] returns.
pub type ToolFuture<'a> = Pin<Box<dyn Future<Output = ToolOutput> + Send + 'a>>;

/// Something an agent can call.
///
/// Failures are data: return [`ToolOutput::error`] rather than panicking.
/// (A panic is caught and turned into an error output all the same.)
pub trait Tool: Send + Sync {
    /// The tool's name, description and input schema.
    fn schema(&self) -> &ToolSchema;

    /// Runs the tool once on `input`.
    fn call<'a>(&'a self, input: &'a Value) -> ToolFuture<'a>;

    /// What running the tool does to the world, as the tool itself says;
    /// [`Effect::Unknown`] (treated as destructive) unless it says otherwise.
    /// A declaration on the dispatcher's
    /// [`SafetyPolicy`](crate::SafetyPolicy) takes precedence.
    fn effect(&self) -> Effect {
        Effect::Unknown
    }

    /// Whether running the tool twice does more than once, as the tool
    /// itself says; [`Repeatability::Unknown`] (treated as not idempotent)
    /// unless it says otherwise. A declaration on the
    /// [`SafetyPolicy`](crate::SafetyPolicy) takes precedence.
    fn repeatability(&self) -> Repeatability {
        Repeatability::Unknown
    }
}

/// Implements [`Tool`] for a pointer to a tool by forwarding to the tool.
macro_rules! forward_tool {
    ($(#[$doc:meta])* $pointer:ident) => {
        $(#[$doc])*
        impl<T: Tool + ?Sized> Tool for $pointer<T> {
            fn schema(&self) -> &ToolSchema {
                (**self).schema()
            }

            fn call<'a>(&'a self, input: &'a Value) -> ToolFuture<'a> {
                (**self).call(input)
            }

            fn effect(&self) -> Effect {
                (**self).effect()
            }

            fn repeatability(&self) -> Repeatability {
                (**self).repeatability()
            }
        }
    };
}

forward_tool!(
    /// A boxed tool is a tool: a function can return `Box<dyn Tool>` when
    /// the tools it makes differ in type (two closures, an `FnTool` or a
    /// `TypedTool`), and a list of them registers one by one.
    Box
);
forward_tool!(
    /// A shared tool is a tool, so one `Arc` can serve several registries.
    Arc
);

/// A model's request to run a tool.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolCall {
    /// The id the model gave the call; the result carries it back.
    pub id: String,
    /// The registry name of the tool.
    pub name: String,
    /// The input, normally a JSON object.
    pub input: Value,
    /// The key that names this logical call across all its attempts, for a
    /// tool that deduplicates (an `Idempotency-Key` header, MCP `_meta`);
    /// `None` lets the driver make one. See [`idempotency_key`](crate::idempotency_key).
    pub idempotency_key: Option<String>,
}

impl ToolCall {
    /// A call of tool `name` with `input`.
    pub fn new(id: impl Into<String>, name: impl Into<String>, input: Value) -> Self {
        Self {
            id: id.into(),
            name: name.into(),
            input,
            idempotency_key: None,
        }
    }

    /// Names this call with `key` (for instance one the client sent), so a
    /// tool that honours idempotency keys deduplicates it across retries and
    /// across processes that resend it.
    #[must_use]
    pub fn with_idempotency_key(mut self, key: impl Into<String>) -> Self {
        self.idempotency_key = Some(key.into());
        self
    }
}

/// A tool made from a closure: `Fn(&Value) -> impl Future<Output = ToolOutput>`.
///
/// The returned future must own what it uses: read or clone the parts of the
/// input you need before the `async move` block.
///
/// `FnTool` is generic over its closure, whose type has no name: a function
/// that makes one returns `impl Tool` (or `Box<dyn Tool>`, when it returns
/// tools of different types).
///
/// ```
/// use loopctl_driver::{FnTool, ToolOutput};
/// use loopctl_reflect_core::ToolSchema;
/// use serde_json::json;
///
/// let echo = FnTool::new(
///     ToolSchema::new("echo", "Echoes `text`", json!({"type": "object"})),
///     |input| {
///         let text = input["text"].as_str().map(str::to_owned);
///         async move {
///             match text {
///                 Some(text) => ToolOutput::success(text),
///                 None => ToolOutput::error("missing field `text`"),
///             }
///         }
///     },
/// );
/// # let _ = echo;
/// ```
pub struct FnTool<F> {
    schema: ToolSchema,
    function: F,
    effect: Effect,
    repeatability: Repeatability,
}

impl<F, Fut> FnTool<F>
where
    F: Fn(&Value) -> Fut + Send + Sync,
    Fut: Future<Output = ToolOutput> + Send + 'static,
{
    /// A tool with `schema` that runs `function`.
    pub fn new(schema: ToolSchema, function: F) -> Self {
        Self {
            schema,
            function,
            effect: Effect::Unknown,
            repeatability: Repeatability::Unknown,
        }
    }

    /// Declares what running the tool does to the world.
    #[must_use]
    pub fn with_effect(mut self, effect: Effect) -> Self {
        self.effect = effect;
        self
    }

    /// Declares whether running the tool twice does more than once.
    #[must_use]
    pub fn with_repeatability(mut self, repeatability: Repeatability) -> Self {
        self.repeatability = repeatability;
        self
    }

    /// Declares the tool read-only, and so idempotent.
    #[must_use]
    pub fn read_only(self) -> Self {
        self.with_effect(Effect::ReadOnly)
            .with_repeatability(Repeatability::Idempotent)
    }
}

impl<F> fmt::Debug for FnTool<F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FnTool")
            .field("name", &self.schema.name)
            .field("effect", &self.effect)
            .field("repeatability", &self.repeatability)
            .finish_non_exhaustive()
    }
}

impl<F, Fut> Tool for FnTool<F>
where
    F: Fn(&Value) -> Fut + Send + Sync,
    Fut: Future<Output = ToolOutput> + Send + 'static,
{
    fn schema(&self) -> &ToolSchema {
        &self.schema
    }

    fn call<'a>(&'a self, input: &'a Value) -> ToolFuture<'a> {
        Box::pin((self.function)(input))
    }

    fn effect(&self) -> Effect {
        self.effect
    }

    fn repeatability(&self) -> Repeatability {
        self.repeatability
    }
}
