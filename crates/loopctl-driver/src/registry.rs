//! [`ToolRegistry`]: the tools a driver can run, by name.

use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;

use loopctl_reflect_core::ToolSchema;

use crate::tool::Tool;

/// The tools a driver can run, keyed by their schema's name.
#[derive(Clone, Default)]
pub struct ToolRegistry {
    tools: HashMap<String, Arc<dyn Tool>>,
}

impl ToolRegistry {
    /// An empty registry.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds `tool` under its schema's name, replacing any tool of that name.
    pub fn register(&mut self, tool: impl Tool + 'static) -> &mut Self {
        self.register_arc(Arc::new(tool))
    }

    /// Adds a shared tool under its schema's name.
    pub fn register_arc(&mut self, tool: Arc<dyn Tool>) -> &mut Self {
        self.tools.insert(tool.schema().name.clone(), tool);
        self
    }

    /// Adds `tool` and returns the registry, for chaining.
    #[must_use]
    pub fn with(mut self, tool: impl Tool + 'static) -> Self {
        self.register(tool);
        self
    }

    /// The tool called `name`.
    pub fn get(&self, name: &str) -> Option<&Arc<dyn Tool>> {
        self.tools.get(name)
    }

    /// The schema of the tool called `name`; `None` when it is not registered.
    pub fn schema(&self, name: &str) -> Option<&ToolSchema> {
        self.tools.get(name).map(|tool| tool.schema())
    }

    /// `true` when a tool called `name` is registered.
    pub fn contains(&self, name: &str) -> bool {
        self.tools.contains_key(name)
    }

    /// The registered names, sorted.
    pub fn names(&self) -> Vec<&str> {
        let mut names: Vec<&str> = self.tools.keys().map(String::as_str).collect();
        names.sort_unstable();
        names
    }

    /// Every registered tool's schema, sorted by name (for a model's tool list).
    pub fn schemas(&self) -> Vec<&ToolSchema> {
        let mut schemas: Vec<&ToolSchema> = self.tools.values().map(|tool| tool.schema()).collect();
        schemas.sort_unstable_by(|a, b| a.name.cmp(&b.name));
        schemas
    }

    /// How many tools are registered.
    pub fn len(&self) -> usize {
        self.tools.len()
    }

    /// `true` when no tool is registered.
    pub fn is_empty(&self) -> bool {
        self.tools.is_empty()
    }
}

impl fmt::Debug for ToolRegistry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ToolRegistry")
            .field("tools", &self.names())
            .finish()
    }
}
