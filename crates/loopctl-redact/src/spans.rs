//! Byte ranges found secret by any scanner, merged and replaced in one pass.

use std::borrow::Cow;

/// What replaces a secret in free text and JSON values.
pub const MARK: &str = "[redacted]";

/// What replaces a secret inside a URL: OpenTelemetry's convention, so the
/// URL still parses.
pub const URL_MARK: &str = "REDACTED";

/// One secret's byte range in a text and what replaces it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Span {
    pub(crate) start: usize,
    pub(crate) end: usize,
    pub(crate) mark: &'static str,
}

impl Span {
    pub(crate) const fn new(start: usize, end: usize, mark: &'static str) -> Self {
        Self { start, end, mark }
    }
}

/// `text` with every span replaced. Spans may overlap and come in any order;
/// overlapping ones become one, replaced by the first one's mark. Ranges are
/// widened to character boundaries, so a byte-level match never splits a
/// character (and never leaves half of one visible).
pub(crate) fn apply<'a>(text: &'a str, spans: &mut [Span]) -> Cow<'a, str> {
    if spans.is_empty() {
        return Cow::Borrowed(text);
    }
    for span in spans.iter_mut() {
        span.end = span.end.min(text.len());
        span.start = text.floor_char_boundary(span.start.min(span.end));
        span.end = text.ceil_char_boundary(span.end);
    }
    spans.sort_unstable_by_key(|span| (span.start, std::cmp::Reverse(span.end)));
    let mut out = String::with_capacity(text.len());
    let mut written = 0;
    let mut index = 0;
    while index < spans.len() {
        let first = spans[index];
        let mut end = first.end;
        index += 1;
        while index < spans.len() && spans[index].start < end {
            end = end.max(spans[index].end);
            index += 1;
        }
        if first.start == end {
            continue;
        }
        out.push_str(&text[written..first.start.max(written)]);
        out.push_str(first.mark);
        written = end;
    }
    out.push_str(&text[written..]);
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overlapping_and_unordered_spans_become_one_replacement_each() {
        let text = "a=SECRET b=OTHER";
        let mut spans = [
            Span::new(11, 16, MARK),
            Span::new(2, 6, MARK),
            Span::new(4, 8, URL_MARK),
        ];
        assert_eq!(apply(text, &mut spans), "a=[redacted] b=[redacted]");
    }

    #[test]
    fn byte_ranges_inside_a_character_cover_the_whole_character() {
        let text = "x=é1é y";
        // Starts and ends inside the two-byte `é`s.
        let mut spans = [Span::new(3, 6, MARK)];
        assert_eq!(apply(text, &mut spans), "x=[redacted] y");
    }

    #[test]
    fn no_spans_borrow_and_empty_spans_change_nothing() {
        assert!(matches!(apply("abc", &mut []), Cow::Borrowed("abc")));
        assert_eq!(apply("abc", &mut [Span::new(1, 1, MARK)]), "abc");
    }
}
