//! Cloud SDKs, gRPC, Kubernetes, gateways and model and SaaS APIs: the codes their own retry logic keys on.
//!
//! Sources, by family:
//! - AWS SDKs' standard retry mode: the throttling codes (`Throttling`,
//!   `ThrottlingException`, `ThrottledException`, `RequestThrottledException`,
//!   `TooManyRequestsException`, `ProvisionedThroughputExceededException`,
//!   `TransactionInProgressException`, `RequestLimitExceeded`,
//!   `BandwidthLimitExceeded`, `LimitExceededException`, `RequestThrottled`,
//!   `SlowDown`, `PriorRequestNotComplete`, `EC2ThrottledException`) and the
//!   transient ones (`RequestTimeout`, `RequestTimeoutException`,
//!   `InternalError`, `ServiceUnavailable`), as in botocore's
//!   `retries/standard.py` and aws-sdk-go-v2's `aws/retry`.
//! - gRPC status codes (`UNAVAILABLE` retryable; `RESOURCE_EXHAUSTED` and
//!   `ABORTED` retryable with backoff; `DEADLINE_EXCEEDED` a time-out;
//!   `INVALID_ARGUMENT`, `NOT_FOUND`, `ALREADY_EXISTS`, `PERMISSION_DENIED`,
//!   `UNAUTHENTICATED`, `FAILED_PRECONDITION`, `OUT_OF_RANGE`,
//!   `UNIMPLEMENTED` not), in Go's `code = Unavailable`, Python's
//!   `StatusCode.UNAVAILABLE` and Java's `UNAVAILABLE:` spellings.
//! - google-api-core's exception classes and Azure's error codes; the
//!   Google Calendar API's `usageLimits` ("Calendar usage limits
//!   exceeded"), which its error guide says lasts for hours.
//! - Kubernetes' API machinery (`pkg/api/errors`) and etcd's server errors.
//! - Envoy's, nginx's and Cloudflare's own failure texts.
//! - OpenAI's and Anthropic's documented error types (`server_error`,
//!   `overloaded_error`, `api_error`, `rate_limit_error`), Amazon Bedrock's
//!   exceptions (`ModelNotReadyException`, `ModelTimeoutException`,
//!   `ServiceQuotaExceededException`), Hugging Face's model-loading answer,
//!   LiteLLM's exception names, and the balance and credit errors of
//!   OpenAI-compatible hosts.
//! - SaaS APIs' documented codes: Salesforce (`UNABLE_TO_LOCK_ROW` passes,
//!   `REQUEST_LIMIT_EXCEEDED` is the daily API limit), Notion
//!   (`conflict_error`, `rate_limited`), Dropbox (`too_many_write_operations`,
//!   `insufficient_space`), Discord, HubSpot and Microsoft Graph throttling.
//! - Operations that name a concurrent one on the same resource (Argo CD's
//!   "another operation is already in progress", RDS's "due to an
//!   in-progress management operation"), which ends by itself.
//! - The JSON-RPC codes MCP servers answer with (browsers are in
//!   `browsers.rs`, containers in `sandboxes.rs`).

use super::Category::{
    Auth, Input, NotFound, Permanent, Quota, ServerDown, TooLarge, Transient, UnknownTool,
};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    // AWS Systems Manager: the instance's agent is not connected or not
    // set up for Session Manager, whatever the message adds.
    ("targetnotconnectedexception", Permanent, Strong),
    // AWS throttling and transient codes.
    ("throttlingexception", Transient, Strong),
    ("toomanyrequestsexception", Transient, Strong),
    ("provisionedthroughputexceeded", Transient, Strong),
    ("transactioninprogressexception", Transient, Strong),
    ("requestlimitexceeded", Transient, Strong),
    ("request limit exceeded", Transient, Weak), // right 3 of 4 times it decided
    ("bandwidthlimitexceeded", Transient, Strong),
    ("limitexceededexception", Transient, Weak), // right 2 of 3 times it decided
    ("requestthrottled", Transient, Strong),
    ("slowdown", Transient, Strong),
    ("priorrequestnotcomplete", Transient, Strong),
    ("still processing a prior request", Transient, Strong),
    ("still in progress", Transient, Strong),
    ("requesttimeout", Transient, Strong),
    ("retry quota exceeded", Transient, Strong),
    ("exceeded maximum number of attempts", Transient, Strong),
    ("idempotentparametermismatch", Permanent, Strong),
    ("conditionalcheckfailed", Permanent, Strong),
    ("vcpulimitexceeded", Quota, Strong),
    ("codestorageexceeded", Quota, Strong),
    ("limitexceeded:", Quota, Strong),
    ("cannot exceed quota", Quota, Strong),
    ("invalidparametervalue", Input, Weak), // right 2 of 6 times it decided
    // gRPC, in its three spellings, and HTTP/2.
    ("code = unavailable", ServerDown, Strong),
    ("statuscode.unavailable", ServerDown, Strong),
    ("unavailable:", ServerDown, Strong),
    ("code = resourceexhausted", Transient, Strong),
    ("resource_exhausted", Transient, Weak), // right 7 of 8 times it decided
    ("resourceexhausted", Transient, Strong),
    ("resource has been exhausted", Transient, Strong),
    ("code = aborted", Transient, Weak), // right 2 of 3 times it decided
    ("statuscode.aborted", Transient, Strong),
    ("code = deadlineexceeded", Transient, Strong),
    ("statuscode.deadline_exceeded", Transient, Weak), // right 1 of 2 times it decided
    ("deadline_exceeded:", Transient, Strong),
    ("code = invalidargument", Input, Weak), // right 4 of 5 times it decided
    ("statuscode.invalid_argument", Input, Strong),
    ("code = failedprecondition", Permanent, Weak), // right 2 of 3 times it decided
    ("failed_precondition", Permanent, Strong),
    ("code = outofrange", Input, Strong),
    ("code = unimplemented", Permanent, Strong),
    ("statuscode.unimplemented", Permanent, Strong),
    ("unimplemented:", Permanent, Strong),
    ("unknown service", Permanent, Weak), // right 5 of 6 times it decided
    ("code = alreadyexists", Permanent, Strong),
    ("code = notfound", NotFound, Strong),
    ("statuscode.not_found", NotFound, Strong),
    ("code = internal", ServerDown, Strong),
    ("statuscode.internal", ServerDown, Strong),
    ("internal: ", ServerDown, Weak), // right 1 of 2 times it decided
    ("http/2 error code", ServerDown, Weak), // right 2 of 3 times it decided
    ("received rst stream", ServerDown, Strong),
    ("protocol_error", ServerDown, Weak), // right 0 of 1 times it decided
    ("io exception", Transient, Strong),
    // Google Cloud and Azure.
    ("serviceunavailable:", ServerDown, Strong),
    ("deadlineexceeded:", Transient, Strong),
    ("has not been used in project", Permanent, Strong),
    // Google Calendar's 403 `usageLimits`: limits set against abuse, which
    // the Calendar API's error guide says last for hours.
    ("calendar usage limits exceeded", Quota, Strong),
    ("is currently unavailable in the", ServerDown, Strong),
    ("zone_resource_pool_exhausted", ServerDown, Strong),
    ("operationnotallowed", Permanent, Strong),
    // Kubernetes and etcd.
    ("leader changed", Transient, Strong),
    ("has no leader", ServerDown, Strong),
    ("no leader", Transient, Strong),
    ("no cluster leader", Transient, Strong),
    ("leadership election", Transient, Strong),
    ("leader election", Transient, Strong),
    ("the object has been modified", Transient, Weak), // right 4 of 5 times it decided
    ("violate the pod's disruption budget", Transient, Weak), // right 0 of 1 times it decided
    (
        "unable to return a response in the time allotted",
        ServerDown,
        Strong,
    ),
    ("required revision has been compacted", Permanent, Strong),
    ("backoff limit", Permanent, Strong),
    ("field is immutable", Permanent, Strong),
    // Gateways and proxies.
    ("upstream connect error", Transient, Strong),
    ("disconnect/reset before headers", Transient, Strong),
    ("no healthy upstream", ServerDown, Strong),
    ("upstream prematurely closed", Transient, Strong),
    ("upstream timed out", Transient, Strong),
    ("upstream request timeout", ServerDown, Strong),
    ("web server is down", ServerDown, Strong),
    ("web server returned an unknown error", ServerDown, Strong),
    ("origin is unreachable", ServerDown, Strong),
    ("forbidden by administrative rules", Permanent, Strong),
    // Model APIs.
    ("overloaded_error", ServerDown, Strong),
    ("api_error", ServerDown, Weak), // right 4 of 5 times it decided
    ("internalservererror", ServerDown, Weak), // right 7 of 8 times it decided
    ("apitimeouterror", Transient, Strong),
    ("ratelimiterror", Transient, Strong),
    ("rate_limit_error", Transient, Weak), // right 3 of 4 times it decided
    ("toomanyrequestserror", Transient, Strong),
    ("model is overloaded", ServerDown, Strong),
    ("is currently overloaded", ServerDown, Strong),
    ("content_filter", Permanent, Strong),
    ("content management policy", Permanent, Strong),
    ("deploymentnotfound", NotFound, Strong),
    ("model_not_found", NotFound, Strong),
    ("tokens per min", Transient, Strong),
    ("requests per min", Transient, Strong),
    ("per minute", Transient, Strong),
    ("tokens per minute", Transient, Strong),
    ("context length", TooLarge, Strong),
    ("too many tokens", TooLarge, Strong),
    ("prompt is too long", TooLarge, Strong),
    ("reduce the length", TooLarge, Strong),
    // SaaS APIs.
    ("secondary rate limit", Transient, Strong),
    // GitHub's own words for its secondary limits and its 503 page.
    ("was submitted too quickly", Transient, Strong),
    (
        "no server is currently available to service your request",
        ServerDown,
        Strong,
    ),
    // Stripe: too many declines on one card; its docs say to wait a day.
    ("card_decline_rate_limit_exceeded", Permanent, Strong),
    ("lock_timeout", Transient, Strong),
    // Let's Encrypt's named limits, counted over hours (failed
    // authorizations, new orders, registrations) or a week (duplicate
    // certificates). ACME's `rateLimited` type alone is no such limit: Let's
    // Encrypt also sends it, as "Service busy; retry later", to shed load.
    ("too many failed authorizations recently", Quota, Strong),
    // RFC 8555 §6.7 `connection`: the CA could not reach the validation
    // target, behind a firewall or a wrong DNS record until someone fixes
    // it; weak, since a server that was restarting answers next time.
    ("acme:error:connection", Permanent, Weak),
    ("too many certificates already issued", Quota, Strong),
    // RFC 8555 §6.5: a `badNonce` answer ("JWS has invalid anti-replay
    // nonce") is retried with the fresh nonce it carries, as acme.sh does;
    // weak, since clients print it once their own retries failed, and a
    // client bug repeats it.
    ("replay nonce", Transient, Weak),
    // Exchanges' signed APIs (Poloniex, NEAR's RPC): "Nonce must be greater
    // than <n>" when two requests raced for one counter; the client's next
    // call carries a larger nonce and passes, so it is not the parameter
    // refusal "must be greater than" decides everywhere else. Weak: a clock
    // or a key shared between processes repeats it.
    ("nonce must be greater than", Transient, Weak),
    ("too many new orders recently", Quota, Strong),
    ("too many registrations for this ip", Quota, Strong),
    ("too many new registrations", Quota, Strong),
    // Supabase Auth's limit on emails sent, counted by the hour.
    ("email rate limit exceeded", Quota, Strong),
    ("too many currently pending authorizations", Quota, Strong),
    ("already issued for exact set of domains", Quota, Strong),
    (
        "already issued for this exact set of domains",
        Quota,
        Strong,
    ),
    // Sentry's per-second endpoint limit.
    (
        "attempting to use this endpoint too frequently",
        Transient,
        Strong,
    ),
    // Meta's WhatsApp Cloud API error 131030: a test number may message
    // only the recipients listed for it.
    (
        "recipient phone number not in allowed list",
        Permanent,
        Strong,
    ),
    // Cloudflare Workers AI's error 3040, out of capacity.
    (
        "no more data centers to forward the request to",
        ServerDown,
        Strong,
    ),
    ("idempotencyerror", Permanent, Strong),
    ("keys for idempotent requests", Permanent, Strong),
    ("card_declined", Permanent, Strong),
    ("card was declined", Permanent, Strong),
    ("channel_not_found", NotFound, Strong),
    (
        "an error occurred with our connection to",
        Transient,
        Strong,
    ),
    // Bedrock, Hugging Face, LiteLLM and OpenAI-compatible hosts.
    ("modelnotreadyexception", ServerDown, Strong),
    ("modeltimeoutexception", Transient, Strong),
    ("modelerrorexception", ServerDown, Strong),
    ("servicequotaexceededexception", Quota, Strong),
    ("is currently loading", ServerDown, Weak), // right 5 of 6 times it decided
    ("serviceunavailableerror", ServerDown, Strong),
    ("contextwindowexceedederror", TooLarge, Strong),
    ("badrequesterror", Input, Weak),
    ("insufficient balance", Quota, Weak), // right 5 of 6 times it decided
    ("insufficient credits", Quota, Strong),
    ("insufficient funds", Quota, Strong),
    ("spending limit", Quota, Strong),
    ("monthly limit", Quota, Strong),
    ("credits exceeded", Quota, Strong),
    ("payment required", Quota, Strong),
    // SaaS APIs.
    ("unable_to_lock_row", Transient, Strong),
    ("request_limit_exceeded", Quota, Weak), // right 1 of 2 times it decided
    ("invalid_session_id", Auth, Strong),
    ("malformed_query", Input, Strong),
    ("invalid_field", Input, Strong),
    ("conflict_error", Transient, Strong),
    ("validation_error", Input, Strong),
    ("too_many_write_operations", Transient, Strong),
    ("insufficient_space", Permanent, Strong),
    ("secondly limit", Transient, Strong),
    ("missing permissions", Auth, Strong),
    ("missing access", Auth, Strong),
    ("applicationthrottled", Transient, Strong),
    // The message of Outlook's `ApplicationThrottled` on Microsoft Graph
    // (four requests at once to one mailbox, 150 MB uploaded in five
    // minutes), which its throttling guide says to retry after a wait.
    ("application is over its", Transient, Strong),
    ("unreachable hosts", Transient, Strong),
    ("currently in progress", Transient, Strong),
    // JSON-RPC, as MCP servers answer.
    ("-32601", UnknownTool, Strong),
    ("method not found", UnknownTool, Strong),
    ("-32602", Input, Strong),
    // JSON-RPC's `-32603` is left out: MCP servers send their tools' input
    // errors with it, and it was right 0 times in 4 as a weak word and 0
    // in 2 as a faint one.
    // The MCP SDKs' `ConnectionClosed`: the server's process or stream has
    // ended, and a stdio client does not reconnect, so the same call on it
    // fails again until the server is started anew.
    ("mcp error -32000: connection closed", Permanent, Strong),
    // The MCP SDKs' `RequestTimeout` (-32001): the client's own deadline
    // for one request (60 s by default in the TypeScript SDK), fixed by
    // the client, so a tool that ran longer runs longer again; weak, since
    // a server that was only slow once passes.
    ("mcp error -32001: request timed out", Permanent, Weak),
    ("recursion limit", Permanent, Strong),
    ("max turns", Permanent, Strong),
    ("maximum iterations", Permanent, Strong),
    ("iteration limit", Permanent, Strong),
    // gRPC's OUT_OF_RANGE in Python's spelling (grpcio's `StatusCode`), as
    // Google Speech's audio time-out comes.
    ("statuscode.out_of_range", Input, Strong),
    // gRPC's UNAVAILABLE (14) as gRPC-core's debug string and grpc-node's
    // error object write it: a dropped connection the channel reconnects.
    ("\"grpc_status\":14", ServerDown, Weak),
    ("code: 14, details:", ServerDown, Weak),
    // A concurrent operation on the same resource, named as one: Argo CD's
    // operation lock and RDS's `InvalidDBInstanceState` while a
    // modification runs. The other operation ends by itself.
    (
        "another operation is already in progress",
        Transient,
        Strong,
    ),
    (
        "due to an in-progress management operation",
        Transient,
        Strong,
    ),
    // The MongoDB Ruby driver during a failover, before a primary is
    // elected.
    (
        "can't connect to new replica set master",
        ServerDown,
        Strong,
    ),
    // Pusher's close codes: 4000-4099 do not reconnect with the same
    // parameters (4004, the account over quota), 4200-4299 reconnect at
    // once (4201, a pong that never came). Gmail's mailbox "over quota"
    // (452 4.2.2) passes, so only Pusher's whole phrase counts.
    ("account over quota", Quota, Strong),
    ("pong reply not received", Transient, Strong),
    // Exchange Online's submission throttles (432 4.3.2), which its
    // documentation says clear as the sender's other messages finish.
    ("sender thread limit exceeded", Transient, Strong),
    ("concurrent connections limit exceeded", Transient, Strong),
    // MediaWiki's `maxlag`: the replicas lag, and API:Etiquette says to
    // wait the seconds it names and send the same request again.
    ("maxlag", Transient, Strong),
    // NewsAPI's developer plan, counted over a day.
    ("over a 24 hour period", Quota, Strong),
    // Overpass's own time-out for a query too heavy for its `[timeout:]`.
    ("runtime error: query timed out", Permanent, Weak),
    // New Relic's collector asks the agent to reconnect, which it does.
    ("forcerestartexception", Transient, Weak),
    ("force_restart", Transient, Weak),
    // Grafana Tempo's per-trace limit, a setting.
    ("trace exceeds max size", TooLarge, Strong),
    // Infura's daily plan limit (`-32005`), Bybit's rate limit (`10006`),
    // Firebase Auth's temporary block of a device, and the "header not
    // found" of a node behind its load balancer's newest block, quoted as
    // the node's JSON-RPC message is, so that a missing HTTP header
    // ("Authorization header not found") does not count.
    ("daily request count exceeded", Quota, Strong),
    ("too many visits", Transient, Strong),
    ("too_many_attempts_try_later", Transient, Strong),
    ("\"header not found\"", Transient, Strong),
    // Meta's Graph API marks the errors it expects to clear with
    // `is_transient` (its error-handling guide: retry them later).
    ("\"is_transient\":true", Transient, Strong),
    // google-auth's token endpoint error that its own client retries
    // (`_client._can_retry`), quoted so `ISOLATE_INTERNAL_FAILURE` does not
    // count; atproto's XRPC `UpstreamFailure`, a 502 from the app view.
    ("\"internal_failure\"", ServerDown, Strong),
    ("upstreamfailure", ServerDown, Strong),
    // ESPHome's native API refusing a wrong Noise key: a credential.
    ("invalid encryption key", Auth, Strong),
    // GitHub's GraphQL "Something went wrong while executing your query",
    // which Octokit's retry plugin treats as a 5xx; Trello's refusal of an
    // extension that does not send its `x-trello-user-agent-extension`
    // header, which no wait changes.
    (
        "something went wrong while executing your query",
        ServerDown,
        Strong,
    ),
    ("unknown_extension_limit_exceeded", Permanent, Strong),
];
