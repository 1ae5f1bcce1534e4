//! The seventy-first round, read after `final62.jsonl` was measured: event stores, actor clusters, language servers, home hubs, chat and fediverse servers and RPC stacks.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{
    assert_all, assert_lasting, assert_not_lasting_surely, assert_not_passing_unsure,
    assert_refused_beside, verdict,
};

#[test]
fn uploads_locks_restarts_and_dropped_links_pass_unsure() {
    assert_all(
        (true, Confidence::Weak),
        &[
            // element-hq/synapse: M_NOT_YET_UPLOADED's words
            "Media has not been uploaded yet",
            // JasperFx/marten: PostgreSQL's 40001
            "Marten.Exceptions.ConcurrentUpdateException: Write collision detected while commiting the transaction.",
            // bluesky-social/atproto: a 502 its clients retry
            "Upstream Failure",
            "Upstream service unreachable",
            // superseriousbusiness/gotosocial: a 503 with Retry-After: 30
            "server capacity exceeded",
            // bazelbuild/bazel: the output base's lock
            "Another command is running. Exiting immediately.",
            // Bazel's current client (found by the second reader)
            "Another command (pid=60928) is running. Waiting for it to complete on the server (server_pid=19217)..",
            "Another command holds the client lock: pid=147569 owner=client",
            // llvm/llvm-project: clangd's ContentModified
            "Request cancelled because the document was modified",
            // microsoft/vscode-languageserver-node
            "Connection to server got closed. Server will restart.",
            // dotnet/aspnetcore: SignalR's dropped transports
            "Error: Connection disconnected with error 'Error: WebSocket closed with status code: 1006 ().'.",
            "The server connection was terminated with an error. System.Net.WebSockets.WebSocketException (0x80004005): The remote party closed the WebSocket connection without completing the close handshake.",
        ],
    );
}

#[test]
fn stale_versions_refused_events_and_servers_that_gave_up_last_surely() {
    assert_all(
        (false, Confidence::Strong),
        &[
            // EventStoreDB; Marten
            "EventStore.Client.WrongExpectedVersionException: Append failed due to WrongExpectedVersion. Stream: checkout-e845b701-1589-46e2-ae9a-8a697e9ee552, Expected version: 8, Actual version: 12",
            "Unexpected starting version number for event stream 'f09e05a1-df8f-4b83-a343-1a3e760a4093', expected 3 but was 1",
            "JasperFx.ConcurrencyException: Optimistic concurrency check failed for Members.Application.Domain.Member #3a1be3d3-6178-fbbf-a746-7cab2f9751b3",
            "Event number 1221 was expected in the stream <stream_name>, but event number 1251 was received. This may happen if events have been deleted from the beginning of your stream, please reset your projection.",
            // matrix-rust-sdk; ejabberd; Smack; Zulip
            "There are insecure devices in the room",
            "Closing c2s session for xxxx@xxxx.net/phone: Stream closed by us: Too many unacked stanzas (policy-violation)",
            "The password is too weak",
            "Resource binding was not offered by server",
            "Bad event queue id: fb67bf8a-c031-47cc-84cf-ed80accacda8",
            // Nostr relays (NIP-01's prefixes), strfry; Mastodon
            "[\"OK\", \"b1a649ebe8...\", false, \"pow: difficulty 26 is less than 30\"]",
            "blocked: event marked as protected",
            "replaced: have newer event",
            "deleted: user requested deletion",
            "Remote SSL certificate could not be verified",
            "Could not determine mime type or data passed directly without mime type.",
            // clangd; a coding agent's LSP tool; rustup; language clients
            "trying to get AST for non-added document",
            "No LSP server available for file type: .rs",
            "error: Unknown binary 'rust-analyzer' in official toolchain 'stable-x86_64-unknown-linux-gnu'.",
            "The TypeScript language service died 5 times right after it got started. The service will not be restarted.",
            "Connection to server got closed. Server will not be restarted.",
            "The Pyright server crashed 5 times in the last 3 minutes. The server will not be restarted.",
            // Apache Thrift; SignalR
            "TConnectedClient died: Received an oversized frame",
            "Error: Failed to start the connection: Error: Negotiation can only be skipped when using the WebSocket transport directly.",
            // Zulip; Mastodon; the AT Protocol
            "Your password has been disabled and needs to be reset",
            "Your login is currently pending approval",
            "Untrusted issuer for admin actions",
        ],
    );
}

#[test]
fn unimplemented_settings_last_unsure() {
    assert_all(
        (false, Confidence::Weak),
        &[
            // anthropics/claude-code
            "Error: Failed to initialize LSP server plugin:jdtls-lsp:jdtls: LSP server 'plugin:jdtls-lsp:jdtls': startupTimeout is not yet implemented. Remove this field from the configuration.",
        ],
    );
    // Beside their own passing words, still lasting.
    assert_lasting(&[
        "ERROR: unimplemented: multiple active portals not supported：You have attempted to use a feature that is not yet implemented.",
    ]);
}

#[test]
fn refusals_beside_the_new_passing_words_stay_refused() {
    assert_refused_beside(&[
        "Media has not been uploaded yet",
        "Write collision detected",
        "Upstream Failure",
        "server capacity exceeded",
        "Another command is running",
        "Server will restart.",
        "WebSocket closed with status code: 1006",
    ]);
}

#[test]
fn what_the_second_reader_took_out_or_narrowed_stays_so() {
    // Narrowed: another program's overwrite collision, and pods that
    // succeeded (the second reader's texts).
    assert_not_passing_unsure(&["File overwrite collision detected change file name."]);
    assert_not_lasting_surely(&[
        "Succeeded: All containers in the Pod have terminated in success, and will not be restarted.",
    ]);
    // Weak: an app's failed check behind GitHub's rate limit stays a rate
    // limit; the words alone are still a refusal, which no credential
    // failure is handed on from.
    assert!(
        verdict(
            "GitHub sign-in completed, but the token could not be verified for Copilot access. (GET /user: 403 API rate limit exceeded for user ID 1)"
        )
        .0
    );
    assert_eq!(
        verdict("Token could not be verified"),
        (false, Confidence::Strong)
    );
    // Taken out: an INFO line at start, advice beside a commit delay, and
    // a controller that resets itself no longer decide.
    assert_not_lasting_surely(&["No seed-nodes configured, manual cluster join required"]);
    assert_ne!(
        verdict(
            "Partition's compaction score is larger than 100.0, delay commit for 500ms. You can try to increase compaction concurrency"
        ),
        (false, Confidence::Weak)
    );
    assert_ne!(
        verdict("Timeout while waiting for a callback from the controller"),
        (false, Confidence::Weak)
    );
}
