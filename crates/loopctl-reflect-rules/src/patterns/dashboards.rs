//! Kubernetes dashboards, vulnerability platforms, form servers and webhook relays: their words for a release still reconciling, a service that could not be reached, a publish to try again and data garbled on the way, and for a terminal that is not one, a setting out of range and a scan that hung.
//!
//! From `final85`'s misses, each from the system's own code, each in its
//! own system's words, since a review found each shorter phrase in other
//! systems' failures with the other meaning:
//!
//! - Passing, weak: Kubeapps' repository "not in a stable state" (it
//!   clears once the controller has reconciled; Azure's cache "not in a
//!   stable state" waits out a scaling of many minutes); Freelens' failed
//!   listing of the API resources, which asks to reconnect;
//!   Dependency-Track's closed Kafka publisher and its interrupted or
//!   failed webhook send, each thrown as a retryable publish exception;
//!   ODK Central's Enketo and conversion service that "could not be
//!   contacted" (its 502s, which pyodk retries; a domain controller that
//!   could not be contacted is mostly DNS set wrong) and its one-minute
//!   wait between edits; Enketo's data server it could not reach (its
//!   queue uploads again with backoff); KoboToolbox's file "corrupted
//!   during transmission", which asks to try later (a key or a proof
//!   corrupted in transit stays corrupt); Svix's relay handshake with "no
//!   response from remote", after which its client reconnects (SNMP's "No
//!   response from remote host" is mostly a wrong community or host).
//! - Passing, strong: Kubeapps' Flux release "pending reconciliation",
//!   a fixed message refused only until Flux has reconciled, of the
//!   strong tier so that it hides the "not supported" inside it.
//! - Lasting: k9s' clipboard where stdout "is not a tty", and docker's
//!   and a shell's stdin or input device that is not one (a terminal does
//!   not become one on a retry; provisioning's "stdin: is not a tty" is
//!   noise before the real failure, and is not matched); Svix's
//!   application or endpoint "rate limit out of bounds", a setting to
//!   change, of the strong tier so that it hides the "rate limit" inside
//!   it (a relay's warning that it clamped its rate limit is no failure);
//!   and, weakly, nuclei's HTTP and JavaScript engine deadlines, which its
//!   error kinds leave to a person (another engine's deadline is an
//!   ordinary time-out).
//!
//! Not named, since the words say nothing of the cause:
//! Dependency-Track's "Failed to query matching criteria" (retryable only
//! for the SQL errors behind it), k9s' "no metrics-server detected".

use super::Category::{Input, Permanent, ServerDown, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    // vmware-tanzu/kubeapps (kapp-controller and Flux plugins)
    ("repository is not in a stable state", Transient, Weak),
    (
        "pending reconciliation are not supported",
        Transient,
        Strong,
    ),
    // freelensapp/freelens (cluster-connection.injectable.ts)
    (
        "failed to list kube api resources, please reconnect",
        Transient,
        Weak,
    ),
    // DependencyTrack/dependency-track (notification publishers)
    ("kafka publisher is closed", Transient, Weak),
    ("interrupted while sending request", Transient, Weak),
    ("request failed while sending notification", Transient, Weak),
    // getodk/central-backend (lib/util/problem.js: 502.2, 502.3, 409.13)
    ("enketo could not be contacted", ServerDown, Weak),
    (
        "conversion service could not be contacted",
        ServerDown,
        Weak,
    ),
    ("wait one minute before", Transient, Weak),
    // enketo/enketo-express (locales: status 0 and 504)
    (
        "could not establish connection with data server",
        ServerDown,
        Weak,
    ),
    (
        "server is not available or you may not be connected to the internet",
        Transient,
        Weak,
    ),
    // kobotoolbox/kpi (logger_tools.py)
    (
        "file likely corrupted during transmission, please try later",
        Transient,
        Weak,
    ),
    // svix/svix-webhooks (svix-cli relay; server validation)
    ("relay server: no response from remote", Transient, Weak),
    ("application rate limit out of bounds", Input, Strong),
    ("endpoint rate limit out of bounds", Input, Strong),
    // derailed/k9s (internal/view/clipboard.go)
    ("stdout is not a tty", Permanent, Strong),
    ("input device is not a tty", Permanent, Strong),
    ("stdin is not a tty", Permanent, Strong),
    // projectdiscovery/nuclei (errkit deadline kinds)
    ("http request engine deadline exceeded", Permanent, Weak),
    ("js engine execution deadline exceeded", Permanent, Weak),
];
