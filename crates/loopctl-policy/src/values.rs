//! The file's value types that are written as text: durations (`250ms`), rates (`10/s`), regexes, and one-or-many lists.

use std::fmt;
use std::time::Duration;

use schemars::JsonSchema;
use serde::{Deserialize, Deserializer};

/// A duration written as `250ms`, `30s`, `2m` or `1h 30m` (humantime's
/// syntax, which the CLI's flags use too).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Span(pub Duration);

impl<'de> Deserialize<'de> for Span {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        humantime::parse_duration(text.trim())
            .map(Span)
            .map_err(|error| {
                serde::de::Error::custom(format!(
                    "`{text}` is not a duration ({error}); write it as `250ms`, `30s` or `2m`"
                ))
            })
    }
}

impl JsonSchema for Span {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Duration".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "string",
            "description": "A duration: `250ms`, `30s`, `2m`, `1h 30m`.",
            "pattern": "^\\s*[0-9]",
            "examples": ["250ms", "30s"]
        })
    }
}

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", humantime::format_duration(self.0))
    }
}

/// A rate limit written as `N/s`, `N/min` or `N/h`: at most N calls per
/// period, spread evenly (a call may start every period ÷ N).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rate {
    /// Calls allowed per period; at least 1.
    pub calls: u32,
    /// The period.
    pub per: Duration,
}

impl Rate {
    /// Reads `10/s`, `100/min`, `1000/h` (also `second`, `minute`, `hour`).
    ///
    /// # Errors
    /// A text of another shape, or a count of 0.
    pub fn parse(text: &str) -> Result<Self, String> {
        let shape = || format!("`{text}` is not a rate; write it as `10/s`, `100/min` or `1000/h`");
        let (count, unit) = text.trim().split_once('/').ok_or_else(shape)?;
        let calls: u32 = count.trim().parse().map_err(|_| shape())?;
        let per = match unit.trim() {
            "s" | "sec" | "second" => Duration::from_secs(1),
            "m" | "min" | "minute" => Duration::from_secs(60),
            "h" | "hour" => Duration::from_secs(3600),
            _ => return Err(shape()),
        };
        if calls == 0 {
            return Err(format!(
                "`{text}` allows no call at all; remove the limit or allow at least 1"
            ));
        }
        Ok(Self { calls, per })
    }
}

impl<'de> Deserialize<'de> for Rate {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Self::parse(&text).map_err(serde::de::Error::custom)
    }
}

impl JsonSchema for Rate {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Rate".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "string",
            "description": "At most N calls per second, minute or hour: `10/s`, `100/min`, `1000/h`.",
            "pattern": "^\\s*[0-9]+\\s*/\\s*(s|sec|second|m|min|minute|h|hour)\\s*$",
            "examples": ["10/s"]
        })
    }
}

impl fmt::Display for Rate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let unit = match self.per.as_secs() {
            1 => "s",
            60 => "min",
            _ => "h",
        };
        write!(f, "{}/{unit}", self.calls)
    }
}

/// A regular expression (the `regex` crate's syntax), compiled as the file
/// is read, so a broken one is an error with its line and column.
#[derive(Debug, Clone)]
pub struct Pattern(pub regex::Regex);

impl<'de> Deserialize<'de> for Pattern {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        regex::RegexBuilder::new(&text)
            .size_limit(1 << 20)
            .build()
            .map(Pattern)
            .map_err(|error| {
                let first = error.to_string();
                let reason = first.lines().last().unwrap_or("invalid").trim().to_owned();
                serde::de::Error::custom(format!("the regex `{text}` does not compile: {reason}"))
            })
    }
}

impl JsonSchema for Pattern {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Regex".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "string",
            "format": "regex",
            "description": "A regular expression in the syntax of Rust's `regex` crate."
        })
    }
}

/// One value or a list of them: `text = "a"` or `text = ["a", "b"]`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum OneOrMany<T> {
    /// One value.
    One(T),
    /// Several; any of them matches.
    Many(Vec<T>),
}

impl<T> OneOrMany<T> {
    /// The values, one or many.
    pub fn as_slice(&self) -> &[T] {
        match self {
            Self::One(one) => std::slice::from_ref(one),
            Self::Many(many) => many,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_read_their_units_and_refuse_the_rest() {
        assert_eq!(Rate::parse("10/s").unwrap().per, Duration::from_secs(1));
        assert_eq!(Rate::parse(" 100 / min ").unwrap().calls, 100);
        assert_eq!(
            Rate::parse("5/hour").unwrap().per,
            Duration::from_secs(3600)
        );
        for bad in ["10", "10/d", "ten/s", "0/s", "-1/s", "/s"] {
            assert!(Rate::parse(bad).is_err(), "{bad}");
        }
    }
}
