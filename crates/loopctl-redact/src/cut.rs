//! Long texts cut in the middle, so both the start (what failed) and the end (why) survive.

use std::borrow::Cow;

/// `text` itself when it fits in `max_bytes`; otherwise its head and tail
/// with `[… N bytes omitted …]` between them, cut at character boundaries.
///
/// Redact before cutting: a cut through a secret could leave a piece that no
/// longer has a secret's shape.
///
/// ```
/// use loopctl_redact::truncate_middle;
///
/// assert_eq!(truncate_middle("short", 10), "short");
/// let long = format!("START{}END", "x".repeat(100));
/// assert_eq!(truncate_middle(&long, 10), "START[… 98 bytes omitted …]xxEND");
/// ```
pub fn truncate_middle(text: &str, max_bytes: usize) -> Cow<'_, str> {
    if text.len() <= max_bytes {
        return Cow::Borrowed(text);
    }
    let half = max_bytes / 2;
    let head_end = text.floor_char_boundary(half);
    let tail_start = text.ceil_char_boundary(text.len() - half);
    let omitted = tail_start - head_end;
    Cow::Owned(format!(
        "{}[… {omitted} bytes omitted …]{}",
        &text[..head_end],
        &text[tail_start..]
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_texts_are_untouched_and_long_ones_keep_both_ends() {
        assert_eq!(truncate_middle("hello", 10), "hello");
        let long = format!("START{}END", "x".repeat(100));
        let cut = truncate_middle(&long, 20);
        assert!(cut.starts_with("START") && cut.ends_with("END"), "{cut}");
        assert!(cut.contains("[… 88 bytes omitted …]"), "{cut}");
    }

    #[test]
    fn cuts_land_on_character_boundaries() {
        let text = "é".repeat(50);
        let cut = truncate_middle(&text, 11);
        assert!(cut.contains("omitted"));
        assert!(cut.starts_with('é') && cut.ends_with('é'));
    }
}
