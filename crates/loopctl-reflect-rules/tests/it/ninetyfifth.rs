//! The ninety-fifth round, read after `final83.jsonl` was measured: bookmark and link servers, home inventory, web analytics, pastebins, self-hosted git, and iOS and mod tooling.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, assert_lasting, assert_refused_surely, verdict};

/// The round's passing texts: passing, and still refused beside a
/// credential word.
const PASSING: &[&str] = &[
    // final83, shlinkio/shlink (GeolocationDbUpdater)
    "A geolocation db is already being downloaded by another process.",
    // final83, sysadminsmedia/homebox, ebkr/r2modmanPlus
    "too many authentication attempts",
    "Too many attempts in a short period of time",
    // final83, plausible/analytics
    "Too many login attempts. Wait a minute before trying again.",
    // final83, Nexus-Mods/Vortex
    "Network communication error (SSL payload corrupted). This is likely a temporary issue, please try again later.",
];

#[test]
fn a_download_underway_a_short_login_limit_and_a_tls_blip_pass() {
    for text in PASSING {
        assert!(verdict(text).0, "{text}");
    }
    // Beside a refusal named outright they are still refused; the login
    // limits and the TLS blip, strong patterns of a passing failure, leave
    // that refusal unsure, as any strong passing pattern does.
    for text in PASSING {
        let text = format!("{text}; invalid api key");
        assert!(!verdict(&text).0, "{text}");
    }
    // Quay's login limit asks for a new password: still refused
    // (final50). And a limit whose wait is an hour or a day, or a person,
    // is no blip (the review).
    for text in [
        "Too many login attempts.  Please reset your Quay password and try again.",
        "Too many login attempts. Please wait an hour before trying again.",
        "Too many login attempts. Please wait until tomorrow.",
        "Too many login attempts. Please wait for an administrator to unlock your account.",
    ] {
        assert!(!verdict(text).0, "{text}");
    }
}

#[test]
fn the_same_words_of_a_login_refused_by_ssh_or_java_are_refused() {
    // The review: Go's SSH server and client, Java's HTTP client; refused
    // surely, a generic passing word beside them too.
    assert_refused_surely(&[
        "ssh: handshake failed: ssh: disconnect, reason 2: too many authentication attempts",
        "ssh: too many authentication attempts (6), aborting",
        "java.net.ProtocolException: too many authentication attempts. Limit: 3",
    ]);
}

#[test]
fn a_refusal_beside_an_authentication_server_down_is_no_longer_sure() {
    // final83, Forgejo's locale and plausible/analytics (Google's sign-in):
    // the credential words still decide, but the server's state beside
    // them leaves the verdict to the model.
    assert_all(
        (false, Confidence::Weak),
        &[
            "Authorization failed because the authentication server is temporarily unavailable. Please try again later.",
            "We are unable to authenticate your Google Analytics account because Google's authentication service is temporarily unavailable. Please try again in a few moments.",
        ],
    );
}

#[test]
fn a_database_set_up_wrong_and_a_device_daemon_not_running_last() {
    // The words YOURLS and LinkAce put before any database error do not
    // outweigh what follows them (the review).
    assert!(
        verdict("Incorrect DB config, or could not connect to DB: [1040] Too many connections").0
    );
    assert_lasting(&[
        // final83, YOURLS/YOURLS#1408, Kovah/LinkAce#335
        "Incorrect DB config, or could not connect to DB",
        "Incorrect DB config, please refer to documentation",
        "Database could not be configured. Please check your connection details. Details: SQLSTATE[HY000] [2002] php_network_getaddresses: getaddrinfo failed: Try again",
        // final83, libimobiledevice/usbmuxd#232, #248,
        // libimobiledevice/ideviceinstaller#81
        "Failed to connect to usbmuxd socket. Make sure it's running.",
        "ERROR: Could not connect to lockdownd: Mux error (-8)",
        "Could not connect to lockdownd. Exiting.",
    ]);
}
