//! Folds what only looks different to the ASCII the tables are written in, before matching: compatibility forms (fullwidth letters), look-alike letters from other scripts (a Cyrillic `а`), accents, no-break and zero-width spaces.
//!
//! The automaton matches ASCII case-insensitively, so "Unаuthorized" with
//! a Cyrillic `а`, "ＵＮＡＵＴＨＯＲＩＺＥＤ" or "Permission\u{a0}denied"
//! would hide a credential failure, and "please try again" would then make
//! it recoverable. The foldings are Unicode's own: NFKD compatibility
//! decomposition (`unicode-normalization`) and the confusable skeletons of
//! UTS #39 (`unicode-security`), applied only to characters outside ASCII,
//! so ASCII text is matched as it is and costs nothing more. An apostrophe
//! escaped as .NET's JSON writer (`\u0027`) or HTML (`&#39;`, `&#x27;`,
//! `&apos;`) writes it is unescaped too: the tables write "can't reach"
//! with a plain one. So is JSON's escaped slash (`\/`, PHP's `json_encode`
//! writes every slash so), since the tables write "i/o devices" and
//! "chain/target/match" with plain ones.

use std::borrow::Cow;

use unicode_normalization::char::{decompose_compatible, is_combining_mark};
use unicode_security::skeleton;

/// The longest compatibility decomposition that is folded; a ligature such
/// as U+FDFA (18 letters) is kept whole, so folding never makes a text
/// more than twice as long.
const LONGEST_DECOMPOSITION: usize = 4;

/// The escaped forms JSON writers and HTML send of the characters the
/// tables write plainly: an apostrophe and a slash.
const ESCAPES: [(&str, &str); 5] = [
    ("\\u0027", "'"),
    ("&#39;", "'"),
    ("&#x27;", "'"),
    ("&apos;", "'"),
    ("\\/", "/"),
];

/// `text` with every character outside ASCII folded to ASCII where Unicode
/// says it stands for ASCII, and escaped apostrophes and slashes
/// unescaped; borrowed when `text` is plain ASCII already.
pub(crate) fn fold(text: &str) -> Cow<'_, str> {
    // One vectorised byte scan first: most texts hold neither a backslash
    // nor an ampersand, and pay nothing more.
    if memchr::memchr2(b'\\', b'&', text.as_bytes()).is_some()
        && ESCAPES.iter().any(|(escaped, _)| text.contains(escaped))
    {
        let mut plain = text.to_owned();
        for (escaped, unescaped) in ESCAPES {
            // A copy only for an escape the text holds.
            if plain.contains(escaped) {
                plain = plain.replace(escaped, unescaped);
            }
        }
        // Once only: an unescaped slash can make a new `\/` of the
        // backslash before it, and folding again would go on for as long
        // as a run of backslashes is.
        return Cow::Owned(fold_letters(&plain).into_owned());
    }
    fold_letters(text)
}

/// `text` with every character outside ASCII folded; borrowed when it is
/// plain ASCII already.
fn fold_letters(text: &str) -> Cow<'_, str> {
    if text.is_ascii() {
        return Cow::Borrowed(text);
    }
    let mut folded = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_ascii() {
            folded.push(c);
            continue;
        }
        let mut parts = ['\0'; LONGEST_DECOMPOSITION];
        let mut count = 0;
        decompose_compatible(c, |part| {
            if let Some(slot) = parts.get_mut(count) {
                *slot = part;
            }
            count += 1;
        });
        if count > LONGEST_DECOMPOSITION {
            push_one(&mut folded, c);
        } else {
            for part in &parts[..count] {
                push_one(&mut folded, *part);
            }
        }
    }
    Cow::Owned(folded)
}

/// Pushes the folding of one character of a decomposition.
fn push_one(folded: &mut String, c: char) {
    if c.is_ascii() {
        folded.push(c);
    } else if c.is_whitespace() {
        folded.push(' ');
    } else if !is_combining_mark(c) {
        push_skeleton(folded, c);
    }
}

/// Pushes the ASCII that `c` is confusable with, `c` itself when it is
/// confusable with nothing in ASCII, and nothing when Unicode says it is
/// to be ignored (a zero-width space, a soft hyphen).
fn push_skeleton(folded: &mut String, c: char) {
    let mut buffer = [0; 4];
    let mut prototype = skeleton(c.encode_utf8(&mut buffer)).filter(|p| !is_combining_mark(*p));
    match (prototype.next(), prototype.next()) {
        (None, _) => {}
        (Some(p), None) if p.is_ascii() => folded.push(p),
        _ => folded.push(c),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn look_alikes_and_invisible_characters_fold_to_ascii() {
        for (text, expected) in [
            ("Un\u{430}uthorized", "Unauthorized"),
            ("Invalid \u{441}redentials", "Invalid credentials"),
            ("\u{ff35}\u{ff2e}\u{ff21}\u{ff35}\u{ff34}\u{ff28}", "UNAUTH"),
            ("AUTHENT\u{130}CAT\u{130}ON", "AUTHENTICATION"),
            ("Permission\u{a0}denied", "Permission denied"),
            ("Unauthor\u{200b}ized", "Unauthorized"),
            ("caf\u{e9}", "cafe"),
        ] {
            assert_eq!(fold(text), expected, "{text:?}");
        }
    }

    #[test]
    fn a_long_ligature_is_kept_whole() {
        let text = "\u{fdfa}".repeat(1000);
        assert!(fold(&text).len() <= 2 * text.len());
    }

    #[test]
    fn escaped_apostrophes_and_slashes_are_unescaped() {
        for text in [
            "Can\\u0027t reach database server",
            "Can&#39;t reach database server",
            "Can&#x27;t reach database server",
            "Can&apos;t reach database server",
        ] {
            assert_eq!(fold(text), "Can't reach database server", "{text:?}");
        }
        assert_eq!(
            fold("Illegal combination of I\\/O devices"),
            "Illegal combination of I/O devices"
        );
        // Other escapes and ampersands stay as they are.
        assert!(matches!(
            fold("R&D: \\u003c and \\n"),
            Cow::Borrowed("R&D: \\u003c and \\n")
        ));
    }

    #[test]
    fn a_run_of_backslashes_is_unescaped_once() {
        let text = format!("{}/", "\\".repeat(100_000));
        assert_eq!(fold(&text).len(), text.len() - 1);
    }

    #[test]
    fn ascii_is_borrowed_and_other_scripts_stay() {
        assert!(matches!(fold("HTTP 503"), Cow::Borrowed(_)));
        assert_eq!(fold("请求错误 503"), "请求错误 503");
    }
}
