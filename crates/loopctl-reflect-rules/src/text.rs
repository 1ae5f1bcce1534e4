//! Small readings of an error text the rules make: its first line, a quota that resets soon, a sentence that names a missing tool.

/// Words of a quota counted per minute or second, or that clears within minutes.
pub(crate) const SOON: [&[u8]; 10] = [
    b"per minute",
    b"per_minute",
    b"per 100 seconds",
    b"per min",
    b"per second",
    b"perminute",
    b"(tpm)",
    b"(rpm)",
    // A system's own word that its limit clears within minutes
    // (JupyterHub's "Active user limit exceeded. Try again in a few
    // minutes.").
    b"again in a few minutes",
    b"again in a moment",
];

/// A quota counted per minute or second refills soon (Google's APIs also
/// count "per user per 100 seconds"); one counted per day does not, for an
/// agent's purposes.
pub(crate) fn quota_resets_soon(error: &str) -> bool {
    let bytes = error.as_bytes();
    contains_any_ignore_case(bytes, &SOON) && !contains_any_ignore_case(bytes, &LATE)
}

/// Words of a period counted by the day or the month.
const LATE: [&[u8]; 8] = [
    b"per day",
    b"per_day",
    b"perday",
    b"daily",
    b"per-day",
    b"per month",
    b"/ month",
    b"monthly",
];

/// Whether `error` names a period longer than a retry should wait (a day,
/// a month, an hour): "Daily variant creation limit reached. Please try
/// again later" advises a retry that will not succeed within a turn.
pub(crate) fn names_a_long_period(error: &str) -> bool {
    const LONG: [&[u8]; 5] = [b"next month", b"tomorrow", b" hour", b"hourly", b"next day"];
    let bytes = error.as_bytes();
    LATE.iter()
        .chain(LONG.iter())
        .any(|marker| contains_ignore_case(bytes, marker))
}

/// Whether a quota answer names a plan, a bill or credits (OpenAI's and
/// Gemini's "check your plan and billing details", Groq's "Upgrade to Dev
/// Tier"): such a quota may come back only with the plan, whatever retry
/// delay the same answer gives.
pub(crate) fn quota_needs_a_plan(error: &str) -> bool {
    const PLAN: [&[u8]; 4] = [b"billing", b"credits", b"upgrade", b"your plan"];
    let bytes = error.as_bytes();
    PLAN.iter()
        .any(|marker| contains_ignore_case(bytes, marker))
}

/// A quota whose limit is zero (Gemini's `limit: 0` for a model the free
/// tier does not include) never refills, per minute or not.
pub(crate) fn quota_is_zero(error: &str) -> bool {
    let bytes = error.as_bytes();
    let marker = b"limit: 0";
    bytes.windows(marker.len()).enumerate().any(|(at, window)| {
        window.eq_ignore_ascii_case(marker)
            && bytes
                .get(at + marker.len())
                .is_none_or(|next| !next.is_ascii_digit() && *next != b'.')
    })
}

/// Whether the text says that `tool` itself is unknown, as in "Tool
/// `query_db` not found" or "tool 'x' does not exist".
pub(crate) fn names_missing_tool(error: &str, tool: &str) -> bool {
    const AFTER: [&[u8]; 2] = [b" not found", b" does not exist"];
    if tool.is_empty() {
        return false;
    }
    let bytes = error.as_bytes();
    let name = tool.as_bytes();
    let mut from = 0;
    while let Some(offset) = find_ignore_case(&bytes[from..], name) {
        let start = from + offset;
        let mut end = start + name.len();
        from = start + 1;
        let before = bytes[..start].trim_ascii_end();
        let before = before
            .strip_suffix(b"`")
            .or_else(|| before.strip_suffix(b"'"))
            .or_else(|| before.strip_suffix(b"\""))
            .unwrap_or(before)
            .trim_ascii_end();
        if !before.to_ascii_lowercase().ends_with(b"tool") {
            continue;
        }
        if matches!(bytes.get(end), Some(b'`' | b'\'' | b'"')) {
            end += 1;
        }
        let rest = &bytes[end..];
        if AFTER.iter().any(|marker| {
            rest.len() >= marker.len() && rest[..marker.len()].eq_ignore_ascii_case(marker)
        }) {
            return true;
        }
    }
    false
}

pub(crate) fn find_ignore_case(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    if needle.is_empty() || haystack.len() < needle.len() {
        return None;
    }
    haystack
        .windows(needle.len())
        .position(|window| window.eq_ignore_ascii_case(needle))
}

/// Whether `needle` occurs in `haystack`, ignoring ASCII case.
pub(crate) fn contains_ignore_case(haystack: &[u8], needle: &[u8]) -> bool {
    find_ignore_case(haystack, needle).is_some()
}

/// Whether any of `needles` occurs in `haystack`, ignoring ASCII case.
pub(crate) fn contains_any_ignore_case<N: AsRef<[u8]>>(haystack: &[u8], needles: &[N]) -> bool {
    needles
        .iter()
        .any(|needle| contains_ignore_case(haystack, needle.as_ref()))
}

/// The first line of `error`, at most 160 bytes.
pub(crate) fn summary(error: &str) -> String {
    let line = error.trim().lines().next().unwrap_or("").trim();
    if line.len() <= 160 {
        return line.to_owned();
    }
    let mut end = 160;
    while !line.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &line[..end])
}
