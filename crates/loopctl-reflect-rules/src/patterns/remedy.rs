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
    // The review: "Check that the app is responding and try again".
    "responding",
    "health",
    "alive",
    "started",
];

/// How far back the clause before the advice is read, in bytes: a sentence
/// is shorter, and a huge text costs no more than this.
const REACH: usize = 240;

/// Words after the verb that redo the same call ("start over", "use the
/// same request"); "again" anywhere after it is read by [`redoes_it`].
const REDONE: &[&str] = &["over", "the same"];

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
    let words = after_lead_in(after_please(clause).trim_start());
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
    !starts_with_any(rest, REDONE)
        && !redoes_it(rest)
        && !contains_any(words, WAITS)
        && !looks_at_the_connection
}

/// Whether the clause after the verb says "again" as a word anywhere
/// ("start the import again and try again"): the same call, redone (the
/// review). "Against" is no "again".
fn redoes_it(rest: &str) -> bool {
    rest.split(|c: char| !c.is_ascii_alphabetic())
        .any(|word| word.eq_ignore_ascii_case("again"))
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

/// Who is asked, and how, before the verb ("you can", "you may need to"),
/// longest first, lower-case, each with its trailing space.
const LEAD_INS: &[&str] = &[
    "you might need to ",
    "you will need to ",
    "you may need to ",
    "you'll need to ",
    "you have to ",
    "you need to ",
    "you should ",
    "you could ",
    "you might ",
    "you must ",
    "you can ",
    "you may ",
];

/// `words` without a leading [`LEAD_INS`] phrase: "You can change the
/// vault to be read-only and try again" asks for the change as plainly as
/// "Change the vault ..." does (Cryptomator, `final100`).
fn after_lead_in(words: &str) -> &str {
    LEAD_INS
        .iter()
        .find(|lead| starts_with_any(words, &[lead]))
        .and_then(|lead| words.get(lead.len()..))
        .map_or(words, str::trim_start)
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
mod tests;
