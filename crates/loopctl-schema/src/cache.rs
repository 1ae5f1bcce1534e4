//! [`ValidatorCache`]: each tool's schema compiled once and shared across threads.

use std::collections::HashMap;
use std::sync::{Arc, RwLock};

use loopctl_reflect_core::{ToolSchema, hash_json};
use serde_json::Value;

use crate::error::{SchemaError, SchemaViolations};
use crate::validator::ToolValidator;

/// Why a cached validation failed: the schema itself, or the input.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ValidationFailure {
    /// The tool's schema does not compile.
    #[error(transparent)]
    Schema(#[from] SchemaError),
    /// The input breaks the schema.
    #[error(transparent)]
    Input(#[from] SchemaViolations),
}

struct Entry {
    schema_hash: u64,
    compiled: Result<Arc<ToolValidator>, SchemaError>,
}

/// Compiled validators keyed by tool name and a structural hash of the schema.
///
/// A tool registered again with a different schema is recompiled; a schema
/// that does not compile is remembered too, so a broken tool costs one
/// compile, not one per call. Clone the cache to share it: clones see the
/// same entries.
///
/// ```
/// use loopctl_reflect_core::ToolSchema;
/// use loopctl_schema::ValidatorCache;
/// use serde_json::json;
///
/// let cache = ValidatorCache::new();
/// let schema = ToolSchema::new("add", "Adds", json!({
///     "type": "object",
///     "properties": {"a": {"type": "integer"}},
///     "required": ["a"]
/// }));
/// assert!(cache.validate(&schema, &json!({"a": 1})).is_ok());
/// let failure = cache.validate(&schema, &json!({"a": "1"})).unwrap_err();
/// assert!(failure.to_string().contains("at /a"), "{failure}");
/// ```
#[derive(Clone, Default)]
pub struct ValidatorCache {
    entries: Arc<RwLock<HashMap<String, Arc<Entry>>>>,
}

impl ValidatorCache {
    /// An empty cache.
    pub fn new() -> Self {
        Self::default()
    }

    /// The compiled validator for `schema`, compiling it on first use.
    pub fn validator(&self, schema: &ToolSchema) -> Result<Arc<ToolValidator>, SchemaError> {
        let schema_hash = hash_json(&schema.input_schema);
        {
            let entries = loopctl_reflect_core::read(&self.entries);
            if let Some(entry) = entries.get(&schema.name)
                && entry.schema_hash == schema_hash
            {
                return entry.compiled.clone();
            }
        }
        // Compile outside the lock so a slow schema does not stall other tools.
        let compiled = ToolValidator::compile(&schema.name, &schema.input_schema).map(Arc::new);
        let entry = Arc::new(Entry {
            schema_hash,
            compiled: compiled.clone(),
        });
        loopctl_reflect_core::write(&self.entries).insert(schema.name.clone(), entry);
        compiled
    }

    /// Validates `input` against `schema`, compiling the schema at most once.
    pub fn validate(&self, schema: &ToolSchema, input: &Value) -> Result<(), ValidationFailure> {
        self.validator(schema)?.validate(input)?;
        Ok(())
    }

    /// Forgets `tool`'s compiled schema.
    pub fn remove(&self, tool: &str) {
        loopctl_reflect_core::write(&self.entries).remove(tool);
    }

    /// How many tools have an entry.
    pub fn len(&self) -> usize {
        loopctl_reflect_core::read(&self.entries).len()
    }

    /// `true` when nothing is cached.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl std::fmt::Debug for ValidatorCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ValidatorCache")
            .field("tools", &self.len())
            .finish()
    }
}
