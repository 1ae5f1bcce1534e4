//! What the table tests ask of the rules: a text's verdict as (recoverable, confidence), checked for a list of texts at once.

use loopctl_reflect_rules::{Confidence, RuleReflector};
use serde_json::json;

/// (recoverable, confidence) of the rules' verdict on `error`.
pub(crate) fn verdict(error: &str) -> (bool, Confidence) {
    let judged = RuleReflector::new().judge(error, "tool", &json!({}), None);
    let recoverable = judged
        .result
        .as_ref()
        .is_ok_and(|analysis| analysis.is_recoverable);
    (recoverable, judged.confidence)
}

/// Every one of `texts` is called recoverable. Whether surely depends on
/// whether the text itself says when or that to retry, which the `advice`
/// tests check; these lists test the category.
pub(crate) fn assert_passing(texts: &[&str]) {
    for text in texts {
        assert!(verdict(text).0, "{text}");
    }
}

/// Every one of `texts` is called not recoverable, surely or not.
pub(crate) fn assert_lasting(texts: &[&str]) {
    for text in texts {
        assert!(!verdict(text).0, "{text}");
    }
}

/// Every one of `texts` gets the `expected` verdict.
pub(crate) fn assert_all(expected: (bool, Confidence), texts: &[&str]) {
    for text in texts {
        assert_eq!(verdict(text), expected, "{text}");
    }
}

/// None of `texts` is called recoverable on weak words alone: what a
/// review took out or narrowed stays out, whatever else now decides.
pub(crate) fn assert_not_passing_unsure(texts: &[&str]) {
    for text in texts {
        assert_ne!(verdict(text), (true, Confidence::Weak), "{text}");
    }
}

/// None of `texts` is called lasting surely: the shorter words a review
/// narrowed away no longer decide on their own.
pub(crate) fn assert_not_lasting_surely(texts: &[&str]) {
    for text in texts {
        assert_ne!(verdict(text), (false, Confidence::Strong), "{text}");
    }
}

/// Each of `refusals` after each of `words`, as "{word}; {refusal}": the
/// texts in which a passing word must not turn a refusal into a blip.
pub(crate) fn beside<'a>(
    words: &'a [&str],
    refusals: &'a [&str],
) -> impl Iterator<Item = String> + 'a {
    words.iter().flat_map(move |word| {
        refusals
            .iter()
            .map(move |refusal| format!("{word}; {refusal}"))
    })
}

/// The refusals a round's new passing words are put beside: a bad key, a
/// bare 401 and a locked account.
const REFUSALS: &[&str] = &["invalid api key", "401 Unauthorized", "account locked"];

/// Each of `words` beside each of [`REFUSALS`] is still refused, surely:
/// a passing word never turns a refusal into a blip.
pub(crate) fn assert_refused_beside(words: &[&str]) {
    assert_refused_beside_each(words, REFUSALS);
}

/// Each of `refusals` after each of `words` is still refused, surely: the
/// refusals of a round's own systems beside its passing words.
pub(crate) fn assert_refused_beside_each(words: &[&str], refusals: &[&str]) {
    for text in beside(words, refusals) {
        assert_eq!(verdict(&text), (false, Confidence::Strong), "{text}");
    }
}

/// Each of `refusals`, refused surely, and still refused surely beside the
/// weak passing word "failed to connect": a refusal named outright is not
/// made unsure by a generic passing word, as a bare credential word is.
pub(crate) fn assert_refused_surely(refusals: &[&str]) {
    assert_all((false, Confidence::Strong), refusals);
    for refusal in refusals {
        let text = format!("{refusal}; failed to connect");
        assert_eq!(verdict(&text), (false, Confidence::Strong), "{text}");
    }
}

/// Each of `texts`, which only words leaning lasting read, yields to
/// anything else the text says: a passing word of any tier (the faintest
/// too) and any status code decide instead, and a generic credential word
/// decides as it does alone.
pub(crate) fn assert_leaning_yields(texts: &[&str]) {
    for text in texts {
        for passing in ["please try again later", "the primary is failing over"] {
            let text = format!("{text}; {passing}");
            assert_all((true, Confidence::Weak), &[&text]);
        }
        // A 500 is as often lasting as not, and decides.
        let with_status = format!("HTTP 500 Internal Server Error: {text}");
        assert_all((true, Confidence::Weak), &[&with_status]);
        let with_credentials = format!("{text}; check your credentials");
        assert_eq!(
            verdict(&with_credentials),
            verdict("check your credentials"),
            "{with_credentials}"
        );
    }
}
