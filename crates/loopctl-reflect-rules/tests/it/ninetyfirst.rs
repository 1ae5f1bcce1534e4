//! The ninety-first round, taken over all 84 labelled files after `final79`: four more words that lean lasting, and four credential words that refuse a login that ends "try again".

use loopctl_reflect_rules::{Confidence, RuleReflector};
use serde_json::json;

use crate::verdicts::{assert_all, assert_leaning_yields};

/// Texts no literal reads, which one of the round's leaning words now
/// decides: lasting, weakly, so `rules+llm` still asks the model.
const LEANING: &[&str] = &[
    // final79, robotframework; final79, rpaframework; final16, PyPI
    "'Continue For Loop' can only be used inside a loop.",
    "PDF printing works in headless mode only",
    "400 Only one sdist may be uploaded per release.",
    // final40, Documenso; final77, Teleport; final39, Colyseus
    "Your signing link has expired. Please contact the sender to request a new one.",
    "ERROR: ssh: cert has expired",
    "seat reservation expired.",
    // final49, Gotenberg; final38, Janus
    "file:// URLs are not accepted on this route. Use the /convert/html or /convert/markdown routes to render local HTML",
    "Currently not accepting new sessions",
    // final56, Zoom's webhook check; final44, bazel-remote
    "Failed to verify event originated from Zoom.",
    "could not verify peer certificate",
];

#[test]
fn a_restriction_a_state_that_stays_and_a_failed_check_lean_lasting() {
    assert_all((false, Confidence::Weak), LEANING);
    assert_leaning_yields(LEANING);
}

#[test]
fn a_read_only_replica_and_a_client_out_of_ports_are_still_left_to_the_model() {
    // "only" would read both; the phrases that silence the leaning words
    // keep them for the model, as the reviews decided.
    assert_all(
        (false, Confidence::Unmatched),
        &[
            "READONLY You can't write against a read only slave.",
            "System.Net.Http.HttpRequestException: Only one usage of each socket address (protocol/network address/port) is normally permitted.",
        ],
    );
}

#[test]
fn a_failed_login_named_only_by_its_password_or_login_is_refused_unsure() {
    assert_all(
        (false, Confidence::Weak),
        &[
            // final79, subliminal; final79, CollectiveAccess; final79,
            // Jellyfin's OpenSubtitles plugin; final57, Navidrome
            "Failed to login, check your userid, password",
            "Could not login to FTP server",
            "Account username and/or password are not set up",
            "Wrong username or password",
            // final29, curl's FTP; final51, govc
            "Login denied",
            "govc: ServerFaultCode: Login failure",
            // written in the shape of final76's and final79's failed logins
            // that end "try again", which the advice made passing until a
            // literal named each: with no literal, the words refuse them
            "Review your account details and try again.; login failed",
            "The client_secret you sent is incorrect. Try again.",
            "Your log-in was not accepted. Please try again.",
        ],
    );
}

#[test]
fn a_passing_failure_beside_a_login_or_a_password_still_passes() {
    // What the ninety-second round's review found the words refusing: a
    // server's own login that keeps failing, a login that failed because
    // the network was unreachable, a password-reset mail that could not be
    // sent, and a session expired that the client opens again. Each is
    // read as passing, weakly, as before the words were taken.
    assert_all(
        (true, Confidence::Weak),
        &[
            // final3, PgBouncer; final63, frp
            "server login has been failing, try again later (server_login_retry)",
            "login to server failed: dial tcp xxx:30000: connectex: A socket operation was attempted to an unreachable network.",
            // final54; final65
            "We encountered an unexpected error while sending the password reset instructions to your email. Please try again later.",
            "try again later - you've already requested a password reset email",
            // final36, ZooKeeper's C and Go clients (zerror, errExpired)
            "zk: session has been expired by the server",
            // the review: kaimallea/steamcmd#1
            "Login Failure: No Connection",
            // anything that names a passing failure wins over the word
            "login to the server timed out",
        ],
    );
    // A password in a URL's user information is a placeholder: vcpkg's
    // hint under every failed download (final73) refuses nothing.
    let hint = "Failed to download file. If you use a proxy, please set the HTTPS_PROXY and HTTP_PROXY environment variables to \"https://user:password@your-proxy-ip-address:port/\".";
    let analysis = RuleReflector::new()
        .classify(hint, "tool", &json!({}), None)
        .expect("the download failure is read");
    assert!(
        !analysis.root_cause.starts_with("credentials"),
        "{}",
        analysis.root_cause
    );
}
