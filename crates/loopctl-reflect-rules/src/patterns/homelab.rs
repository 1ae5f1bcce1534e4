//! Local Kubernetes distributions, NAS systems, database backups, self-hosted CI, self-hosted PaaS and smart cards: their words for a cluster or a worker not ready yet, a lock held for a moment and a connection dropped, and for a daily limit, a restart or an uninstall a person must do, and a card another program holds.
//!
//! From `final81`'s misses, each from the system's own code, retry list or
//! thread:
//!
//! - Passing, weak: k3d's wait for a node's log line (it rolls the
//!   cluster back, so a second create starts clean) and kind's node whose
//!   Kubernetes version it could not read yet; Talos' bootstrap and clock
//!   "not ... yet" (its own bootstrap helper retries them for ten
//!   minutes); TrueNAS' midcli "middleware is not responding" and "Failed
//!   connection handshake" (its `recoverable_error`); Unraid's CSRF token
//!   "not found yet" (its API retries it); YunoHost's dpkg lock held by
//!   another program; pgBackRest's archive-get lock; a Concourse worker
//!   that "disappeared"; Jenkins' removed agent and its broken one
//!   ("Unable to create live FilePath", both retry conditions of its
//!   `agent()`); Buildbot's worker "not pinged" and "not building" and its
//!   lost slave (it finishes them with RETRY and
//!   requeues the request); a YubiKey's "hid: general error" and GnuPG's
//!   first card selection after a key is inserted.
//! - Lasting: a daily limit that says "try again tomorrow" (Synology's,
//!   and the forecast and API limits of two labelled files), weakly;
//!   Synology's
//!   "restart your NAS", Unraid's "force stop", Rockstor's "uninstall it
//!   first"; Portainer's administrator time-out (it locks itself until
//!   restarted); a smart card another program holds ("Sharing violation")
//!   or one that stopped answering until it is re-inserted.
//!
//! Not named, since the words say nothing of the cause or the threads
//! disagree: kubeadm's unhealthy etcd (a stale member), Talos' handshake
//! time-out (an endpoint set wrong), WAL-G's bare "RequestError: send
//! request failed" (passing six times and lasting four in the labelled
//! files), CasaOS' pull that failed after six attempts, barman-cloud's
//! upload time-out, a standby's "recovery is in progress", OpenSC's
//! "Incorrect parameters in APDU" that one reporter saw pass.

use super::Category::{Permanent, ServerDown, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    // ai-dynamo/grove#327 (k3d's wait for a node's log line; not its
    // "Failed Cluster Start", which wraps every cause, a port already
    // allocated too: the review); projectcalico/node#996 (kind)
    ("error waiting for log line", Transient, Weak),
    (
        "failed to get kubernetes version from node",
        Transient,
        Weak,
    ),
    // siderolabs/talos (v1alpha1_server.go; pkg/cluster/bootstrap.go), as
    // the server says them and as talosctl prints them, where the longer
    // literal hides gRPC's lasting "code = FailedPrecondition" (the review)
    ("time is not in sync yet", ServerDown, Weak),
    ("bootstrap is not available yet", ServerDown, Weak),
    (
        "code = failedprecondition desc = time is not in sync yet",
        ServerDown,
        Weak,
    ),
    (
        "code = failedprecondition desc = bootstrap is not available yet",
        ServerDown,
        Weak,
    ),
    // truenas/midcli (context.py: recoverable_error)
    ("middleware is not responding", ServerDown, Weak),
    ("failed connection handshake", Transient, Weak),
    // unraid/api (emhttpd writes the token shortly after it starts)
    ("csrf token not found yet", ServerDown, Weak),
    // YunoHost (locales/en.json)
    ("seems to be using the lock of dpkg", Transient, Weak),
    // pgbackrest/pgbackrest#311
    ("unable to acquire archive-get lock", Transient, Weak),
    // concourse/concourse#8997
    ("disappeared while trying to reach it", Transient, Weak),
    // jenkinsci/workflow-durable-task-step-plugin (RemovedNodeCause;
    // jenkins-infra/helpdesk#2984)
    ("agent was removed", Transient, Weak),
    ("unable to create live filepath for", Transient, Weak),
    // buildbot/buildbot (process/build.py: RETRY); barosl/homu#53. Not its
    // "worker not available": browsers say it of a Service Worker or a
    // SharedWorker that does not exist (the review)
    ("worker not pinged", Transient, Weak),
    ("worker not building", Transient, Weak),
    ("retry exception slave lost", Transient, Weak),
    // Cloud-Foundations/keymaster#147; LudovicRousseau/PCSC#125
    ("hid: general error", Transient, Weak),
    ("selecting card failed: end of file", Transient, Weak),
    // N4S4/synology-api (error codes); the daily limits of final11 and
    // final22. Weak, as the nineteenth round decided for a day's wait
    // named in words rather than by the server's own reset time
    ("please try again tomorrow", Permanent, Weak),
    ("please restart your nas and try again", Permanent, Strong),
    // unraid/api; rockstor/rockstor-core#1613
    ("please force stop the vm and try again", Permanent, Strong),
    ("uninstall it first and try again", Permanent, Strong),
    // portainer/portainer (adminmonitor)
    ("administrator initialization timeout", Permanent, Strong),
    // yawn/ykoath#14 and two more labelled texts: SCARD_E_SHARING_VIOLATION,
    // a card held by another program until it is stopped; weak, since the
    // words also name a file that another program has open for a moment,
    // which Mono's and Unity's "Sharing violation on path" is, and which
    // passes (the review)
    ("sharing violation", Permanent, Weak),
    ("scard_e_sharing_violation", Permanent, Weak),
    ("sharing violation on path", Transient, Weak),
    // OpenSC/OpenSC#546: re-inserted by hand; pcsc-lite's and pcsc-perl's
    // names for it (the review)
    ("unresponsive card", Permanent, Weak),
    ("scard_w_unresponsive_card", Permanent, Weak),
    ("card is unresponsive", Permanent, Weak),
];
