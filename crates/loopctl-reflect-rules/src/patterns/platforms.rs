//! Payment, messaging, observability, delivery and edge platforms: the words their own code and documentation use for a failure.
//!
//! Sources, by family:
//! - Braintree's SDKs raise `DownForMaintenanceException` while the
//!   gateway is down for maintenance, which ends by itself.
//! - WeChat's API constants: "API 调用太频繁，请稍候再试" (calls too
//!   frequent, please try again shortly) is its per-interval limit.
//! - Grafana Mimir's runbook error ids: an ingester over its in-flight push
//!   limit sheds load for now; Tempo refuses a trace larger than its
//!   response limit, which stays; Elastic APM Server's schema check refuses
//!   the document, which stays.
//! - Tekton's resolution framework answers "Resource request is still
//!   in-progress" and requeues; Jenkins' queue waits for an executor;
//!   cert-manager's DNS-01 check waits for a record "not yet propagated".
//! - Browserless' limiter rejects while its health checks fail or its CPU
//!   is over the configured maximum, and admits again when load falls.
//! - ngrok's plan limit on simultaneous agent sessions (`ERR_NGROK_108`)
//!   and NetBird's CLI telling the caller to install and start its daemon
//!   last until someone acts.
//! - Amazon Transcribe's refusals of the input: a media file too short,
//!   and a stream that sent no audio for 15 seconds.
//! - Square's "Continue wait", Plaid's `INSTITUTION_NOT_RESPONDING`, and
//!   Firecrawl's refusal when every URL is invalid.
//! - The OpenTelemetry Collector's memory limiter (a refusal its README
//!   says receivers retry) and the JavaScript exporter's concurrent-export
//!   limit; Cortex's in-flight push limit (HTTP 500, retried by senders).
//! - Medusa's Redis lock time-out (passing), its missing migrations and
//!   its request validation (lasting).
//! - Mozilla autopush's errno 201, balena's API, the Azure IoT SDK's
//!   dropped Paho connection and Apple's Transporter (passing); Amazon
//!   SES' troubleshooting table, App Center's CLI, Ghost's limit service
//!   and Medium's API (lasting).

use super::Category::{Auth, Input, Permanent, Quota, ServerDown, TooLarge, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    ("downformaintenance", ServerDown, Strong),
    ("调用太频繁", Transient, Strong),
    ("max-inflight-push-requests", Transient, Strong),
    ("response larger than the max", TooLarge, Strong),
    (
        "problem validating json document against schema",
        Input,
        Strong,
    ),
    ("request is still in-progress", Transient, Strong),
    ("waiting for next available executor", Transient, Strong),
    ("not yet propagated", Transient, Strong),
    ("health checks have failed, rejecting", ServerDown, Strong),
    ("over the configured maximum for cpu", ServerDown, Strong),
    ("simultaneous ngrok agent sessions", Quota, Strong),
    ("if the daemon is not running", Permanent, Weak),
    ("media file length is too small", Input, Strong),
    ("no new audio was received", Input, Strong),
    // Square's Reporting API answers `{"error": "Continue wait"}` while a
    // query still computes, and its README says to send the same request
    // again (quoted, since "continue waiting" is said of anything);
    // Plaid's `INSTITUTION_NOT_RESPONDING` says the user may succeed
    // another time.
    ("\"continue wait\"", Transient, Strong),
    ("institution_not_responding", ServerDown, Strong),
    // Firecrawl refuses an extract whose every URL failed validation.
    ("all provided urls are invalid", Input, Strong),
    // Observability pipelines shed load while they are full, and take the
    // same data again once memory or in-flight work falls. An exporter
    // whose processor sends faster than it exports meets its concurrent
    // limit again and again, so that one is weak.
    ("data refused due to high memory usage", ServerDown, Strong),
    ("concurrent export limit reached", Transient, Weak),
    ("too many inflight push requests", ServerDown, Strong),
    // Medusa: another holder keeps the lock, or the database lacks its
    // tables, or the body failed validation ("retry" despite, it fails
    // again until the data changes).
    ("timed-out acquiring lock", Transient, Strong),
    ("migrations missing", Permanent, Strong),
    ("request body contains errors", Input, Strong),
    // Mozilla's push service (errno 201: back off and retry), balena's API
    // for a few seconds, a Paho connection dropped (the Azure IoT SDK
    // reconnects) and Apple's Transporter upload cut off (retried by
    // fastlane) pass; SES' SigV2 rate (old SMTP credentials, or a daily
    // quota used up), App Center's metrics flag (a change to the command),
    // Ghost's account under review and Medium's daily publishing limit
    // stay.
    ("please slow message send rate", Transient, Strong),
    (
        "the api cannot handle your request right now",
        ServerDown,
        Strong,
    ),
    ("paho returned rc==1", Transient, Weak),
    ("did not complete its upload", Transient, Weak),
    ("maximum sigv2 smtp sending rate exceeded", Quota, Strong),
    ("skipfetchingdeploymentmetrics flag", Input, Strong),
    ("whilst your account is under review", Permanent, Strong),
    ("rate limit for publishing today", Quota, Strong),
    // NetSuite's SOAP faults: `WS_CONCUR_SESSION_DISALLWD` ("Only one
    // request may be made against a session at a time"), which the
    // netsuite gem's backoff retries, and `INVALID_LOGIN_CREDENTIALS`
    // ("You have entered an invalid email address or account number.
    // Please try again."), whose "try again" asks for other credentials.
    (
        "only one request may be made against a session",
        Transient,
        Weak,
    ),
    (
        "you have entered an invalid email address or account number",
        Auth,
        Weak,
    ),
    // Agora's token (its "dynamic key") that expired: the SDK answers
    // `[DYNAMIC_KEY_EXPIRED]` or "dynamic key or token timeout" with
    // `retry: false`, and joining passes only with a new token. The code
    // only in its brackets, not as a counter's name.
    ("[dynamic_key_expired]", Auth, Weak),
    ("dynamic key expired", Auth, Weak),
    ("dynamic key or token timeout", Auth, Weak),
    // Dropbox's lock contention, which asks the caller to send the same
    // request again ("Failed to grab locks for N: lock held by connection
    // M. Please re-issue the request."); its own words, as "re-issue the
    // request" also asks for a request made otherwise and a lock "held by
    // connection" may be held for hours.
    ("failed to grab locks for", Transient, Weak),
    // Vimeo's rate limiter bans for about an hour, longer than a retry waits.
    ("temporarily blocked from vimeo", Quota, Weak),
    // Paychex's client record another user is saving, Google Ad Manager's
    // report still running ("must be completed before downloading. It is
    // currently: IN_PROGRESS", not one that is `FAILED`), and a Cosmos DB answer passed on by Xbox
    // Live ("The request rate is too large. Please retry after sometime."),
    // which is a rate, not a size.
    ("another user or process is updating", Transient, Weak),
    (
        "must be completed before downloading. it is currently: in_progress",
        Transient,
        Weak,
    ),
    ("request rate is too large. please retry", Transient, Weak),
    // Ads APIs that refuse a request for its size, whatever the time-out
    // says: Meta's "Please reduce the amount of data you're asking for"
    // (weak: some of its callers passed after a pause), Google Ads' "Try
    // reducing the amount of data being requested".
    (
        "reduce the amount of data you're asking for",
        TooLarge,
        Weak,
    ),
    (
        "try reducing the amount of data being requested",
        TooLarge,
        Weak,
    ),
    // pjsip's error string for `PJ_EPENDING` ("Pending operation
    // (PJ_EPENDING)"): the call completes later; not the bare name, which
    // also sits in compiler errors and test logs. OpenSign's "Too many
    // invalid attempts. Please resend OTP" asks for a new code, as Zoho
    // Sign's "Please create an account in the chosen Sign service and try
    // again" asks for an account; each only in its own sentence, since a
    // lockout that names its wait and a sign-up hint beside a 503 pass.
    ("pending operation (pj_epending)", Transient, Weak),
    (
        "too many invalid attempts. please resend otp",
        Permanent,
        Weak,
    ),
    (
        "please create an account in the chosen sign service",
        Permanent,
        Weak,
    ),
    // Canvas' documented throttle answers 403 with "403 Forbidden (Rate
    // Limit Exceeded)"; its own message, so that the 403 does not read as
    // a refusal. Weak: GitHub's README for a client says the same of its
    // hour-long limit without a token.
    ("403 forbidden (rate limit exceeded)", Transient, Weak),
];
