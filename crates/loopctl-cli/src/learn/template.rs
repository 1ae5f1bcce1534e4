//! An error text's template: what varies between occurrences of one failure (numbers, ids, paths, quoted values, hosts and URLs) masked, so that occurrences group, and a regex that matches every text of the template.
//!
//! Masking by patterns is what log-template miners such as Drain do first;
//! their tree then merges templates that still differ in a free word. A
//! rule a person must review is better narrow than merged on a guess, so
//! only the masking is done here, with the `regex` crate.

use std::sync::OnceLock;

use regex::Regex;

/// What a mask stands for, in the order they are applied: the widest first,
/// so a URL is one mask rather than a host, a path and numbers.
const MASKS: [(&str, &str); 7] = [
    ("<url>", r"[A-Za-z][A-Za-z0-9+.-]*://[^\s'`\x22)\]}>,]+"),
    // Single quotes only around a value without spaces: an apostrophe pair
    // in prose ("can't … don't") is not a quoted value.
    ("<q>", r#""[^"\n]*"|'[^'\s]{1,200}'|`[^`\n]*`"#),
    (
        "<id>",
        r"\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b|\b0x[0-9a-fA-F]+\b|\b[0-9a-fA-F]*[0-9][0-9a-fA-F]*[a-fA-F][0-9a-fA-F]*\b",
    ),
    // A dotted name is a host only with a top-level domain hosts use, so a
    // Python module path (`selenium.common.exceptions`) stays as it is.
    (
        "<host>",
        r"\b(?:\d{1,3}\.){3}\d{1,3}(?::\d+)?\b|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|io|dev|ai|co|app|cloud|local|internal|svc|lan|corp)(?::\d+)?\b",
    ),
    ("<path>", r"(?:[A-Za-z]:)?(?:[/\\][\w.@+-]+){2,}[/\\]?"),
    ("<n>", r"\b\d+(?:[.,:]\d+)*"),
    ("<ws>", r"\s+"),
];

/// The masks, compiled once. They are constants: a failure to compile is a
/// bug, and then nothing is masked.
fn masks() -> &'static [(&'static str, Regex)] {
    static MASKS_COMPILED: OnceLock<Vec<(&'static str, Regex)>> = OnceLock::new();
    MASKS_COMPILED.get_or_init(|| {
        MASKS
            .iter()
            .filter_map(|(mask, pattern)| Regex::new(pattern).ok().map(|regex| (*mask, regex)))
            .collect()
    })
}

/// The longest text a template is made of; past it the text is cut, so a
/// huge error costs no more than this.
pub(crate) const MAX_TEXT: usize = 4096;

/// `text` with what varies masked, whitespace runs made one space.
pub(crate) fn template(text: &str) -> String {
    let mut end = text.len().min(MAX_TEXT);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let mut masked = text[..end].trim().to_owned();
    for (mask, regex) in masks() {
        let replacement = if *mask == "<ws>" { " " } else { mask };
        masked = regex.replace_all(&masked, replacement).into_owned();
    }
    masked
}

/// A regex matching every text of `template` and little else: anchored at
/// the start, and at the end when the texts were `whole` (not cut at
/// [`MAX_TEXT`]); literal parts escaped, each mask any run of characters.
/// `None` when the literal parts hold fewer than `min_literal` letters and
/// digits: such a rule would match far more than the failure it was seen for.
pub(crate) fn to_regex(template: &str, min_literal: usize, whole: bool) -> Option<String> {
    let mut pieces: Vec<String> = vec![r"(?s)^\s*".to_owned()];
    let mut literal = 0;
    let mut rest = template;
    let count = |text: &str| text.chars().filter(|c| c.is_alphanumeric()).count();
    while !rest.is_empty() {
        let next_mask = masks()
            .iter()
            .filter(|(mask, _)| *mask != "<ws>")
            .filter_map(|(mask, _)| rest.find(mask).map(|at| (at, *mask)))
            .min();
        let Some((at, mask)) = next_mask else {
            literal += count(rest);
            pieces.push(escape_spaces(rest));
            break;
        };
        let before = &rest[..at];
        literal += count(before);
        pieces.push(escape_spaces(before));
        pieces.push(".+?".to_owned());
        rest = &rest[at + mask.len()..];
    }
    if whole {
        pieces.push(r"\s*$".to_owned());
    }
    (literal >= min_literal).then(|| pieces.concat())
}

/// `text` escaped for a regex, each space matching any whitespace run.
fn escape_spaces(text: &str) -> String {
    text.split(' ')
        .map(regex::escape)
        .collect::<Vec<_>>()
        .join(r"\s+")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_varies_is_masked_and_the_rest_kept() {
        assert_eq!(
            template(
                "Index 'products-2024' is not ready: 3 of 5 shards initializing (retry in 30s)"
            ),
            "Index <q> is not ready: <n> of <n> shards initializing (retry in <n>s)"
        );
        assert_eq!(
            template("connect to http://10.0.0.7:8080/v1/items failed after 1500 ms"),
            "connect to <url> failed after <n> ms"
        );
        assert_eq!(
            template("job 5f3c9a2e-1b7d-4c1a-9e8f-0a1b2c3d4e5f failed on host db-2.eu.example.com"),
            "job <id> failed on host <host>"
        );
        assert_eq!(
            template("cannot open /var/lib/app/data.db:\n  permission   denied"),
            "cannot open <path>: permission denied"
        );
    }

    #[test]
    fn apostrophes_in_prose_are_not_quotes() {
        assert_eq!(
            template("can't connect: the server doesn't answer 'db-1'"),
            "can't connect: the server doesn't answer <q>"
        );
    }

    #[test]
    fn a_module_path_is_not_a_host() {
        assert_eq!(
            template("selenium.common.exceptions.WebDriverException: Message: timeout"),
            "selenium.common.exceptions.WebDriverException: Message: timeout"
        );
        assert_eq!(
            template("dial tcp: lookup redis-0.redis.default.svc failed"),
            "dial tcp: lookup <host> failed"
        );
    }

    #[test]
    fn two_occurrences_of_one_failure_share_a_template_and_its_regex_matches_both() {
        let first = "Kernel 7f3a died after 120s; restarting (attempt 2 of 5)";
        let second = "Kernel 9bc4e1 died after 31s; restarting (attempt 4 of 5)";
        assert_eq!(template(first), template(second));
        let regex = Regex::new(&to_regex(&template(first), 8, true).unwrap()).unwrap();
        assert!(regex.is_match(first) && regex.is_match(second));
        assert!(regex.is_match(&format!("  {second}\n")));
        assert!(!regex.is_match("Kernel 7f3a started"));
        // Anchored: the same words inside another error do not match.
        assert!(!regex.is_match(&format!("while reading: {first}")));
        assert!(!regex.is_match(&format!("{first} and then the disk filled up")));
    }

    #[test]
    fn a_template_of_little_but_masks_gives_no_rule() {
        assert_eq!(to_regex(&template("'x' 12 /a/b/c"), 8, true), None);
        assert_eq!(to_regex(&template("error 404"), 8, true), None);
        // Punctuation and spaces are not words.
        assert_eq!(
            to_regex(&template("'a' -> 'b' :: 'c' ;; 'd'"), 8, true),
            None
        );
    }
}
