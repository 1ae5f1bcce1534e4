//! The sixty-seventh round, read after `final58.jsonl` was measured: DNS servers, schema migrations, array stores, game servers, helpdesks and streaming servers.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{
    assert_all, assert_lasting, assert_not_passing_unsure, assert_refused_beside, verdict,
};

#[test]
fn waits_their_clients_outlast_pass_unsure() {
    assert_all(
        (true, Confidence::Weak),
        &[
            // CZ-NIC/knot: src/knot/ctl/commands.c
            "some blocking event running, try opening control transaction later",
            "zone restore pending, try opening control transaction later",
            // dns-lexicon: the Mythic Beasts recording
            "{\n  \"errors\": [\n    \"Received 0 record(s), expected 1 from ns1.mythic-beasts.com.\"\n  ]\n}",
            // m2lines/Samudra#757
            "RuntimeError: error during blosc decompression: -1",
            // junhoyeo/tokscale#919: postgres.js
            "Error: write CONNECTION_CLOSED nozomi.proxy.rlwy.net:27021",
        ],
    );
}

#[test]
fn what_the_second_reader_took_out_stays_out() {
    // final58's texts whose words the review found also in lasting
    // failures: an upload's checksum, a debug line printed while retrying, a
    // stale lock, a body also sent with a 403, a reconnect already given
    // up, a progress line, and a stream that may be a wrong path.
    assert_not_passing_unsure(&[
        "MD5 checksum failed",
        "getitem failed, waiting 587 ms before trying again (6 tries remaining).",
        "can't acquire lock",
        "{\"id\":0,\"retry\":true}",
        "Disconnected from server.",
        "Error: stream not found, retrying in some seconds",
        "no stream is available on path 'mypath'",
        "No stream available with that name",
    ]);
    // Ruby's undefined method is weak: a time-out beside it passes
    // (constructed after apnotic#27).
    assert_eq!(
        verdict("undefined method `close' for nil:NilClass"),
        (false, Confidence::Weak)
    );
    assert!(
        verdict("Net::ReadTimeout: Net::ReadTimeout; undefined method `close' for nil:NilClass").0
    );
    // apt numbers its items "Err:401"; that is no status (constructed in
    // apt's format).
    assert!(
        verdict("Err:401 http://deb.debian.org/debian bookworm InRelease\n  Temporary failure resolving 'deb.debian.org'").0
    );
    // What it found unnamed: golang-migrate's dirty version
    // (golang-migrate/migrate#282), a ban, FTP's and login's refusal.
    assert_all(
        (false, Confidence::Strong),
        &[
            "error: Dirty database version 16. Fix and force version.",
            "The member cannot rejoin the lobby because they have been banned.",
            "530 Login incorrect.",
        ],
    );
}

#[test]
fn limits_switches_and_bugs_that_stay_last() {
    // Beside their own passing words (a rate limit, "under maintenance", a
    // time-out): lasting, unsure.
    assert_lasting(&[
        // StackExchange/dnscontrol: providers/loopia/client.go
        "Rate-Limited, you are already using the slowest request rate. Consider contacting Loopia Support to change this.",
        // pterodactyl/panel: ServerStateConflictException.php
        "The node of this server is currently under maintenance and the functionality requested is unavailable.",
        // zammad/zammad#3653
        "undefined method `name' for #<Delayed::WorkerTimeout: execution expired>",
        // zendesk/zendesk_api_client_php#422
        "429 Too Many Requests (Number of allowed requests per hour exceeded)",
        // twurple/twurple#616
        "{\"error\":\"Too Many Requests\",\"status\":429,\"message\":\"maximum subscriptions with type and condition exceeded\"}",
    ]);
    // Alone, each is sure (constructed from the same sentences).
    assert_all(
        (false, Confidence::Strong),
        &[
            "You are already using the slowest request rate.",
            "The node of this server is currently under maintenance.",
            "Number of allowed requests per hour exceeded",
            "maximum subscriptions with type and condition exceeded",
        ],
    );
}

#[test]
fn a_status_after_err_is_a_status() {
    // DefectDojo/django-DefectDojo#3164: the Jira client's own retry
    // line around a 401.
    assert!(
        !verdict(
            "Got recoverable error from GET https://jira-uat.isaac.nl/rest/api/2/serverInfo, will retry [1/3] in 6.240514827858767s. Err: 401"
        )
        .0
    );
}

#[test]
fn refusals_beside_the_new_passing_words_stay_refused() {
    assert_refused_beside(&[
        "try opening control transaction later",
        "write CONNECTION_CLOSED",
        "error during blosc decompression",
    ]);
}
