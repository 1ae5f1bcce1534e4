//! Advice to change something first ("Add an item to cart and try again"): the retry it advises is of another call, so the same call would fail the same way.
//!
//! "Try again" advises a retry, but when the words before it tell the
//! caller to do something first (add, set, select, verify, sign in), the
//! system is asking for a different call or a person. Over the labelled
//! files, texts whose "and try again" follows such a verb were lasting in 52
//! of 52 cases; after "wait", "back off", "slow down" or "cool down" they
//! passed 38 times in 44. "Check", "make sure", "reduce", "refresh" and
//! "reload" lean neither way ("Check your connection and try again" is most
//! often a blip), so they are not in the list, and a strong literal that
//! advises a retry keeps its advice whatever precedes it.

/// Verbs that ask for a change before the retry, lower-case, sorted.
const VERBS: &[&str] = &[
    "add",
    "adjust",
    "change",
    "choose",
    "configure",
    "contact",
    "correct",
    "create",
    "delete",
    "disable",
    "edit",
    "enable",
    "enter",
    "fix",
    "install",
    "log",
    "login",
    "modify",
    "obtain",
    "provide",
    "re-authenticate",
    "reauthenticate",
    "reformat",
    "remove",
    "rename",
    "resend",
    "resync",
    "run",
    "save",
    "select",
    "set",
    "sign",
    "specify",
    "start",
    "sync",
    "top",
    "unlock",
    "update",
    "upgrade",
    "use",
    "verify",
];

/// How far back the clause before the advice is read, in bytes: a sentence
/// is shorter, and a huge text costs no more than this.
const REACH: usize = 240;

/// Whether the advice to retry that starts at byte `at` of `text` follows a
/// verb asking for a change ("Set the address and try again", "If you
/// added a block, please save the form and try again").
pub(super) fn asks_for_a_change(text: &str, at: usize) -> bool {
    let Some(before) = text.get(..at) else {
        return false;
    };
    let Some(clause) = joined_clause(before) else {
        return false;
    };
    let verb = first_word(after_please(clause));
    VERBS.binary_search(&verb.as_str()).is_ok()
}

/// The clause joined to the advice by "and" or "then", without them; `None`
/// when the advice stands alone ("Timed out. Try again.").
fn joined_clause(before: &str) -> Option<&str> {
    let trimmed = before.trim_end();
    let bytes = trimmed.as_bytes();
    let joined = ["and", "then"].into_iter().find(|joiner| {
        bytes.len() > joiner.len()
            && bytes[bytes.len() - joiner.len()..].eq_ignore_ascii_case(joiner.as_bytes())
            && !bytes[bytes.len() - joiner.len() - 1].is_ascii_alphanumeric()
    })?;
    let rest = trimmed[..trimmed.len() - joined.len()].trim_end();
    let rest = rest.strip_suffix(',').unwrap_or(rest).trim_end();
    let floor = floor_boundary(rest, rest.len().saturating_sub(REACH));
    let window = &rest[floor..];
    let start = window
        .rfind(['.', '!', '?', ':', ';', '\n', '(', '"', '\'', '>'])
        .map_or(0, |at| at + 1);
    Some(window[start..].trim_start())
}

/// The words after the last "please" of `clause`, or all of it.
fn after_please(clause: &str) -> &str {
    const PLEASE: &[u8] = b"please ";
    let bytes = clause.as_bytes();
    (0..bytes.len().saturating_sub(PLEASE.len() - 1))
        .rev()
        .find(|&at| {
            bytes[at..at + PLEASE.len()].eq_ignore_ascii_case(PLEASE)
                && (at == 0 || !bytes[at - 1].is_ascii_alphanumeric())
        })
        .map_or(clause, |at| &clause[at + PLEASE.len()..])
}

/// The first word of `words`, lower-cased (letters and hyphens).
fn first_word(words: &str) -> String {
    words
        .trim_start()
        .chars()
        .take_while(|c| c.is_ascii_alphabetic() || *c == '-')
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// The nearest char boundary of `text` at or after `at`.
fn floor_boundary(text: &str, mut at: usize) -> usize {
    while at < text.len() && !text.is_char_boundary(at) {
        at += 1;
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_verbs_are_sorted_for_the_search() {
        assert!(VERBS.windows(2).all(|pair| pair[0] < pair[1]));
    }

    fn asks(text: &str) -> bool {
        let at = text.to_ascii_lowercase().rfind("try again").expect(text);
        asks_for_a_change(text, at)
    }

    #[test]
    fn a_change_asked_before_the_retry_is_read() {
        for text in [
            // Adobe Commerce's GraphQL cart and customer mutations.
            "The shipping address is missing. Set the address and try again.",
            "The shipping method can't be set for an empty cart. Add an item to cart and try again.",
            "This account isn't confirmed. Verify and try again.",
            // Amazon Bedrock's Converse validation.
            "ValidationException: The text field in the ContentBlock object at messages.1.content.0 is blank. Add text to the text field, and try again.",
            "If you just added a payment block, please save the form and try again.",
            "Please sign in and then try again.",
        ] {
            assert!(asks(text), "{text}");
        }
    }

    #[test]
    fn waits_checks_and_bare_advice_are_not_a_change() {
        for text in [
            "You've made too many requests, please wait one minute and try again.",
            "Sandbox API rate limit exceeded (429). Please wait and try again.",
            "Network error. Please check your connection and try again.",
            "Maximum rate exceeded. Please reduce the rate of requests and try again after 1 seconds.",
            "Server busy, try again.",
            "Timed out. Try again later.",
            "The upload was interrupted; restart it and try again.",
            // A word that only begins like a verb.
            "Settlement is pending and try again later.",
        ] {
            assert!(!asks(text), "{text}");
        }
    }

    #[test]
    fn odd_input_is_safe() {
        for (text, at) in [
            ("", 0),
            ("and try again", 4),
            ("é and try again", 6),
            ("add", 99),
        ] {
            let _ = asks_for_a_change(text, at);
        }
        let long = format!("{} and try again", "x".repeat(10_000));
        assert!(!asks_for_a_change(&long, long.len() - 9));
    }
}
