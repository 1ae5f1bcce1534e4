//! Kubernetes dashboards, vulnerability platforms, form servers and webhook relays: their words for a release still reconciling, a service that could not be reached, a publish to try again and data garbled on the way, and for a terminal that is not one, a setting out of range and a scan that hung.
//!
//! From `final85`'s misses, each from the system's own code:
//!
//! - Passing, weak: Kubeapps' repository "not in a stable state" (it
//!   clears once the controller has reconciled); Freelens' failed listing of the API resources,
//!   which asks to reconnect; Dependency-Track's closed Kafka publisher and
//!   its interrupted or failed webhook send, each thrown as a retryable
//!   publish exception; ODK Central's services that "could not be
//!   contacted" (its 502s, which pyodk retries) and its one-minute wait
//!   between edits; Enketo's data server it could not reach (its queue
//!   uploads again with backoff); KoboToolbox's file "corrupted during
//!   transmission", which asks to try later (hiding the "corrupted"
//!   inside it); Svix's relay handshake with "no response from remote",
//!   after which its client reconnects.
//! - Passing, strong: Kubeapps' Flux release "pending reconciliation",
//!   a fixed message refused only until Flux has reconciled, of the
//!   strong tier so that it hides the "not supported" inside it.
//! - Lasting: k9s' clipboard where stdout "is not a tty" (a terminal does
//!   not become one on a retry) and Svix's "rate limit out of bounds", a
//!   setting to change, of the strong tier so that it hides the "rate
//!   limit" inside it; and, weakly, nuclei's engine deadlines, which its error kinds
//!   leave to a person (a template that hangs a host hangs it again).
//!
//! Not named, since the words say nothing of the cause:
//! Dependency-Track's "Failed to query matching criteria" (retryable only
//! for the SQL errors behind it), k9s' "no metrics-server detected".

use super::Category::{Input, Permanent, ServerDown, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    // vmware-tanzu/kubeapps (kapp-controller and Flux plugins)
    ("not in a stable state", Transient, Weak),
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
    ("could not be contacted", ServerDown, Weak),
    ("wait one minute before", Transient, Weak),
    // enketo/enketo-express (locales: status 0 and 504)
    ("could not establish connection with", ServerDown, Weak),
    ("may not be connected to the internet", Transient, Weak),
    // kobotoolbox/kpi (logger_tools.py)
    ("corrupted during transmission", Transient, Weak),
    // svix/svix-webhooks (svix-cli relay; server validation)
    ("no response from remote", Transient, Weak),
    ("rate limit out of bounds", Input, Strong),
    // derailed/k9s (internal/view/clipboard.go)
    ("is not a tty", Permanent, Strong),
    // projectdiscovery/nuclei (errkit deadline kinds)
    ("engine deadline exceeded", Permanent, Weak),
    ("engine execution deadline exceeded", Permanent, Weak),
];
