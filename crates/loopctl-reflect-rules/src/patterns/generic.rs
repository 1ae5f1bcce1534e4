//! Words any system may use: quotas, time-outs, "not found", "try again". Mostly weak.
//!
//! The strong entries here are phrases with one meaning wherever they occur
//! (an expired token, "permission denied"); the weak ones are words that a
//! specific pattern from the other tables may overrule. The credential
//! words any system may use are in `credentials.rs`.

use super::Category::{
    Auth, Input, NotFound, Permanent, Quota, ServerDown, TooLarge, Transient, UnknownTool,
};
use super::Pattern;
use super::Tier::{Faint, Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    // Quotas and billing.
    ("exceeded your current quota", Quota, Strong),
    ("insufficient_quota", Quota, Strong),
    ("quota exceeded", Quota, Weak), // right 15 of 20 times it decided
    ("exceeded quota", Quota, Strong),
    ("exceed quota", Quota, Strong),
    ("exceeding approved", Quota, Strong),
    ("quota has been exhausted", Quota, Strong),
    ("quota limit", Quota, Weak), // right 2 of 3 times it decided
    ("failed quota", Quota, Strong),
    ("credit balance is too low", Quota, Strong),
    ("billing hard limit", Quota, Strong),
    ("billing", Quota, Strong),
    ("api usage limits", Quota, Strong),
    ("daily limit", Quota, Strong),
    ("per day", Quota, Weak), // right 8 of 9 times it decided
    ("per-day", Quota, Strong),
    ("daily messages limit", Quota, Strong),
    ("temporarily suspended", Quota, Strong),
    // Unknown tools: the text itself says the tool does not exist.
    ("unknown tool", UnknownTool, Strong),
    ("tool not found", UnknownTool, Strong),
    ("no such tool", UnknownTool, Weak), // right 0 of 1 times it decided
    ("not a valid tool", UnknownTool, Strong),
    ("unknown function", UnknownTool, Strong),
    ("function not found", UnknownTool, Strong),
    ("no tool named", UnknownTool, Strong),
    ("tool is not registered", UnknownTool, Strong),
    // The Vercel AI SDK's `NoSuchToolError`.
    ("tried to call unavailable tool", UnknownTool, Weak), // right 2 of 3 times it decided
    ("available tools:", UnknownTool, Weak),               // right 0 of 1 times it decided
    ("registered tools:", UnknownTool, Strong),
    ("valid tools are", UnknownTool, Strong),
    // Input that does not fit: validator and deserialiser messages.
    ("missing field", Input, Strong),
    ("missing required", Input, Strong),
    ("is a required property", Input, Weak), // right 0 of 1 times it decided
    ("field required", Input, Weak),         // right 2 of 3 times it decided
    ("required field", Input, Strong),
    ("invalid type:", Input, Strong),
    ("unknown field", Input, Strong),
    ("unknown variant", Input, Strong),
    ("is not of type", Input, Strong),
    ("additional properties are not allowed", Input, Strong),
    ("is not one of", Input, Strong),
    ("validation error", Input, Strong),
    ("validationerror", Input, Strong),
    ("validationexception", Input, Strong),
    ("validation failed", Input, Strong),
    ("input should be", Input, Strong),
    ("invalid params", Input, Strong),
    ("invalid parameter", Input, Strong),
    ("wrong parameter", Input, Strong),
    ("invalidparameter", Input, Strong),
    ("invalid argument", Input, Strong),
    ("invalid_argument", Input, Strong),
    ("invalidargument", Input, Strong),
    // Right 3 of 4 times it decided once `final39` counted: Hazelcast Jet
    // answered a status query with it before the master had recorded the
    // job.
    ("illegalargumentexception", Input, Weak),
    ("invalid input", Input, Strong),
    ("invalid value", Input, Strong),
    ("invalid_request_error", Input, Weak),
    ("expected integer", Input, Strong),
    ("expected number", Input, Strong),
    ("expected string", Input, Strong),
    ("expected boolean", Input, Strong),
    ("expected an integer", Input, Strong),
    ("expected a string", Input, Strong),
    ("expected a number", Input, Strong),
    ("expected a proper numerical", Input, Strong),
    ("must be an integer", Input, Strong),
    ("must be a number", Input, Strong),
    ("must be a non-negative", Input, Strong),
    ("must be a string", Input, Strong),
    ("must be greater than", Input, Strong),
    ("must be of type", Input, Strong),
    ("must either include", Input, Strong),
    ("must specify", Input, Strong),
    ("but it must be", Input, Strong),
    ("is out of range", Input, Strong),
    ("out of range", Input, Weak),
    ("cannot be less than", Input, Strong),
    ("cannot be set to a value", Input, Strong),
    ("can't be set to the value", Input, Strong),
    ("outside of the allowed range", Input, Strong),
    ("larger than the maximum value allowed", Input, Strong),
    ("too large or small", Input, Strong),
    ("parameter cannot be", Input, Strong),
    ("valueerror", Input, Strong),
    ("unprocessable", Input, Weak), // right 16 of 18 times it decided
    ("bad request", Input, Weak),
    ("unexpected keyword argument", Input, Strong),
    ("required positional argument", Input, Strong),
    // Time-outs and blips, in general words.
    ("timed out", Transient, Weak),
    ("timeout", Transient, Weak),
    ("time out", Transient, Weak),
    ("time-out", Transient, Weak),
    ("timedout", Transient, Weak),
    ("deadline exceeded", Transient, Weak),
    ("deadline_exceeded", Transient, Weak),
    ("did not properly respond", Transient, Strong),
    ("temporarily", Transient, Weak),
    ("temporary", Transient, Weak),
    ("try again", Transient, Weak),
    ("please retry", Transient, Weak),
    ("retry later", Transient, Weak),
    ("retry your", Transient, Weak),
    ("retriable", Transient, Weak),
    ("retryable", Transient, Weak),
    ("unavailable", Transient, Weak),
    ("busy", Transient, Weak),
    ("rate limit", Transient, Strong),
    ("rate_limit", Transient, Strong),
    ("ratelimit", Transient, Weak), // right 11 of 13 times it decided strongly, with `final62` counted
    // The hyphenated participle (Sentry's "Rate-limited via 429",
    // OpenRouter's "temporarily rate-limited upstream"); not the bare
    // "rate-limit", which header names (`x-rate-limit-remaining`) hold.
    ("rate-limited", Transient, Strong),
    // Rate-limit headers that APIs send on every answer, a 401 included
    // (GitHub's `x-ratelimit-remaining`, the IETF draft's
    // `RateLimit-Remaining`): they say a limit exists, not that it was hit.
    ("x-ratelimit-", Transient, Faint),
    ("ratelimit-limit", Transient, Faint),
    ("ratelimit-remaining", Transient, Faint),
    ("ratelimit-reset", Transient, Faint),
    ("ratelimit-policy", Transient, Faint),
    ("rate exceeded", Transient, Strong),
    // Elastic Transcoder's throttling, in words other services share.
    ("faster than the maximum request rate", Transient, Weak),
    ("too many requests", Transient, Strong),
    ("too_many_requests", Transient, Strong),
    ("toomanyrequests", Transient, Weak), // right 3 of 4 times it decided
    ("too many connections", Transient, Strong),
    ("too many clients", Transient, Strong),
    ("throttl", Transient, Strong),
    ("slow down", Transient, Weak), // right 2 of 3 times it decided
    ("reduce your request rate", Transient, Strong),
    ("deadlock", Transient, Strong),
    ("could not obtain lock", Transient, Strong),
    ("could not get lock", Transient, Strong),
    ("waiting for file lock", Transient, Strong),
    ("resource busy", Transient, Weak), // right 2 of 4 times it decided
    ("target is busy", Transient, Strong),
    ("is starting up", ServerDown, Strong),
    ("is shutting down", ServerDown, Strong),
    // Servers that failed.
    ("internal server error", ServerDown, Weak), // right 8 of 11 times it decided
    ("internal error", ServerDown, Weak),
    ("internal_error", ServerDown, Weak),
    ("internalerror", ServerDown, Weak),
    ("internalfailure", ServerDown, Strong),
    ("server error", ServerDown, Weak),
    ("server_error", ServerDown, Weak),
    ("server had an error", ServerDown, Weak), // right 6 of 7 times it decided
    ("bad gateway", ServerDown, Weak),         // right 9 of 11 times it decided
    ("service unavailable", ServerDown, Weak), // right 10 of 13 times it decided
    ("serviceunavailable", ServerDown, Weak),  // right 4 of 5 times it decided
    ("service_unavailable", ServerDown, Strong),
    ("gateway timeout", ServerDown, Strong),
    ("gateway time-out", ServerDown, Strong),
    ("overloaded", ServerDown, Weak), // right 7 of 8 times it decided
    ("is down", ServerDown, Weak),
    ("server is busy", ServerDown, Strong),
    ("currently unable to handle", ServerDown, Strong),
    // Things that are not there.
    ("not found", NotFound, Weak),
    ("notfound", NotFound, Weak),
    ("not_found", NotFound, Weak),
    ("no such ", NotFound, Weak),
    // Weak since the calibration that counted `final67`: right five times
    // in six (JuiceFS retries a slice read that meets it mid-compaction).
    ("nosuchkey", NotFound, Weak),
    ("nosuchbucket", NotFound, Strong),
    ("enoent", NotFound, Weak), // right 7 of 8 times it decided
    // ENOENT's and a missing resource's names as Python and the AWS SDKs
    // raise them; the errno name inside them does not count (`names.rs`).
    ("filenotfounderror", NotFound, Strong),
    ("resourcenotfoundexception", NotFound, Strong),
    ("does not exist", NotFound, Weak),
    ("doesn't exist", NotFound, Weak),
    ("could not find", NotFound, Weak),
    ("couldn't find", NotFound, Weak),
    ("unable to find", NotFound, Weak),
    ("no matching package", NotFound, Strong),
    ("did not match any", NotFound, Strong),
    ("cannot find the path", NotFound, Strong),
    ("command not found", NotFound, Strong),
    ("has been deprecated", NotFound, Strong),
    ("has been decommissioned", NotFound, Strong),
    // Requests that are too big.
    ("payload too large", TooLarge, Strong),
    ("request entity too large", TooLarge, Strong),
    ("request_too_large", TooLarge, Strong),
    ("request too large", TooLarge, Strong),
    ("request is too large", TooLarge, Strong),
    ("too large body", TooLarge, Strong),
    ("maximum context length", TooLarge, Strong),
    ("context_length_exceeded", TooLarge, Strong),
    ("context window", TooLarge, Weak),
    ("file too large", TooLarge, Strong),
    ("entity too large", TooLarge, Strong),
    ("larger than max", TooLarge, Strong),
    // gRPC's message size limits, in grpc-java's and grpc-dotnet's words
    // (sent as RESOURCE_EXHAUSTED, which alone would pass).
    ("message exceeds maximum size", TooLarge, Strong),
    (
        "exceeds the maximum configured message size",
        TooLarge,
        Strong,
    ),
    ("larger than the maximum", TooLarge, Strong),
    ("exceeds the maximum", TooLarge, Weak), // right 2 of 3 times it decided
    ("size limit", TooLarge, Strong),
    ("payload exceeded", TooLarge, Strong),
    ("too large", TooLarge, Weak),
    // Limits of the system, reached for good.
    ("limit exceeded", Permanent, Weak),
    ("limit reached", Permanent, Weak),
    ("exceeded the maximum", Permanent, Weak),
    ("not supported", Permanent, Strong),
    ("not currently supported", Permanent, Strong),
    // HTTP 451 (RFC 7725): withheld by law or region, which no wait lifts.
    ("unavailable for legal reasons", Permanent, Strong),
    // The same, for what was supported once (a retired model, site or API);
    // weak, since package managers print it as a warning beside the real
    // failure ("har-validator@5.1.5: this library is no longer supported").
    ("no longer supported", Permanent, Weak),
    ("unsupported", Permanent, Strong),
    ("not implemented", Permanent, Strong),
    ("notimplementederror", Permanent, Strong),
    ("already exists", Permanent, Strong),
    ("already in use", Permanent, Weak),
    // MySQL's 1251 (`ER_NOT_SUPPORTED_AUTH_MODE`): the client cannot speak
    // the server's authentication plugin; only a newer client or another
    // plugin for the user helps.
    ("er_not_supported_auth_mode", Auth, Strong),
    ("does not support authentication protocol", Auth, Strong),
    // Deepgram's and the cloud SDKs' failures to mint short-lived
    // credentials, which a key without the scope never gets.
    ("unable to get temporary credentials", Auth, Strong),
    // aws-sdk-go-v2: no credential source answered (weak: it also wraps an
    // IMDS throttle or a time-out), or the instance has no role to take.
    ("failed to retrieve credentials", Auth, Weak),
    ("no ec2 imds role found", Auth, Strong),
    ("grant your api key", Auth, Strong),
    // google-api-core's class for any HTTP 403: a bare status code, weak
    // like the 403 itself, so BigQuery's 403 "Exceeded rate limits" is a
    // rate limit.
    ("exceptions.forbidden", Auth, Weak),
    // A bound on a value, named in the answer (E2B's "Timeout cannot be
    // greater than 1 hours"): the argument must change.
    ("cannot be greater than", Input, Weak),
    // Credentials that are missing or spent, in the SDKs' words: botocore's
    // `NoCredentialsError` and expired sessions, gh's missing token, the
    // Stripe SDKs' missing and expired keys, Redis' ACL `NOPERM`,
    // PostgreSQL's SQLSTATE 42501 in its drivers' spellings, the Anthropic
    // SDK's missing key and google-auth's reauthentication.
    ("unable to locate credentials", Auth, Strong),
    (
        "session has expired or credentials have changed",
        Auth,
        Strong,
    ),
    (
        "sso session associated with this profile has expired",
        Auth,
        Strong,
    ),
    ("no oauth token found", Auth, Strong),
    ("no api key provided", Auth, Strong),
    ("api key provided has expired", Auth, Strong),
    ("api key has expired", Auth, Strong),
    ("expired api key provided", Auth, Strong),
    // Redis' reply, not `noperm` inside a word or a mount option.
    ("noperm this user", Auth, Strong),
    ("noperm user", Auth, Strong),
    ("sqlstate: 42501", Auth, Strong),
    ("sqlstate[42501]", Auth, Strong),
    ("(sqlstate 42501)", Auth, Strong),
    ("insufficientprivilege", Auth, Strong),
    ("could not resolve authentication method", Auth, Strong),
    ("reauthentication is needed", Auth, Strong),
    (
        "security token included in the request is invalid",
        Auth,
        Strong,
    ),
];
