//! The sixty-sixth round, read after `final57.jsonl` was measured: node daemons, instruments, web archives and app-store tools, the words that lean lasting in any system's message, and advice to make something smaller first.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{
    assert_all, assert_lasting, assert_not_lasting_surely, assert_not_passing_unsure,
    assert_passing, assert_refused_beside, verdict,
};

#[test]
fn starts_syncs_and_busy_instruments_their_clients_wait_out_pass_unsure() {
    assert_all(
        (true, Confidence::Weak),
        &[
            // lightningnetwork/lnd: server.go, lnrpc/chainrpc/chain_server.go,
            // funding/manager.go; lightninglabs/lndclient: lnd_services.go
            "server is still in the process of starting",
            "chain notifier RPC is still in the process of starting",
            "Synchronizing blockchain",
            "waiting to start, RPC services not available",
            // bitcoin/bitcoin: src/init.cpp, answered with RPC code -28
            "Verifying blocks…",
            "Starting network threads…",
            // anza-xyz/agave: rpc-client-api/src/custom_error.rs
            "Minimum context slot has not been reached",
            // paritytech/polkadot-sdk: substrate/client/rpc-api/src/author/error.rs
            "Immediately Dropped",
            // cometbft/cometbft: rpc/core/events.go
            "subscription was canceled (reason: slow client)",
            // spesmilo/electrumx: src/electrumx/server/session.py
            "chaintip moved too many times, or DB not in sync with daemon, while processing request",
            // ElementsProject/lightning: lightningd/channel_control.c
            "Currently waiting on previous splice command to finish.",
            // epics-base/epics-base: modules/ca/src/client/access.cpp
            "Virtual circuit unresponsive",
            // tango-controls/pytango#375
            "The connection request was delayed. Last connection request was done less than 1000 ms ago",
            // PyLabRobot/pylabrobot: hamilton/STAR_backend.py
            "No parallel processes permitted",
            // fastlane/fastlane: fastlane_core/itunes_transporter.rb, spaceship/errors.rb
            "ERROR: An exception has occurred: Scheduling automatic restart in 1 minute",
            "Apple 429 detected",
            // overcast07/wayback-machine-spn-scripts: spn.sh's retry list
            "Live page is not available: chrome-error://chromewebdata/",
        ],
    );
}

#[test]
fn deleted_blocks_bans_closing_channels_and_given_up_retries_last() {
    assert_all(
        (false, Confidence::Strong),
        &[
            // bitcoin/bitcoin: src/rpc/blockchain.cpp
            "Block not available (pruned data)",
            // paritytech/polkadot-sdk: author/error.rs (a ban of 30 minutes)
            "Transaction is temporarily banned",
            // ACINQ/eclair: channel/ChannelExceptions.scala
            "cannot send new htlcs, closing in progress",
        ],
    );
    assert_lasting(&[
        // fastlane/fastlane: spaceship/connect_api/api_client.rb, after an
        // hour of 429s; unsure, as "too many requests" beside it passes
        "Too many requests, giving up after backing off for > 3600 seconds.",
        // codemagic-ci-cd/cli-tools: altool's mock_validation_failure.json;
        // unsure, as "at this time" beside it passes
        "Unable to process application at this time due to the following error: Invalid Provisioning Profile.",
        // jjjake/internetarchive#383; unsure beside its request rate
        " error uploading cRRrauRtugc.description: Please reduce your request rate. - Your upload of youtube-cRRrauRtugc from username ***@gmail.com appears to be spam. If you believe this is a mistake, contact info@archive.org and include this entire message in your email.",
        // eBay's Account API, errorId 20501; unsure beside "Service
        // unavailable"
        "Service unavailable. Please try again in next 24 hours.",
        // jjjake/internetarchive#392: the queue stayed full for days
        "error uploading Intro-494304810.jpg: Please reduce your request rate. - total_tasks_queued exceeds global_limit",
        // Lidarr/Lidarr#5029: a block page in front of the metadata server
        "Site responded with browser content instead of api data. This disruption may be temporary, please try again later.",
    ]);
}

#[test]
fn words_that_lean_lasting_decide_unsure_where_nothing_else_matched() {
    // Texts of the labelled files that no other pattern names, one word
    // each.
    assert_all(
        (false, Confidence::Weak),
        &[
            // final16, final2, final36, final
            "no repositories found. You must add one before updating",
            "Error: creating container storage: not enough unused IDs in user namespace",
            "Unable to use a `SECRET` input/output as encryption is not configured",
            "\"auto\" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set",
            // final14, final16, final34
            "No host specified.",
            "error: the server doesn't have a resource type \"crd\"",
            "DPY-4010: a bind variable replacement value for placeholder \":1\" was not provided",
            "GraphQL Client: This operation will result in a streamable response - use requestStream() instead.",
            // final, final31, final16, final12
            "Console request failed: endpoint is disabled",
            "Tax configuration not available due to settings / plan restriction.",
            "the server does not allow this method on the requested resource",
            "(error) ERR Can not execute a function with write flag using fcall_ro.",
        ],
    );
    // A passing word still wins over them, as over every faint word
    // (constructed).
    assert_passing(&["Connection reset by peer: the server does not answer"]);
}

#[test]
fn a_confirmed_passing_status_outweighs_the_leaning_words() {
    // .NET's wording for every failed response, and a 503 named as a
    // status (final20's and the pyairtable recording's texts).
    assert_passing(&[
        "Response status code does not indicate success: TooManyRequests (429)",
        "The HTTP request returned a 503 status code instead of 200 or 204",
    ]);
    // A number that is no confirmed status does not.
    assert_eq!(
        verdict("Field must be at most 503 characters"),
        (false, Confidence::Weak)
    );
}

#[test]
fn advice_to_make_something_smaller_first_lasts_but_not_to_slow_down() {
    assert_lasting(&[
        // amzn/selling-partner-api-models: tracking API, REQUEST_SIZE_EXCEEDED
        "The request payload size is greater than maximum accepted size. Please reduce the payload size and try again.",
        // Anthropic's max_tokens beside the context window (calibration)
        "decrease input length or `max_tokens` and try again",
    ]);
    // Fewer or slower requests are the same call, later (constructed).
    assert_passing(&[
        "Please reduce the request rate for this bucket and try again.",
        "Please reduce the rate of requests to this endpoint and try again.",
        "Decrease the concurrency of the upload and try again.",
        "Please reduce the frequency of polling and try again.",
        "Please reduce the number of parallel uploads and try again.",
    ]);
}

#[test]
fn refusals_beside_the_new_passing_words_stay_refused() {
    assert_refused_beside(&[
        "still in the process of starting",
        "Synchronizing blockchain",
        "Virtual circuit unresponsive",
        "Immediately Dropped",
    ]);
}

#[test]
fn what_the_second_reader_narrowed_or_added_holds() {
    // Its added wordings: Substrate's pool, EPICS' disconnected circuit,
    // lnd's exiting peer, a Substrate ban and lnd's macaroon refusal.
    assert_all(
        (true, Confidence::Weak),
        &[
            "Transaction couldn't enter the pool because of the limit",
            "Virtual circuit disconnect",
            "peer exiting",
        ],
    );
    assert_all(
        (false, Confidence::Strong),
        &[
            "Transaction temporarily Banned",
            "verification failed: signature mismatch after caveat verification",
            "server is still in the process of starting; verification failed: signature mismatch after caveat verification",
        ],
    );
    // A channel "closing already in progress" lasts, unsure.
    assert_eq!(
        verdict("closing already in progress"),
        (false, Confidence::Weak)
    );
    // Other systems' texts with the words the round first listed
    // (constructed): a failed validation, a supervisor's crash loop, a 404
    // page, a connection closing and another limit named global_limit.
    assert_not_passing_unsure(&[
        "Error verifying blocks: bad-txns-inputs-missingorspent",
        "Back-off restarting failed container, scheduling automatic restart in 10s",
        "Live page is not available (HTTP status=404)",
    ]);
    assert_not_lasting_surely(&[
        "connection closing in progress",
        "batch size exceeds global_limit",
    ]);
    // .NET over HTTP/2 gives no reason phrase; the status still counts,
    // and the leaning words yield to it.
    assert_passing(&["Response status code does not indicate success: 503 ()."]);
    // Fewer requests, or fewer at once, are the same call, later.
    assert_passing(&[
        "Please reduce the number of requests and try again.",
        "Reduce the number of simultaneous uploads and try again.",
    ]);
}
