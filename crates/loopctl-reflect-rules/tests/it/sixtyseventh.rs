//! The sixty-seventh round, read after `final58.jsonl` was measured: DNS servers, schema migrations, array stores, game servers, helpdesks and streaming servers.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, assert_lasting, assert_refused_beside, verdict};

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
            // fsspec/gcsfs: gcsfs/checkers.py; m2lines/Samudra#757
            "MD5 checksum failed",
            "RuntimeError: error during blosc decompression: -1",
            // WAM2layers/WAM2layers#475: xarray's robust_getitem
            "getitem failed, waiting 587 ms before trying again (6 tries remaining).",
            // golang-migrate/migrate: database/mysql/mysql.go
            "can't acquire lock",
            // junhoyeo/tokscale#919: postgres.js
            "Error: write CONNECTION_CLOSED nozomi.proxy.rlwy.net:27021",
            // osTicket/osTicket: include/ajax.tickets.php
            "{\"id\":0,\"retry\":true}",
            // obsproject/obs-studio: UI/data/locale/en-US.ini
            "Disconnected from server.",
            // bluenviron/mediamtx: path_manager_test.go, webrtc/reader.js;
            // ant-media/Ant-Media-Server#20
            "no stream is available on path 'mypath'",
            "Error: stream not found, retrying in some seconds",
            "No stream available with that name",
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
            "undefined method `name' for nil:NilClass",
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
        "can't acquire lock",
        "Disconnected from server.",
        "no stream is available on path",
        "MD5 checksum failed",
    ]);
}
