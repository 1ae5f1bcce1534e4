//! Picks the JSON Schema draft from a schema's `$schema`, defaulting to 2020-12.

use jsonschema::Draft;
use serde_json::Value;

/// The draft a schema declares, `Ok(None)`-free: 2020-12 when `$schema` is absent.
/// An unrecognised `$schema` string is returned as the error.
pub(crate) fn draft_of(schema: &Value) -> Result<Draft, String> {
    let Some(declared) = schema.get("$schema") else {
        return Ok(Draft::Draft202012);
    };
    let Some(uri) = declared.as_str() else {
        return Err(declared.to_string());
    };
    let normalized = uri.trim().trim_end_matches('#').trim_end_matches('/');
    let normalized = normalized
        .strip_prefix("https://")
        .or_else(|| normalized.strip_prefix("http://"))
        .unwrap_or(normalized);
    match normalized {
        "json-schema.org/draft/2020-12/schema" => Ok(Draft::Draft202012),
        "json-schema.org/draft/2019-09/schema" => Ok(Draft::Draft201909),
        "json-schema.org/draft-07/schema" => Ok(Draft::Draft7),
        "json-schema.org/draft-06/schema" => Ok(Draft::Draft6),
        "json-schema.org/draft-04/schema" => Ok(Draft::Draft4),
        _ => Err(uri.to_owned()),
    }
}

/// The name of the draft `schema` declares (`"2020-12"` when it declares
/// none), or the unrecognised `$schema` value as the error.
///
/// ```
/// use serde_json::json;
/// assert_eq!(loopctl_schema::declared_draft(&json!({"type": "object"})), Ok("2020-12"));
/// assert_eq!(
///     loopctl_schema::declared_draft(&json!({"$schema": "http://json-schema.org/draft-07/schema#"})),
///     Ok("7")
/// );
/// ```
pub fn declared_draft(schema: &Value) -> Result<&'static str, String> {
    Ok(match draft_of(schema)? {
        Draft::Draft4 => "4",
        Draft::Draft6 => "6",
        Draft::Draft7 => "7",
        Draft::Draft201909 => "2019-09",
        _ => "2020-12",
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn recognises_each_draft_and_defaults_to_2020_12() {
        let cases = [
            (
                "https://json-schema.org/draft/2020-12/schema",
                Draft::Draft202012,
            ),
            (
                "https://json-schema.org/draft/2019-09/schema",
                Draft::Draft201909,
            ),
            ("http://json-schema.org/draft-07/schema#", Draft::Draft7),
            ("http://json-schema.org/draft-06/schema#", Draft::Draft6),
            ("http://json-schema.org/draft-04/schema#", Draft::Draft4),
        ];
        for (uri, draft) in cases {
            assert_eq!(draft_of(&json!({"$schema": uri})), Ok(draft));
        }
        assert_eq!(draft_of(&json!({"type": "object"})), Ok(Draft::Draft202012));
        assert!(draft_of(&json!({"$schema": "https://example.com/my-dialect"})).is_err());
        assert!(draft_of(&json!({"$schema": 7})).is_err());
    }
}
