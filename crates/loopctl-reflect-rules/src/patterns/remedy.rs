//! Advice to change something first ("Add an item to cart and try again"): the retry it advises is of another call, so the same call would fail the same way.
//!
//! "Try again" advises a retry, but when the words before it tell the
//! caller to do something first (add, set, select, sign in), the system
//! is asking for a different call or a person. Over the labelled files,
//! texts whose "and try again" follows such a verb (as narrowed below)
//! were lasting in 45 of 45 cases; after "wait", "back off", "slow down"
//! or "cool down" they passed 38 times in 44. "Make sure", "save" (your
//! work, a precaution), "update" (the page, a reload), "refresh" and
//! "reload" lean neither way, so they are not in the list. "Check" and
//! "verify" joined in the ninety-eighth round, unless what they ask to
//! look at is the connection ("verify your internet connection and try
//! again" is most often a blip, eleven times in fifteen): asked of
//! anything else (credentials, input, a number, settings, the details
//! entered), the retry lasted 39 times in 40 over the labelled files,
//! `final87` counted.
//! Nor is it when they ask to look at the other side's state ("check the
//! server status", "verify the service is running"), to "check back", or
//! at nothing named. "Deselect" and "discharge" joined with them, each
//! from a text of `final86`; "close" did not, since "close the dialog and
//! try again" mostly follows a failed load (the review). "Disengage"
//! joined in the hundred-and-first round (INDI's "Disengage tracking then
//! try again").
//! "Increase" joined later (the sixty-third round): a larger heap, a
//! longer token lifetime or a higher memory quota asked for before the
//! retry lasted in all three labelled texts that say it. "Reduce" and
//! "decrease" joined in the sixty-sixth round: with a time after the
//! advice set aside ("reduce the rate of requests and try again after 1
//! seconds"), every labelled text that asks to make something smaller
//! before the retry lasted, ten of ten (a payload, a message over its
//! token limit, `max_tokens`, a number of edits or tenants, the data asked
//! for); a clause that lowers a request rate, a frequency or a
//! concurrency names a wait.
//! Nor is a change asked for when the verb is followed by "again", "over"
//! or "the same" ("start over and try again" redoes the same call), when
//! the clause names a wait ("add a short delay between requests"), or when
//! the advice names a time ("save your work and try again later", "... when
//! the system is online"). A strong literal that advises a retry keeps its
//! advice whatever precedes it, and the caller lets the change decide only
//! where nothing else in the text names a passing failure.

/// Verbs that ask for a change before the retry, lower-case, sorted.
const VERBS: &[&str] = &[
    "add",
    "adjust",
    "change",
    "check",
    "choose",
    "configure",
    "contact",
    "correct",
    "create",
    "decrease",
    "delete",
    "deselect",
    "disable",
    "discharge",
    "disengage",
    "edit",
    "enable",
    "enter",
    "fix",
    "increase",
    "insert",
    "install",
    "log",
    "login",
    "modify",
    "obtain",
    "provide",
    "re-authenticate",
    "reauthenticate",
    "reduce",
    "reformat",
    "remove",
    "rename",
    "resend",
    "resync",
    "run",
    "select",
    "set",
    "sign",
    "specify",
    "start",
    "sync",
    "top",
    "unlock",
    "upgrade",
    "use",
    "verify",
];

/// Verbs that ask the caller to look at something, which is a change only
/// when the something is not the connection or the other side's state.
const LOOKS: &[&str] = &["check", "verify"];

/// Words of the connection and of the other side's state, which a retry
/// may find restored ("check the server status", "verify the service is
/// running", "check your WiFi"; the review's counter-texts).
const CONNECTION: &[&str] = &[
    "connection",
    "network",
    "internet",
    "connectivity",
    "online",
    "offline",
    "connected",
    "wifi",
    "wi-fi",
    "vpn",
    "mobile data",
    "reachable",
    "status",
    "running",
    "is up",
];

/// How far back the clause before the advice is read, in bytes: a sentence
/// is shorter, and a huge text costs no more than this.
const REACH: usize = 240;

/// Words after the verb that redo the same call ("start over", "run it
/// again", "use the same request").
const REDONE: &[&str] = &["again", "over", "the same", "it again"];

/// Words of a wait, which a clause may name with any verb ("add a short
/// delay between requests", "increase the polling interval", "increase
/// the number of retries", "reduce your request rate", "decrease the
/// number of concurrent requests"): the same call, more slowly, less often
/// at once, or more often.
const WAITS: &[&str] = &[
    "delay",
    "wait",
    "pause",
    "backoff",
    "back off",
    "back-off",
    "interval",
    "sleep",
    "retries",
    "retry count",
    "max_retries",
    "request rate",
    "rate of requests",
    "number of requests",
    "simultaneous",
    "frequency",
    "concurren",
    "parallel",
];

/// Words after the advice that name a time ("try again later", "in 5
/// seconds", "when the system is online").
const TIMED: &[&str] = &["later", "in ", "after", "when", "once", "shortly", "soon"];

/// Whether the advice to retry found at `at..end` of `text` follows a verb
/// asking for a change ("Set the address and try again", "If you added a
/// block, please sign in and try again").
pub(super) fn asks_for_a_change(text: &str, at: usize, end: usize) -> bool {
    let (Some(before), Some(after)) = (text.get(..at), text.get(end..)) else {
        return false;
    };
    if starts_with_any(after.trim_start(), TIMED) {
        return false;
    }
    let Some(clause) = joined_clause(before) else {
        return false;
    };
    let words = after_please(clause).trim_start();
    let verb = first_word(words);
    // Compared lower-cased byte by byte, so reading a verb allocates nothing.
    let listed = VERBS.binary_search_by(|listed| {
        listed
            .bytes()
            .cmp(verb.bytes().map(|byte| byte.to_ascii_lowercase()))
    });
    if listed.is_err() {
        return false;
    }
    let rest = words.get(verb.len()..).unwrap_or_default().trim_start();
    // "Check back and try again" and a bare "check and try again" name
    // nothing to change either.
    let looks_at_the_connection = LOOKS.iter().any(|look| look.eq_ignore_ascii_case(verb))
        && (contains_any(rest, CONNECTION) || rest.is_empty() || starts_with_any(rest, &["back"]));
    !starts_with_any(rest, REDONE) && !contains_any(words, WAITS) && !looks_at_the_connection
}

/// Whether `words` begins with one of `prefixes`, ignoring ASCII case.
fn starts_with_any(words: &str, prefixes: &[&str]) -> bool {
    prefixes.iter().any(|prefix| {
        words
            .as_bytes()
            .get(..prefix.len())
            .is_some_and(|head| head.eq_ignore_ascii_case(prefix.as_bytes()))
    })
}

/// Whether `words` holds one of `needles`, ignoring ASCII case.
fn contains_any(words: &str, needles: &[&str]) -> bool {
    crate::text::contains_any_ignore_case(words.as_bytes(), needles)
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
    Some(window[clause_start(window.as_bytes())..].trim_start())
}

/// Where the clause that ends `window` begins: after the last sentence
/// mark, colon, bracket or quote. A quoted name inside the clause ("Run
/// 'scoop install git'", "from the \"Project > Export\" dialog") is part
/// of it, so a closing quote is read past to its opening one; an
/// apostrophe inside a word ("doesn't") is no quote at all.
fn clause_start(window: &[u8]) -> usize {
    let mut at = window.len();
    while at > 0 {
        at -= 1;
        match window[at] {
            b'.' | b'!' | b'?' | b':' | b';' | b'\n' | b'(' | b'>' => return at + 1,
            quote @ (b'"' | b'\'') if !within_word(window, at) => {
                let opening = window[..at]
                    .iter()
                    .rposition(|&byte| byte == quote)
                    .filter(|&open| !within_word(window, open));
                match opening {
                    Some(open) => at = open,
                    None => return at + 1,
                }
            }
            _ => {}
        }
    }
    0
}

/// Whether the byte at `at` sits between two letters, as an apostrophe does.
fn within_word(bytes: &[u8], at: usize) -> bool {
    let letter = |i: Option<usize>| {
        i.and_then(|i| bytes.get(i))
            .is_some_and(u8::is_ascii_alphabetic)
    };
    letter(at.checked_sub(1)) && letter(at.checked_add(1))
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

/// The first word of `words` (letters and hyphens), as written; `words` starts with it.
fn first_word(words: &str) -> &str {
    let end = words
        .bytes()
        .position(|byte| !(byte.is_ascii_alphabetic() || byte == b'-'))
        .unwrap_or(words.len());
    &words[..end]
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
        asks_for_a_change(text, at, at + "try again".len())
    }

    #[test]
    fn a_change_asked_before_the_retry_is_read() {
        for text in [
            // Adobe Commerce's GraphQL cart and customer mutations.
            "The shipping address is missing. Set the address and try again.",
            "The shipping method can't be set for an empty cart. Add an item to cart and try again.",
            // Amazon Bedrock's Converse validation.
            "ValidationException: The text field in the ContentBlock object at messages.1.content.0 is blank. Add text to the text field, and try again.",
            "Please sign in and then try again.",
            // A quoted command or name inside the clause: snapd, Scoop and
            // Godot.
            "You need to be logged in to purchase software. Please run 'snap login' and try again.",
            "Git is required for buckets. Run 'scoop install git' and try again.",
            // PackageKit's media change: someone has to insert the disc.
            "Media change: please insert the disc labeled 'Fedora 40' in the drive '/dev/sr0' and try again.",
            // An apostrophe inside a word is no quote (constructed).
            "Please add the entry that isn't there and try again.",
            "ERROR: This project doesn't have an `export_presets.cfg` file at its root.\nCreate an export preset from the \"Project > Export\" dialog and try again.",
            // Infisical's agent and Mirth Connect's message browser.
            "Please increase access token ttl and try again",
            "Increase your heap size and try again.",
            // The ninety-eighth round: MAAS, pretix's and Attendize's
            // forms, Moonlight, OJS and Bahmni.
            "Incorrect K_g key.  Check BMC configuration and try again.",
            "Database connection failed. Please check the details you have entered and try again.",
            "Unable to initialize video decoder. Please check your streaming settings and try again.",
            "The coupon code isn't valid. Verify the code and try again.",
            "Unpublished items cannot be exported/deposited. Please deselect unpublished items and try again.",
            "Admitted patient's visit cannot be closed. Discharge the patient and try again",
            // The hundred-and-first round: INDI's telescope driver.
            "Cannot reverse tracking while tracking is engaged. Disengage tracking then try again.",
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
            "Settlement is pending and try again.",
            // A precaution, a reload, a connection to check (the second
            // reader's counter-texts, from public apps).
            "The system API is unavailable. Save your work and try again when the system is online.",
            "Failed! Please update the page and try again.",
            "Please save your work and try again.",
            "Server is not reachable. Please verify your internet connection and try again",
            "Could not reach host gem.repo4. Check your network connection and try again.",
            "Please check your internet connection and try again.",
            "Could not resolve endpoints. Please check network and try again.",
            "Check that you are online and try again.",
            // The review: the other side's state, a bare check, coming back.
            "Connection Failed. Please check the server status and try again.",
            "Central API is unreachable. Please verify the service is running and try again.",
            "No internet connection. Check your WiFi and try again.",
            "Printing failed. Check whether the printer is offline and try again.",
            "Please check back later and try again.",
            "Something went wrong. Please check and try again.",
            "The request could not be loaded. Close the dialog and try again.",
            // The same call again, a wait named with another verb, a time.
            "An unexpected error occurred during the import process. Please start over and try again.",
            "Please run it again and try again.",
            "Use the same request and try again.",
            "Add a short delay between requests and try again.",
            "Please sign in and try again later.",
            "Please select a file and try again in 5 seconds.",
            // More slowly or more often: OAuth's slow_down advice and a
            // client's retry settings (the sixty-third round's review).
            "Please increase the polling interval and try again",
            "Increase the number of retries and try again.",
            "Increase the sleep time between requests and try again.",
        ] {
            assert!(!asks(text), "{text}");
        }
    }

    #[test]
    fn odd_input_is_safe() {
        for (text, at, end) in [
            ("", 0, 0),
            ("and try again", 4, 13),
            ("é and try again", 6, 15),
            ("add", 99, 102),
            ("add and try again", 1, 17),
            ("add and try again", 17, 4),
        ] {
            let _ = asks_for_a_change(text, at, end);
        }
        let long = format!("{} and try again", "x".repeat(10_000));
        assert!(!asks_for_a_change(&long, long.len() - 9, long.len()));
    }
}
