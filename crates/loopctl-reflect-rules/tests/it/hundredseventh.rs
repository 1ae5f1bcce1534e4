//! The hundred-and-seventh round, read after `final100.jsonl` was measured: encrypted vaults, voice chat servers, marine data servers, encrypted DNS proxies and bundlers.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, assert_leaning_yields, assert_refused_beside};

/// The round's passing texts, each unsure.
const PASSING: &[&str] = &[
    // final100, mumble-voip/mumble
    "Server is not responding to TCP pings",
    // The labelled files: a printer, a runtime
    "The printer is not responding.",
    "Runtime crashed and is being restarted, potentially due to memory usage.",
    // final100, vitejs/vite
    "The server is being restarted or closed. Request is outdated",
    // final100, TeamSpeak 3 server
    "client is flooding",
    // final100, DNSCrypt/dnscrypt-proxy
    "file appears to be changing during read",
    // final100, folbricht/routedns
    "too many queries in flight",
    // final100, canboat/canboatjs
    "Idle teardown — no data received",
];

#[test]
fn a_silent_server_a_restart_a_flood_a_changing_file_and_queries_at_once_pass() {
    assert_all((true, Confidence::Weak), PASSING);
    // Beside a refusal named outright they are still refused, surely.
    assert_refused_beside(PASSING);
}

#[test]
fn a_lasting_word_beside_them_still_decides() {
    assert_all(
        (false, Confidence::Weak),
        &[
            // The labelled files: Docker's full disk, avrdude's programmer
            "Docker is not responding. Maybe Docker is out of disk space? Try running `docker system prune`",
            "avrdude: stk500_recv(): programmer is not responding",
        ],
    );
}

#[test]
fn a_change_asked_for_after_you_can_lasts() {
    assert_all(
        (false, Confidence::Weak),
        &[
            // final100, cryptomator/cryptomator
            "Cryptomator cannot write to the vault directory. You can change the vault to be read-only and try again. This option can be disabled in the vault options.",
        ],
    );
}

/// Texts of the labelled files only the round's leaning words read.
const LEANING: &[&str] = &[
    // "compatible": Headlamp, spaCy
    "Headlamp version is not compatible with the plugin",
    "no compatible media codecs",
    // "require": MongoDB's snapshot reads
    "Snapshot reads require MongoDB 5.0 or later",
    // "too old": Nix, Anki
    "the Nix client version is too old",
    "Your Anki version is too old. Please update to the latest version to continue syncing.",
    // "multiple": SQLAlchemy, Git
    "sqlalchemy.orm.exc.MultipleResultsFound: Multiple rows were found for one_or_none()",
    "Remote branch has multiple heads.",
];

#[test]
fn a_version_that_does_not_fit_a_requirement_and_more_than_one_match_lean_lasting() {
    assert_all((false, Confidence::Weak), LEANING);
    assert_leaning_yields(LEANING);
}
