//! The tables' own checks: every literal lower-case and listed once, the order of the categories and tiers, the retry hint noted, and no literal hiding a stronger one inside it or a leaning word hiding any.

use super::*;

#[test]
fn every_pattern_is_lower_case_unique_and_the_automaton_builds() {
    let mut seen = std::collections::HashSet::new();
    for (pattern, _, _) in table() {
        assert_eq!(*pattern, pattern.to_ascii_lowercase());
        assert!(seen.insert(*pattern), "`{pattern}` is listed twice");
    }
    assert_eq!(
        automaton().map(AhoCorasick::patterns_len),
        Some(first_marker() + markers().count() + faint::UNLEANING.len())
    );
}

#[test]
fn credentials_win_over_everything() {
    let found = categories("401 Unauthorized: please try again with a valid token");
    assert_eq!(strongest(found), Some(Category::Auth));
    let found = categories("permission denied; the server is overloaded, try again");
    assert_eq!(strongest(found), Some(Category::Auth));
}

#[test]
fn strong_patterns_outrank_weak_ones() {
    // A rate limit that arrives as a 403 is a rate limit.
    let found = categories("403 {\"message\": \"API rate limit exceeded for 1.2.3.4\"}");
    assert_eq!(strongest(found), Some(Category::Transient));
    // An argument named timeout is an input error.
    let found = categories("ValueError: Invalid timeout (5, 10, 15)");
    assert_eq!(strongest(found), Some(Category::Input));
}

#[test]
fn a_word_of_a_day_is_noted_alone_or_inside_a_literal() {
    assert!(categories("Daily API request limit exceeded").period);
    assert!(categories("try again tomorrow").period);
    assert!(categories("300 per day").period);
    assert!(categories("Daily limit exceeded").period);
    assert!(!categories("503 Service Unavailable; please try again").period);
}

#[test]
fn a_possible_retry_hint_is_noted() {
    assert!(categories("HTTP 429; Retry-After: 30").hint);
    assert!(categories("Please try again in 20s").hint);
    assert!(categories("rate limited, retry quota exceeded").hint);
    assert!(!categories("HTTP 503 Service Unavailable").hint);
}

#[test]
fn longer_phrases_hide_the_shorter_ones_inside_them() {
    let found = categories("failed to get rate limit token, retry quota exceeded");
    assert_eq!(strongest(found), Some(Category::Transient));
    assert_eq!(
        strongest(categories("quota exceeded")),
        Some(Category::Quota)
    );
}

#[test]
fn no_pattern_hides_a_stronger_one_inside_it() {
    // Matching is leftmost-longest, so a longer literal that contains a
    // stronger one hides it wherever both match: a weak "filenotfounderror"
    // would hide the strong "enotfound" inside it. A longer literal may hide a
    // shorter one of its own tier or a weaker one; that is how "retry
    // quota exceeded" overrules "quota exceeded".
    let rank = |tier: Tier| match tier {
        Tier::Strong => 2,
        Tier::Weak => 1,
        Tier::Faint => 0,
    };
    // Hidden on purpose: the longer literal was made weak because the
    // calibration found it wrong too often (`calibrated.rs`), or names a
    // case of the shorter one that is doubtful, or is a bare status code
    // by another name (google-api-core's `exceptions.Forbidden`), or is a
    // header sent on every answer (`x-ratelimit-remaining`), or is a
    // passing failure worded as the refusal it contains (an exchange's
    // "nonce must be greater than", raced by another request), or names a
    // limit of an hour or a user's allowance as the rate limit it is
    // (WP-CLI's anonymous GitHub calls, USGS' download allowance), or is a
    // wait worded as what it limits (Bee's one on-chain operation at a time),
    // or is a server's channel closed under a client, which the client
    // reopens (OPC UA's secure channel), inside a client's own closed pool,
    // or is one system's exact sentence whose word means something else
    // there (ModemManager's "forbidden" for a connect already running,
    // libreswan's address pool, a mail server's "temporary authentication
    // failure" from a back end that did not answer).
    const DELIBERATE: [&str; 25] = [
        "no such host is known",
        "x-ratelimit-",
        "ratelimit-limit",
        "ratelimit-remaining",
        "ratelimit-reset",
        "ratelimit-policy",
        "exceptions.forbidden",
        "invalidparametervalue",
        "apiconnectionerror",
        "rate_limit_error",
        "14 unavailable:",
        "kernel died before replying to kernel_info",
        "target page, context or browser has been closed",
        "403 forbidden (rate limit exceeded)",
        "nonce must be greater than",
        "this is due to github api rate limiting",
        "rate_limit_user_dl",
        "simultaneous on-chain operations not supported",
        "the secure channel has been closed",
        "connection request forbidden: operation already in progress",
        "address pool exhausted",
        "code = invalidargument",
        "temporary authentication failure",
        // a temporary K-line names minutes, not a refusal (the 88th round)
        "*** banned: temporary k-line",
        // a login limit that says to try later: unsure, since Zoraxy's
        // lasts a minute and Karakeep's a quarter of an hour (the 96th
        // round's review)
        "too many login attempts. please try again later",
    ];
    let mut hidden = Vec::new();
    for (outer, _, outer_tier) in table() {
        for (inner, _, inner_tier) in table() {
            if outer != inner
                && outer.contains(inner)
                && rank(*inner_tier) > rank(*outer_tier)
                && !DELIBERATE.contains(outer)
            {
                hidden.push(format!("`{outer}` hides `{inner}`"));
            }
        }
    }
    assert!(hidden.is_empty(), "{}", hidden.join("\n"));
}

#[test]
fn no_leaning_word_hides_a_literal_that_starts_inside_it() {
    // The words that lean lasting decide last, but the one pass still
    // takes the leftmost match: "blocked" would hide "locked out" in
    // "blocked out", and "is not a" would hide "not authorized". So no
    // such word may have a literal start inside it, be a longer form of
    // one, or end with a word (or the end of one, three letters or more,
    // as "locked" ends "blocked") that begins one.
    let mut hidden = Vec::new();
    // The phrases that keep them from deciding are matched in the same
    // pass, and must hide nothing either.
    let leaning = faint::LEANING.iter().map(|(word, _, _)| *word);
    for word in leaning.chain(faint::UNLEANING.iter().copied()) {
        for (literal, category, tier) in table() {
            // A phrase that keeps the leaning words from deciding may
            // hide one: it silences them all.
            let silenced = faint::UNLEANING.contains(&word)
                && faint::LEANING.contains(&(literal, *category, *tier));
            if *literal == word || silenced {
                continue;
            }
            let inside = (1..word.len()).any(|at| word[at..].starts_with(literal));
            let shortened = word.starts_with(literal);
            let overlapping = (1..word.len()).any(|at| {
                let tail = &word[at..];
                let starts_a_word = !word.as_bytes()[at - 1].is_ascii_alphanumeric();
                // An underscore joins an identifier: "found" would hide
                // undici's `UND_ERR_SOCKET` only in "found_err_socket",
                // which no system writes.
                let is_a_word_of_it = tail.len() >= 3
                    && literal
                        .as_bytes()
                        .get(tail.len())
                        .is_some_and(|next| !next.is_ascii_alphanumeric() && *next != b'_');
                literal.len() > tail.len()
                    && literal.starts_with(tail)
                    && (starts_a_word || is_a_word_of_it)
            });
            if inside || shortened || overlapping {
                hidden.push(format!("`{word}` hides `{literal}`"));
            }
        }
    }
    assert!(hidden.is_empty(), "{}", hidden.join("\n"));
}

#[test]
fn the_one_pass_notes_a_request_as_it_notes_a_period() {
    assert!(request_marker().is_some());
    assert!(categories("TPM: Limit 7000, Used 0, REQUESTED ~12903").requests);
    // Inside a literal of the tables too.
    assert!(categories("You exceeded your quota for the requested resource").requests);
    assert!(!categories("Rate limit reached, please try again in 20s").requests);
    assert!(!categories("Daily limit exceeded").requests);
    assert!(categories("Daily limit exceeded").period);
}

#[test]
fn every_description_is_a_weak_passing_literal_of_the_tables() {
    for (literal, category, tier) in described::PATTERNS {
        assert!(
            category.passes() && *tier == Tier::Weak,
            "`{literal}` is not a weak passing literal"
        );
        assert!(
            table().iter().any(|(pattern, _, _)| pattern == literal),
            "`{literal}` is not in the tables"
        );
    }
}
