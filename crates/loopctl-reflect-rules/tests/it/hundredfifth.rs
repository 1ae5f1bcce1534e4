//! The hundred-and-fifth round, read after `final96.jsonl` and `final97.jsonl` were measured: database proxies, a hot standby, lab notebooks, podcast and translation tools, forums and content management systems.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, assert_refused_beside, assert_refused_surely};

/// The round's passing texts, each unsure.
const PASSING: &[&str] = &[
    // final96, pgpool/pgpool2 (PostgreSQL's hot standby)
    "connection was terminated due to conflict with recovery",
    // final96, yandex/odyssey
    "The Odyssey instance is performing online restart to update configuration or binary, and the connections are being drained",
    "Connection was killed by Odyssey configuration reloading or console command",
    "FATAL:  odyssey: cbde8d0203caf: soft out of memory",
    "replication lag of the node you are trying to connect is too big, connection rejected",
    // final96, TencentDB for MySQL
    "ERROR 1999 (HY000): Proxy cannot find valid backend server.",
    "ERROR 1999 (HY000): Backend connection not found.",
    // final96, omegat-org/omegat
    "Push failed. Will be synchronized next time.",
    // final97, phpbb/phpbb
    "You cannot make another post so soon after your last.",
    // final97, Concrete CMS
    "The file was only partially uploaded.",
    // final97, drupal/core
    "File already locked for writing.",
];

#[test]
fn a_standby_a_draining_proxy_and_a_flood_limit_pass() {
    assert_all((true, Confidence::Weak), PASSING);
    // Beside a refusal named outright they are still refused, surely.
    assert_refused_beside(PASSING);
}

#[test]
fn a_missing_folder_an_unknown_key_and_a_stale_edit_last() {
    assert_all(
        (false, Confidence::Weak),
        &[
            // final97, MyBB and Concrete CMS
            "PHP returned: Missing a temporary folder.  Please contact your forum administrator with this error.",
            "Missing a temporary folder.",
            // final97, clang-tidy
            "/home/bojun/heaptrace/.clang-tidy:21:1: error: unknown key 'AnalyzeTemporaryDtors'",
            // final96, LabKey
            "The domain has been edited by another user, you may need to refresh and try again.",
            // final97, vanilla/vanilla
            "The captcha was not completed correctly. Please try again.",
        ],
    );
}

#[test]
fn a_form_token_a_permission_and_a_failed_login_are_refused_surely_whatever_advice_follows() {
    assert_refused_surely(&[
        // final97, Concrete CMS; Anki; Invision Community; SilverStripe
        "Invalid CSRF token. Please refresh and try again.",
        "TOO_MANY_REQUESTS_WITH_BAD_KEY",
        "The provided details don't seem to be correct. Please try again.",
        // The review: the other word orders
        "CSRF token is invalid. Please try again.",
        "CSRF token missing or incorrect. Please try again.",
    ]);
    // Permissions on a resource are refused, weakly: rsync prints the
    // words before the system's own error.
    assert_all(
        (false, Confidence::Weak),
        &[
            "Unable to access Anki media folder. The permissions on your system's temporary folder may be incorrect.",
        ],
    );
}

#[test]
fn what_the_review_narrowed_no_longer_decides() {
    use crate::verdicts::assert_not_passing_unsure;
    // Odyssey's own configuration error fails on every start; uniCenta's
    // ticket is a lock held for now; obs-sign's key is generated later.
    assert_not_passing_unsure(&[
        "online restart feature works only with SO_REUSEPORT. Disable online restart or enable SO_REUSEPORT",
    ]);
    crate::verdicts::assert_passing(&[
        "This Table's ticket is being edited by another User<br>Try Later",
    ]);
    assert_eq!(
        crate::verdicts::verdict("unknown key: builder@example.com").1,
        Confidence::Unmatched
    );
}
