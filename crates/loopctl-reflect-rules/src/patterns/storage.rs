//! Cloud object storage: throttling and server states pass; archived objects, leases, retention and preconditions stay.
//!
//! Sources, by family:
//! - Amazon S3's "Error responses" list and its retry guidance: `SlowDown`,
//!   `InternalError`, `RequestTimeout` and `OperationAborted` ("a
//!   conflicting conditional operation is currently in progress") are
//!   retried; `InvalidObjectState` (an archived object: restore it first),
//!   `NoSuchUpload`, `BucketAlreadyExists`, `PreconditionFailed`,
//!   `EntityTooLarge` and the signature and key errors are not.
//! - Google Cloud Storage's "Retry strategy" page: 408, 429 and 5xx
//!   (`backendError`) are retried; a retention policy, a failed
//!   precondition (`conditionNotMet`) and 4xx otherwise are not.
//! - Azure Blob Storage's error codes and its retry guidance: `ServerBusy`,
//!   the ingress and egress account limits and `OperationTimedOut` pass;
//!   `BlobArchived`, lease errors (another client holds the blob),
//!   `BlobBeingRehydrated` (hours) and `AuthorizationPermissionMismatch`
//!   do not.
//! - MinIO's `XMinioServerNotInitialized` ("please try again" while its
//!   drives come up).
//! - rclone's OneDrive retry list ("Unable to initialize RPS") and
//!   OpenDAL's short read, which its retry layer resumes; HDFS'
//!   `StandbyException`, which Hadoop's failover proxy retries.

use super::Category::{Auth, NotFound, Permanent, ServerDown, TooLarge, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    // Amazon S3.
    ("invalidobjectstate", Permanent, Strong),
    ("object's storage class", Permanent, Strong),
    ("object's current storage class", Permanent, Strong),
    ("operationaborted", Transient, Strong),
    ("reduce your concurrent request rate", Transient, Strong),
    (
        "conflicting conditional operation is currently in progress",
        Transient,
        Strong,
    ),
    (
        "was not read from or written to within the timeout period",
        Transient,
        Strong,
    ),
    ("we encountered an internal error", ServerDown, Weak), // right 16 of 18 times it decided
    ("nosuchupload", NotFound, Strong),
    ("bucketalreadyownedbyyou", Permanent, Strong),
    ("bucketalreadyexists", Permanent, Strong),
    ("entitytoolarge", TooLarge, Strong),
    ("invalidaccesskeyid", Auth, Strong),
    ("signaturedoesnotmatch", Auth, Strong),
    (
        "request signature we calculated does not match",
        Auth,
        Strong,
    ),
    (
        "must be addressed using the specified endpoint",
        Permanent,
        Strong,
    ),
    // Google Cloud Storage.
    ("retention policy", Permanent, Strong),
    ("retentionpolicynotmet", Permanent, Strong),
    ("conditionnotmet", Permanent, Strong),
    // Azure Blob Storage.
    ("ingress is over the account limit", Transient, Strong),
    ("egress is over the account limit", Transient, Strong),
    ("operationtimedout", Transient, Strong),
    (
        "operation could not be completed within the specified time",
        Transient,
        Strong,
    ),
    ("blobarchived", Permanent, Strong),
    ("not permitted on an archived blob", Permanent, Strong),
    ("blobbeingrehydrated", Permanent, Strong),
    ("leaseidmissing", Permanent, Strong),
    ("there is currently a lease on the", Permanent, Strong),
    ("leasealreadypresent", Permanent, Strong),
    ("leaseidmismatch", Permanent, Strong),
    ("blobnotfound", NotFound, Strong),
    ("containernotfound", NotFound, Strong),
    ("authorizationpermissionmismatch", Auth, Strong),
    ("authorizationfailure", Auth, Strong),
    ("server failed to authenticate the request", Auth, Strong),
    // MinIO.
    ("xminioservernotinitialized", ServerDown, Strong),
    // MinIO's own words; a bare "server not initialized" is also an MCP
    // server answering a client that never sent `initialize`.
    (
        "server not initialized, please try again",
        ServerDown,
        Strong,
    ),
    // rclone's OneDrive backend retries a 401 that says "Unable to
    // initialize RPS"; OpenDAL's retry layer resumes a short read.
    ("unable to initialize rps", Transient, Strong),
    // Weak: the same check fires for a range read past the end of the
    // object, which fails every time.
    ("reader got too less data", Transient, Weak),
    // HDFS' `StandbyException`: the NameNode asked is the standby, and the
    // client's failover proxy retries on the active one.
    ("not supported in state standby", ServerDown, Strong),
];
