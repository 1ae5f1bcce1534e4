//! Ingress controllers and meshes, upload servers, load generators, no-code backends, tax services and firewalls: their own words for a start, a lock or a link that passes, and for a setting or a cap that stays.
//!
//! From `final60`'s misses, each from the system's own code or its thread:
//!
//! - Passing, weak: tusd's "ERR_UPLOAD_LOCKED" (a 423 the tus clients
//!   retry); Linkerd's "No running pods for" (its checks retry until a
//!   deadline); Istio's "config not fully received from XDS server",
//!   "workers have not yet started" and its CNI's "this is ok if this is a
//!   newly created pod"; Kong's ingress controller's "next attempt allowed
//!   in" and "synchronizer not yet configured" (its backoff and its start);
//!   k6's cloud "trying to establish a fresh connection" and "An error
//!   occurred talking to Load Impact cloud" (its client retries the cloud's
//!   5xx); Tsung's "error_send_connection_closed" (a send it retries);
//!   Locust's "ZMQ sent failure" (resent at 1, 3 and 5 seconds) and "ZMQ
//!   interrupted or corrupted message" (its master asks the worker to
//!   reconnect: the words are not data corruption); Finkok's "No se
//!   pudo conectar al SAT" (the tax authority's service unreachable);
//!   VIES' "MS_MAX_CONCURRENT_REQ" (a member state's concurrent-request
//!   cap, treated as a rate limit); Baserow's "Max running job count" (a
//!   slot freed when a running job ends).
//! - Lasting, strong: Kong's "did not pass validation" (an HTTPRoute to
//!   change), Artillery's "could be due to firewall restrictions", Wazuh's
//!   "Maybe the port specified is incorrect" and cloudflare-go's "exceeded
//!   available rate limit retries" (its own retries already spent).
//!
//! The calibration, counting `final60`, made "corrupted" weak (right 14
//! times in 16 where it decided strongly; Locust's message was one of the
//! two), so Locust's longer phrase may now be weak too.

use super::Category::{Permanent, ServerDown, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    ("err_upload_locked", Transient, Weak),
    ("no running pods for", ServerDown, Weak),
    (
        "config not fully received from xds server",
        ServerDown,
        Weak,
    ),
    ("workers have not yet started", ServerDown, Weak),
    ("this is ok if this is a newly created pod", Transient, Weak),
    ("next attempt allowed in", Transient, Weak),
    ("synchronizer not yet configured", ServerDown, Weak),
    ("trying to establish a fresh connection", Transient, Weak),
    (
        "error occurred talking to load impact cloud",
        Transient,
        Weak,
    ),
    ("error_send_connection_closed", Transient, Weak),
    ("zmq sent failure", Transient, Weak),
    ("zmq interrupted or corrupted message", Transient, Weak),
    ("no se pudo conectar al sat", ServerDown, Weak),
    ("ms_max_concurrent_req", Transient, Weak),
    ("max running job count", Transient, Weak),
    ("did not pass validation", Permanent, Strong),
    ("could be due to firewall restrictions", Permanent, Strong),
    ("maybe the port specified is incorrect", Permanent, Strong),
    ("exceeded available rate limit retries", Permanent, Strong),
];
