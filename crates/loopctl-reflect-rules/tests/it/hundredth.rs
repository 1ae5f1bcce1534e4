//! The hundredth round, read after `final89.jsonl` was measured: database admin GUIs, BI tools, learning platforms, mailing lists and package mirrors, game server panels and documentation servers.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, assert_lasting, assert_refused_beside, verdict};

/// The round's passing texts, each unsure.
const PASSING: &[&str] = &[
    // final89, pgadmin-org/pgadmin4
    "Asynchronous query execution/operation underway.",
    // final89, dbeaver/cloudbeaver
    "Too frequent authentication requests",
    // final89, LinuxGSM#440
    "[ FAIL ] Update gmod-server: Checking for update: SteamCMD: Not returning version info",
    // final89, readthedocs/readthedocs.org
    "There was a problem with Read the Docs while building your documentation. Please report this to us with your build id (7969592).",
    // final89, a lab XBlock: a wait of a few minutes named in words
    "The remote server unexpectedly disconnected. You can try closing your browser window, and returning to this page in a few minutes.",
];

#[test]
fn a_query_still_running_a_login_limit_and_a_wait_of_minutes_pass() {
    assert_all((true, Confidence::Weak), PASSING);
    // Beside a refusal named outright they are still refused, surely.
    assert_refused_beside(PASSING);
}

#[test]
fn a_directory_to_configure_an_index_a_daemon_and_builds_switched_off_last() {
    assert_all(
        (false, Confidence::Weak),
        &[
            // final89, apache/kylin: beside its connection error
            "LDAP connection error, please check LDAP configuration!",
            // final89, reprepro: beside "internal error"
            "INTERNAL ERROR: Package database is not sorted!!!",
            // final89, pelican-dev/panel
            "The requested diagnostic report could not be found. Make sure wings is up to date and try again.",
            // final89, readthedocs/readthedocs.org: beside "temporary"
            "Builds are temporary disabled for this project.",
            // final89, aptly: the plural of "doesn't support"
            "unable to edit: flat mirrors don't support udebs",
        ],
    );
}

#[test]
fn a_sign_in_that_never_happened_is_refused() {
    // final89, beekeeper-studio: refused though it ends "try again".
    assert!(!verdict("Looks like you didn't sign in on your browser. Please try again.").0);
}

#[test]
fn the_shorter_words_of_other_texts_keep_their_own_verdicts() {
    // The review: a few minutes that name no return, another version
    // check's words, and a security notice's sign-in.
    assert_lasting(&[
        "Login failed: email not confirmed. You will receive an email with instructions for how to confirm your email address in a few minutes.",
        "Build failed with exit code 2. Logs will be available in a few minutes.",
        "[ FAIL ] Checking for update: mojang.com: Not returning version info",
        "Health endpoint is not returning version information.",
    ]);
    assert!(
        verdict(
            "503 Service Unavailable. If you didn't sign in, ignore this message; please try again."
        )
        .0
    );
}
