//! Credential failures spelt to slip past ASCII matching (look-alike letters, fullwidth forms, a dotted capital I, no-break and zero-width spaces) are still credential failures, however much "try again" they carry.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::verdict;

#[test]
fn look_alike_spellings_of_a_refusal_are_refusals() {
    for text in [
        // A Cyrillic а and с.
        "Un\u{430}uthorized: please try again",
        "Invalid \u{441}redentials, please try again later",
        // Fullwidth letters.
        "\u{ff35}\u{ff2e}\u{ff21}\u{ff35}\u{ff34}\u{ff28}\u{ff2f}\u{ff32}\u{ff29}\u{ff3a}\u{ff25}\u{ff24}. Please try again.",
        // Turkish dotted capitals.
        "AUTHENT\u{130}CAT\u{130}ON FAILED, please try again",
        // A no-break space and a zero-width space inside the phrase.
        "Permission\u{a0}denied; the server is busy, try again",
        "Unauthor\u{200b}ized. Please try again.",
        "Invalid API\u{a0}key provided. Please try again.",
    ] {
        let (recoverable, confidence) = verdict(text);
        assert!(!recoverable, "{text:?}");
        assert_ne!(confidence, Confidence::Unmatched, "{text:?}");
    }
}

#[test]
fn text_in_other_scripts_is_read_as_before() {
    // Folding touches only what stands for ASCII: a Chinese prefix stays,
    // and the 503 beside it is still read.
    assert!(verdict("请求错误: HTTP 503 Service Unavailable, please try again later").0);
}

#[test]
fn a_wait_spelt_with_a_no_break_space_is_read_as_a_wait() {
    // Every reader sees the folded text, the retry hints included: a day is
    // too long to wait, however the space before "hours" is written.
    for text in [
        "Too many requests. Please try again in 24\u{a0}hours.",
        "HTTP 429 Too Many Requests; Retry-After:\u{a0}86400",
    ] {
        assert!(!verdict(text).0, "{text:?}");
    }
}
