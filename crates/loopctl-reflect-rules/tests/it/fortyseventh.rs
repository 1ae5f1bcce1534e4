//! The forty-seventh round, read after `final38.jsonl` was measured: mail connections dropped mid-session, full SRT send buffers, sessions and locks another request holds, write conflicts, and expired Agora and NetSuite credentials.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, verdict};

#[test]
fn dropped_connections_and_full_send_buffers_pass_unsure() {
    assert_all(
        (true, Confidence::Weak),
        &[
            // ikvk/imap_tools#96
            "imaplib.abort: socket error: EOF",
            // caiobegotti/Lost-Photos-Found#19
            "imaplib.abort: command: FETCH => System Error",
            // python/cpython: Lib/imaplib.py raises `abort` with "socket
            // error: ..." and "command: NAME => ...", printed under the
            // class's full name
            "imaplib.IMAP4.abort: socket error: EOF",
            "imaplib.IMAP4.abort: command: SELECT => socket error: EOF",
            // drajer-health/eCRNow#1005
            "javax.mail.FolderClosedException: * BYE JavaMail Exception: java.io.IOException: Connection dropped by server?",
            // Haivision/srt: srtcore/strerror_defs.cpp
            "Non-blocking call failure: no buffer available for sending",
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
fn an_hour_long_ban_lasts_unsure() {
    assert_all(
        (false, Confidence::Weak),
        &[
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
    // What the second reader found: an abort whose reason is a quota, a
    // connect that a setting refuses, locks held for hours, a counter's
    // name.
    assert!(
        !verdict("imaplib.IMAP4.abort: SELECT => [OVERQUOTA] Account exceeded command or bandwidth limits").0
    );
    assert!(!verdict("javax.mail.MessagingException: Connection dropped by server?; server said: * BYE [ALERT] Your account is not enabled for IMAP use. Please visit your Gmail settings page and enable your account for IMAP access.").0);
    assert_ne!(
        verdict(
            "lock-waits: a statement waited 312s for a lock held by connection 12 (transaction left open 3h, idle in transaction); fix: KILL 12"
        ),
        (true, Confidence::Weak)
    );
    assert_ne!(
        verdict(
            "stats: dynamic_key_expired=0 join_ok=41; join failed: CAN_NOT_GET_GATEWAY_SERVER: network error, retry: true"
        ),
        (false, Confidence::Strong)
    );
    // NetSuite's refusal only in its own sentence: a lookup that names
    // the same fields is no sure credential failure.
    assert_ne!(
        verdict("Lookup failed: invalid email address or account number format in row 3"),
        (false, Confidence::Strong)
    );
}
