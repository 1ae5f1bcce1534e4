//! Low-code automation, forums, file sync, media servers, MQTT clients and container registries: their own words for a queue, keepalive, sync or partition that comes back, and for a setting, payload, credential or disabled feature that stays.
//!
//! From `final67`'s misses, each from the system's own code, error table
//! or thread:
//!
//! - Passing, weak: Node-RED's nodes with "too many pending messages in"
//!   them (the Filecoin message pool's "too many pending messages for
//!   actor", which lasted, stays out); n8n's DNS server "perhaps ...
//!   offline"; Zapier's runtime killing a process for its memory or file
//!   descriptors; Syncthing's file changed during hashing and Nextcloud's
//!   during sync (it resumes); the MQTT clients' lost keepalive, missing
//!   ping answer, reconnecting state, full queue (Paho Python's, though its
//!   `ValueError:` prefix, a strong input word, still decides that text) and
//!   missing broker connection; Redpanda's partition recovering; Go's HTTP
//!   transport closed before its answer; zot's certificate not yet loaded;
//!   Icecast's full listener slots (a listener leaves). Strong literals, so
//!   that they decide beside a generic lasting word ("limit reached",
//!   "exceed", "exceeded", `AssertionError`): Huginn's pending generation
//!   limit that asks to wait for them, SeaweedFS' in-flight byte limiter,
//!   Mosquitto's "Keepalive exceeded" (its client reconnects), Zulip's
//!   "Unexpected event type restart" (its maintainer: register again).
//!   Beside the weak "quota exceeded" they leave the verdict passing but
//!   unsure, as every strong passing word does, so `rules+llm` hands it on;
//!   beside a refusal or a daily limit they do not pass.
//! - Lasting: Misskey's schedule in the past, Redpanda's cancel with no
//!   move in progress, SeaweedFS' cluster with no writable volumes (two of
//!   two), Seafile's full storage quota and its SSL setup, Quay's
//!   read-only mode, and the configuration, payload and disabled-feature
//!   errors of Zapier, Node-RED, Huginn, Syncthing, Garage, rclone,
//!   JuiceFS, NodeBB, obs-websocket, Icecast, Restreamer, MediaMTX, Paho,
//!   Redpanda, VerneMQ, Quay, zot and Distribution (its upload offset in
//!   both spellings). Refused: go2rtc's Ring two-factor code and its "2FA
//!   required", Flarum's CSRF token, VerneMQ's exhausted auth chain (both
//!   names), its unauthorised subscribe and publish, Paho's "Authorisation
//!   failed.", Seafile's folder and library permissions.
//!
//! A second reader, reading the systems' repositories, took out
//! Pipedream's "still trying to run code" (a warning beside the real
//! failure), ownCloud's missing file permissions (printed after any
//! failed follow-up request), Flarum's database error (it wraps deadlocks
//! and refused connections) and Redpanda's "not a voter" (a learner is
//! promoted once it catches up); it widened two names to their current
//! spellings and named the refusals and limits above.

use super::Category::{Auth, Input, Permanent, Quota, ServerDown, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    ("too many pending messages in", Transient, Weak),
    ("perhaps the server is offline", ServerDown, Weak),
    ("force killing process by zapier", Transient, Weak),
    ("file changed during hashing", Transient, Weak),
    ("local file changed during sync", Transient, Weak),
    ("pingresp not received", Transient, Weak),
    (
        "reconnecting state and cleansession is true",
        Transient,
        Weak,
    ),
    ("no connection to broker", ServerDown, Weak),
    ("not queued due to err_queue_size", Transient, Weak),
    (
        "did not communicate in the keepalive interval",
        Transient,
        Weak,
    ),
    ("waiting for partition to recover", Transient, Weak),
    (
        "transport closed before response was received",
        Transient,
        Weak,
    ),
    ("tls certificate not yet loaded", ServerDown, Weak),
    (
        "maximum listeners reached for this source",
        ServerDown,
        Weak,
    ),
    (
        "wait for existing generations to complete",
        Transient,
        Strong,
    ),
    (
        "simultaneous request bytes exceed limitations",
        Transient,
        Strong,
    ),
    ("keepalive exceeded", Transient, Strong),
    ("unexpected event type restart", Transient, Strong),
    ("must be in the future", Input, Strong),
    ("as there is no move in progress", Input, Strong),
    ("failed to find writable volumes", Permanent, Strong),
    ("storage quota full", Quota, Strong),
    (
        "the response.content property is not available",
        Input,
        Strong,
    ),
    ("disconnect from broker before connecting", Input, Strong),
    ("please use get/post requests only", Input, Strong),
    ("different encryption passwords used", Permanent, Strong),
    ("were not in ascending order", Input, Strong),
    (
        "device is untrusted, but configured to receive plain data",
        Permanent,
        Strong,
    ),
    (
        "outdated config - please reconfigure this backend",
        Permanent,
        Strong,
    ),
    ("can't upload files to the root", Input, Strong),
    (
        "too many tries to commit multipart upload",
        Permanent,
        Strong,
    ),
    ("quota is inconsistent, please repair it", Permanent, Strong),
    ("without a corresponding `_uid`", Input, Strong),
    ("replay buffer is not available", Permanent, Strong),
    ("may only have one instance of a group", Input, Strong),
    ("you sent a non-object payload", Input, Strong),
    (
        "mountpoint is not available for direct access",
        Permanent,
        Strong,
    ),
    (
        "at least one input and one output need to be defined",
        Input,
        Strong,
    ),
    (
        "codecs which are not compatible with this browser",
        Permanent,
        Strong,
    ),
    ("client identifier not valid", Input, Strong),
    (
        "unable to allocate topic with given replication factor",
        Permanent,
        Strong,
    ),
    ("only encoding plain or base64 allows", Input, Strong),
    (
        "pushes to the registry are currently disabled",
        Permanent,
        Strong,
    ),
    ("image is filtered out by sync config", Permanent, Strong),
    (
        "system is currently read-only. pulls will succeed",
        Permanent,
        Strong,
    ),
    (
        "failed to establish secure connection. please check server ssl",
        Permanent,
        Strong,
    ),
    ("upload resumed at wrong off", Input, Strong),
    ("invalid 2fa code", Auth, Strong),
    ("csrf token did not match", Auth, Strong),
    ("due to chain_exhausted", Auth, Strong),
    ("due to plugin_chain_exhausted", Auth, Strong),
    ("due to not_authorized", Auth, Strong),
    ("authorisation failed.", Auth, Strong),
    ("2fa required", Auth, Strong),
    ("no permission to sync this folder", Auth, Strong),
    ("do not have write permission to the library", Auth, Strong),
    ("denied by folder permission setting", Auth, Strong),
    ("due to 'publish_not_authorized", Auth, Strong),
];
