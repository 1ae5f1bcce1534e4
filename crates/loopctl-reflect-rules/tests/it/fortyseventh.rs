//! The forty-seventh round, read after `final38.jsonl` was measured: dropped mail and download connections, sessions and locks another request holds, expired Agora and NetSuite credentials, and a graph store's retries that ran out.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, verdict};

#[test]
fn dropped_connections_and_full_send_buffers_pass_unsure() {
    assert_all(
        (true, Confidence::Weak),
        &[
            // ikvk/imap_tools#96
            "imaplib.abort: socket error: EOF",
            // Python's own class name for the same exception
            "imaplib.IMAP4.abort: command: NOOP => socket error: EOF",
            // jstedfast/MailKit#349
            "MailKit.Net.Imap.ImapProtocolException: The IMAP server has unexpectedly disconnected.",
            // drajer-health/eCRNow#1005
            "javax.mail.FolderClosedException: * BYE JavaMail Exception: java.io.IOException: Connection dropped by server?",
            // aria2/aria2: src/message.h
            "Got EOF from the server.",
            // Haivision/srt: srtcore/strerror_defs.cpp
            "Non-blocking call failure: no buffer available for sending",
            // livekit/protocol: egress/errors.go
            "no response from egress service",
        ],
    );
}

#[test]
fn work_another_request_holds_passes_unsure() {
    assert_all(
        (true, Confidence::Weak),
        &[
            // NetSweet/netsuite: spec/support/fixtures/login/failure_concurrent_requests.xml
            "Only one request may be made against a session at a time",
            // rclone/rclone#104
            "wp-content/uploads/random-photo1.jpg: Failed to copy: Upload failed: Failed to grab locks for 586858203: lock held by connection 4744768.Please re-issue the request.",
            // ossrs/srs#4173
            "[2024-09-07 13:49:49.478][ERROR][15][40y6mec3][11] serve error code=1028(StreamBusy)(Stream already exists or busy) : service cycle : rtmp: stream service : rtmp: stream /live/livestream is busy",
            // hilarak/odoo_community_addons#20
            "odoo.service.model: SERIALIZATION_FAILURE, retry 1/5 in 0.8038 sec...",
            // vesoft-inc/nebula#4521 (its own spelling)
            "Storage Error: More than one request trying to add/update/delete one edge/vertex at he same time",
            // DotNet4Neo4j/Neo4jClient#309
            "Neo4j.Driver.V1.TransientException: LockClient[50133] can't wait on resource RWLock[NODE(44648), hash=1024480685] since => LockClient[50133] <-[:HELD_BY]- RWLock[NODE(44798), hash=622513106]",
        ],
    );
}

#[test]
fn expired_tokens_and_refused_logins_are_credential_failures() {
    // A credential failure decides strongly, as every refusal does.
    assert_all(
        (false, Confidence::Strong),
        &[
            // NetSweet/netsuite: spec/support/fixtures/login/failure_invalid_credentials.xml
            "You have entered an invalid email address or account number. Please try again.",
            // AgoraIO/API-Examples-Web#86, AgoraIO/Basic-Video-Call#132,
            // AgoraIO-Community/AgoraWebSDK-NG#134
            "AgoraRTCError CAN_NOT_GET_GATEWAY_SERVER: flag: 4096, message: AgoraRTCError CAN_NOT_GET_GATEWAY_SERVER: dynamic key or token timeout",
            "Agora-SDK [ERROR]: [63CEC] Get server node failed [DYNAMIC_KEY_EXPIRED]",
            r#"AgoraRTCError CAN_NOT_GET_GATEWAY_SERVER: dynamic key expired data: {"retry":false}"#,
        ],
    );
}

#[test]
fn spent_retries_and_hour_long_bans_last_unsure() {
    assert_all(
        (false, Confidence::Weak),
        &[
            // JanusGraph/janusgraph#455
            "org.janusgraph.diskstorage.TemporaryBackendException: Could not successfully complete backend operation due to repeated temporary exceptions after PT1M40S",
            // vimeo/vimeo.php#60
            "You have been temporarily blocked from Vimeo",
        ],
    );
}

#[test]
fn the_words_leave_refusals_and_other_requests_alone() {
    // A refusal beside the passing words stays a refusal.
    assert_eq!(
        verdict("invalid API key; Only one request may be made against a session at a time"),
        (false, Confidence::Strong)
    );
    assert_eq!(
        verdict("imaplib.abort: 403 Forbidden"),
        (false, Confidence::Strong)
    );
    // A request to send something else is not a lock another request
    // holds: the words that decide are Dropbox's own.
    assert_ne!(
        verdict("Please re-issue the request with the correct path."),
        (true, Confidence::Weak)
    );
    assert!(
        !verdict("The request body was malformed. Please re-issue the request with a JSON body.").0
    );
}
