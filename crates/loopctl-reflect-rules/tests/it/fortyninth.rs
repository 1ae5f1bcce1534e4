//! The forty-ninth round, read after `final40.jsonl` was measured: timetable back ends and telephony stacks that answer later, a throttle sent as a 403, servers unreachable for the moment, and toolchains and sign-up flows that say the next run needs a change.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, verdict};

#[test]
fn back_ends_and_calls_that_answer_later_pass_unsure() {
    assert_all(
        (true, Confidence::Weak),
        &[
            // derf/travelynx#184, public-transport/db-hafas#29,
            // public-transport/hafas-client#232
            "svcResL[0].err is CGI_READ_FAILED",
            "CGI_NO_SERVER: unknown error",
            "CGI: server could not be reached",
            // Travelport-Ukraine/uapi-json: src/Services/Air/AirErrors.js
            "The reservation has been modified, unable to ticket now",
            // avrdudes/avrdude: src/main.c
            "re-initialization failed despite part erasure; try re-running command line",
            // pjsip/pjproject: pjlib/src/pjlib-test/unittest_test.c
            "Pending operation (PJ_EPENDING)",
            // formbricks/formbricks: packages/surveys/locales/en-US.json
            "The servers cannot be reached at the moment.",
        ],
    );
}

#[test]
fn canvas_throttle_is_a_rate_not_a_refusal() {
    // ucfopen/canvasapi#466
    let (recoverable, _) = verdict("403 Forbidden (Rate Limit Exceeded)");
    assert!(recoverable);
    // A 403 that names no rate stays a refusal.
    assert_eq!(
        verdict("403 Forbidden (Insufficient scope)"),
        (false, Confidence::Strong)
    );
}

#[test]
fn runs_that_need_a_change_last_unsure() {
    assert_all(
        (false, Confidence::Weak),
        &[
            // dependabot/dependabot-core#4634
            "Dependabot timed out during its update\nDependabot failed to update your dependencies because it took too long to complete.",
            // aquasecurity/trivy: docs/guide/references/troubleshooting.md
            "twirp error internal: failed scan, test-image: failed to apply layers: layer cache missing: sha256:*****",
            // espressif/esptool: docs/en/troubleshooting.rst
            "Failed to write to target RAM (result was 0107: Operation timed out)",
            // OpenSignLabs/OpenSign: apps/OpenSignServer/cloud/customRoute/deleteAccount/deleteUser.js
            "Too many invalid attempts. Please resend OTP and try again.",
            // https://www.zoho.com/writer/help/api/v1/sign-api-possible-error-codes.html
            "Please create an account in the chosen Sign service and try again.",
        ],
    );
}

#[test]
fn the_words_leave_refusals_alone() {
    assert_eq!(
        verdict("CGI_NO_SERVER: invalid API key"),
        (false, Confidence::Strong)
    );
    assert_eq!(
        verdict("401 Unauthorized: couldn't connect to host with these credentials"),
        (false, Confidence::Strong)
    );
    // What the second reader found: a person or a suspended tenant that
    // cannot be reached, a lockout that names its wait, a sign-up hint
    // beside a 503, a compiler error naming pjsip's code, and other
    // options before avrdude's advice.
    assert!(!verdict("This association cannot be reached at the moment. Contact your office.").0);
    assert!(verdict("Too many invalid attempts, try again in 30 seconds").0);
    assert!(
        verdict("503 Service Unavailable. New here? Please create an account to save your work.").0
    );
    assert_ne!(
        verdict("error: 'PJ_EPENDING' undeclared (first use in this function)"),
        (true, Confidence::Weak)
    );
    assert_ne!(
        verdict("avrdude: unknown option -Z; try re-running command line"),
        (true, Confidence::Weak)
    );
    // Travelport's booking only while it is being modified: a waitlisted
    // segment waits for a confirmation, not a few seconds.
    assert_ne!(
        verdict(
            "Segment 2 is waitlisted (HL); unable to ticket now. Ticket once the segment is confirmed."
        ),
        (true, Confidence::Weak)
    );
}
