//! Circuit breakers, connection pools, OAuth's error codes and the SaaS APIs' named errors: which say the moment passes, and which say the call is refused.
//!
//! Sources, by family:
//! - Circuit breakers: Polly's `BrokenCircuitException` (open for its break
//!   duration, then half-open) against `IsolatedCircuitException` (held open
//!   by hand); Resilience4j's `CallNotPermittedException` for `OPEN` against
//!   `FORCED_OPEN`, its bulkhead ("is full and does not permit further
//!   calls") and rate limiter; Hystrix's short-circuit and thread-pool
//!   rejection; opossum's `EOPENBREAKER`; gobreaker's `ErrOpenState`.
//! - Connection pools: HikariCP's "Connection is not available, request
//!   timed out" (SQLAlchemy's `QueuePool limit ... reached` is in
//!   `libraries.rs`: it mostly lasts), PgBouncer's
//!   `no more connections allowed (max_client_conn)` and
//!   `query_wait_timeout`, node-postgres' connect time-out, deadpool's and
//!   r2d2's wait for a slot, Apache HttpClient's
//!   `ConnectionPoolTimeoutException`, Reactor Netty's pending-acquire limit.
//! - OAuth 2.0 (RFC 6749 §4.1.2.1 and §5.2, RFC 6750 §3.1, RFC 8628 §3.5,
//!   OpenID Connect Core §3.1.2.6): `invalid_grant`, `invalid_client`,
//!   `unauthorized_client`, `invalid_token`, `insufficient_scope` and the
//!   `*_required` answers are credential failures; `temporarily_unavailable`
//!   passes; the device flow's `authorization_pending` and `slow_down` ask
//!   the client to poll again.
//! - Slack's Web API error list, Microsoft Graph's error codes, Salesforce's
//!   API status codes, Google Apps Script's quotas page, the Telegram Bot
//!   API's flood control, AWS Lambda's `ResourceConflictException` states
//!   and Azure Resource Manager's operation conflicts.
//! - Push services: FCM's error codes (the HTTP v1 and legacy APIs and the
//!   Admin SDKs' `messaging/*` codes: message rates and internal errors
//!   are retried with backoff) and APNs' `reason` values (provider-token
//!   reasons are credentials; a bad device token is the input).
//! - MSAL.js's `monitor_window_timeout`, which its error reference says
//!   not to retry more than once.

use super::Category::{Auth, Input, NotFound, Permanent, Quota, ServerDown, TooLarge, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    // Circuit breakers: open passes, held open does not.
    ("circuit is now open", ServerDown, Strong),
    ("brokencircuitexception", ServerDown, Strong),
    ("manually held open", Permanent, Strong),
    ("isolatedcircuitexception", Permanent, Strong),
    (
        "is open and does not permit further calls",
        ServerDown,
        Strong,
    ),
    ("is forced_open and does not permit", Permanent, Strong),
    ("callnotpermittedexception", ServerDown, Weak),
    (
        "is full and does not permit further calls",
        Transient,
        Strong,
    ),
    ("does not permit further calls", Transient, Weak),
    ("short-circuited and is open", ServerDown, Strong),
    ("could not be queued for execution", Transient, Strong),
    ("eopenbreaker", ServerDown, Strong),
    ("breaker is open", ServerDown, Strong),
    ("circuit breaker is open", ServerDown, Strong),
    // Connection pools: every slot is taken for now.
    (
        "connection is not available, request timed out",
        Transient,
        Strong,
    ),
    ("no more connections allowed", Transient, Strong),
    ("query_wait_timeout", Transient, Strong),
    ("timeout exceeded when trying to connect", Transient, Strong),
    ("waiting for a slot to become available", Transient, Strong),
    ("timed out waiting for connection", Transient, Strong),
    (
        "timeout waiting for connection from pool",
        Transient,
        Strong,
    ),
    ("connectionpooltimeoutexception", Transient, Strong),
    (
        "pending acquire queue has reached its maximum",
        Transient,
        Strong,
    ),
    (
        "has been pending for more than the configured timeout",
        Transient,
        Strong,
    ),
    ("pool is exhausted", Transient, Strong),
    // OAuth 2.0 and OpenID Connect error codes.
    ("invalid_grant", Auth, Strong),
    ("invalid_client", Auth, Strong),
    ("unauthorized_client", Auth, Strong),
    ("invalid_token", Auth, Strong),
    ("insufficient_scope", Auth, Strong),
    ("invalid_scope", Auth, Strong),
    ("access_denied", Auth, Strong),
    ("login_required", Auth, Strong),
    ("consent_required", Auth, Strong),
    ("interaction_required", Auth, Strong),
    ("refresh token is invalid", Auth, Strong),
    ("refresh token has expired", Auth, Strong),
    ("authorization grant is invalid", Auth, Strong),
    ("unsupported_grant_type", Input, Strong),
    ("unsupported_response_type", Input, Strong),
    ("temporarily_unavailable", ServerDown, Strong),
    ("authorization_pending", Transient, Strong),
    ("slow_down", Transient, Strong),
    // Credentials in other words.
    ("invalid_auth", Auth, Strong),
    ("not_authed", Auth, Strong),
    ("token_revoked", Auth, Strong),
    ("account_inactive", Auth, Strong),
    ("missing_scope", Auth, Strong),
    ("bad_auth_token", Auth, Strong),
    ("wrongpass", Auth, Strong),
    ("authentication failure", Auth, Strong),
    ("authentication error", Auth, Strong),
    ("authorization failure", Auth, Strong),
    ("missing authentication", Auth, Strong),
    ("unable to authenticate", Auth, Strong),
    ("couldn't authenticate", Auth, Strong),
    ("could not authenticate", Auth, Strong),
    ("unable to authorize", Auth, Strong),
    ("too many authentication failures", Auth, Strong),
    ("no basic auth credentials", Auth, Strong),
    ("two-factor", Auth, Strong),
    ("anonymous access is disabled", Auth, Strong),
    ("credentials were found", Auth, Strong),
    ("do not have permission", Auth, Strong),
    ("does not have permission", Auth, Strong),
    ("don't have permission", Auth, Strong),
    ("account is disabled", Auth, Strong),
    ("account is locked", Auth, Strong),
    ("account has been locked", Auth, Strong),
    ("locked out", Auth, Strong),
    ("ora-28000", Auth, Strong),
    ("invalidauthenticationtoken", Auth, Strong),
    ("erroraccessdenied", Auth, Strong),
    // Slack.
    // `fatal_error`: "the server could not complete your operation(s)
    // without encountering a catastrophic error" (Slack's Web API errors),
    // which python-slack-sdk's tests retry; only as Slack's answer
    // carries it, not as a function named in a stack trace.
    ("\"fatal_error\"", ServerDown, Weak),
    ("api error occurred: fatal_error", ServerDown, Weak),
    ("not_in_channel", Permanent, Strong),
    ("is_archived", Permanent, Strong),
    ("msg_too_long", TooLarge, Strong),
    ("invalid_blocks", Input, Strong),
    // Microsoft Graph.
    ("activitylimitreached", Transient, Strong),
    ("servicenotavailable", ServerDown, Strong),
    ("mailboxinfostale", Transient, Strong),
    ("quotalimitreached", Quota, Strong),
    ("itemnotfound", NotFound, Strong),
    ("namealreadyexists", Permanent, Strong),
    // Salesforce.
    ("concurrent api requests", Transient, Strong),
    ("totalrequests limit exceeded", Quota, Strong),
    ("server_unavailable", ServerDown, Strong),
    // Google Apps Script: the short window passes, the day does not.
    ("invoked too many times in a short time", Transient, Strong),
    ("invoked too many times for one day", Quota, Strong),
    ("exceeded maximum execution time", Permanent, Strong),
    // Telegram's flood control, which names its wait.
    ("flood control exceeded", Transient, Strong),
    ("flood_wait", Transient, Strong),
    // AWS Lambda and Azure Resource Manager: another change is under way.
    ("an update is in progress for resource", Transient, Strong),
    (
        "currently in the following state: pending",
        Transient,
        Strong,
    ),
    ("anotheroperationinprogress", Transient, Strong),
    (
        "another operation on this or dependent resource",
        Transient,
        Strong,
    ),
    // Push services. FCM's per-device and per-topic rates (the legacy
    // API's `DeviceMessageRateExceeded`, the Admin SDKs'
    // `messaging/message-rate-exceeded`) ask for a retry with backoff, as
    // its internal error does; APNs' provider-token reasons are refused
    // credentials and a device token that is bad or for another topic is
    // the input.
    ("messagerateexceeded", Transient, Strong),
    ("message-rate-exceeded", Transient, Strong),
    ("messaging/internal-error", Transient, Weak),
    ("could not process the request in time", Transient, Weak),
    // The Matrix client-server API's asynchronous uploads: content a
    // client has reserved but not yet sent, answered with 504 until it is.
    ("m_not_yet_uploaded", Transient, Weak),
    // Microsoft Graph's cut upload as corso retries it, and GitLab's 409
    // "Resource lock", which python-gitlab retries.
    ("io error during request payload read", Transient, Weak),
    ("resource lock", Transient, Weak),
    ("expiredprovidertoken", Auth, Strong),
    ("invalidprovidertoken", Auth, Strong),
    ("baddevicetoken", Input, Strong),
    ("devicetokennotfortopic", Input, Strong),
    ("retryableerror", Transient, Strong),
    // Cloudflare Workflows' error that stops retries, which holds the
    // shorter name.
    ("nonretryableerror", Permanent, Strong),
    // MSAL's `monitor_window_timeout`: the hidden iframe never came back,
    // and its error reference says retries yield the same result.
    ("token acquisition in iframe failed", Permanent, Strong),
    // A password or key refused in so many words (PDFium's "Incorrect
    // password", Postgres' and Matrix's "invalid password", Meilisearch's
    // "The provided API key is invalid", Gemini's "API key expired"): a
    // second reader found each read as a blip beside any passing word,
    // since none was listed.
    ("incorrect password", Auth, Strong),
    ("invalid password", Auth, Strong),
    ("api key is invalid", Auth, Strong),
    ("api key expired", Auth, Strong),
    // The same, found by the second reader of the fifty-seventh round
    // beside passing words that turned them into blips: a wrong password
    // (also a lockout's "Too many wrong passwords"), a disabled account
    // (a JSON-RPC provider's "account disabled"), and LiveKit's and B2's
    // refused token, "Invalid authorization token".
    ("wrong password", Auth, Strong),
    ("account disabled", Auth, Strong),
    ("invalid authorization token", Auth, Strong),
    // A refusal a second reader of the fifty-eighth round found losing to
    // any passing word: "Please check your credentials" (Censys, a
    // notifier's "Unauthorized, please check your credentials.").
    ("check your credentials", Auth, Strong),
    // And two the fifty-ninth round's reader found the same way.
    ("password mismatch", Auth, Strong),
    ("account locked", Auth, Strong),
];
