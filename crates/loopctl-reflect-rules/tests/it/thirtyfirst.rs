//! The thirty-first round, read after `final21.jsonl` was measured: an MQTT broker's and an ESPHome device's refused credentials as lasting; Meta's errors it marks transient, google-auth's `internal_failure` and atproto's `UpstreamFailure` as passing.

use crate::verdicts::{assert_lasting, assert_passing};

#[test]
fn what_another_attempt_meets_again() {
    assert_lasting(&[
        // eclipse-mosquitto/mosquitto#1778
        "Connection error: Connection Refused: bad user name or password.",
        // esphome/issues#5382
        "192.168.1.63: Connection error occurred: 192.168.1.63: Invalid encryption key: received_name=motion-1",
    ]);
}

#[test]
fn what_passes() {
    assert_passing(&[
        // dearhive/MashShare#70
        "{\"error\":{\"message\":\"(#4) Application request limit reached\",\"type\":\"OAuthException\",\"is_transient\":true,\"code\":4,\"fbtrace_id\":\"GNV+FOvDX3z\"}}",
        // googleapis/google-auth-library-python#368
        "RefreshError: ('internal_failure: None', u'{\\n  \"error\": \"internal_failure\"\\n}')",
        // philnash/bsky-bot#6
        "XRPCError: UpstreamFailure\n    at ServiceClient.call (/home/runner/work/whalepetunias/whalepetunias/node_modules/@atproto/api/dist/index.js:7099:15)",
    ]);
}
