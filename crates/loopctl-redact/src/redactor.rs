//! [`Redactor`]: hides secrets in texts and JSON values before they are written or sent.

use std::borrow::Cow;
use std::fmt;
use std::sync::{Arc, OnceLock};

use crate::keys::{KeyList, Place, normalise_owned};
use crate::scan::{pairs, url};
use crate::shapes::{self, Rule, ShapeSet};
use crate::spans::{self, MARK};

/// JSON nested deeper than this is hidden whole rather than walked: a value
/// built in code can be deeper than any parser would accept.
const MAX_DEPTH: usize = 128;

/// Hides secrets in texts and JSON values.
///
/// A value is hidden when its *name* says it is secret (a JSON key, a header,
/// a query parameter, `name=value` or `--name value` in a text; names are
/// compared without case, `_`, `-` or `.`, and match inside longer names) or
/// when its *shape* is a secret's: a bearer credential, a JWT, a provider's
/// API key, a cloud access key, a Git host's token, a private-key block, user
/// info in a URL. The shapes are the rules of published secret scanners
/// (`rules/SOURCES.md`). Hidden values become `[redacted]`; inside URLs they
/// become `REDACTED`, so the URL still parses.
///
/// Cloning is cheap. [`Redactor::standard`] is the one every loopctl sink
/// uses unless told otherwise.
///
/// ```
/// use loopctl_redact::Redactor;
/// use serde_json::json;
///
/// let redactor = Redactor::standard();
/// assert_eq!(
///     redactor.text("retry with Authorization: Bearer mF_9.B5f-4.1JqM"),
///     "retry with Authorization: Bearer [redacted]"
/// );
/// assert_eq!(
///     redactor.value(&json!({"user": "ann", "db": {"Password": "hunter2"}})).into_owned(),
///     json!({"user": "ann", "db": {"Password": "[redacted]"}})
/// );
/// // Nothing secret: the text is borrowed, not copied.
/// assert!(matches!(redactor.text("file not found"), std::borrow::Cow::Borrowed(_)));
/// ```
#[derive(Clone)]
pub struct Redactor {
    inner: Option<Arc<Inner>>,
}

struct Inner {
    keys: KeyList,
    builtin: bool,
    added: Arc<ShapeSet>,
}

impl Redactor {
    /// The built-in names and shapes, shared by the whole process.
    pub fn standard() -> Self {
        static STANDARD: OnceLock<Redactor> = OnceLock::new();
        STANDARD
            .get_or_init(|| Self {
                inner: Some(Arc::new(Inner {
                    keys: KeyList::default(),
                    builtin: true,
                    added: Arc::new(ShapeSet::new(Vec::new())),
                })),
            })
            .clone()
    }

    /// A redactor that hides nothing, for a sink whose owner has decided the
    /// text may pass in clear.
    pub fn disabled() -> Self {
        Self { inner: None }
    }

    /// Starts from the built-in names and shapes.
    pub fn builder() -> RedactorBuilder {
        RedactorBuilder::default()
    }

    /// This redactor with more names hidden (see [`RedactorBuilder::key`]);
    /// a disabled redactor stays disabled.
    #[must_use]
    pub fn with_keys<I, S>(&self, names: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        let Some(inner) = &self.inner else {
            return self.clone();
        };
        let mut keys = inner.keys.clone();
        keys.add(names.into_iter().map(|name| normalise_owned(name.as_ref())));
        Self {
            inner: Some(Arc::new(Inner {
                keys,
                builtin: inner.builtin,
                added: Arc::clone(&inner.added),
            })),
        }
    }

    /// `false` for [`Redactor::disabled`].
    pub fn is_enabled(&self) -> bool {
        self.inner.is_some()
    }

    /// `text` with every secret hidden; borrowed when there was none.
    pub fn text<'a>(&self, text: &'a str) -> Cow<'a, str> {
        let Some(inner) = &self.inner else {
            return Cow::Borrowed(text);
        };
        // Scanned with `\n`, `\r` and `\t` escapes (a JSON string, a debug
        // print) read as the spaces they stand for: a key after `\n` then
        // starts a word. Same length, so the spans fit the text itself.
        let scanned = escapes_as_spaces(text);
        let scan = scanned.as_ref();
        let mut found = Vec::new();
        url::find_user_info(scan, &mut found);
        pairs::find_pairs(scan, &inner.keys, &mut found);
        if inner.builtin {
            shapes::builtin().find(scan, &mut found);
        }
        inner.added.find(scan, &mut found);
        spans::apply(text, &mut found)
    }

    /// `value` with the value under every secret key hidden (at any depth,
    /// whatever its type; `null` stays) and every string scrubbed as
    /// [`text`](Self::text) does; borrowed when there was nothing to hide.
    pub fn value<'a>(&self, value: &'a serde_json::Value) -> Cow<'a, serde_json::Value> {
        match &self.inner {
            Some(inner) => match self.walk(inner, value, 0) {
                Some(changed) => Cow::Owned(changed),
                None => Cow::Borrowed(value),
            },
            None => Cow::Borrowed(value),
        }
    }

    /// Whether the value under the JSON key `name` is hidden.
    pub fn hides_key(&self, name: &str) -> bool {
        self.inner
            .as_ref()
            .is_some_and(|inner| inner.keys.hides(name, Place::Field, false))
    }

    /// `None` when `value` has nothing to hide.
    fn walk(
        &self,
        inner: &Inner,
        value: &serde_json::Value,
        depth: usize,
    ) -> Option<serde_json::Value> {
        use serde_json::Value;
        if depth >= MAX_DEPTH {
            return Some(Value::String(MARK.to_owned()));
        }
        match value {
            Value::String(text) => match self.text(text) {
                Cow::Borrowed(_) => None,
                Cow::Owned(hidden) => Some(Value::String(hidden)),
            },
            Value::Array(items) => {
                let changed: Vec<Option<Value>> = items
                    .iter()
                    .map(|item| self.walk(inner, item, depth + 1))
                    .collect();
                changed.iter().any(Option::is_some).then(|| {
                    Value::Array(
                        changed
                            .into_iter()
                            .zip(items)
                            .map(|(new, old)| new.unwrap_or_else(|| old.clone()))
                            .collect(),
                    )
                })
            }
            Value::Object(map) => {
                let mut changed = false;
                let entries: Vec<(Cow<'_, str>, Option<Value>)> = map
                    .iter()
                    .map(|(key, item)| {
                        let new = if !item.is_null()
                            && inner.keys.hides(key, Place::Field, item.is_number())
                        {
                            Some(Value::String(MARK.to_owned()))
                        } else {
                            self.walk(inner, item, depth + 1)
                        };
                        let name = self.text(key);
                        changed |= new.is_some() || matches!(name, Cow::Owned(_));
                        (name, new)
                    })
                    .collect();
                changed.then(|| {
                    Value::Object(
                        entries
                            .into_iter()
                            .zip(map.values())
                            .map(|((name, new), old)| {
                                (name.into_owned(), new.unwrap_or_else(|| old.clone()))
                            })
                            .collect(),
                    )
                })
            }
            _ => None,
        }
    }
}

/// `text` with every `\n`, `\r` and `\t` escape (backslash and letter)
/// replaced by two spaces; borrowed when it has none.
fn escapes_as_spaces(text: &str) -> Cow<'_, str> {
    let bytes = text.as_bytes();
    let escape =
        |at: usize| bytes[at] == b'\\' && matches!(bytes.get(at + 1), Some(b'n' | b'r' | b't'));
    if !(0..bytes.len()).any(escape) {
        return Cow::Borrowed(text);
    }
    let mut scanned = bytes.to_vec();
    let mut at = 0;
    while at < bytes.len() {
        if escape(at) {
            scanned[at] = b' ';
            scanned[at + 1] = b' ';
            at += 2;
        } else {
            at += 1;
        }
    }
    // Only ASCII bytes were replaced by ASCII spaces: still UTF-8.
    Cow::Owned(String::from_utf8(scanned).unwrap_or_else(|_| text.to_owned()))
}

impl Default for Redactor {
    /// [`Redactor::standard`].
    fn default() -> Self {
        Self::standard()
    }
}

impl fmt::Debug for Redactor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.inner {
            None => f.write_str("Redactor(disabled)"),
            Some(inner) => f
                .debug_struct("Redactor")
                .field("builtin_shapes", &inner.builtin)
                .field("added_keys", &inner.keys.added())
                .field("allowed_keys", &inner.keys.allowed)
                .field("added_shapes", &inner.added.rules.len())
                .finish(),
        }
    }
}

/// Builds a [`Redactor`] from the built-in names and shapes plus your own.
#[derive(Debug, Clone)]
pub struct RedactorBuilder {
    keys: KeyList,
    builtin: bool,
    shapes: Vec<(String, String)>,
}

impl Default for RedactorBuilder {
    fn default() -> Self {
        Self {
            keys: KeyList::default(),
            builtin: true,
            shapes: Vec::new(),
        }
    }
}

impl RedactorBuilder {
    /// Also hides values under names containing `name` (compared without
    /// case, `_`, `-` or `.`): `key("ssn")` hides `customer_SSN`.
    #[must_use]
    pub fn key(mut self, name: impl AsRef<str>) -> Self {
        self.keys.add([normalise_owned(name.as_ref())]);
        self
    }

    /// Never hides the value under exactly this name (compared without case,
    /// `_`, `-` or `.`), even when a built-in name is inside it: for a field
    /// such as `session_count` that only looks secret.
    #[must_use]
    pub fn allow_key(mut self, name: impl AsRef<str>) -> Self {
        self.keys.allowed.push(normalise_owned(name.as_ref()));
        self
    }

    /// Also hides text matching `pattern` (Rust `regex` syntax, ASCII
    /// classes); when the pattern has capture groups, only the first one that
    /// matched is hidden, so context can anchor the secret without being
    /// hidden itself. `id` names the shape in errors.
    #[must_use]
    pub fn shape(mut self, id: impl Into<String>, pattern: impl Into<String>) -> Self {
        self.shapes.push((id.into(), pattern.into()));
        self
    }

    /// Leaves out the built-in shapes (names still apply): for a caller with
    /// its own complete rule set.
    #[must_use]
    pub fn without_builtin_shapes(mut self) -> Self {
        self.builtin = false;
        self
    }

    /// The redactor.
    ///
    /// # Errors
    ///
    /// [`RedactError::Shape`] when an added pattern does not compile.
    pub fn build(self) -> Result<Redactor, RedactError> {
        let mut rules = Vec::with_capacity(self.shapes.len());
        for (id, pattern) in self.shapes {
            let rule = Rule::new(id.clone(), "user".to_owned(), pattern, Vec::new());
            if let Err(reason) = rule.compile() {
                return Err(RedactError::Shape {
                    id,
                    reason: reason.to_owned(),
                });
            }
            rules.push(rule);
        }
        Ok(Redactor {
            inner: Some(Arc::new(Inner {
                keys: self.keys,
                builtin: self.builtin,
                added: Arc::new(ShapeSet::new(rules)),
            })),
        })
    }
}

/// Why a [`Redactor`] could not be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RedactError {
    /// An added shape is not a valid pattern.
    #[error(
        "the secret shape `{id}` does not compile: {reason}; fix its pattern (Rust regex syntax)"
    )]
    Shape {
        /// The shape's id.
        id: String,
        /// The compiler's message.
        reason: String,
    },
}
