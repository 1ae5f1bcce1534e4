//! The hundred-and-eighth round: negations that name something absent or not so, read only where nothing else in the text was (`absence.rs`).

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, assert_leaning_yields, verdict};

/// Texts of the labelled files only the negations read, one or two per
/// form, from `final101` to `final104` and earlier files.
const ABSENT: &[&str] = &[
    // "no ... found": zellij, lefthook
    "No session with the name 'main' found!",
    "no lefthook config found",
    // "can't be found", "can't find": husky, Cemu
    "Error: .git can't be found",
    "Failed to find a suitable Bluetooth radio.",
    // "there is no": Changesets, GNU screen
    "There is no .changeset directory in this project",
    "There is no screen to be attached matching minecraft.",
    // "not in", "not a": overcommit, tmux
    "You are not in a git repository.",
    "open terminal failed: not a terminal",
    // "is not": melonDS
    "This firmware is not bootable.",
];

#[test]
fn an_absence_read_by_nothing_else_leans_lasting() {
    assert_all((false, Confidence::Weak), ABSENT);
    // Beside a passing word, a status code or a credential word, those
    // decide instead.
    assert_leaning_yields(ABSENT);
}

#[test]
fn a_state_that_passes_is_left_to_the_model() {
    // Nothing reads these: a thing not available, reachable, connected or
    // running comes back as often as not (the labelled files' Harbor,
    // Vizier, Clover and Proxmox texts, each passing).
    for text in [
        "Core service is not available.",
        "The database is not currently reachable.",
        "In sale: SaleRequest - The Clover device is not connected.",
        "QEMU guest agent is not running",
    ] {
        assert!(!verdict(text).0, "{text}");
        assert_ne!(verdict(text), (false, Confidence::Weak), "{text}");
    }
}

#[test]
fn a_literal_decides_before_any_negation() {
    // The negations are read only where nothing else was: a passing
    // literal beside one still decides ("is not" and "no ... found" hide
    // nothing).
    assert_all(
        (true, Confidence::Weak),
        &["No worker found for the job; the server is overloaded"],
    );
    assert!(verdict("There is no route to host: connection refused").0);
}

#[test]
fn what_the_review_found_passing_is_not_called_lasting() {
    // A state past a quote (EC2), after "not in" (RDS, Portworx, a
    // replica), one the first list missed (ZooKeeper, Selenium), a role
    // an election fills (Raft), a zone out of capacity (GCP's TPUs): none
    // leans lasting.
    for text in [
        "Instance 'i-c9e2eef4' is not 'running'.",
        "Database instance is not in available state.",
        "Node is not in quorum. Waiting to connect to peer nodes",
        "Postgres' DB replica is not in sync with primary DB",
        "This ZooKeeper instance is not currently serving requests",
        "Element is not currently visible and so may not be interacted with",
        "not a leader",
        "ERROR: (gcloud.compute.tpus.execution-groups.create) There is no more capacity in the zone \"europe-west4-a\"; you can try in another zone",
    ] {
        assert_ne!(verdict(text), (false, Confidence::Weak), "{text}");
    }
    // kubectl's wait before its pods exist, adb while an emulator boots.
    assert_all(
        (true, Confidence::Weak),
        &[
            "error: no matching resources found",
            "adb: error: failed to get feature set: no devices/emulators found",
        ],
    );
}
