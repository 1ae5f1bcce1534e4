//! The policy a Python `Recovery` runs under: a `loopctl.toml`, keyword settings shaped like one, or both, checked by the same code as every other entry point.

use loopctl_policy::{Policy, PolicyError};
use serde_json::Value;

/// The policy of the file at `path` with `settings` laid over it, key by
/// key (a table merges, anything else replaces), or of either alone. The
/// file is checked on its own first, so its problems keep their lines;
/// the error's flag says the problems are the keyword settings'.
pub(crate) fn resolve(
    path: Option<&str>,
    settings: Option<&Value>,
) -> Result<Policy, (PolicyError, bool)> {
    let file = match path {
        Some(path) => Some(Policy::from_path(path).map_err(|error| (error, false))?),
        None => None,
    };
    let Some(settings) = settings else {
        return Ok(file.unwrap_or_default());
    };
    let mut document = match path {
        // Read again as a plain table: `from_path` has checked it.
        Some(path) => std::fs::read_to_string(path)
            .ok()
            .and_then(|text| toml::from_str::<toml::Table>(&text).ok())
            .unwrap_or_default(),
        None => toml::Table::new(),
    };
    lay_over(&mut document, settings);
    Policy::from_toml(&document.to_string()).map_err(|error| (error, true))
}

/// `settings` (a JSON object) laid over `table`.
fn lay_over(table: &mut toml::Table, settings: &Value) {
    let Value::Object(entries) = settings else {
        return;
    };
    for (key, value) in entries {
        if value.is_null() {
            continue;
        }
        match (table.get_mut(key), value) {
            (Some(toml::Value::Table(inner)), Value::Object(_)) => lay_over(inner, value),
            _ => {
                if let Some(value) = to_toml(value) {
                    table.insert(key.clone(), value);
                }
            }
        }
    }
}

/// A JSON value as TOML; `null` has no TOML form and is left out.
fn to_toml(value: &Value) -> Option<toml::Value> {
    Some(match value {
        Value::Null => return None,
        Value::Bool(flag) => toml::Value::Boolean(*flag),
        Value::Number(number) => match number.as_i64() {
            Some(integer) => toml::Value::Integer(integer),
            None => toml::Value::Float(number.as_f64()?),
        },
        Value::String(text) => toml::Value::String(text.clone()),
        Value::Array(items) => toml::Value::Array(items.iter().filter_map(to_toml).collect()),
        Value::Object(entries) => toml::Value::Table(
            entries
                .iter()
                .filter_map(|(key, value)| Some((key.clone(), to_toml(value)?)))
                .collect(),
        ),
    })
}
