//! Any text gives a retry hint or none, never a panic, and the canonical form reads back exactly.
#![no_main]

use std::time::{Duration, SystemTime};

use libfuzzer_sys::fuzz_target;
use loopctl_backoff::{format_hint, parse_retry_after};

fuzz_target!(|data: &[u8]| {
    let now = SystemTime::UNIX_EPOCH + Duration::from_secs(1_800_000_000);
    let text = String::from_utf8_lossy(data);
    if let Some(hint) = parse_retry_after(&text, now) {
        let millis = Duration::from_millis(u64::try_from(hint.as_millis()).unwrap_or(u64::MAX));
        assert_eq!(parse_retry_after(&format_hint(millis), now), Some(millis));
    }
});
