//! Print spoolers, directory servers, modems, volume managers and campus platforms: their own words for a device or a peer that comes back, and for a pool, a dataset or a test hook that stays.
//!
//! Every entry is weak but "not enough space", a full disk or volume group
//! named in so many words, which must outweigh the strong gRPC `Internal`
//! a CSI driver wraps it in. Sources, by family:
//!
//! - CUPS' backends (`backend/ipp.c`, `socket.c`, `runloop.c`,
//!   `usb-*.c`) print "The printer is not responding.", "Unable to locate
//!   printer.", "The printer is not connected.", "The printer is offline."
//!   and "Waiting for printer to become available." as printer states
//!   while they keep retrying the job, and requeue it on another printer
//!   of the class ("queuing on next printer in class").
//! - OpenLDAP's load balancer refuses an operation while a connection's
//!   "pending operation limit" is reached or its "writing side
//!   backlogged, please keep reading", and the asyncmeta back end while
//!   its "Maximum pending ops limit" is exceeded: queues that drain. MIT
//!   Kerberos' `KRB5_KDC_ERR_SVC_UNAVAILABLE` ("A service is not available
//!   that is required to process the request") and SSSD's `ERR_TLS_HANDSHAKE_INTERRUPTED`
//!   are a peer away for a moment.
//! - ModemManager raises `MM_CORE_ERROR_RETRY` ("Operation cannot yet be
//!   performed, retry later") for "Too much time waiting to get to a
//!   final ...", a bearer "currently being disconnected", a detach "to
//!   process SIM refresh" and QMI's "No card found (retry)", and refuses
//!   a second Simple.Connect with "Connection request forbidden: operation
//!   already in progress" until the first finishes (the "forbidden"
//!   inside it is not a credential). netplan's D-Bus API refuses a second
//!   `netplan try` while one runs; Longhorn's CSI controller gives up
//!   waiting on a volume still being created, and its node server answers
//!   a mount that came right after the attach, before the volume was
//!   ready, with gRPC's `InvalidArgument` "There is no block device
//!   frontend for volume", which Kubernetes' next request passes
//!   (longhorn#1680; the whole form hides the strong `InvalidArgument`).
//! - Moodle's app asks to "wait for the download to complete"; Kaltura
//!   retries its batch jobs after "Categories are locked" and "File not
//!   moved correctly"; Hypothesis' LMS app says an "API token is already
//!   being refreshed"; Turnitin's plugin requeues after "There was a
//!   problem connecting to the Turnitin API", the generic form other
//!   apps print for a connection that failed.
//! - Lasting: libreswan's "address pool exhausted" (a lease pool an
//!   operator sizes), NetworkManager's "Scanning not allowed while
//!   unavailable" (a device not managed or not up), ZFS' "dataset is busy"
//!   (held or mounted; lasting in openzfs#12881 and #696), TopoLVM's "not
//!   enough space", Ceph's "image still has watchers" (a live client, in
//!   rook#720) and `rbd: sysfs write failed` (a kernel feature or key),
//!   and AvaTax's test hook "You requested a timeout error for this API
//!   call", which answers the same every time.

use super::Category::{Permanent, ServerDown, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    ("the printer is not responding", ServerDown, Weak),
    ("unable to locate printer", ServerDown, Weak),
    ("the printer is not connected", ServerDown, Weak),
    ("the printer is offline", ServerDown, Weak),
    ("waiting for printer to become available", ServerDown, Weak),
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
    (
        "code = invalidargument desc = there is no block device frontend for volume",
        Transient,
        Weak,
    ),
    ("wait for the download to complete", Transient, Weak),
    ("categories are locked", Transient, Weak),
    ("file not moved correctly", Transient, Weak),
    ("is already being refreshed", Transient, Weak),
    ("there was a problem connecting to the", ServerDown, Weak),
    ("address pool exhausted", Permanent, Weak),
    ("scanning not allowed while unavailable", Permanent, Weak),
    ("dataset is busy", Permanent, Weak),
    ("not enough space", Permanent, Strong),
    ("image still has watchers", Permanent, Weak),
    ("rbd: sysfs write failed", Permanent, Weak),
    ("you requested a timeout error", Permanent, Weak),
];
