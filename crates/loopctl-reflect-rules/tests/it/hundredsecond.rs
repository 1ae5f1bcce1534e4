//! The hundred-and-second round, read after `final91.jsonl` was measured: FTP servers and clients, embedded key-value stores, a code-review server's waits, and the credential words and faint words any system may use.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{
    assert_all, assert_leaning_yields, assert_not_lasting_surely, assert_passing,
    assert_refused_beside, assert_refused_surely, verdict,
};

/// The round's passing texts, each unsure.
const PASSING: &[&str] = &[
    // final91, proftpd/proftpd (MaxClients, MaxTransfersPerHost)
    "530 Sorry, the maximum number of allowed users are already connected (5)",
    "451 Sorry, the maximum number of data transfers (2) from your host are currently being used.",
    // The review: ProFTPD's own default words, and its per-host form
    "530 Sorry, the maximum number of allowed clients (5) are already connected.",
    "530 Sorry, the maximum number of clients (1) from your host are already connected.",
    // final91, lavv17/lftp
    "Store failed - you have to reput",
    // final91, facebook/rocksdb
    "Write stall",
    "Low priority write stall",
    // final91, phorge/phorge: sent faster than a limit allows
    "You and other users on this install are collectively sending too many test text messages too quickly. Wait a few minutes to continue texting tests.",
];

#[test]
fn a_full_server_a_stalled_write_and_requests_too_quick_pass() {
    assert_all((true, Confidence::Weak), PASSING);
    // Beside a refusal named outright they are still refused, surely.
    assert_refused_beside(PASSING);
}

#[test]
fn a_wait_of_an_hour_an_open_transaction_and_a_start_limit_last() {
    // final91, Phorge: the wait it names is longer than a retry's.
    assert_eq!(
        verdict(
            "Your account has too many outstanding, incomplete MFA synchronization attempts. Wait an hour and try again."
        ),
        (false, Confidence::Strong)
    );
    // The same words with a wait of seconds pass.
    assert!(verdict("Too many attempts. Wait 10 seconds and try again.").0);
    // final91, cberner/redb: the caller's own transaction.
    assert_eq!(
        verdict("A transaction is still in progress. Operation cannot be performed."),
        (false, Confidence::Strong)
    );
    // systemd's start limit lasts, though "too quickly" passes elsewhere.
    assert_all(
        (false, Confidence::Weak),
        &[
            "start request repeated too quickly for r101-bablefish.1.web.1.service",
            // The review: Supervisor's program that gave up.
            "2015-02-13 01:32:33,846 INFO gave up: shadowsocks entered FATAL state, too many start retries too quickly",
            "fate-fateflow   FATAL   Exited too quickly (process log may have details)",
        ],
    );
}

#[test]
fn revoked_unauthorised_and_lacking_authorization_are_refused_surely() {
    assert_refused_surely(&[
        // final91: step-ca, SFTPGo, OpenXPKI
        "authority.authorizeRenew: certificate has been revoked",
        "your certificate has been revoked",
        "Signer certificate is revoked",
        // final91: Rasa through opsdroid; pgAdmin
        "Rasa NLU error - Unauthorised request. Check your 'token'.",
        "Unauthorised access, permission denied.",
        // final91: Phorge, step-ca; tapiriik
        "You do not have authorization to call this method.",
        "The request lacked necessary authorization to be completed. Please see the certificate authority logs for more info.",
        "No authorization to refresh token",
        // The review: other spellings and forms
        "You do not have authorisation to view this page.",
        "Client lacks authorisation to connect",
        "You don't have authorization to access this resource.",
        // Credentials revoked, in labelled texts of earlier files
        "Token has been expired or revoked.",
        "Invalid or revoked refresh token.",
        "Invalid or revoked session token.",
        "The Firebase ID token has been revoked.",
    ]);
    // The review: revoked things that are no credential are not refused
    // surely (Druid's lock fields, Celery's task, a lease, a leadership, a
    // rebalance's partitions).
    assert_not_lasting_surely(&[
        "Cannot create a new taskLockPosse for request[TimeChunkLockRequest{lockType=EXCLUSIVE, priority=25, revoked=false}] because existing locks have same or higher priorities",
        "celery.exceptions.TaskRevokedError: expired",
        "Lease revoked",
        "leadership was revoked",
        "Offset commit failed: the group has already rebalanced. Partitions revoked: [topic-0]",
    ]);
}

#[test]
fn options_given_together_and_a_request_not_understood_last_weakly() {
    assert_all(
        (false, Confidence::Weak),
        &[
            // final91, smallstep/cli
            "offline mode and ACME are mutually exclusive",
            // final91, proftpd/proftpd
            "500 SSH-2.0-OPENSSH 6.2 not understood",
        ],
    );
}

#[test]
fn a_state_reached_and_a_step_that_comes_first_lean_lasting() {
    let leaning = [
        // final40, docusealco/docuseal
        "Template has been archived",
        // final86, pretalx
        "No file has been submitted.",
        // final90, INDI
        "Please unpark before issuing any motion commands.",
        // final72, pywinauto
        "Please use start or connect before trying anything else",
    ];
    assert_all((false, Confidence::Weak), &leaning);
    assert_leaning_yields(&leaning);
    // Passing words still decide beside them.
    assert_passing(&[
        "The request has been throttled. Wait 10 seconds and try again.",
        "Service Unavailable: the connection has been reset by peer",
        // The review, on earlier files: each in its own words
        "Error: [IBM][CLI Driver] SQL30081N A communication error has been detected.",
        "rsync warning: some files vanished before they could be transferred (code 24) at main.c(1652) [generator=3.1.0]",
        "This token has been issued in the future at 2019-06-07T08:43:57+00:00, is your system time correct?",
        "The job has been abandoned because agent tb-lnx2 did not renew the lock. Ensure agent is running, not sleeping, and has not lost communication with the service.",
    ]);
}
