//! The hundred-and-seventh round, read after `final100.jsonl` was measured: encrypted vaults, voice chat servers, marine data servers, encrypted DNS proxies and bundlers.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{
    assert_all, assert_leaning_yields, assert_not_passing_unsure, assert_refused_beside, verdict,
};

/// The round's passing texts, each unsure.
const PASSING: &[&str] = &[
    // final100, mumble-voip/mumble
    "Server is not responding to TCP pings",
    // The labelled files: a runtime
    "Runtime crashed and is being restarted, potentially due to memory usage.",
    // final100, vitejs/vite
    "The server is being restarted or closed. Request is outdated",
    // final100, TeamSpeak 3 server
    "client is flooding",
    // The review: a service restarting (Azure's transient-fault guidance)
    "The service is being restarted, please try again after the service is restarted.",
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
fn what_the_review_found_is_not_called_passing() {
    // Narrowed to a server or a printer that is not responding: a chip's
    // locked debug port (probe-rs), Android's hung app, a board on the
    // wrong serial port, a DNS server Windows cannot reach.
    assert_not_passing_unsure(&[
        "Error: The target is not responding / device is locked",
        "Signal is not responding. Would you like to close it?",
        "Device is not responding, check the right serial port is selected or RESET the board right before exporting",
        "Your computer appears to be correctly configured, but the device or resource (DNS server) is not responding.",
        // "changing during" only as a file read: AndroidX DiffUtil's app bug
        "Please make sure your data is not changing during the diff calculation",
        // A crash loop and a restart that will not come (a Prometheus
        // mixin's alert, a monitor's notice).
        "Systemd service nginx.service has being restarted too many times at host:9100 for the last 15 minutes. Please check if service is crash looping.",
        "A Docker container on the media server has exited and is not being restarted automatically.",
    ]);
    // The GitHub Actions runner's warning beside another failure is not
    // read as the failure: the 503 decides, as it does alone.
    assert_eq!(
        verdict(
            "You are running out of disk space. The runner will stop working when the machine runs out of disk space. Error: 503 Service Unavailable"
        ),
        verdict("Error: 503 Service Unavailable"),
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

#[test]
fn a_long_wait_asked_for_without_try_lasts() {
    // The review: a wait asked for in words, with no "try" beside it, is
    // read as a wait; longer than a retry should be, it lasts.
    assert!(!verdict("client is flooding (please wait 20 minutes)").0);
    assert!(!verdict("client is flooding; wait 20 minutes before reconnecting").0);
    assert_all(
        (true, Confidence::Weak),
        &["client is flooding (please wait 20 seconds)"],
    );
}
