//! What the forms read, and what they leave to the other rules or to the model.

use super::*;

fn form(text: &str) -> Option<&'static str> {
    names_an_absence(text).map(|form| form.name)
}

#[test]
fn absences_and_states_that_are_not_so_are_read() {
    for (text, name) in [
        // final104: zellij, Changesets, tmux, semantic-release
        ("No session with the name 'main' found!", "no ... found"),
        (
            "There is no .changeset directory in this project",
            "there is no",
        ),
        ("open terminal failed: not a terminal", "not a"),
        // final103: husky, Cemu, overcommit, melonDS
        ("Error: .git can't be found", "can't be found"),
        ("Failed to find a suitable Bluetooth radio.", "can't find"),
        ("You are not in a git repository.", "not in"),
        ("This firmware is not bootable.", "is not"),
        // An adverb before a state that lasts
        ("The module is not properly installed", "is not"),
    ] {
        assert_eq!(form(text), Some(name), "{text}");
    }
}

#[test]
fn a_state_that_passes_is_not_read() {
    for text in [
        "Core service is not available.",
        "The database is not currently reachable.",
        "QEMU guest agent is not running",
        "The Clover device is not connected.",
        "JetStream is not current with the meta leader",
        // A failover's role, filled again (redis-py's Sentinel, Raft)
        "No master found for 'mymaster'",
        "no leader found",
        "not a leader",
        "this node is not the leader",
        "is not a primary",
        // The round's review: a state past a quote, a passing state after
        // "not in", one the first list missed, a zone out of capacity
        "Instance 'i-c9e2eef4' is not 'running'.",
        "Database instance is not in available state.",
        "Node is not in quorum. Waiting to connect to peer nodes",
        "Postgres' DB replica is not in sync with primary DB",
        "This ZooKeeper instance is not currently serving requests",
        "Element is not currently visible and so may not be interacted with",
        "There is no more capacity in the zone \"europe-west4-a\"",
        // A negation with no state named, and a window that runs past a
        // sentence's end
        "the value is not",
        "Checked 12 files with no changes. Found 1 problem",
        // Words that only begin like the forms
        "nothing here is notable",
        "the anode was found",
    ] {
        assert_eq!(form(text), None, "{text}");
    }
}

#[test]
fn odd_input_is_safe() {
    for text in [
        "",
        "no",
        "is not",
        "not a",
        "é no é found",
        &"no ".repeat(10_000),
    ] {
        let _ = names_an_absence(text);
    }
    // A megabyte of the forms' own words is read through, and still
    // decides as a short text does (the review's worst case).
    assert_eq!(form(&"is not up. ".repeat(100_000)), None);
    assert_eq!(
        form(&format!("{}is not bootable", "is not up. ".repeat(100_000))),
        Some("is not")
    );
}
