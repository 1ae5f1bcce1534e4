//! Payment, email verification, newsletter, log tracking, speech and places SDKs: their own words for an unreachable API or a stream limit that passes, and for the argument, key and setting checks that stay.
//!
//! From `final68`'s misses, each from the SDK's own code, error table or
//! tests:
//!
//! - Passing, weak: Rollbar's browser notifier's "(likely connection
//!   failure)"; Better Stack's uploads still buffered when it stopped
//!   waiting; Open-Meteo's client that could not talk to its API; Hunter's
//!   unreachable API (pyhunter retries it with backoff); People Data Labs'
//!   requests "hitting the API too quick" (a 429) and its wording of every
//!   5xx, the RFC's "server encountered an unexpected condition";
//!   AssemblyAI's account over its allowed streams (its concurrent stream
//!   limit); Radar's "Could not determine location." (a position
//!   unavailable or timed out).
//! - Lasting: the SDKs' own checks of the call before anything is sent —
//!   a missing or empty argument ("`amount` is mandatory", "should be a
//!   non-empty string", "Empty parameter:"), a value of the wrong kind, two
//!   options given together, a notice too long to send, a disabled or
//!   rate-capped notifier (Rollbar's, Airbrake's "errorNotifications is
//!   disabled"), outdated CA certificates, a browser without geolocation;
//!   a value out of range, weakly. Refused: AssemblyAI's missing key or
//!   temporary token (where "temporary" outweighed the bare "API key"),
//!   Radar's and WeatherAPI's unset keys, Kickbox's unknown authorisation
//!   method, People Data Labs' "missing or invalid key", Airbrake's
//!   missing project key, Mandrill's missing or mismatched webhook
//!   signature and denied location permissions.
//!
//! A second reader, reading the packages, took out "Too many streams"
//! (FFmpeg's demuxers say it of a bad file; AssemblyAI's own SDK words its
//! limit as above) and winston-papertrail's "Max entries eclipsed" (it
//! keeps reconnecting and buffers again), narrowed "is mandatory" to a
//! quoted name's and made "may not be greater than" weak, so that neither
//! outweighs a 429 or a 503, and named the texts above that no rule read.

use super::Category::{Auth, Input, Permanent, ServerDown, TooLarge, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    ("(likely connection failure)", Transient, Weak),
    ("gave up waiting for better stack uploads", Transient, Weak),
    ("while communicating with open-meteo api", ServerDown, Weak),
    ("failed to reach hunter api", ServerDown, Weak),
    ("hitting the api too quick", Transient, Weak),
    ("exceeded the number of allowed streams", Transient, Weak),
    ("could not determine location.", Transient, Weak),
    (
        "server encountered an unexpected condition",
        ServerDown,
        Weak,
    ),
    (
        "exceeds max length and can't be truncated",
        TooLarge,
        Strong,
    ),
    ("maxitems has been hit", Permanent, Strong),
    ("transmit disabled", Permanent, Strong),
    ("errornotifications is disabled", Permanent, Strong),
    ("ignored identical item", Permanent, Strong),
    ("thead pool not initialized", Permanent, Strong),
    ("queries require an edge endpoint", Input, Strong),
    ("endpoint should not end with a slash", Input, Strong),
    ("content revision id is stale", Input, Strong),
    ("you have to specify a uri for this server", Input, Strong),
    (
        "you have to provide the category and the name",
        Input,
        Strong,
    ),
    (
        "don't know how to send this data to mandrill",
        Input,
        Strong,
    ),
    (
        "too many alternatives attached to the message",
        Input,
        Strong,
    ),
    ("but haven't set djrill_webhook_url", Permanent, Strong),
    ("can't patch subscriber to", Input, Strong),
    ("may not be greater than", Input, Weak),
    ("` is mandatory", Input, Strong),
    ("are valid for ghs", Input, Strong),
    ("outdated ca root certificates", Permanent, Strong),
    ("navigator.geolocation is not available", Permanent, Strong),
    ("please use a string or a list of strings", Input, Strong),
    ("has no field `voice`", Input, Strong),
    ("leave them unset in its ttsconfig", Input, Strong),
    ("only one of audio or fetch_data can be set", Input, Strong),
    ("should be a non-empty string", Input, Strong),
    ("only supports single-line text", Input, Strong),
    ("provide either 'url' or 'file', not both", Input, Strong),
    ("empty parameter:", Input, Strong),
    ("api key or temporary token is required", Auth, Strong),
    ("publishablekey or authtoken not set", Auth, Strong),
    ("you should define the key attribute", Auth, Strong),
    ("unable to calculate authorization method", Auth, Strong),
    ("x-mandrill-signature not set", Auth, Strong),
    ("location permissions denied", Auth, Strong),
    ("request contained a missing or invalid key", Auth, Strong),
    ("projectid and projectkey are required", Auth, Strong),
    ("signature doesn't match", Auth, Strong),
];
