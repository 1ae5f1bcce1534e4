//! Identity proxies, job libraries, developer environments, ML app platforms, log pipelines and dependency scanners: their own words for an upstream, replica, pool or worker that comes back, and for a setting, script, quota or tool version that stays.
//!
//! From `final66`'s misses, each from the system's own code, error table
//! or thread:
//!
//! - Passing, weak: Nix's substitutes that failed "usually ... due to
//!   networking issues"; Ory Hydra's request "competing for the same
//!   resource" and Kratos' "unexpected network error" while checking a
//!   leaked password; Pomerium's health server "not yet available";
//!   oauth2-proxy's upstream connection page; authentik's "authentik
//!   starting" (a 503 with `Retry-After: 5`); Redis' `READONLY` in Sidekiq's
//!   wording, "You can't write against a replica", which it reconnects on
//!   (Redis' own "read only replica" is named elsewhere; its older "read
//!   only slave" stays out, as a `final15` text lasted where a client was
//!   pointed at a replica), and its keys accessed during a slot's
//!   rehashing; GoodJob's interrupted job (it
//!   retries it); Logstash's pool with "no living connections"; a client
//!   that "will reconnect" (Vector's Redis source, three of three labelled
//!   texts); NiFi's session rolled back "for retry"; cog's stream
//!   subscriber limit;
//!   Streamlit's "Connection failed with status 0." and its newer "server
//!   is not responding"; Renovate's registry connection failure.
//! - Lasting: ZeroGPU's spent GPU quota (both wordings); Renovate's
//!   unauthenticated GitHub limit that asks for a token and git's
//!   "(denying non-fast-forward)"; Ory Keto's "malformed string input";
//!   Gitpod's image without a hostname; Vector's client error "not
//!   retrying" (two of two) and its Doris sink's "not retrying to avoid
//!   data duplication"; Guava's service that "has failed in the RUNNING
//!   state" (it never restarts); a Hugging Face Space in error; and the
//!   configuration, script and version errors of the devcontainers CLI,
//!   Devbox, mise, Nix, Ory, Resque, Asynq, Machinery, River, Vector,
//!   syslog-ng, Zeek, Falco, Hugging Face Spaces, Gradio's client, Modal,
//!   Trivy, Renovate and Snyk. Refused: mise's AWS signature mismatch,
//!   the Nix daemon's "you are not privileged to" build, repair or add.
//!
//! A second reader checked each entry at its source or its published
//! package; it took out Vector's "events have likely been lost" (logged
//! while the buffer carries on) and cog's "OpenAPI schema not available"
//! (cog answers it for ever once a model's setup failed, and other tools
//! say it of a lasting fault), narrowed four entries to their own wording
//! (Streamlit's sentence, Vector's client error, River's `ByPeriod`, a
//! Space's exit code), made
//! Guava's failed service strong, and named the wordings above that no
//! rule read.

use super::Category::{Auth, Input, NotFound, Permanent, Quota, ServerDown, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    ("usually happens due to networking issues", Transient, Weak),
    ("competing for the same resource", Transient, Weak),
    ("an unexpected network error occurred", Transient, Weak),
    ("streaming server not yet available", ServerDown, Weak),
    (
        "problem connecting to the upstream server",
        ServerDown,
        Weak,
    ),
    ("\"authentik starting\"", ServerDown, Weak),
    ("you can't write against a replica", Transient, Weak),
    ("interrupted after starting perform", Transient, Weak),
    ("no living connections in the pool", ServerDown, Weak),
    ("; will reconnect", Transient, Weak),
    ("rolling back session for retry", Transient, Weak),
    ("too many stream subscribers", Transient, Weak),
    ("connection failed with status 0.", Transient, Weak),
    ("streamlit server is not responding", ServerDown, Weak),
    ("accessed during rehashing of the slot", Transient, Weak),
    ("docker registry connection failure", ServerDown, Weak),
    ("exceeded your gpu quota", Quota, Strong),
    ("zerogpu quota", Quota, Strong),
    ("please set a github_com_token", Permanent, Strong),
    ("malformed string input", Input, Strong),
    (
        "cannot resolve workspace image: hostname required",
        Input,
        Strong,
    ),
    ("client error encountered, not retrying", Input, Strong),
    (
        "no dev container config and no workspace found",
        Input,
        Strong,
    ),
    ("require buildkit enabled", Permanent, Strong),
    ("process manager is not running", Permanent, Strong),
    ("does the git ref really exist", NotFound, Strong),
    ("cargo-binstall is not available", Permanent, Strong),
    ("no devbox.json found", Input, Strong),
    ("migrations are not yet applied", Permanent, Strong),
    ("please give each worker at least one queue", Input, Strong),
    ("the server is in the stopped state", Permanent, Strong),
    ("please specify brokermessagegroupid", Input, Strong),
    ("byperiod should not be less than 1 second", Input, Strong),
    ("wrong number of args calling redis command", Input, Strong),
    (
        "attempted to access a non local key in a cluster node",
        Permanent,
        Strong,
    ),
    ("underlying driver pool is closed", Permanent, Strong),
    ("is another vector process running", Permanent, Strong),
    ("that device is not up", Permanent, Strong),
    ("failed to open disk-buffer dirlock file", Permanent, Strong),
    ("stats queue reached maximum capacity", Permanent, Strong),
    ("problem with the ssl ca cert", Permanent, Strong),
    ("has failed in the running state", Permanent, Strong),
    (
        "this space has been paused by the author",
        Permanent,
        Strong,
    ),
    ("please specify an `api_name` or `fn_index`", Input, Strong),
    ("web functions do not support retries", Input, Strong),
    ("class is not hydrated", Permanent, Strong),
    ("scheduling failure: unable to schedule", Permanent, Weak),
    ("space failed to start. exit code", Permanent, Strong),
    ("trivy version is old", Permanent, Strong),
    ("not retrying to avoid data duplication", Permanent, Strong),
    ("your space is in error", Permanent, Strong),
    ("(denying non-fast-forward)", Permanent, Strong),
    ("due to force pushes being disallowed", Permanent, Strong),
    ("too many vulnerable paths to process", Permanent, Strong),
    ("java db client not initialized", Permanent, Strong),
    ("could not parse reference", Input, Strong),
    ("aws signature mismatch", Auth, Strong),
    ("you are not privileged to", Auth, Strong),
];
