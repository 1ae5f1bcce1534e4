//! The forty-sixth round, read after `final37.jsonl` was measured: a database under load and a limit counted by the minute in other words.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, verdict};

#[test]
fn load_and_a_minutes_limit_pass_unsure() {
    assert_all(
        (true, Confidence::Weak),
        &[
            // apache/superset: superset/errors.py
            "Issue 1001 - The database is under an unusual load.",
            // airbytehq/airbyte#33823
            "2023-12-28 07:07:02 source > Reached call limit for this minute, wait for 58.16 seconds",
        ],
    );
}

#[test]
fn the_words_leave_refusals_settings_and_days_alone() {
    assert_eq!(
        verdict("403 Forbidden: API key revoked during system maintenance"),
        (false, Confidence::Strong)
    );
    assert!(!verdict("ERROR:  memory required is 90 MB, maintenance_work_mem is 64 MB").0);
    assert!(!verdict("Daily call limit reached; no more calls for this minute or today").0);
    // What the second reader found: maintenance until a date, a ban for
    // load, and the bare time phrase.
    assert!(!verdict("The service is offline for system maintenance until August 2, 2025.").0);
    assert!(!verdict("API key has been suspended for generating unusual load").0);
    assert!(!verdict("Hourly quota exhausted; no further calls for this minute").0);
}
