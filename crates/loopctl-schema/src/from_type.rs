//! Tool schemas generated from Rust input types with schemars.

use loopctl_reflect_core::ToolSchema;
use schemars::JsonSchema;
use schemars::generate::SchemaSettings;
use serde_json::Value;

/// Builds a [`ToolSchema`] from a Rust type that derives `JsonSchema`.
///
/// ```
/// use loopctl_reflect_core::ToolSchema;
/// use loopctl_schema::{ToolSchemaFromType, schemars::JsonSchema};
///
/// #[derive(JsonSchema)]
/// #[allow(dead_code, reason = "only the schema is used")]
/// struct ReadFile {
///     /// Path of the file to read.
///     path: String,
///     /// How many bytes at most.
///     limit: Option<u32>,
/// }
///
/// let schema = ToolSchema::for_input::<ReadFile>("read_file", "Reads a file");
/// assert_eq!(schema.input_schema["type"], "object");
/// assert_eq!(schema.input_schema["required"], serde_json::json!(["path"]));
/// ```
pub trait ToolSchemaFromType {
    /// A draft 2020-12 schema for `T`'s input, without the `$schema` and
    /// `title` keys that tool definitions do not need.
    fn for_input<T: JsonSchema>(
        name: impl Into<String>,
        description: impl Into<String>,
    ) -> ToolSchema;
}

impl ToolSchemaFromType for ToolSchema {
    fn for_input<T: JsonSchema>(
        name: impl Into<String>,
        description: impl Into<String>,
    ) -> ToolSchema {
        ToolSchema::new(name, description, input_schema_for::<T>())
    }
}

/// The draft 2020-12 input schema of `T`, as tool definitions take it.
pub fn input_schema_for<T: JsonSchema>() -> Value {
    let generator = SchemaSettings::draft2020_12()
        .for_deserialize()
        .into_generator();
    let mut schema = generator.into_root_schema_for::<T>().to_value();
    if let Some(map) = schema.as_object_mut() {
        map.remove("$schema");
        map.remove("title");
    }
    schema
}
