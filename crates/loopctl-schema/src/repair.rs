//! Mechanical repairs of a tool input, guided by the tool's JSON Schema.
//!
//! The repairs are the ones a model's near-misses need: `"42"` for an
//! integer, `"true"` for a boolean, a single value where a list belongs, a
//! missing field that has a `default`, a misspelled field name, an unknown
//! field where none are allowed, an enum value in the wrong case. Anything
//! else is reported as a violation, and nothing is guessed.

use serde_json::{Map, Value};

use loopctl_reflect_core::closest_tool;

/// What [`repair_input`] made of an input.
#[derive(Debug, Clone, PartialEq)]
pub enum RepairOutcome {
    /// The input was changed so that it fits the schema's checked keywords.
    Repaired {
        /// The repaired input.
        input: Value,
        /// One line per change, for the analysis.
        changes: Vec<String>,
    },
    /// The input breaks the schema in ways that cannot be repaired mechanically.
    Unrepairable {
        /// One line per problem.
        violations: Vec<String>,
    },
    /// Nothing wrong with the keywords this module checks.
    NothingToRepair,
}

/// Repairs `input` against `schema` (`type`, `properties`, `required`,
/// `default`, `additionalProperties`, `enum`, `items`, `anyOf`/`oneOf`, local `$ref`).
pub fn repair_input(input: &Value, schema: &Value) -> RepairOutcome {
    let mut repairer = Repairer {
        root: schema,
        changes: Vec::new(),
        violations: Vec::new(),
        depth: 0,
    };
    let mut repaired = input.clone();
    repairer.repair(schema, &mut repaired, "");
    if !repairer.violations.is_empty() {
        RepairOutcome::Unrepairable {
            violations: repairer.violations,
        }
    } else if repairer.changes.is_empty() {
        RepairOutcome::NothingToRepair
    } else {
        RepairOutcome::Repaired {
            input: repaired,
            changes: repairer.changes,
        }
    }
}

struct Repairer<'s> {
    root: &'s Value,
    changes: Vec<String>,
    violations: Vec<String>,
    depth: u32,
}

fn shown(pointer: &str) -> &str {
    if pointer.is_empty() { "/" } else { pointer }
}

impl<'s> Repairer<'s> {
    fn resolve(&self, schema: &'s Value) -> &'s Value {
        let mut current = schema;
        for _ in 0..8 {
            match current
                .get("$ref")
                .and_then(Value::as_str)
                .and_then(|reference| reference.strip_prefix('#'))
            {
                Some(pointer) => match self.root.pointer(pointer) {
                    Some(target) => current = target,
                    None => return current,
                },
                None => return current,
            }
        }
        current
    }

    fn repair(&mut self, schema: &'s Value, value: &mut Value, pointer: &str) {
        self.depth += 1;
        if self.depth > 64 {
            self.depth -= 1;
            return;
        }
        let schema = self.resolve(schema);
        if let Some(branches) = schema
            .get("anyOf")
            .or_else(|| schema.get("oneOf"))
            .and_then(Value::as_array)
        {
            self.repair_union(branches, value, pointer);
        } else {
            self.repair_typed(schema, value, pointer);
        }
        self.depth -= 1;
    }

    /// Keeps the value if one branch accepts it as is; otherwise takes the first branch that repairs it.
    fn repair_union(&mut self, branches: &'s [Value], value: &mut Value, pointer: &str) {
        let mut best: Option<(Value, Vec<String>)> = None;
        for branch in branches {
            let mut trial = Repairer {
                root: self.root,
                changes: Vec::new(),
                violations: Vec::new(),
                depth: self.depth,
            };
            let mut candidate = value.clone();
            trial.repair(branch, &mut candidate, pointer);
            if trial.violations.is_empty() {
                if trial.changes.is_empty() {
                    return;
                }
                if best.is_none() {
                    best = Some((candidate, trial.changes));
                }
            }
        }
        match best {
            Some((candidate, changes)) => {
                *value = candidate;
                self.changes.extend(changes);
            }
            None => self.violations.push(format!(
                "at {}: the value matches none of the allowed shapes",
                shown(pointer)
            )),
        }
    }

    fn repair_typed(&mut self, schema: &'s Value, value: &mut Value, pointer: &str) {
        let types = allowed_types(schema);
        if !types.is_empty() && !types.iter().any(|kind| conforms(value, kind)) {
            match types.iter().find_map(|kind| coerce(value, kind)) {
                Some(coerced) => {
                    self.changes.push(format!(
                        "at {}: turned {} into {}",
                        shown(pointer),
                        value,
                        coerced
                    ));
                    *value = coerced;
                }
                None => {
                    self.violations.push(format!(
                        "at {}: expected {}, got {}",
                        shown(pointer),
                        types.join(" or "),
                        loopctl_reflect_core::json_type_name(value)
                    ));
                    return;
                }
            }
        }
        if let Some(allowed) = schema.get("enum").and_then(Value::as_array) {
            self.repair_enum(allowed, value, pointer);
        }
        match value {
            Value::Object(fields)
                if schema.get("properties").is_some() || types.contains(&"object") =>
            {
                self.repair_object(schema, fields, pointer);
            }
            Value::Array(items) => {
                if let Some(item_schema) = schema.get("items").filter(|items| items.is_object()) {
                    for (index, item) in items.iter_mut().enumerate() {
                        self.repair(item_schema, item, &format!("{pointer}/{index}"));
                    }
                }
            }
            _ => {}
        }
    }

    fn repair_enum(&mut self, allowed: &[Value], value: &mut Value, pointer: &str) {
        if allowed.contains(value) {
            return;
        }
        let matches: Vec<&Value> = match value.as_str() {
            Some(text) => allowed
                .iter()
                .filter(|candidate| {
                    candidate
                        .as_str()
                        .is_some_and(|option| option.eq_ignore_ascii_case(text))
                })
                .collect(),
            None => Vec::new(),
        };
        if let [only] = matches.as_slice() {
            self.changes.push(format!(
                "at {}: matched {} to the allowed value {}",
                shown(pointer),
                value,
                only
            ));
            *value = (*only).clone();
        } else {
            let options: Vec<String> = allowed.iter().map(Value::to_string).collect();
            self.violations.push(format!(
                "at {}: {} is not one of {}",
                shown(pointer),
                value,
                options.join(", ")
            ));
        }
    }

    fn repair_object(&mut self, schema: &'s Value, fields: &mut Map<String, Value>, pointer: &str) {
        static NO_PROPERTIES: std::sync::LazyLock<Map<String, Value>> =
            std::sync::LazyLock::new(Map::new);
        let properties = schema
            .get("properties")
            .and_then(Value::as_object)
            .unwrap_or(&NO_PROPERTIES);
        let required: Vec<&str> = schema
            .get("required")
            .and_then(Value::as_array)
            .map(|names| names.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let closed = schema.get("additionalProperties") == Some(&Value::Bool(false));
        let unknown: Vec<String> = fields
            .keys()
            .filter(|key| !properties.contains_key(*key))
            .cloned()
            .collect();
        for key in unknown {
            let free: Vec<&str> = properties
                .keys()
                .map(String::as_str)
                .filter(|name| !fields.contains_key(*name))
                .collect();
            let target = closest_tool(&key, free.iter().copied());
            let wanted = target.is_some_and(|name| closed || required.contains(&name));
            match (target, wanted) {
                (Some(name), true) => {
                    if let Some(moved) = fields.remove(&key) {
                        self.changes.push(format!(
                            "at {}: renamed `{key}` to `{name}`",
                            shown(pointer)
                        ));
                        fields.insert(name.to_owned(), moved);
                    }
                }
                _ if closed => {
                    fields.remove(&key);
                    self.changes.push(format!(
                        "at {}: dropped the unknown field `{key}`",
                        shown(pointer)
                    ));
                }
                _ => {}
            }
        }
        for name in &required {
            if fields.contains_key(*name) {
                continue;
            }
            match properties
                .get(*name)
                .map(|property| self.resolve(property))
                .and_then(|property| property.get("default"))
            {
                Some(default) => {
                    self.changes.push(format!(
                        "at {}: filled the missing `{name}` with its default {default}",
                        shown(pointer)
                    ));
                    fields.insert((*name).to_owned(), default.clone());
                }
                None => self.violations.push(format!(
                    "at {}: the required field `{name}` is missing",
                    shown(pointer)
                )),
            }
        }
        for (name, property) in properties {
            if let Some(field) = fields.get_mut(name) {
                self.repair(property, field, &format!("{pointer}/{name}"));
            }
        }
    }
}

fn allowed_types(schema: &Value) -> Vec<&str> {
    match schema.get("type") {
        Some(Value::String(single)) => vec![single.as_str()],
        Some(Value::Array(many)) => many.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    }
}

fn conforms(value: &Value, kind: &str) -> bool {
    match kind {
        "object" => value.is_object(),
        "array" => value.is_array(),
        "string" => value.is_string(),
        "boolean" => value.is_boolean(),
        "null" => value.is_null(),
        "number" => value.is_number(),
        "integer" => value.as_i64().is_some() || value.as_u64().is_some(),
        _ => true,
    }
}

fn coerce(value: &Value, kind: &str) -> Option<Value> {
    match (kind, value) {
        ("integer", Value::String(text)) => {
            let text = text.trim();
            text.parse::<i64>()
                .map(Value::from)
                .or_else(|_| text.parse::<u64>().map(Value::from))
                .ok()
        }
        ("integer", Value::Number(number)) => number
            .as_f64()
            .filter(|float| float.fract() == 0.0 && float.abs() < 9.0e15)
            .map(|float| Value::from(float as i64)),
        ("number", Value::String(text)) => text
            .trim()
            .parse::<f64>()
            .ok()
            .filter(|float| float.is_finite())
            .and_then(|float| serde_json::Number::from_f64(float).map(Value::Number)),
        ("boolean", Value::String(text)) => match text.trim().to_ascii_lowercase().as_str() {
            "true" => Some(Value::Bool(true)),
            "false" => Some(Value::Bool(false)),
            _ => None,
        },
        ("string", Value::Number(number)) => Some(Value::String(number.to_string())),
        ("string", Value::Bool(flag)) => Some(Value::String(flag.to_string())),
        ("object", Value::String(text)) => serde_json::from_str::<Value>(text)
            .ok()
            .filter(Value::is_object),
        ("array", Value::Array(_)) => None,
        ("array", single) if !single.is_null() => Some(Value::Array(vec![single.clone()])),
        _ => None,
    }
}
