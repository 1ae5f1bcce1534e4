//! Package managers, build and infrastructure tools, orchestrators and language runtimes: what another run meets again.
//!
//! Sources, by family:
//! - npm's error codes (`ETARGET`: no version matches the range; `ERESOLVE`:
//!   the dependency tree cannot be resolved; `E404`), pip's resolver
//!   messages and PEP 668's `externally-managed-environment`, cargo's
//!   resolver, Go modules (`unknown revision`), and Maven's resolution cache
//!   ("was cached in the local repository, resolution will not be
//!   reattempted until the update interval … or updates are forced").
//! - Terraform's lock-file and provider-install errors, and its state lock
//!   (held by another run, or left behind by one that died: weak).
//! - Kubernetes' admission webhooks ("denied the request") and its
//!   `CrashLoopBackOff` state, client-go's `localhost:8080` fallback when
//!   no kubeconfig is loaded, and HDFS's safe mode (at start-up it ends by
//!   itself; "turned on manually" waits for an operator).
//! - Language runtimes' fatal limits: V8's heap, Python's and JavaScript's
//!   recursion limits, WebAssembly traps, Spark's `broadcastTimeout`.
//! - apimachinery's `wait.ErrWaitTimeout` ("timed out waiting for the
//!   condition"), which Helm's `--wait` and `kubectl wait` return once the
//!   whole wait is spent.
//! - Helm's pending-release lock (`errPending`: "another operation
//!   (install/upgrade/rollback) is in progress"), which a release stuck in
//!   a pending state keeps until someone rolls it back.
//! - git's sequencer state ("a cherry-pick or revert is already in
//!   progress"), which stays until it is continued or aborted; a stale NFS
//!   file handle (`ESTALE`), which stays until a remount; Terraform's
//!   "Saved plan is stale", which asks for a new plan.
//! - GitHub Actions' billing stop ("recent account payments have failed").
//! - Hetzner Cloud's `locked` error, GitHub Actions' unacquired job,
//!   Buildkite's job not yet eligible; a CLI's own login command; Go's
//!   JSON decoder refusing a value of the wrong type (weakly).
//! - Cloud control planes' operations in progress (Azure's
//!   `OperationInProgress` codes, Oracle Cloud's `UPDATING`, Scaleway's
//!   transient state) and Google's propagation delay, all retried by their
//!   own tools; the installer template's network error.
//! - Azure Functions Core Tools' upload retry on a hash mismatch, and
//!   Coolify's lock on a running backup job.

use super::Category::{Auth, Input, NotFound, Permanent, Quota, ServerDown, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    // Helm's release lock, held by a release left pending.
    (
        "another operation (install/upgrade/rollback) is in progress",
        Permanent,
        Strong,
    ),
    // States that stay until someone acts.
    (
        "a cherry-pick or revert is already in progress",
        Permanent,
        Strong,
    ),
    ("cherry-pick is already in progress", Permanent, Strong),
    ("revert is already in progress", Permanent, Strong),
    // Kubernetes' image pull back-off: most often a name or tag that
    // does not exist; weak, since a registry outage looks the same.
    ("imagepullbackoff", Permanent, Weak),
    ("stale file handle", Permanent, Strong),
    ("stale nfs file handle", Permanent, Strong),
    ("estale", Permanent, Strong),
    ("saved plan is stale", Permanent, Strong),
    ("plan file can no longer be applied", Permanent, Strong),
    // Package managers and resolvers.
    ("no matching version found for", NotFound, Strong),
    ("code etarget", NotFound, Strong),
    ("code eresolve", Permanent, Strong),
    ("unable to resolve dependency tree", Permanent, Strong),
    ("code e404", NotFound, Strong),
    ("no matching distribution found", NotFound, Strong),
    (
        "could not find a version that satisfies the requirement",
        NotFound,
        Strong,
    ),
    ("externally-managed-environment", Permanent, Strong),
    ("failed to select a version for", NotFound, Strong),
    ("unknown revision", NotFound, Weak), // right 1 of 2 times it decided
    ("resolution will not be reattempted", Permanent, Strong),
    // The same cached failure in Maven 3.9's words.
    ("resolution is not reattempted", Permanent, Strong),
    ("could not resolve dependencies for project", NotFound, Weak),
    // Infrastructure tools and orchestrators.
    ("inconsistent dependency lock file", Permanent, Strong),
    (
        "does not have a package available for your current platform",
        NotFound,
        Strong,
    ),
    ("error acquiring the state lock", Transient, Weak),
    // Weak since the calibration that counted `final65`: right four times
    // in five (Gatekeeper denies a constraint until its template is ready).
    ("denied the request", Permanent, Weak),
    ("crashloopbackoff", Permanent, Weak),
    // apimachinery's `wait.ErrWaitTimeout`: a poll (Helm's `--wait`,
    // `kubectl wait`) that spent its whole budget, five minutes by
    // default, on a condition that did not come; another run waits as
    // long for the same condition. Weak: a slow image pull may make it.
    ("timed out waiting for the condition", Permanent, Weak),
    // kubectl's port-forward to a pod the scheduler has accepted but not
    // started: Pending is the phase before its containers run. Weak: a pod
    // that cannot be scheduled stays Pending.
    ("current status=pending", Transient, Weak),
    // Docker Compose's external network that nobody created; its own words
    // say to create it first.
    (
        "declared as external, but could not be found",
        NotFound,
        Strong,
    ),
    // client-go's default server when no kubeconfig is loaded: kubectl's
    // "The connection to the server localhost:8080 was refused" and Helm's
    // "Kubernetes cluster unreachable: Get \"http://localhost:8080/version\"".
    // Nothing listens there until a kubeconfig names the cluster.
    ("localhost:8080/version", Permanent, Strong),
    ("server localhost:8080 was refused", Permanent, Strong),
    ("name node is in safe mode", ServerDown, Weak),
    ("it was turned on manually", Permanent, Strong),
    ("recent account payments have failed", Quota, Strong),
    // Runtimes' fatal limits.
    ("javascript heap out of memory", Permanent, Strong),
    ("maximum recursion depth exceeded", Permanent, Strong),
    ("maximum call stack size exceeded", Permanent, Strong),
    ("wasm trap", Permanent, Strong),
    ("could not execute broadcast in", Permanent, Strong),
    // NuGet's NU1301 (the service index could not be loaded) and Bundler's
    // NetworkDownError: the feed or the network, for now.
    ("nu1301", Transient, Weak),
    ("could not fetch specs from", Transient, Weak),
    // pnpm's `BadTarballError`: a download cut short, which pnpm retries.
    (
        "did not match the one specified in 'content-length' header",
        Transient,
        Weak,
    ),
    // Certbot's failed challenge: DNS or the web server must change first.
    ("failed to authenticate some domains", Permanent, Strong),
    // ACME's `badNonce`: RFC 8555 section 6.5 tells the client to send the
    // request again with the fresh nonce the answer carries.
    ("anti-replay nonce", Transient, Strong),
    // Envoy's refusal of a configuration its control plane sent.
    ("update rejected", Input, Weak),
    // ssh2's `readyTimeout`: no SSH server answered at that address;
    // weak, since a busy server may answer the next time.
    ("timed out while waiting for handshake", Permanent, Weak),
    // conda's request that got no HTTP answer at all.
    ("http 000 connection failed", Transient, Weak), // right 2 of 3 times it decided
    // npm's `EOTP`: the account asks for a one-time password the call did
    // not carry; a retry without it is refused the same way.
    ("requires a one-time password", Auth, Strong),
    // Corepack's check of a package manager's signature against keys it
    // ships: an older Corepack lacks the registry's new key until upgraded.
    ("cannot find matching keyid", Permanent, Strong),
    // Ray's client with no cluster to join: one must be started, or its
    // address given.
    ("could not find any running ray instance", NotFound, Strong),
    // Another operation on the same deployment, which ends by itself: Azure
    // Service Management's `ConflictError`.
    (
        "is currently performing an operation on this deployment",
        Transient,
        Strong,
    ),
    // Cline's report of a tool call the model sent without a parameter the
    // tool requires; Cline's own retry asks the model again, while the same
    // call is refused again.
    ("without value for required parameter", Input, Strong),
    // An MCP client's or agent's configuration that names a variable the
    // environment does not set.
    ("missing environment variable", Permanent, Weak),
    // Hetzner Cloud's `locked` error: an action is still running on the
    // server, and the API asks for the call again once it ends. GitHub
    // Actions' job that no runner acquired, re-run once runners are back;
    // Buildkite's job not yet eligible, a 423 its agent retries.
    ("server is locked (", Transient, Strong),
    ("repeatedly failed to be acquired", ServerDown, Strong),
    ("not yet eligible to be assigned", Transient, Strong),
    // A command-line tool asking for its own login command. Weak, and
    // named in full: "oauth login" holds the bare words, and some tools
    // print the advice beside a network error too.
    ("gh auth login", Auth, Weak),
    ("kaggle auth login", Auth, Weak),
    // Go's `encoding/json` refusing a value of the wrong type: the payload
    // is refused again, unless the other side sent an odd body (weak).
    ("json: cannot unmarshal", Input, Weak),
    // Cloud control planes that refuse a call while another operation
    // holds the resource, and take it once that ends: Azure Resource
    // Manager's `...OperationInProgress` codes, Scaleway's
    // `transient_state`, and Google's service agent not yet propagated
    // (App Engine's "GAIA propagation delay"), which Terraform's Google
    // provider retries. Weak: Oracle Cloud's resource still `UPDATING`,
    // since an upgrade holds a database for an hour or more; the installer
    // template's "standard network error" (uv's, cargo-dist's), printed
    // for a missing asset or a local write failure too.
    ("operationinprogress", Transient, Strong),
    ("has a conflicting state of updating", Transient, Weak),
    ("resource is in a transient state", Transient, Strong),
    ("gaia propagation delay", Transient, Strong),
    ("may be a standard network error", Transient, Weak),
    // Azure Functions Core Tools retries a package upload whose uploaded
    // copy does not hash like the local one (weak: its users meet it on
    // every deploy until a setting changes); Coolify refuses to delete a
    // backup schedule while its backup job holds the lock, which a long
    // backup holds for hours (weak).
    (
        "hash mismatch between the local copy and the uploaded copy",
        Transient,
        Weak,
    ),
    ("to finish before deleting this schedule", Transient, Weak),
    // git's ref lock held by another update of the same ref ...
    ("cannot lock ref", Transient, Weak),
    // ... unless a ref of the same path is in the way, which stays until
    // someone prunes it (git quotes both refs).
    ("' exists; cannot create '", Permanent, Weak),
    // Toolchains that say which way the next run goes: avrdude's "try
    // re-running command line" after a re-initialisation; Dependabot's
    // "timed out during its update" on a repository too large for its
    // time limit, Trivy's "layer cache missing" until the cache is cleared
    // (its troubleshooting page), and esptool's "Failed to write to
    // target RAM", a wiring or power fault by its troubleshooting page.
    (
        "despite part erasure; try re-running command line",
        Transient,
        Weak,
    ),
    ("dependabot timed out during its update", Permanent, Weak),
    ("layer cache missing", Permanent, Weak),
    ("failed to write to target ram", Permanent, Weak),
];
