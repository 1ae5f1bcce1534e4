//! The ninety-fourth round, read after `final82.jsonl` was measured: note sync, self-hosted API gateways, time tracking, helpdesks and CRMs, photo servers and image registries.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, assert_refused_beside, assert_refused_surely};

/// The round's passing texts: passing, weakly, and still refused beside a
/// credential word.
const WEAK_PASSING: &[&str] = &[
    // final82, Jermolene/TiddlyWiki5 (Misc.multids)
    "It looks like the connection to the server has been lost. This may indicate a problem with your network connection. Please attempt to restore network connectivity before continuing.",
    // final82, project-zot/zot (errors/errors.go)
    "cve-db is not present",
];

#[test]
fn a_connection_lost_and_a_database_not_built_yet_pass_unsure() {
    assert_all((true, Confidence::Weak), WEAK_PASSING);
    assert_refused_beside(WEAK_PASSING);
}

#[test]
fn a_name_taken_a_request_to_change_and_a_blocked_api_last_whatever_try_again_says() {
    // final82, standardnotes/server; final22, Azure's storage: unsure
    // since the calibration counted `final88` (Tdarr's node ID "already
    // taken" passed).
    assert_all(
        (false, Confidence::Weak),
        &[
            "The email you entered is already taken. Please try again.",
            "The storage account named ubuntusa is already taken.",
        ],
    );
    assert_all(
        (false, Confidence::Strong),
        &[
            // final82, vrtmrz/obsidian-livesync, toggl/toggl_api_docs#397
            "Cannot connect to non-HTTPS URI. Please update your config and try again.",
            "{\"error\":{\"message\":\"time_entry_ids=1799600505,1799781560,1800007885 is too big\",\"tip\":\"Change your request and try again. Please refer to API documentation at https://github.com/toggl/toggl_api_docs if you need additional help\",\"code\":400}}",
            // final82, TykTechnologies/tyk
            "This organisation quota has been exceeded, please contact your API administrator",
            // the review: the shorter forms of a config to update
            "Please update your configuration and try again.",
            "Change your request, and try again.",
        ],
    );
    // final82, wso2/docs-apim (900907): an API its publisher blocked,
    // refused whatever "temporarily" says.
    assert_refused_surely(&["The requested API is temporarily blocked"]);
    // Lasting, though unsure: an SMTP 503 of the mail dialogue, printed
    // beside a word that reads as HTTP's (final82, Invoice Ninja#3482),
    // which follows a rejected recipient that greylisting may have
    // rejected for a moment (the review); Tyk's limit that may be a rate
    // limit; WSO2's 700700 block set by an administrator.
    assert_all(
        (false, Confidence::Weak),
        &[
            "Expected response code 354 but got code \"503\", with message \"503 5.5.2 Need rcpt command [DM6NAM12FT026.eop-nam12.prod.protection.outlook.com] \"",
            "This organization access has been disabled or quota/rate limit is exceeded, please contact your API administrator",
            "This API has been blocked temporarily. Please try again later or contact the system administrators.",
        ],
    );
}

#[test]
fn a_lock_taken_by_a_running_task_and_an_organisation_s_rate_limit_pass_unsure() {
    // The review: Foreman's and GitLab registry's locks held by another
    // running task, and Tyk's rate limit in the words of its quota.
    assert_all(
        (true, Confidence::Weak),
        &[
            "Required lock is already taken by other running tasks.",
            "background migration lock is already taken",
            "This organisation rate limit has been exceeded, please contact your API administrator",
        ],
    );
}
