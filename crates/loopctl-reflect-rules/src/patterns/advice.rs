//! Retry advice: the phrases in which a system tells its caller to try again, which is what lets a verdict that a failure will pass be strong.
//!
//! On the files measured once before any rule was written for them,
//! strong verdicts that a failure will *last* were right 98.5 % of the time
//! (196 of 199), and strong verdicts that it will *pass* only 88 % (113 of
//! 128). A refused connection, a failed name lookup, a 503 or `EMFILE` names
//! the failure exactly but not whether it passes: that depends on the world
//! (a machine with no network, a cluster never set up, a host blocked until
//! someone unblocks it), which the text does not say. So a passing verdict
//! is strong only when the system itself says it will pass: it names a wait
//! (read by the hints module) or advises a retry in words ("please try
//! again", "retry your transaction", "try restarting transaction").
//!
//! A table literal advises a retry when its category is a passing one and
//! it contains one of these phrases, so MinIO's strong "server not
//! initialized, please try again" advises as well as the bare "try again".
//! Negations ("not retryable", "do not retry", "isRetryable: false",
//! "there is no need to try again") and "try again with a smaller value"
//! are lasting categories and never advise; they hide the phrase inside
//! them. "Retry in 5s" and "please wait 8 hours" name a wait, which the
//! hints read; without a number they are no advice ("retry in progress",
//! "please wait for an administrator").

use super::Pattern;

/// Phrases that advise a retry of the same call.
pub(super) const PHRASES: &[&str] = &[
    "try again",
    "please retry",
    "retry later",
    "retry your",
    "retryable",
    "retriable",
    "try your request again",
    "try resubmitting",
    "try operation later",
    "retrying may solve",
    "retry request",
    "retry the ",
    "retry this",
    "try later",
    "again later",
    "try restarting",
    "try running it again",
    "rerun the transaction",
    "come back later",
    "wait a bit and retry",
    "wait and retry",
    "a simple retry",
    "请稍后重试",
    "请稍后尝试",
];

/// Whether `pattern` advises a retry.
pub(super) fn advises((literal, category, _): &Pattern) -> bool {
    category.passes() && PHRASES.iter().any(|phrase| literal.contains(phrase))
}

#[cfg(test)]
mod tests {
    use super::super::{categories, table};
    use super::*;

    #[test]
    fn every_phrase_is_a_literal_the_automaton_finds() {
        for phrase in PHRASES {
            let seen = table()
                .iter()
                .any(|pattern| pattern.0.contains(phrase) && advises(pattern));
            assert!(seen, "no passing literal holds `{phrase}`");
        }
    }

    #[test]
    fn advice_in_words_is_noted_and_its_negation_is_not() {
        for advised in [
            "Transaction failed due to a write conflict or a deadlock. Please retry your transaction",
            "Lock wait timeout exceeded; try restarting transaction",
            "Server not initialized, please try again.",
            "The service is temporarily unavailable. Please try again later.",
        ] {
            assert!(categories(advised).advised, "{advised}");
        }
        for not_advised in [
            "connect ECONNREFUSED 127.0.0.1:5432",
            "ssh: Could not resolve hostname github.com: Temporary failure in name resolution",
            "NonRetryableError: the job is not retryable",
            "Do not retry this request",
            "Value too large, try again with a smaller value",
            "401 Unauthorized: please try again with a valid token",
        ] {
            assert!(!categories(not_advised).advised, "{not_advised}");
        }
    }
}
