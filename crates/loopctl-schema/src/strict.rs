//! Turns a JSON Schema into one that OpenAI's strict structured outputs accept.
//!
//! Strict mode compiles the schema into a grammar, so it accepts only a
//! subset of JSON Schema. [`to_strict`] rewrites a schema into that subset:
//!
//! * every object lists all its properties in `required` and carries
//!   `additionalProperties: false`;
//! * a property that was optional becomes nullable (`"type": ["string", "null"]`,
//!   or `anyOf` with `{"type": "null"}`), so the model sends `null` for "absent";
//!   [`strip_optional_nulls`] turns those nulls back into absent fields;
//! * `oneOf` becomes `anyOf` (strict mode has only the latter);
//! * annotations strict mode does not take (`default`, `examples`, `$schema`,
//!   `$id`, `$comment`, unsupported `format` values, ...) are dropped.
//!
//! What it cannot express is an error naming the place: open objects
//! (`additionalProperties` other than `false`, or an object without
//! `properties`), `true`/`false` schemas, `allOf`, `not`, conditionals,
//! tuple `items`, and other keywords outside the subset.

use serde_json::{Map, Value, json};

/// A construct strict mode cannot express, with the JSON pointer of where it is.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum StrictSchemaError {
    /// Strict mode needs an object schema at the root.
    #[error("strict mode needs an object schema at the root, with `properties`")]
    RootNotObject,
    /// An object that may hold arbitrary keys.
    #[error(
        "at {pointer}: an object with arbitrary keys cannot be expressed in strict mode; list its properties"
    )]
    OpenObject {
        /// Where the object is.
        pointer: String,
    },
    /// A keyword outside strict mode's subset.
    #[error("at {pointer}: strict mode does not support the `{keyword}` keyword")]
    UnsupportedKeyword {
        /// Where the keyword is.
        pointer: String,
        /// The keyword.
        keyword: String,
    },
    /// A `true` or `false` schema, or a schema that is not an object.
    #[error("at {pointer}: strict mode needs a schema object here, not `{found}`")]
    NotASchemaObject {
        /// Where it is.
        pointer: String,
        /// What was found.
        found: String,
    },
}

const COPIED_KEYWORDS: [&str; 16] = [
    "type",
    "enum",
    "const",
    "description",
    "title",
    "$ref",
    "pattern",
    "multipleOf",
    "maximum",
    "exclusiveMaximum",
    "minimum",
    "exclusiveMinimum",
    "minItems",
    "maxItems",
    "required",
    "additionalProperties",
];

const DROPPED_ANNOTATIONS: [&str; 10] = [
    "$schema",
    "$id",
    "$comment",
    "default",
    "examples",
    "deprecated",
    "readOnly",
    "writeOnly",
    "contentEncoding",
    "contentMediaType",
];

const STRICT_FORMATS: [&str; 9] = [
    "date-time",
    "time",
    "date",
    "duration",
    "email",
    "hostname",
    "ipv4",
    "ipv6",
    "uuid",
];

/// Rewrites `schema` into OpenAI's strict subset, or says what cannot be expressed.
///
/// ```
/// use loopctl_schema::to_strict;
/// use serde_json::json;
///
/// let strict = to_strict(&json!({
///     "type": "object",
///     "properties": {"path": {"type": "string"}, "limit": {"type": "integer", "default": 10}},
///     "required": ["path"]
/// }))
/// .unwrap();
/// assert_eq!(strict["additionalProperties"], json!(false));
/// assert_eq!(strict["properties"]["limit"], json!({"type": ["integer", "null"]}));
/// let required = strict["required"].as_array().unwrap();
/// assert!(required.contains(&json!("path")) && required.contains(&json!("limit")));
/// ```
pub fn to_strict(schema: &Value) -> Result<Value, StrictSchemaError> {
    let (strict, mut obstacles) = convert(schema);
    if obstacles.is_empty() {
        Ok(strict)
    } else {
        Err(obstacles.swap_remove(0))
    }
}

/// Every construct in `schema` that strict mode cannot express, each with its
/// JSON pointer, in document order; empty when [`to_strict`] succeeds.
///
/// ```
/// use loopctl_schema::strict_obstacles;
/// use serde_json::json;
///
/// let obstacles = strict_obstacles(&json!({
///     "type": "object",
///     "properties": {
///         "tags": {"type": "object"},
///         "when": {"type": "string", "not": {"const": ""}}
///     }
/// }));
/// let shown: Vec<String> = obstacles.iter().map(ToString::to_string).collect();
/// assert_eq!(shown.len(), 2, "{shown:?}");
/// assert!(shown[0].contains("/properties/tags"));
/// assert!(shown[1].contains("`not`"));
/// ```
pub fn strict_obstacles(schema: &Value) -> Vec<StrictSchemaError> {
    convert(schema).1
}

fn convert(schema: &Value) -> (Value, Vec<StrictSchemaError>) {
    let is_object_root = schema
        .as_object()
        .is_some_and(|map| type_includes(map, "object") || map.contains_key("properties"));
    let mut obstacles = Vec::new();
    if !is_object_root {
        obstacles.push(StrictSchemaError::RootNotObject);
        return (Value::Null, obstacles);
    }
    let strict = transform(schema, "", &mut obstacles);
    (strict, obstacles)
}

fn sorted(map: &Map<String, Value>) -> Vec<(&String, &Value)> {
    let mut entries: Vec<(&String, &Value)> = map.iter().collect();
    entries.sort_by(|a, b| a.0.cmp(b.0));
    entries
}

/// The strict form of `node`; what cannot be expressed is recorded in
/// `obstacles` and left out, so every obstacle of a schema is found in one walk.
fn transform(node: &Value, pointer: &str, obstacles: &mut Vec<StrictSchemaError>) -> Value {
    let Some(map) = node.as_object() else {
        obstacles.push(StrictSchemaError::NotASchemaObject {
            pointer: shown(pointer),
            found: node.to_string(),
        });
        return Value::Null;
    };
    let mut out = Map::new();
    // Sorted keys, so the strict form and the order of the obstacles are the
    // same whether or not serde_json preserves insertion order in this build.
    for (key, value) in sorted(map) {
        let here = format!("{pointer}/{}", escape(key));
        match key.as_str() {
            "properties" | "$defs" | "definitions" => {
                let Some(children) = value.as_object() else {
                    obstacles.push(not_schema(&here, value));
                    continue;
                };
                let mut converted = Map::new();
                for (name, child) in sorted(children) {
                    let at = format!("{here}/{}", escape(name));
                    converted.insert(name.clone(), transform(child, &at, obstacles));
                }
                out.insert(key.clone(), Value::Object(converted));
            }
            "items" => {
                if value.is_array() {
                    obstacles.push(unsupported(&here, "items (tuple form)"));
                    continue;
                }
                out.insert(key.clone(), transform(value, &here, obstacles));
            }
            "anyOf" | "oneOf" => {
                if key == "oneOf" && map.contains_key("anyOf") {
                    obstacles.push(unsupported(&here, "oneOf beside anyOf"));
                    continue;
                }
                let Some(branches) = value.as_array() else {
                    obstacles.push(not_schema(&here, value));
                    continue;
                };
                let converted = branches
                    .iter()
                    .enumerate()
                    .map(|(index, branch)| transform(branch, &format!("{here}/{index}"), obstacles))
                    .collect();
                out.insert("anyOf".to_owned(), Value::Array(converted));
            }
            "format" => {
                if value
                    .as_str()
                    .is_some_and(|format| STRICT_FORMATS.contains(&format))
                {
                    out.insert(key.clone(), value.clone());
                }
            }
            keyword if DROPPED_ANNOTATIONS.contains(&keyword) => {}
            keyword if COPIED_KEYWORDS.contains(&keyword) => {
                out.insert(key.clone(), value.clone());
            }
            other => obstacles.push(unsupported(pointer, other)),
        }
    }
    if type_includes(map, "object") || map.contains_key("properties") {
        if let Err(obstacle) = close_object(&mut out, map, pointer) {
            obstacles.push(obstacle);
        }
    } else if out.contains_key("additionalProperties") {
        out.remove("additionalProperties");
    }
    Value::Object(out)
}

/// Requires every property, makes the optional ones nullable, forbids extra keys.
fn close_object(
    out: &mut Map<String, Value>,
    original: &Map<String, Value>,
    pointer: &str,
) -> Result<(), StrictSchemaError> {
    match original.get("additionalProperties") {
        None | Some(Value::Bool(false)) => {}
        Some(_) => {
            return Err(StrictSchemaError::OpenObject {
                pointer: shown(pointer),
            });
        }
    }
    let Some(Value::Object(properties)) = out.get_mut("properties") else {
        return Err(StrictSchemaError::OpenObject {
            pointer: shown(pointer),
        });
    };
    let originally_required: Vec<&str> = original
        .get("required")
        .and_then(Value::as_array)
        .map(|names| names.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    // The original order first, so a schema that is already strict comes back unchanged.
    let mut required: Vec<Value> = originally_required
        .iter()
        .filter(|name| properties.contains_key(**name))
        .map(|name| Value::String((*name).to_owned()))
        .collect();
    for (name, property) in properties.iter_mut() {
        if !originally_required.contains(&name.as_str()) {
            make_nullable(property);
            required.push(Value::String(name.clone()));
        }
    }
    out.insert("required".to_owned(), Value::Array(required));
    out.insert("additionalProperties".to_owned(), Value::Bool(false));
    Ok(())
}

/// Lets `schema` also accept `null`.
fn make_nullable(schema: &mut Value) {
    let Some(map) = schema.as_object_mut() else {
        return;
    };
    if type_includes(map, "null") {
        return;
    }
    if let Some(Value::Array(branches)) = map.get_mut("anyOf") {
        if !branches
            .iter()
            .any(|branch| branch.get("type") == Some(&json!("null")))
        {
            branches.push(json!({"type": "null"}));
        }
        return;
    }
    match map.get_mut("type") {
        Some(Value::String(single)) => {
            let single = std::mem::take(single);
            map.insert("type".to_owned(), json!([single, "null"]));
        }
        Some(Value::Array(types)) => types.push(json!("null")),
        _ => {
            let inner = std::mem::take(schema);
            *schema = json!({"anyOf": [inner, {"type": "null"}]});
            return;
        }
    }
    if let Some(Value::Array(values)) = map.get_mut("enum")
        && !values.contains(&Value::Null)
    {
        values.push(Value::Null);
    }
}

/// Removes the `null`s a strict-mode answer put in fields that `original`
/// (the schema before [`to_strict`]) did not require, so the value validates
/// against the original schema again. Follows `properties`, `items` and local
/// `$ref`s into `$defs`/`definitions`.
pub fn strip_optional_nulls(original: &Value, value: &mut Value) {
    strip(original, original, value, 0);
}

fn strip(root: &Value, schema: &Value, value: &mut Value, depth: u32) {
    // Recursive schemas meet recursive data; stop well before the stack does.
    if depth > 64 {
        return;
    }
    let schema = resolve(root, schema);
    match value {
        Value::Object(fields) => {
            let Some(properties) = schema.get("properties").and_then(Value::as_object) else {
                return;
            };
            let required: Vec<&str> = schema
                .get("required")
                .and_then(Value::as_array)
                .map(|names| names.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            fields.retain(|name, field| !field.is_null() || required.contains(&name.as_str()));
            for (name, field) in fields.iter_mut() {
                if let Some(property) = properties.get(name) {
                    strip(root, property, field, depth + 1);
                }
            }
        }
        Value::Array(items) => {
            if let Some(item_schema) = schema.get("items") {
                for item in items {
                    strip(root, item_schema, item, depth + 1);
                }
            }
        }
        _ => {}
    }
}

fn resolve<'a>(root: &'a Value, schema: &'a Value) -> &'a Value {
    match schema.get("$ref").and_then(Value::as_str) {
        Some(reference) => reference
            .strip_prefix('#')
            .and_then(|pointer| root.pointer(pointer))
            .unwrap_or(schema),
        None => schema,
    }
}

fn type_includes(map: &Map<String, Value>, name: &str) -> bool {
    match map.get("type") {
        Some(Value::String(single)) => single == name,
        Some(Value::Array(types)) => types.iter().any(|kind| kind == name),
        _ => false,
    }
}

fn escape(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

fn shown(pointer: &str) -> String {
    if pointer.is_empty() {
        "/".to_owned()
    } else {
        pointer.to_owned()
    }
}

fn not_schema(pointer: &str, found: &Value) -> StrictSchemaError {
    StrictSchemaError::NotASchemaObject {
        pointer: shown(pointer),
        found: found.to_string(),
    }
}

fn unsupported(pointer: &str, keyword: &str) -> StrictSchemaError {
    StrictSchemaError::UnsupportedKeyword {
        pointer: shown(pointer),
        keyword: keyword.to_owned(),
    }
}
