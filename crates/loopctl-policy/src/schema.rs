//! The JSON Schema of loopctl.toml, generated from its types once, and the lookups `check` makes in it (which keys a table has, which table a key opens).

use std::sync::OnceLock;

use serde_json::Value;

use crate::file::PolicyFile;

/// The JSON Schema of the file, generated from its types once.
pub(crate) fn schema() -> &'static Value {
    static SCHEMA: OnceLock<Value> = OnceLock::new();
    SCHEMA.get_or_init(|| schemars::schema_for!(PolicyFile).as_value().clone())
}

fn definition(name: &str) -> &'static Value {
    let root = schema();
    if name == "PolicyFile" {
        root
    } else {
        &root["$defs"][name]
    }
}

/// The keys of a definition in the schema.
pub(crate) fn keys_of(name: &str) -> Vec<String> {
    let mut keys: Vec<String> = definition(name)
        .get("properties")
        .and_then(Value::as_object)
        .map(|properties| properties.keys().cloned().collect())
        .unwrap_or_default();
    // In name order whatever serde_json's features, so messages are stable.
    keys.sort();
    keys
}

/// The definition name of a key whose value is a table of its own.
pub(crate) fn nested_schema(name: &str, key: &str) -> Option<String> {
    let property = definition(name).get("properties")?.get(key)?;
    let reference = |node: &Value| {
        node.get("$ref")
            .and_then(Value::as_str)
            .and_then(|target| target.strip_prefix("#/$defs/"))
            .map(str::to_owned)
    };
    reference(property).or_else(|| {
        property
            .get("anyOf")?
            .as_array()?
            .iter()
            .find_map(reference)
    })
}
