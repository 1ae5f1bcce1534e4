//! Model providers: quotas that wait for billing, content blocks that recur, and throttles that pass.
//!
//! Sources, by family:
//! - OpenAI's "Error codes" guide: `insufficient_quota` ("check your plan
//!   and billing details") is not retried, a rate limit is; a request
//!   "rejected as a result of our safety system" or flagged for "violating
//!   our usage policies" is rejected again.
//! - Google's Gemini API "Troubleshooting" and "Rate limits" pages:
//!   `RESOURCE_EXHAUSTED` with "check your plan and billing details" is a
//!   plan quota (a free tier's `limit: 0` or a daily limit), though the
//!   answer also carries "Please retry in N s"; a candidate or prompt
//!   blocked for `SAFETY` or `RECITATION` is blocked again.
//! - Anthropic's "Errors" page: 529 `overloaded_error` and 429 pass; "Output
//!   blocked by content filtering policy" does not; `max_tokens` above a
//!   model's output limit and input over the context limit are request
//!   errors.
//! - Amazon Bedrock's `ThrottlingException` ("Too many tokens, please wait
//!   before trying again") is in the AWS SDKs' retryable set; a per-day
//!   token limit is a quota.
//! - OpenRouter's "Errors" page: 402 means the credits do not cover the
//!   request.
//! - Mistral's API errors: "Service tier capacity exceeded" is a 429 of
//!   shared capacity and is retried.
//! - OpenAI's error-codes guide: a 500 "The model produced invalid content"
//!   is retried; Anthropic's streaming guide: every stream ends with
//!   `message_stop`.
//! - W&B Inference's "Concurrency limit reached" (retry with backoff) and
//!   NVIDIA Cloud Functions' degraded function; Zhipu's codes 1113 (the
//!   account is in arrears) and 1308 (a usage cap of several hours).
//! - Model servers that need a change: Azure ML's endpoint quota,
//!   pytriton's access-token header, and (weakly) Ray Serve's failing
//!   constructor and LocalAI's unhealthy backend.
//! - Cohere's client check for a base URL, made before anything is sent.

use super::Category::{Auth, Input, Permanent, Quota, ServerDown, TooLarge, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    // Alibaba Model Studio (DashScope) throttles a rate that climbs too
    // fast: "Request rate increased too quickly ... scale requests more
    // smoothly over time".
    ("request rate increased too quickly", Transient, Strong),
    // DashScope's code for a key it does not know.
    ("invalidapikey", Auth, Strong),
    // OpenAI Assistants: a thread takes no message while a run is active,
    // and takes it once the run ends.
    ("can't add messages to thread", Transient, Strong),
    // LiteLLM's proxy: the key's parallel requests are all in flight.
    ("max parallel request limit reached", Transient, Strong),
    // Databricks' per-RPC token bucket.
    ("token bucket limit has been exceeded", Transient, Strong),
    // Ollama wraps what its model runner died of; the same model on the
    // same machine dies the same way.
    (
        "an error was encountered while running the model",
        Permanent,
        Weak,
    ),
    // Quotas and credits.
    ("check your plan and billing", Quota, Strong),
    ("requires more credits", Quota, Strong),
    ("more credits are required", Quota, Strong),
    ("can only afford", Quota, Strong),
    ("exceeded your monthly", Quota, Strong),
    // Anthropic's daily limit, which a per-minute "rate limit" would hide.
    ("daily rate limit", Quota, Strong),
    ("per month", Quota, Weak),
    // Throttles and shared capacity. "Too many tokens" alone is a size;
    // followed by "please wait" it is Bedrock's throttle.
    ("too many tokens, please wait", Transient, Strong),
    ("please wait before trying again", Transient, Strong),
    ("service tier capacity exceeded", Transient, Strong),
    // Content that is blocked again.
    // Weak: OpenAI's image answers add that a retry "may succeed", since
    // the prompt rewriting before the check is random.
    ("our safety system", Permanent, Weak),
    ("violating our usage policies", Permanent, Strong),
    ("may violate our", Permanent, Weak),
    ("content_policy_violation", Permanent, Strong),
    ("responsibleaipolicyviolation", Permanent, Strong),
    ("blocked by content filtering policy", Permanent, Strong),
    ("blocked due to safety", Permanent, Strong),
    ("blocked for reason: safety", Permanent, Strong),
    ("blocked by safety settings", Permanent, Strong),
    ("blocked due to recitation", Permanent, Strong),
    ("prompt was blocked", Permanent, Strong),
    // Gemini's answer where the API is not offered.
    ("location is not supported", Permanent, Strong),
    // Request limits.
    ("maximum allowed number of output tokens", Input, Strong),
    ("invalid max_tokens value", Input, Strong),
    ("at least one message is required", Input, Strong),
    ("exceed context limit", TooLarge, Strong),
    // Gemini's FinishReason MALFORMED_FUNCTION_CALL: the model wrote an
    // invalid call, and another sample may not.
    ("malformed_function_call", Transient, Strong),
    // The Gemini Files API: an upload stays PROCESSING until ACTIVE, and
    // its docs say to poll the state before using the file.
    ("is not in an active state", Transient, Strong),
    // LangGraph Platform's multitask strategy "reject": a run is still going
    // on the thread.
    ("is already running a task", Transient, Strong),
    // Deepgram's NET-0001: the socket closed because no audio came within
    // its window; the same call sends none again.
    ("did not receive audio data", Permanent, Strong),
    // OpenAI's 500 "The model produced invalid content": a bad sample,
    // which the next one usually is not (the message asks to change the
    // prompt only if it persists).
    ("the model produced invalid content", Transient, Strong),
    // The Anthropic SDKs' streaming protocol: a stream that ended or broke
    // before its `message_stop` event was cut off, not refused.
    ("message_stop", Transient, Weak),
    // A limit that the caller's plan sets, however it is worded ("rate
    // limited ... Please upgrade your plan"; ipinfo's "Upgrade to increase
    // your usage limits"): waiting does not raise it.
    ("upgrade your plan", Quota, Weak), // right 14 of 16 times it decided
    ("upgrade to increase your usage", Quota, Strong),
    // Gemini's 429 for a model its free tier does not include ("doesn't have
    // a free quota tier"): the same as `limit: 0`, whatever delay it names.
    ("free quota tier", Quota, Strong),
    // HTTP 402 Payment Required (RFC 9110, 15.5.3) in the forms clients
    // print it: the plan or the credits, never the moment.
    ("status code 402", Quota, Strong),
    ("status_code: 402", Quota, Strong),
    ("http 402", Quota, Strong),
    // Azure Identity's chained credential found no credential that works.
    (
        "defaultazurecredential failed to retrieve a token",
        Auth,
        Strong,
    ),
    // Gemini's answer when the plan's quota, not the minute's rate, is
    // spent.
    ("do not have enough quota", Quota, Strong),
    // ElevenLabs' character quota ("This request exceeds your quota. You
    // have 119 characters remaining"), which lasts until the plan renews.
    ("exceeds your quota", Quota, Strong),
    // Ollama's refusal of a tool call to a model built without tools ("...
    // does not support tools"), which lasts until another model is chosen;
    // Azure OpenAI's `OperationNotSupported` for a model that serves only
    // another API; and Anthropic's long-context requests that need extra
    // usage on the plan, though they come as a 429 `rate_limit_error`.
    ("does not support tools", Permanent, Strong),
    (
        "operation does not work with the specified model",
        Permanent,
        Strong,
    ),
    ("extra usage is required", Quota, Strong),
    // W&B Inference's 429 for too many requests at once, which its support
    // pages answer with backoff: its own sentence, since plans cap builds
    // and sessions in the same words and those caps stay. NVIDIA's cloud
    // functions refuse a degraded function; strong, to outrank the "Bad
    // Request" it comes in, though with no wait or advice in the text the
    // verdict stays weak, since a function also stays degraded until it
    // is redeployed.
    ("concurrency limit reached for requests", Transient, Strong),
    ("degraded function cannot be invoked", ServerDown, Strong),
    // Zhipu's codes 1113 (the account is in arrears) and
    // 1308 (a usage cap of several hours, reset at the time it names).
    ("欠费", Quota, Strong),
    ("使用上限", Quota, Strong),
    // Model servers whose own words say the deployment must change:
    // Azure ML's endpoint quota per subscription (in its own words: rate
    // limiters say "endpoint quota reached" per minute), and pytriton's
    // gRPC endpoint that wants its access token. Weak: Ray Serve's
    // constructor that failed to start, which Ray retries and which may
    // fail on a download or a GPU not yet free; LocalAI's backend that
    // never became healthy, which its runtime-errors page blames on a
    // crash, a missing library or memory.
    ("endpoint quota reached for subscription", Quota, Strong),
    ("problem with the deployment constructor", Permanent, Weak),
    ("grpc service not ready", Permanent, Weak),
    (
        "this protocol is restricted, expecting header",
        Auth,
        Strong,
    ),
    // Cohere's client refuses before sending when no base URL is set,
    // whatever its "try again" says.
    ("base_url is required to make this request", Input, Strong),
];
