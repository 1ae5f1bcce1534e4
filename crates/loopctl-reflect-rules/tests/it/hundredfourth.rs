//! The hundred-and-fourth round, read after `final94.jsonl` and `final95.jsonl` were measured: password auditors, Android and disk-imaging tools, proxies, statistics servers, XMPP servers and ERPs.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, assert_refused_beside};

/// The round's passing texts, each unsure.
const PASSING: &[&str] = &[
    // final95, igniterealtime/Openfire
    "Server has not finished initialization.",
    // final94, SAS Viya (SWAT)
    "ERROR: The session has no available workers.",
    // final95, esl/MongooseIM
    "The action is cancelled because of flooding.",
    // The review: the other spelling, and "not yet"
    "Action is canceled because of flooding",
    "The server has not yet finished initializing",
    // final94, MetaCubeX/mihomo (the faint "is updating")
    "GEO database is updating, skip",
];

#[test]
fn a_server_still_starting_busy_workers_and_an_update_underway_pass() {
    assert_all((true, Confidence::Weak), PASSING);
    // Beside a refusal named outright they are still refused, surely.
    assert_refused_beside(PASSING);
}

#[test]
fn no_common_cipher_a_protected_disk_and_a_banned_client_last() {
    assert_all(
        (false, Confidence::Weak),
        &[
            // final94, vanhauser-thc/thc-hydra
            "[ERROR] could not connect to ssh://10.0.92.192:22 - kex error : did not find one of algos diffie-hellman-group1-sha1 in list curve25519-sha256",
            "[ERROR] could not connect to ssh://x.x.x.x:x - kex error : no match for method mac algo client->server: server [hmac-sha2-512-etm@openssh.com]",
            "[ERROR] all children were disabled due too many connection errors",
            // libssh's own words, without hydra's prefix
            "no match for method mac algo client->server: server [hmac-sha2-512-etm@openssh.com], client [hmac-sha1]",
            // final94, balenaEtcher, Rufus
            "The drive is write-protected",
            "Media is write protected.",
            // final94, topjohnwu/Magisk
            "No daemon is currently running!",
            // final94, pbatard/rufus
            "Error: We are unable to complete your request at this time. Some users, entities and locations are banned from using this service.",
        ],
    );
}

#[test]
fn workers_that_never_take_the_request_are_no_blip() {
    // The review: a request no worker will ever take is not read as
    // passing on "no available workers".
    assert!(
        !crate::verdicts::verdict(
            "No available workers can fulfill this request. Consider reducing the size to 512x512"
        )
        .0
    );
}
