//! The sixty-eighth round, read after `final59.jsonl` was measured: radio control and APRS-IS relays, documentation deploys, mail sync, data catalogs and push relays.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{
    assert_all, assert_lasting, assert_not_passing_unsure, assert_refused_beside, verdict,
};

#[test]
fn links_their_clients_bring_back_pass_unsure() {
    assert_all(
        (true, Confidence::Weak),
        &[
            // Hamlib/Hamlib: src/rig.c, tests/rigctld.c
            "Communication bus collision",
            // wb2osz/direwolf: src/igate.c, src/agwlib.c
            "Error sending to IGate server.  Closing connection.",
            "Error reading from IGate server.  Closing connection.",
            "Lost communication with network TNC. Will try to reattach.",
            // rossengeorgiev/aprs-python: aprslib/inet.py
            "no banner from server",
            // hessu/aprsc: src/accept.c
            "# Server full",
            "# Port full",
            // pothosware/SoapySDR: lib/Factory.cpp
            "SoapySDR::Device::make() device deletion in-progress",
            // gauteh/lieer: lieer/gmailieer.py, lieer/local.py
            "pull: failed, re-try in a bit.",
            "failed to lock repository (probably in use by another gmi instance)",
            // healthchecks/healthchecks: hc/api/views.py
            "Delivery failed (SMTP status code: 4.0.0)",
        ],
    );
}

#[test]
fn caps_unknown_commits_bugs_and_refusals_stay() {
    assert_all(
        (false, Confidence::Strong),
        &[
            // apache/polaris: the Iceberg REST catalog's OpenAPI
            // specification
            "Gateway timed out during commit",
            "Credentials have timed out",
            // projectnessie/nessie: DeviceCodeFlow.java
            "Timed out waiting for user to authorize device",
            // academicpages/academicpages.github.io#315
            "jekyll 3.8.5 | Error:  uninitialized constant Faraday::Error::ConnectionFailed",
        ],
    );
    // Beside their own passing words ("timed out", a 429): lasting,
    // unsure.
    assert_lasting(&[
        // unitycatalog/unitycatalog: ai/core/.../executor/common.py
        "The function execution has timed out and has been canceled due to excessive resource consumption.",
        // Thunderbird's message, as a reporter's blog quotes it
        "Unable to connect to your IMAP server. You may have exceeded the maximum number of connections to this server. If so, use the Advanced IMAP Server Settings Dialog to reduce the number of cached connections.",
        // binwiederhier/ntfy#1265
        "WARN Unable to publish poll request, the upstream server https://ntfy.sh responded with HTTP 429 Too Many Requests; you may solve this by sending fewer daily messages, or by configuring upstream-access-token",
    ]);
}

#[test]
fn a_later_time_alone_is_still_no_passing_word() {
    // The fifty-sixth round's review: a site's notice (constructed after
    // it) is not read as passing for "at a later time" alone.
    assert_ne!(
        verdict(
            "This feature is not compatible with this site yet. Please check back at a later time."
        ),
        (true, Confidence::Weak)
    );
}

#[test]
fn refusals_beside_the_new_passing_words_stay_refused() {
    assert_refused_beside(&[
        "Communication bus collision",
        "Error reading from IGate server",
        "# Server full",
        "re-try in a bit",
        "(SMTP status code: 4.0.0)",
    ]);
}

#[test]
fn what_the_second_reader_took_out_narrowed_or_added_holds() {
    // Taken out: a rig that is off answers every call with a bus error
    // (Hamlib#1212), and the deploy action's advice stands above lasting
    // errors (actions/deploy-pages#294).
    assert_not_passing_unsure(&[
        "Communication bus error",
        "Fetching artifact metadata failed. Is githubstatus.com reporting issues with API requests, Pages, or Actions? Please re-run the deployment at a later time.",
    ]);
    // Narrowed: a rolled-back transaction and a pending device poll
    // (constructed after the review's sources).
    assert_ne!(
        verdict("transaction timed out during commit and was rolled back"),
        (false, Confidence::Strong)
    );
    assert_ne!(
        verdict("Still waiting for user to authorize device"),
        (false, Confidence::Strong)
    );
    // Added: aprsc's refusals decide beside Dire Wolf's IGate error, which
    // follows any disconnect (pieced together from both programs' code).
    assert_eq!(
        verdict(
            "[ig] # Login by user not allowed\nError reading from IGate server.  Closing connection."
        ),
        (false, Confidence::Strong)
    );
    assert_all(
        (false, Confidence::Strong),
        &[
            "# logresp N0CALL unverified, server T2TEST",
            "# Invalid username format",
            "invalid banner from server",
            "Error: No artifacts named \"github-pages\" were found for this workflow run.",
            "Ensure GITHUB_TOKEN has permission \"id-token: write\".",
            "Security error password not provided or crypto failure",
            "Device code expired. Please run `railway login` again.",
        ],
    );
    // A delivery whose time ran out after days of retries.
    assert!(!verdict("Delivery failed (SMTP status code: 4.4.7)").0);
}
