//! The refusal forms: each reads the texts it was taken for and keeps out of the ones its guards name, and on the labelled files at least nine of its texts in ten fail for good.

use std::collections::BTreeMap;

use serde_json::Value;

use super::super::{Category, Tier};
use super::{FORMS, refusals};
use crate::RuleReflector;

/// The names of the forms `text` shows.
fn shown(text: &str) -> Vec<&'static str> {
    refusals(text).map(|form| form.name).collect()
}

#[test]
fn sentences_that_refuse_are_read_whatever_stands_between_their_parts() {
    for (text, name) in [
        (
            "You lack the permissions to access this wiki. Please wait for approval.",
            "lacks a permission",
        ),
        (
            "You are logged in but lack READ permissions.",
            "lacks a permission",
        ),
        (
            "The caller lacks 'storage.objects.get' permission on the bucket",
            "lacks a permission",
        ),
        (
            "Operation Denied: due to lack of access rights",
            "lacks a permission",
        ),
        (
            "Resource not accessible: missing the required permission 'repo'",
            "missing a permission",
        ),
        ("no access to this vhost", "no access"),
        ("{\"reason\": \"No read access\"}", "no access"),
        ("You have no access to get this file!", "no access"),
        ("Error: Access to the device is denied.", "access denied"),
        (
            "Your access to the API has been blocked. Please log in.",
            "access denied",
        ),
        (
            "MQJE001: Completion Code '2', Reason '2035'. MQRC_NOT_AUTHORIZED",
            "refused in other words",
        ),
        (
            "hid_device_events_monitor not_permitted error",
            "refused in other words",
        ),
        ("Please reauthenticate user", "asks to sign in again"),
        (
            "Session expired, please re-authenticate",
            "asks to sign in again",
        ),
        (
            "{\"Error\": \"Insufficient scope to call\"}",
            "refused in other words",
        ),
        (
            "This action is outside the authorized scopes",
            "refused in other words",
        ),
        (
            "ERROR: Failed to connect to \"/var/run/keyd.socket\", make sure the daemon is running and you have permission to access the socket.",
            "make sure you have permission",
        ),
        (
            "Make sure you have the correct GitHub permissions.",
            "make sure you have permission",
        ),
        ("You are not approved yet.", "waits for approval"),
        // The hundred-and-tenth round.
        (
            "Passphrase is not correct. Please try again.",
            "a wrong secret",
        ),
        ("Wrong PIN entered", "a wrong secret"),
        (
            "This action requires administrator rights. Do you want to try again?",
            "needs administrator rights",
        ),
        (
            "This tool must be run as root",
            "needs administrator rights",
        ),
        (
            "Session expired (CSRF). Please refresh and try again.",
            "a form's token refused",
        ),
        (
            "CSRF verification failed. Request aborted.",
            "a form's token refused",
        ),
        // The hundred-and-tenth round's review.
        ("Two-step token is invalid. Try again.", "a wrong secret"),
        ("Invalid TOTP code. Try again?", "a wrong secret"),
        ("PIN verification failed, 2 tries left.", "a wrong secret"),
        (
            "You must be running as an Administrator to enable performance counters.",
            "needs administrator rights",
        ),
        (
            "The requested operation requires elevation.",
            "needs administrator rights",
        ),
        (
            "'_xsrf' argument missing from POST",
            "a form's token refused",
        ),
        ("XSRF check failed", "a form's token refused"),
        ("The CSRF tokens do not match.", "a form's token refused"),
        ("CSRF Error. Please try again.", "a form's token refused"),
        // The review's missed refusals.
        (
            "You don't have access to this project.",
            "does not have access",
        ),
        (
            "You do not have the necessary user rights to perform this action",
            "does not have access",
        ),
        (
            "You don’t have access to this resource.",
            "does not have access",
        ),
        (
            "Error: NotAuthorizedError: user cannot read",
            "refused in other words",
        ),
        ("reason: insufficientPermissions", "refused in other words"),
        ("ACCESS_TOKEN_SCOPE_INSUFFICIENT", "refused in other words"),
        (
            "insufficient access to object referenced by memberof",
            "refused in other words",
        ),
        (
            "P1010: User 'postgres' was denied access on the database",
            "refused in other words",
        ),
        (
            "SELECT command denied to user 'u'@'h' for table 't'",
            "refused in other words",
        ),
        (
            "Your token has not been granted the required scopes",
            "refused in other words",
        ),
        (
            "Resource 'vm1' was disallowed by policy.",
            "refused in other words",
        ),
        ("admin role required", "a role required"),
        (
            "must be member of role \"supabase_admin\"",
            "a role required",
        ),
        ("You must be an owner of this namespace.", "a role required"),
        ("Must have admin rights to Repository.", "a role required"),
        (
            "You are not allowed to access this registry",
            "not allowed to",
        ),
        (
            "GitHub Actions is not permitted to create or approve pull requests.",
            "not allowed to",
        ),
        (
            "Your API access application has not been approved yet",
            "waits for approval",
        ),
        (
            "Please wait for an administrator to grant access.",
            "waits for approval",
        ),
        (
            "Websocket connection closed with code: 1008",
            "closed for a policy violation",
        ),
    ] {
        assert!(
            shown(text).contains(&name),
            "{name} not read in {text:?}: {:?}",
            shown(text)
        );
    }
}

#[test]
fn what_only_looks_like_a_refusal_is_not_read() {
    for text in [
        // An access token or key that is missing is not a refusal.
        "No access token in response.",
        "no access key configured",
        // A network out of reach passes.
        "No access to the internet, retrying",
        // git's advice after any failure to reach a remote, a time-out too.
        "ssh: connect to host github.com port 22: Connection timed out\nfatal: Could not read from remote repository.\n\nPlease make sure you have the correct access rights\nand the repository exists.",
        // A server or a CORS header out of reach, not a refusal.
        "No access to the remote server: connection timed out",
        "No Access-Control-Allow-Origin header is present on the requested resource.",
        // A block that names its length, or a browser's CORS block.
        "HTTP 429 Too Many Requests: access blocked for 60 seconds",
        "Your access has been blocked temporarily",
        "Access to XMLHttpRequest at 'x' has been blocked by CORS policy",
        // A client that reports its own refresh failing.
        "unable to re-authenticate: temporarily_unavailable: The authorization server is currently unable to handle the request",
        "Unable to re-authenticate with CovaU: Cannot connect to host",
        // An authorization server, a file named for permissions.
        "Request timed out due to lack of response from authorization server",
        "Error: missing permissions.json",
        // A space or a model still being made.
        "The resource you are looking for does not exist or you do not have access to it",
        // krb5's lock held by another process.
        "Insufficient access to lock database",
        // The state a passing failure happened in.
        "Could not reach Kubb Studio while waiting for approval, retrying: fetch failed",
        // A form's token not issued yet, and a route named "root".
        "CSRF token not found yet",
        "Run as root the command fails with no such file",
        // The hundred-and-tenth round's review: a GPIO pin, a password's
        // policy, a negation, a tree's root, a token not fetched, a
        // lockout with a wait.
        "ValueError: invalid pin",
        "invalid pin mode: 3",
        "[GPIO] invalid PIN number!",
        "BAD PASSWORD: The password is too short",
        "Invalid password length at least 6 characters needed",
        "This script doesn't require root privileges.",
        "Target is a child record; must be root",
        "Fetching CSRF token failed: 503 Service Unavailable",
        "Too many wrong passwords... Wait for 30 seconds and retry.",
        // A lack of something other than a right.
        "The request processing did not succeed due to lack of memory",
        "camera lacks a cooler",
        // Too many words between the parts.
        "lack of free conductor workers to take the permission check",
        // A request denied or blocked by a rate limit is not refused.
        "Request blocked - received 429 status code.",
        "Request was denied due to request throttling.",
        // A block that names its end.
        "Access is blocked until workflow status can be verified. Please try again later.",
        // Another close code.
        "Websocket connection closed with code: 1006",
    ] {
        assert!(shown(text).is_empty(), "read {:?} in {text:?}", shown(text));
    }
}

#[test]
fn a_refusal_wins_over_a_wait_or_a_connection_beside_it() {
    let rules = RuleReflector::new();
    for text in [
        "You lack the permissions to access this wiki. Please wait for approval.",
        "You are logged in but lack READ permissions. Please wait for an administrator to grant access.",
        "Passphrase is not correct. Please try again.",
        "This action requires administrator rights. Do you want to try again?",
        "Session expired (CSRF). Please refresh and try again.",
        "ERROR: Failed to connect to \"/var/run/keyd.socket\", make sure the daemon is running and you have permission to access the socket.",
        "no access to this vhost, please try again later",
    ] {
        let analysis = rules
            .judge(text, "tool", &Value::Null, None)
            .result
            .expect("judged");
        assert!(!analysis.is_recoverable, "recoverable: {text:?}");
    }
}

#[test]
fn a_weak_refusal_fails_the_call_but_is_unsure() {
    // Advice, a limit said as "not allowed to" and an approval are said
    // beside passing failures too: the rules fail the call, and
    // `rules+llm` hands the verdict on.
    let rules = RuleReflector::new();
    for text in [
        "You are not approved yet.",
        "Please make sure you have permission to access this form",
        "You are not allowed to access this registry",
    ] {
        let judged = rules.judge(text, "tool", &Value::Null, None);
        assert_eq!(judged.confidence, crate::Confidence::Weak, "{text:?}");
        let analysis = judged.result.expect("judged");
        assert!(!analysis.is_recoverable, "recoverable: {text:?}");
    }
    let judged = rules.judge("no access to this vhost", "tool", &Value::Null, None);
    assert_eq!(judged.confidence, crate::Confidence::Strong);
}

#[test]
fn every_form_is_right_nine_times_in_ten_on_the_labelled_files() {
    // Over every labelled text a form reads, wherever else the text is
    // read: the share labelled as failing for good, per form, and at
    // least two texts each, so that none stands on one text alone.
    let mut per_form: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    for (error, label) in super::super::calibrated::labelled() {
        let folded = super::super::fold::fold(&error);
        for form in refusals(&folded) {
            let (right, wrong) = per_form.entry(form.name).or_default();
            if label { *wrong += 1 } else { *right += 1 }
        }
    }
    eprintln!("the refusal forms on the labelled files (lasting, passing): {per_form:?}");
    for form in FORMS {
        let (right, wrong) = per_form.get(form.name).copied().unwrap_or_default();
        assert!(
            right + wrong >= 2,
            "{}: only {} texts",
            form.name,
            right + wrong
        );
        assert!(
            10 * right >= 9 * (right + wrong),
            "{}: {right} lasting of {}",
            form.name,
            right + wrong
        );
    }
    // A credential form adds a credential verdict, strong or weak.
    assert!(
        FORMS
            .iter()
            .all(|form| form.category == Category::Auth || form.tier == Tier::Weak)
    );
}

#[test]
fn the_anchors_let_through_every_text_a_form_reads() {
    // A form is run only where one of its anchors stands; on every
    // labelled text, what the forms read with the anchors must be what
    // they read without them.
    let compiled = super::compiled();
    for (error, _) in super::super::calibrated::labelled() {
        let folded = super::super::fold::fold(&error);
        let gated: Vec<&str> = refusals(&folded).map(|form| form.name).collect();
        let ungated: Vec<&str> = compiled
            .each
            .iter()
            .filter_map(|(at, regex)| {
                let form = FORMS.get(*at)?;
                super::reads(form, regex, folded.as_bytes()).then_some(form.name)
            })
            .collect();
        assert_eq!(gated, ungated, "{error:?}");
    }
}
