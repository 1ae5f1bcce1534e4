//! Cluster add-ons, observability backends, headless CMSs, billing APIs, distributed databases and infrastructure-as-code tools: their own words for a region, pool, refresh or payment service that comes back, and for a setting, schema, plan or lock that stays.
//!
//! From `final65`'s misses, each from the system's own code, error table
//! or thread:
//!
//! - Passing, weak: TiKV's region errors its client retries with backoff
//!   ("stale command", "max timestamp not synced") and its lagging commit
//!   timestamp; gocql's host without a pool or connections (it picks
//!   another host or refills the pool); a coordinator "still
//!   bootstrapping" (ScyllaDB, and a table summary in `final45`); trace
//!   information that "didn't propagate yet"; TimescaleDB's continuous
//!   aggregate lost to a concurrent refresh (after its quoted name, so
//!   that a session's "rotation failed due to a concurrent refresh
//!   attempt", a lasting 401, stays out); TDengine's database in creating
//!   or dropping status; Rails' optimistic lock ("Attempted to update a
//!   stale object", which Lago retries after a reload); PocketBase's backup
//!   in use; open-iscsi's database failure (democratic-csi retries it);
//!   Directus' unreachable licensing service; Sanity's dropped EventSource
//!   and Appwrite's realtime reconnect; Paddle's internal errors ("The
//!   Paddle team has been notified", three of three), RevenueCat's store
//!   problem (its sentence, not "the store details"), Polar's unreachable
//!   Stripe.
//! - Lasting: Appwrite's query time-out that asks for another query or an
//!   index; Atlantis' lock held by another pull request's plan; Vagrant's
//!   invalid `config.ssh.shell`; TDengine's "temporarily does not support"
//!   (a feature not built yet); Tempo's query that needs more jobs than its
//!   queue holds (two of two, weak: under load the queue's other jobs
//!   count too); Pyroscope's zero push limit; Recurly's hourly limit;
//!   PocketBase's five one-time-password tries per three minutes (a 429
//!   that asks for a new code); full disks and LUN limits of TiKV and
//!   Synology; schema, input and plan errors of Prismic, Directus, Nhost,
//!   Karpenter, cluster-autoscaler, sealed-secrets, ScyllaDB's drivers,
//!   TimescaleDB, YugabyteDB, StarRocks, CrateDB, QuestDB, Zuora, Polar
//!   (both its payment retry limits) and Recurly. Refused: Strapi's
//!   blocked account, Appwrite's missing refresh token, the Synology
//!   lock-out that democratic-csi reports.
//!
//! A second reader took out EC2's `InvalidInstanceID.NotFound` (a wrong
//! region or a terminated instance lasts, and the strong literal it needed
//! to decide beside "does not exist" turned "quota exceeded" beside it
//! into a blip), Directus' "emails every 1 second" (the same), and
//! clickhouse-go's pool advice "you can increase the number of max open
//! conn" (its bare time-out passes on a retry); it narrowed the entries
//! above and named TDengine's dropping status, TiKV's full disk and the
//! LUN limit.

use super::Category::{Auth, Input, NotFound, Permanent, Quota, ServerDown, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    ("tikv stale command", Transient, Weak),
    ("max timestamp not synced", Transient, Weak),
    ("commit timestamp lags behind expected", Transient, Weak),
    ("host pool does not have connections", ServerDown, Weak),
    ("host does not have a pool", ServerDown, Weak),
    ("still bootstrapping", ServerDown, Weak),
    ("didn't propagate yet", Transient, Weak),
    ("\" due to a concurrent refresh", Transient, Weak),
    ("database in droping status", Transient, Weak),
    ("database in creating status", Transient, Weak),
    ("attempted to update a stale object", Transient, Weak),
    ("the backup is currently being used", Transient, Weak),
    ("encountered iscsi database failure", Transient, Weak),
    ("licensing service is unreachable", ServerDown, Weak),
    ("eventsource connection failed", Transient, Weak),
    ("reconnect will be attempted", Transient, Weak),
    ("the paddle team has been notified", ServerDown, Weak),
    ("there was a problem with the store.", ServerDown, Weak),
    ("could not reach stripe", ServerDown, Weak),
    ("try adjusting your queries", Permanent, Strong),
    ("to continue, delete the lock", Permanent, Strong),
    ("(config.ssh.shell) is invalid", Permanent, Strong),
    ("temporarily does not support", Permanent, Strong),
    ("queue doesn't have room for", Permanent, Weak),
    ("push rate limit (0 b) exceeded", Permanent, Strong),
    ("until the beginning of the next hour", Quota, Strong),
    ("only supports prismic rest api v2", Input, Strong),
    ("they form a relational cycle", Input, Strong),
    ("password is in hibp database", Input, Strong),
    ("can't delete default state", Input, Strong),
    ("tflint found issues", Input, Strong),
    ("synology volume is out of disk space", Permanent, Strong),
    (
        "the maximum number of luns has been reached",
        Permanent,
        Strong,
    ),
    ("tikv disk full", Permanent, Strong),
    (
        "unable to locate objectstore plugin named",
        Permanent,
        Strong,
    ),
    (
        "filtered out all available instance types",
        Permanent,
        Strong,
    ),
    ("requested outside max:", Input, Strong),
    ("sealedsecret data is too short", Input, Strong),
    (
        "circular dependency between user defined types",
        Input,
        Strong,
    ),
    ("refresh and columnstore policies overlap", Input, Strong),
    ("should be a valid port number", Input, Strong),
    ("type not yet supported in yugabyte", Permanent, Strong),
    ("insert has filtered data in strict mode", Input, Strong),
    ("columnunknownexception", NotFound, Strong),
    ("unexpected argument for function", Input, Strong),
    ("inconvertible types", Input, Strong),
    ("value should be one of", Input, Strong),
    (
        "customer associated with this checkout has been deleted",
        Permanent,
        Strong,
    ),
    ("payment retry attempts has been reached", Permanent, Strong),
    ("not eligible for payment retry", Permanent, Strong),
    ("bank has declined their card", Permanent, Strong),
    ("aren't configured on this environment", Permanent, Strong),
    ("import the catalog before", Input, Strong),
    ("with a new otp", Quota, Strong),
    ("has been blocked by an administrator", Auth, Strong),
    ("no refresh token on file", Auth, Strong),
    ("has been blocked to the synology dsm", Auth, Strong),
];
