//! Event stores, actor clusters, language servers, home hubs, chat and fediverse servers and RPC stacks: their own words for a stale version, a refused event or a server that gave up, and for an upload, a lock or a link that passes.
//!
//! From `final62`'s misses, each from the system's own code or its thread:
//!
//! - Passing, weak: Synapse's "Media has not been uploaded yet" (the words
//!   of `M_NOT_YET_UPLOADED`, already named: a 504 until the asynchronous
//!   upload lands); Marten's "Write collision detected while commiting the
//!   transaction" (PostgreSQL's 40001, rolled back); the AT Protocol's
//!   "Upstream Failure" and "Upstream service unreachable" (a 502 its
//!   clients retry); GoToSocial's "server capacity exceeded" (a 503 with
//!   Retry-After: 30); Bazel's "Another command is running", "Another
//!   command (pid=...) is running" and "Another command holds the client
//!   lock" (the output base's lock, freed when that command ends); clangd's
//!   "Request cancelled because the document was modified" (LSP's
//!   ContentModified, re-sent for the new text); the VS Code language
//!   client's "Server will restart"; SignalR's WebSocket closed with 1006
//!   or "without completing the close handshake" (a dropped transport it
//!   reconnects).
//! - Lasting, strong: EventStoreDB's "WrongExpectedVersion" and Marten's
//!   "Unexpected starting version number" and "Optimistic concurrency
//!   check failed" (the same append with the same expected version fails
//!   again), EventStoreDB's "please reset your projection";
//!   matrix-rust-sdk's insecure devices in the room, ejabberd's "Too many
//!   unacked stanzas" and weak passwords, Smack's missing resource
//!   binding, Zulip's "Bad event queue id"; Nostr relays' machine-readable
//!   refusals ("pow: difficulty", "blocked: event marked as protected",
//!   "replaced: have newer event", "deleted: user requested deletion"),
//!   Mastodon's unverifiable remote certificate and its media without a
//!   type; clangd's request for a document never opened, a coding agent's
//!   "No LSP server available for file type", rustup's "Unknown binary ...
//!   in official toolchain", language clients whose server or service
//!   "will not be restarted"; Thrift's oversized frame, SignalR's skipped
//!   negotiation without WebSockets. Refused: Zulip's disabled password,
//!   Mastodon's login pending approval, the AT Protocol's untrusted issuer;
//!   weakly, its token that "could not be verified".
//! - Lasting, weak: "is not yet implemented" (three systems).
//!
//! A second reader took out Akka's "no seed-nodes configured" (an INFO
//! line at every start, and a guess while a cluster forms), Akka.NET's
//! "You can try to increase" (StarRocks' advice beside a commit delay that
//! passes) and Z-Wave JS' "Timeout while waiting for a callback from the
//! controller" (the driver now soft-resets the controller by itself); and
//! narrowed Marten's write collision to its sentence (a lasting
//! "Concurrent write collision" elsewhere, and "overwrite collision"), the
//! language clients' "will not be restarted" to their server or service
//! (Kubernetes says it of pods that succeeded), and made "token could not
//! be verified" weak (apps say it when a store or GitHub's rate limit
//! failed).

use super::Category::{Auth, Input, Permanent, ServerDown, TooLarge, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    ("media has not been uploaded yet", Transient, Weak),
    ("write collision detected while commit", Transient, Weak),
    ("upstream failure", ServerDown, Weak),
    ("upstream service unreachable", ServerDown, Weak),
    ("server capacity exceeded", ServerDown, Weak),
    ("another command is running", Transient, Weak),
    ("another command (pid=", Transient, Weak),
    ("another command holds the client lock", Transient, Weak),
    (
        "request cancelled because the document was modified",
        Transient,
        Weak,
    ),
    ("server will restart", ServerDown, Weak),
    ("websocket closed with status code: 1006", Transient, Weak),
    (
        "closed the websocket connection without completing the close handshake",
        Transient,
        Weak,
    ),
    ("wrongexpectedversion", Permanent, Strong),
    ("unexpected starting version number", Permanent, Strong),
    ("optimistic concurrency check failed", Permanent, Strong),
    ("please reset your projection", Permanent, Strong),
    ("there are insecure devices in the room", Permanent, Strong),
    ("too many unacked stanzas", Permanent, Strong),
    ("the password is too weak", Input, Strong),
    (
        "resource binding was not offered by server",
        Permanent,
        Strong,
    ),
    ("bad event queue id", Permanent, Strong),
    ("pow: difficulty", Permanent, Strong),
    ("blocked: event marked as protected", Permanent, Strong),
    ("replaced: have newer event", Permanent, Strong),
    ("deleted: user requested deletion", Permanent, Strong),
    (
        "remote ssl certificate could not be verified",
        Permanent,
        Strong,
    ),
    ("could not determine mime type", Input, Strong),
    (
        "trying to get ast for non-added document",
        Permanent,
        Strong,
    ),
    ("no lsp server available for file type", Permanent, Strong),
    ("in official toolchain", Permanent, Strong),
    ("server will not be restarted", Permanent, Strong),
    ("the service will not be restarted", Permanent, Strong),
    ("received an oversized frame", TooLarge, Strong),
    (
        "negotiation can only be skipped when using the websocket transport",
        Input,
        Strong,
    ),
    ("password has been disabled", Auth, Strong),
    ("login is currently pending approval", Auth, Strong),
    ("token could not be verified", Auth, Weak),
    ("untrusted issuer", Auth, Strong),
    ("is not yet implemented", Permanent, Weak),
];
