//! Print spoolers, directory servers, modems, volume managers and campus platforms: their own words for a peer or a queue that comes back, and for a pool, a volume group or a test hook that stays.
//!
//! Every entry is weak but TopoLVM's "not enough space" after a gRPC
//! `desc =`, a full volume group that must outweigh the strong `Internal`
//! a CSI driver wraps it in. Sources, by family:
//!
//! - CUPS requeues a job on another printer of its class when it cannot
//!   reach the first ("Unable to contact printer, queuing on next printer
//!   in class").
//! - OpenLDAP's load balancer refuses an operation while a connection's
//!   "pending operation limit" is reached or its "writing side
//!   backlogged, please keep reading", and the asyncmeta back end while
//!   its "Maximum pending ops limit" is exceeded: queues that drain. MIT
//!   Kerberos' `KRB5_KDC_ERR_SVC_UNAVAILABLE` ("A service is not available
//!   that is required to process the request"), which FreeIPA retries,
//!   and SSSD's interrupted TLS handshake, which its code retries, are a
//!   peer away for a moment.
//! - ModemManager raises `MM_CORE_ERROR_RETRY` ("Operation cannot yet be
//!   performed, retry later") for "Too much time waiting to get to a
//!   final ...", a detach "to process SIM refresh" and QMI's "No card
//!   found (retry)" (only before its last attempt); a bearer "currently
//!   being disconnected" finishes disconnecting; and it refuses a second
//!   Simple.Connect with "Connection request forbidden: operation already
//!   in progress" until the first finishes (the "forbidden" inside that
//!   exact sentence is not a credential). netplan's D-Bus API refuses to
//!   apply or cancel another configuration while a `netplan try` runs
//!   ("Another 'netplan try' process is already running"); Longhorn's CSI
//!   controller gives up waiting on a volume still being created.
//! - Hypothesis' LMS app says an "API token is already being refreshed";
//!   Turnitin's plugin requeues after "There was a problem connecting to
//!   the Turnitin API".
//! - Lasting: libreswan's "address pool exhausted" (a lease pool an
//!   operator sizes, which hides the connection pool's strong "pool
//!   exhausted"), TopoLVM's full volume group, Ceph's `rbd: sysfs write
//!   failed` (a kernel feature or key) and AvaTax's test hook "You
//!   requested a timeout error for this API call", which answers the same
//!   every time.
//!
//! The second reader took out CUPS' other printer states ("The printer
//! is not responding.", "Unable to locate printer.", "The printer is not
//! connected.", "The printer is offline.", "Waiting for printer to become
//! available."; each is also what CUPS prints for a printer unplugged,
//! off or misnamed, for days), Longhorn's "There is no block device
//! frontend for volume" (since its October 2020 fix, a wrong or disabled
//! frontend), "wait for the download to complete", "Categories are
//! locked" and "File not moved correctly" (everyday words other programs
//! print for failures that last), NetworkManager's "Scanning not allowed
//! while unavailable" (wpa_supplicant still starting), ZFS' "dataset is
//! busy" (retried by ZFS' own tests) and Ceph's "image still has
//! watchers" (which says to wait for a crashed client to time out), and
//! narrowed "There was a problem connecting to the ..." to Turnitin's
//! sentence (a database helper prints it over a wrong password).

use super::Category::{Permanent, ServerDown, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    ("queuing on next printer in class", ServerDown, Weak),
    ("pending operation limit reached", Transient, Weak),
    ("writing side backlogged", Transient, Weak),
    ("maximum pending ops limit exceeded", Transient, Weak),
    (
        "a service is not available that is required to process the request",
        ServerDown,
        Weak,
    ),
    ("tls handshake was interrupted", Transient, Weak),
    ("too much time waiting to get to a final", Transient, Weak),
    ("currently being disconnected", Transient, Weak),
    ("to process sim refresh", Transient, Weak),
    ("no card found (retry)", Transient, Weak),
    (
        "connection request forbidden: operation already in progress",
        Transient,
        Weak,
    ),
    (
        "another 'netplan try' process is already running",
        Transient,
        Weak,
    ),
    (
        "failed to wait for volume creation to complete",
        Transient,
        Weak,
    ),
    ("is already being refreshed", Transient, Weak),
    (
        "there was a problem connecting to the turnitin api",
        ServerDown,
        Weak,
    ),
    ("address pool exhausted", Permanent, Weak),
    ("desc = not enough space", Permanent, Strong),
    ("rbd: sysfs write failed", Permanent, Weak),
    ("you requested a timeout error", Permanent, Weak),
];
