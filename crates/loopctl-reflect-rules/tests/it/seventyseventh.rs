//! The seventy-seventh round, read after `final68.jsonl` was measured: payment, email verification, newsletter, log tracking, speech and places SDKs.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, assert_lasting, assert_passing, assert_refused_beside};

/// The round's passing texts, each from its SDK's own files, the last
/// three named by the review: decided passing, weakly, and still refused
/// beside a credential word.
const WEAK_PASSING: &[&str] = &[
    // rollbar/rollbar.js
    "XHR response had no status code (likely connection failure)",
    // logtail/logtail-python
    "Gave up waiting for Better Stack uploads after 3s, logs are still buffered",
    // frenck/python-open-meteo
    "Error occurred while communicating with Open-Meteo API",
    // VonStruddle/PyHunter
    "Failed to reach Hunter API",
    // peopledatalabs/peopledatalabs-js
    "An error occurred due to requests hitting the API too quick",
    // AssemblyAI's Python SDK, its stream limit (code 4102)
    "This account has exceeded the number of allowed streams",
    // radar-sdk-js, a position unavailable or timed out
    "Could not determine location.",
    // peopledatalabs, its wording of every 5xx (RFC 7231's for 500)
    "The server encountered an unexpected condition which prevented it from fulfilling the request.",
];

#[test]
fn unreachable_apis_and_stream_limits_pass_unsure() {
    assert_all((true, Confidence::Weak), WEAK_PASSING);
}

#[test]
fn argument_key_and_setting_checks_last_surely() {
    assert_all(
        (false, Confidence::Strong),
        &[
            // airbrake/airbrake-js
            "airbrake: notice exceeds max length and can't be truncated",
            // rollbar/rollbar.js
            "maxItems has been hit, ignoring errors until reset.",
            // rollbar/rollbar.js
            "Transmit disabled",
            // rollbar/rollbar.js
            "ignored identical item",
            // rollbar/pyrollbar
            "pyrollbar: Thead pool not initialized. Please ensure init_pool() is called prior to submit().",
            // axiomhq/axiom-py
            "MPL queries require an edge endpoint; set edge_url or edge when creating the Client",
            // SumoLogic/sumologic-python-sdk
            "Endpoint should not end with a slash character",
            // Loops-so/loops-js
            "Content revision ID is stale.",
            // gomfunkel/node-mailchimp
            "You have to specify a uri for this server as MailChimp needs to reach it from the outside.",
            // gomfunkel/node-mailchimp
            "You have to provide the category and the name of the method to call.",
            // brack3t/Djrill
            "Don't know how to send this data to Mandrill. Try converting it to a string or number first.",
            // brack3t/Djrill
            "Too many alternatives attached to the message. Mandrill only accepts plain text and html emails.",
            // brack3t/Djrill
            "You have set DJRILL_WEBHOOK_SIGNATURE_KEY, but haven't set DJRILL_WEBHOOK_URL in the settings file.",
            // HugoDF/buttondown
            "buttondown.subscribers.patch() - can't patch subscriber to {}",
            // razorpay/razorpay-node
            "`key_id` or `oauthToken` is mandatory",
            // Flutterwave/Flutterwave-node-v3
            "Only MTN, AIRTELTIGO, and VODAFONE are valid for GHS.",
            // OpenCageData/python-opencage-geocoder
            "SSL Certificate error connecting to OpenCage API. This is usually due to outdated CA root certificates of the operating system. ",
            // radarlabs/radar-sdk-js
            "navigator.geolocation is not available.",
            // meteomatics/python-connector-api
            "Please use a string or a list of strings for parameters.",
            // AssemblyAI/assemblyai-python-sdk
            "TTSConfig has no field `voice`: name the voice with `voice_id`, such as voice_id=\"aai-jane\"",
            // AssemblyAI/assemblyai-python-sdk
            "a wav container and bit_rate do not apply to a session, which streams raw pcm_s16le, pcm_mulaw or pcm_alaw; leave them unset in its TTSConfig",
            // speechmatics/speechmatics-python
            "Only one of audio or fetch_data can be set at a time",
            // Picovoice/leopard
            "`access_key` should be a non-empty string.",
            // playht/pyht
            "PlayDialog-turbo only supports single-line text",
            // resemble-ai/resemble-python
            "Provide either 'url' or 'file', not both.",
            // zerobounce/zero-bounce-python-sdk-setup
            "Empty parameter: email_address",
            // AssemblyAI/assemblyai-node-sdk
            "API key or temporary token is required.",
            // radarlabs/radar-sdk-js
            "publishableKey or authToken not set.",
            // martin-conur/weatherapi
            "'key' Attribute not defined. You should define the key attribute throught the set_key() method.",
            // kickboxio/kickbox-node
            "Unable to calculate authorization method. Please check.",
            // brack3t/Djrill
            "X-Mandrill-Signature not set",
            // radarlabs/radar-sdk-js
            "Location permissions denied.",
        ],
    );
}

#[test]
fn refusals_beside_the_new_passing_words_stay_refused() {
    assert_refused_beside(WEAK_PASSING);
}

#[test]
fn a_temporary_token_named_in_a_refusal_is_no_blip() {
    // AssemblyAI names a temporary token among the credentials it lacks:
    // "temporary" must not outweigh the refusal, in its other wordings
    // too (constructed).
    assert_all(
        (false, Confidence::Strong),
        &[
            "API key or temporary token is required.",
            "Error: API key or temporary token is required. Pass apiKey or token.",
        ],
    );
}

#[test]
fn what_the_second_reader_found_or_narrowed_stays_so() {
    assert_all(
        (false, Confidence::Strong),
        &[
            // peopledatalabs' 401
            "Request contained a missing or invalid key",
            // @airbrake/browser
            "airbrake: projectId and projectKey are required",
            // djrill's webhook view (a 403)
            "Signature doesn't match",
        ],
    );
    // razorpay's range check, weak since the review: lasting, unsure.
    assert_all(
        (false, Confidence::Weak),
        &["The count may not be greater than 100."],
    );
    // Airbrake's switched-off notifications last whatever error they quote
    // (the quoted error constructed).
    assert_lasting(&[
        "airbrake: not sending this error, errorNotifications is disabled err=connect ETIMEDOUT 10.0.0.5:443",
    ]);
    // FFmpeg's demuxers say "Too many streams" of a bad file; winston-
    // papertrail's "Max entries eclipsed" comes with the connection error
    // it keeps retrying (constructed after its source).
    assert_lasting(&["[aix] Too many streams"]);
    assert_passing(&["connect ETIMEDOUT 10.0.0.5:1234\nMax entries eclipsed, disabling buffering"]);
    // "is mandatory" counts after a quoted name only, so that it does
    // not outweigh a 503 (the review's constructed text).
    assert_passing(&["503 Service Unavailable: header X-Request-Id is mandatory"]);
}
