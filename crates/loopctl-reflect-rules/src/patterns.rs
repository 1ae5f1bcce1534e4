//! The built-in error patterns, compiled once into one case-insensitive automaton.

use std::sync::OnceLock;

use aho_corasick::AhoCorasick;

use crate::http_status;

/// What kind of failure a pattern points at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum Category {
    /// Credentials or permissions: never worth retrying.
    Auth,
    /// A spending or usage quota is used up.
    Quota,
    /// The model called a tool that does not exist.
    UnknownTool,
    /// The input does not fit the tool.
    Input,
    /// The thing asked for does not exist.
    NotFound,
    /// The request is too big.
    TooLarge,
    /// The server failed (5xx).
    ServerError,
    /// A blip: time-outs, resets, rate limits, locks.
    Transient,
    /// Not a failure kind: the text may hold a retry hint worth parsing.
    RetryHint,
}

impl Category {
    pub(crate) const COUNT: usize = 8;

    /// Whether `found` says a retry hint may be present.
    pub(crate) const fn may_hold_hint(found: u16) -> bool {
        found & Category::RetryHint.bit() != 0
    }

    pub(crate) const fn bit(self) -> u16 {
        1 << self as u16
    }

    /// Highest priority first: a credential error that says "try again" is
    /// still a credential error.
    pub(crate) const PRIORITY: [Category; Category::COUNT] = [
        Category::Auth,
        Category::Quota,
        Category::UnknownTool,
        Category::Input,
        Category::NotFound,
        Category::TooLarge,
        Category::ServerError,
        Category::Transient,
    ];
}

const PATTERNS: &[(&str, Category)] = &[
    // Credentials and permissions.
    ("unauthorized", Category::Auth),
    ("unauthenticated", Category::Auth),
    ("forbidden", Category::Auth),
    ("invalid api key", Category::Auth),
    ("invalid_api_key", Category::Auth),
    ("incorrect api key", Category::Auth),
    ("invalid x-api-key", Category::Auth),
    ("api key not valid", Category::Auth),
    ("invalid credentials", Category::Auth),
    ("bad credentials", Category::Auth),
    ("authentication failed", Category::Auth),
    ("authentication_error", Category::Auth),
    ("authenticationerror", Category::Auth),
    ("password is required", Category::Auth),
    ("authentication required", Category::Auth),
    ("invalid token", Category::Auth),
    ("token expired", Category::Auth),
    ("token is expired", Category::Auth),
    ("expiredtoken", Category::Auth),
    (
        "security token included in the request is expired",
        Category::Auth,
    ),
    ("permission denied", Category::Auth),
    ("permission_error", Category::Auth),
    ("permissiondenied", Category::Auth),
    ("eacces", Category::Auth),
    ("eperm", Category::Auth),
    ("operation not permitted", Category::Auth),
    ("access denied", Category::Auth),
    ("accessdenied", Category::Auth),
    ("access is denied", Category::Auth),
    ("not accessible by integration", Category::Auth),
    ("insufficient permissions", Category::Auth),
    ("insufficient privileges", Category::Auth),
    ("not authorized", Category::Auth),
    ("password authentication failed", Category::Auth),
    // Quotas.
    ("exceeded your current quota", Category::Quota),
    ("insufficient_quota", Category::Quota),
    ("quota exceeded", Category::Quota),
    ("quota has been exhausted", Category::Quota),
    ("resource_exhausted", Category::Quota),
    ("resource has been exhausted", Category::Quota),
    ("credit balance is too low", Category::Quota),
    ("billing hard limit", Category::Quota),
    // Unknown tools.
    ("unknown tool", Category::UnknownTool),
    ("tool not found", Category::UnknownTool),
    ("no such tool", Category::UnknownTool),
    ("not a valid tool", Category::UnknownTool),
    ("unknown function", Category::UnknownTool),
    ("function not found", Category::UnknownTool),
    ("no tool named", Category::UnknownTool),
    ("tool is not registered", Category::UnknownTool),
    ("available tools:", Category::UnknownTool),
    ("registered tools:", Category::UnknownTool),
    ("valid tools are", Category::UnknownTool),
    // Input that does not fit.
    ("missing field", Category::Input),
    ("missing required", Category::Input),
    ("is a required property", Category::Input),
    ("field required", Category::Input),
    ("required field", Category::Input),
    ("invalid type:", Category::Input),
    ("unknown field", Category::Input),
    ("unknown variant", Category::Input),
    ("is not of type", Category::Input),
    ("additional properties are not allowed", Category::Input),
    ("is not one of", Category::Input),
    ("validation error", Category::Input),
    ("validationerror", Category::Input),
    ("validation failed", Category::Input),
    ("input should be", Category::Input),
    ("invalid params", Category::Input),
    ("invalid parameter", Category::Input),
    ("invalid argument", Category::Input),
    ("invalid_argument", Category::Input),
    ("invalid input", Category::Input),
    ("invalid value", Category::Input),
    ("expected integer", Category::Input),
    ("expected number", Category::Input),
    ("expected string", Category::Input),
    ("expected boolean", Category::Input),
    ("expected an integer", Category::Input),
    ("expected a string", Category::Input),
    ("expected a number", Category::Input),
    ("must be an integer", Category::Input),
    ("must be a number", Category::Input),
    ("must be a string", Category::Input),
    ("must be of type", Category::Input),
    ("unprocessable", Category::Input),
    ("bad request", Category::Input),
    ("unexpected keyword argument", Category::Input),
    ("required positional argument", Category::Input),
    // Things that are not there.
    ("not found", Category::NotFound),
    ("notfound", Category::NotFound),
    ("not_found", Category::NotFound),
    ("no such ", Category::NotFound),
    ("nosuchkey", Category::NotFound),
    ("nosuchbucket", Category::NotFound),
    ("enoent", Category::NotFound),
    ("does not exist", Category::NotFound),
    ("doesn't exist", Category::NotFound),
    ("could not find", Category::NotFound),
    ("couldn't find", Category::NotFound),
    ("no matching package", Category::NotFound),
    ("did not match any", Category::NotFound),
    ("cannot find the path", Category::NotFound),
    ("command not found", Category::NotFound),
    // Requests that are too big.
    ("payload too large", Category::TooLarge),
    ("request entity too large", Category::TooLarge),
    ("request_too_large", Category::TooLarge),
    ("maximum context length", Category::TooLarge),
    ("context_length_exceeded", Category::TooLarge),
    ("file too large", Category::TooLarge),
    ("entity too large", Category::TooLarge),
    // Servers that failed.
    ("internal server error", Category::ServerError),
    ("bad gateway", Category::ServerError),
    ("service unavailable", Category::ServerError),
    ("serviceunavailable", Category::ServerError),
    ("gateway timeout", Category::ServerError),
    ("gateway time-out", Category::ServerError),
    ("server had an error", Category::ServerError),
    ("internalerror", Category::ServerError),
    ("internalfailure", Category::ServerError),
    ("overloaded", Category::ServerError),
    ("upstream connect error", Category::ServerError),
    // Blips.
    ("timed out", Category::Transient),
    ("timeout", Category::Transient),
    ("time out", Category::Transient),
    ("deadline exceeded", Category::Transient),
    ("deadline_exceeded", Category::Transient),
    ("timedout", Category::Transient),
    ("time-out", Category::Transient),
    ("did not properly respond", Category::Transient),
    ("connection refused", Category::Transient),
    ("econnrefused", Category::Transient),
    ("connection reset", Category::Transient),
    ("econnreset", Category::Transient),
    ("connection aborted", Category::Transient),
    ("econnaborted", Category::Transient),
    ("connection closed", Category::Transient),
    ("connection was closed", Category::Transient),
    ("connection has been closed", Category::Transient),
    ("connection was aborted", Category::Transient),
    ("remote end hung up unexpectedly", Category::Transient),
    ("early eof", Category::Transient),
    ("is starting up", Category::Transient),
    ("could not get lock", Category::Transient),
    ("target is busy", Category::Transient),
    ("unexpected eof", Category::Transient),
    ("broken pipe", Category::Transient),
    ("epipe", Category::Transient),
    ("temporary failure in name resolution", Category::Transient),
    ("eai_again", Category::Transient),
    ("could not resolve host", Category::Transient),
    ("network is unreachable", Category::Transient),
    ("enetunreach", Category::Transient),
    ("no route to host", Category::Transient),
    ("temporarily unavailable", Category::Transient),
    ("temporarily", Category::Transient),
    ("try again", Category::Transient),
    ("retry later", Category::Transient),
    ("eagain", Category::Transient),
    ("rate limit", Category::Transient),
    ("rate_limit", Category::Transient),
    ("ratelimit", Category::Transient),
    ("rate exceeded", Category::Transient),
    ("too many requests", Category::Transient),
    ("too many connections", Category::Transient),
    ("too many clients", Category::Transient),
    ("throttl", Category::Transient),
    ("slow down", Category::Transient),
    ("slowdown", Category::Transient),
    ("reduce your request rate", Category::Transient),
    ("provisionedthroughputexceeded", Category::Transient),
    ("database is locked", Category::Transient),
    ("sqlite_busy", Category::Transient),
    ("lock wait timeout", Category::Transient),
    ("deadlock", Category::Transient),
    ("could not serialize access", Category::Transient),
    ("could not obtain lock", Category::Transient),
    ("waiting for file lock", Category::Transient),
    ("resource busy", Category::Transient),
    ("ebusy", Category::Transient),
    ("text file busy", Category::Transient),
    ("spurious network error", Category::Transient),
    ("api_connection_error", Category::Transient),
    ("server disconnected", Category::Transient),
    ("remote end closed connection", Category::Transient),
    ("unavailable", Category::Transient),
    // Every retry-hint form the backoff crate reads contains "try".
    ("try", Category::RetryHint),
];

/// HTTP status codes, found in the same pass and then confirmed by the words
/// around them (see [`http_status::confirm`]).
const STATUS_CODES: &[(&str, Category)] = &[
    ("400", Category::Input),
    ("401", Category::Auth),
    ("403", Category::Auth),
    ("404", Category::NotFound),
    ("407", Category::Auth),
    ("408", Category::Transient),
    ("410", Category::NotFound),
    ("413", Category::TooLarge),
    ("422", Category::Input),
    ("425", Category::Transient),
    ("429", Category::Transient),
    ("500", Category::ServerError),
    ("502", Category::ServerError),
    ("503", Category::ServerError),
    ("504", Category::ServerError),
    ("529", Category::ServerError),
];

/// The automaton over [`PATTERNS`], built on first use. Building from a
/// constant table of short literals cannot fail in practice; if it ever did,
/// only HTTP status codes would be recognised and the rest skipped.
fn automaton() -> Option<&'static AhoCorasick> {
    static AUTOMATON: OnceLock<Option<AhoCorasick>> = OnceLock::new();
    AUTOMATON
        .get_or_init(|| {
            // A DFA costs memory once (a few hundred KiB) and scans about a
            // byte a cycle, which is what keeps a 1 KB analysis near a microsecond.
            AhoCorasick::builder()
                .ascii_case_insensitive(true)
                .kind(Some(aho_corasick::AhoCorasickKind::DFA))
                .build(
                    PATTERNS
                        .iter()
                        .chain(STATUS_CODES)
                        .map(|(pattern, _)| pattern),
                )
                .ok()
        })
        .as_ref()
}

/// Which categories `text` shows, as a bit set of [`Category::bit`].
pub(crate) fn categories(text: &str) -> u16 {
    let mut found = 0;
    let Some(automaton) = automaton() else {
        return found;
    };
    for hit in automaton.find_overlapping_iter(text) {
        let index = hit.pattern().as_usize();
        match PATTERNS.get(index) {
            Some((_, category)) => found |= category.bit(),
            None => {
                let (_, category) = STATUS_CODES[index - PATTERNS.len()];
                if http_status::confirm(text.as_bytes(), hit.start()) {
                    found |= category.bit();
                }
            }
        }
    }
    found
}

/// The highest-priority category in `found`.
pub(crate) fn strongest(found: u16) -> Option<Category> {
    Category::PRIORITY
        .into_iter()
        .find(|category| found & category.bit() != 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pattern_is_lower_case_and_the_automaton_builds() {
        for (pattern, _) in PATTERNS {
            assert_eq!(*pattern, pattern.to_ascii_lowercase());
        }
        assert_eq!(
            automaton().map(AhoCorasick::patterns_len),
            Some(PATTERNS.len() + STATUS_CODES.len())
        );
    }

    #[test]
    fn priority_picks_auth_over_transient() {
        let found = categories("401 Unauthorized: please try again with a valid token");
        assert_eq!(strongest(found), Some(Category::Auth));
    }
}
