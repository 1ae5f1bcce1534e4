//! The ninety-seventh round, read after `final85.jsonl` was measured: Kubernetes dashboards, vulnerability platforms, form servers and webhook relays.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, assert_lasting, assert_passing, assert_refused_beside, verdict};

/// The round's passing texts, each unsure: none names a wait the rules
/// can read, and the words of each may also follow a failure that lasts.
const PASSING: &[&str] = &[
    // final85, vmware-tanzu/kubeapps (kapp-controller plugin)
    "The repository is not in a stable state, wait for the repository to reconcile",
    // final85, freelensapp/freelens
    "Failed to list kube API resources, please reconnect...",
    // final85, DependencyTrack/dependency-track (retryable publish
    // exceptions)
    "Kafka publisher is closed",
    "Interrupted while sending request",
    "Request failed while sending notification",
    // final85, getodk/central-backend (502.2, 502.3 and 409.13)
    "Enketo could not be contacted.",
    "The XLSForm conversion service could not be contacted.",
    "You must wait one minute before trying to edit a submission a second time.",
    // final85, enketo/enketo-express (status 0 and 504)
    "The server is not available or you may not be connected to the Internet.",
    "Could not establish connection with data server.",
    // final85, kobotoolbox/kpi: the "corrupted" inside it is hidden
    "File likely corrupted during transmission, please try later.",
    // final85, svix/svix-webhooks (svix-cli relay)
    "failed to complete handshake with Webhook Relay server: no response from remote",
];

/// final85, kubeapps' Flux plugin: a strong pattern, unsure beside the
/// lasting word inside the text.
const RECONCILING: &str = "Updates to helm releases pending reconciliation are not supported";

#[test]
fn a_release_reconciling_a_service_out_of_reach_and_a_publish_to_repeat_pass() {
    assert_all((true, Confidence::Weak), PASSING);
    // Beside a refusal named outright they are still refused, surely.
    assert_refused_beside(PASSING);
    assert_all((true, Confidence::Weak), &[RECONCILING]);
    // A strong passing pattern beside a refusal leaves it refused, but
    // unsure (as Microsoft Graph's 429 beside its accessDenied is).
    assert_eq!(
        verdict(&format!("{RECONCILING}; invalid api key")),
        (false, Confidence::Weak)
    );
}

#[test]
fn a_terminal_that_is_not_one_a_setting_out_of_range_and_a_hung_scan_last() {
    assert_all(
        (false, Confidence::Strong),
        &[
            // final85, svix/svix-webhooks (server validation): the "rate
            // limit" inside it is hidden
            "Application rate limit out of bounds",
            "Endpoint rate limit out of bounds",
            // docker's and a shell's forms of a terminal that is none
            "the input device is not a TTY",
            "stdin is not a tty",
        ],
    );
    assert_all(
        (false, Confidence::Weak),
        &[
            // final85, derailed/k9s: unsure beside "unavailable"
            "osc52 clipboard unavailable: stdout is not a tty or TERM=dumb",
            // final85, projectdiscovery/nuclei (errkit deadline kinds)
            "http request engine deadline exceeded",
            "js engine execution deadline exceeded",
        ],
    );
    // A deadline of any other kind still passes, and a rate limit is
    // still one.
    assert!(verdict("rpc error: code = DeadlineExceeded desc = context deadline exceeded").0);
    assert!(verdict("Rate limit exceeded, please slow down").0);
}

#[test]
fn the_shorter_words_of_other_systems_keep_their_own_verdicts() {
    // The review: each phrase of the round, shortened, is another
    // system's failure with the other meaning, so the round names each in
    // its own system's words.
    assert_lasting(&[
        // a domain controller that DNS points nowhere
        "An Active Directory Domain Controller (AD DC) for the domain \"corp.example.com\" could not be contacted.",
        // a connection string that does not parse
        "Could not establish connection with the Neptune Server. Invalid Connection Parameters",
        "We couldn't download the base game files. Your title id/key may not be correct, or you may not be connected to the internet.",
        // a key or a proof corrupted in transit stays corrupt
        "Invalid HMAC signature. Key was corrupted during transmission",
        // Azure's cache waits out a scaling of many minutes
        "Set-AzRedisCache : Conflict: The resource 'contoso' is not in a stable state, and is currently unable to accept the update request.",
        // SNMP: mostly a wrong community or host
        "No response from remote host",
    ]);
    assert_passing(&[
        // a relay's warning that it clamped its setting, before the failure
        "WARN Relay connection rate limit out of bounds, clamping to valid range [1, 4294967295]\nERROR 503 Service Unavailable, retry after 5 seconds",
        // provisioning's noise before the real failure
        "stdin: is not a tty\ndial tcp: lookup example.com: Temporary failure in name resolution",
        // another engine's deadline is an ordinary time-out
        "decision engine deadline exceeded",
        "Engine deadline exceeded",
    ]);
}
