//! [`TypedTool`]: a tool over a Rust input type, its schema derived from the type.

use std::fmt;
use std::future::Future;
use std::marker::PhantomData;

use loopctl_reflect_core::ToolSchema;
use loopctl_schema::ToolSchemaFromType;
use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::effect::{Effect, Repeatability};
use crate::output::ToolOutput;
use crate::tool::{Tool, ToolFuture};

/// A tool made from an async function over a typed input.
///
/// The input schema is derived from `T` (with schemars), so the model sees
/// exactly what the function accepts. The function receives `T` by value;
/// when the model's input does not deserialize into it, the tool does not
/// run and the error output is serde's own message (`invalid type: string
/// "20", expected u32`, ``missing field `city` ``), the form the rule
/// reflector repairs into an `InputFix` against the derived schema.
///
/// The function may return anything that converts into a [`ToolOutput`]: a
/// `ToolOutput`, a `String` or `&'static str` (a success), or a
/// `Result<impl Into<String>, impl Display>`.
///
/// ```
/// use loopctl_driver::{Tool, TypedTool};
/// use schemars::JsonSchema;
/// use serde::Deserialize;
/// use serde_json::json;
///
/// #[derive(Deserialize, JsonSchema)]
/// struct Weather {
///     /// The city, in English.
///     city: String,
/// }
///
/// let tool = TypedTool::new("weather", "Current weather for a city", |input: Weather| async move {
///     format!("{}: 4°C, rain", input.city)
/// });
/// assert_eq!(tool.schema().input_schema["required"], json!(["city"]));
///
/// let output = futures::executor::block_on(tool.call(&json!({"city": 7})));
/// assert!(output.is_error);
/// assert!(output.content.contains("invalid type: integer `7`, expected a string"));
/// ```
pub struct TypedTool<T, F> {
    schema: ToolSchema,
    function: F,
    input: PhantomData<fn(T)>,
    effect: Effect,
    repeatability: Repeatability,
}

impl<T, F, Fut, O> TypedTool<T, F>
where
    T: DeserializeOwned + JsonSchema,
    F: Fn(T) -> Fut + Send + Sync,
    Fut: Future<Output = O> + Send + 'static,
    O: Into<ToolOutput>,
{
    /// A tool called `name` whose input schema is `T`'s.
    pub fn new(name: impl Into<String>, description: impl Into<String>, function: F) -> Self {
        Self {
            schema: ToolSchema::for_input::<T>(name, description),
            function,
            input: PhantomData,
            effect: Effect::Unknown,
            repeatability: Repeatability::Unknown,
        }
    }
}

impl<T, F> TypedTool<T, F> {
    /// The same tool with `schema` instead of the derived one (for a schema
    /// written by hand, or a derived one edited).
    #[must_use]
    pub fn with_schema(mut self, schema: ToolSchema) -> Self {
        self.schema = schema;
        self
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

impl<T, F> fmt::Debug for TypedTool<T, F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TypedTool")
            .field("name", &self.schema.name)
            .field("effect", &self.effect)
            .field("repeatability", &self.repeatability)
            .finish_non_exhaustive()
    }
}

impl<T, F, Fut, O> Tool for TypedTool<T, F>
where
    T: DeserializeOwned + JsonSchema,
    F: Fn(T) -> Fut + Send + Sync,
    Fut: Future<Output = O> + Send + 'static,
    O: Into<ToolOutput>,
{
    fn schema(&self) -> &ToolSchema {
        &self.schema
    }

    fn effect(&self) -> Effect {
        self.effect
    }

    fn repeatability(&self) -> Repeatability {
        self.repeatability
    }

    fn call<'a>(&'a self, input: &'a Value) -> ToolFuture<'a> {
        match T::deserialize(input) {
            Ok(typed) => {
                let running = (self.function)(typed);
                Box::pin(async move { running.await.into() })
            }
            Err(error) => Box::pin(std::future::ready(ToolOutput::error(error.to_string()))),
        }
    }
}
