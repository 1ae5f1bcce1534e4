//! GraphQL servers, database operators and poolers, data quality tools, customer data platforms and uptime monitors: their own words for a missing key, setting or pool that stays, and for a lock, a pool or a probe that passes.
//!
//! From `final64`'s misses, each from the system's own code, error table
//! or thread:
//!
//! - Passing, weak: Strimzi's "Failed to acquire lock lock::..." (another
//!   operation is running); Vitess' `VT14002`
//!   (`Code_UNAVAILABLE`, which vtrpc documents as retried with backoff);
//!   PgCat's `AllServersDown` (a checkout that waited longer than its
//!   connect time-out while the server was healthy; two of two); RDS
//!   Proxy's "Rate of connection to proxy exceeded" (a rate limit);
//!   Apollo Client's "Store reset while query was in flight"; graphql-ws'
//!   "Going away" (1001, which its client reconnects); Checkly's
//!   "Encountered an error connecting to Checkly" (a 408 its callers
//!   re-poll); Grafana's synthetic monitoring agent's "probe no longer
//!   registered" (declared a transient error, re-registered after a
//!   backoff).
//! - Lasting, strong: Segment's "Rate limit duration exceeded" (given only
//!   after twelve hours rate-limited); RudderStack's event with neither id
//!   and its SDK's undetermined data plane URL, Snowplow's "No collector
//!   configured", Jitsu's missing host; Soda Cloud's uploads disabled by
//!   an administrator; CloudNativePG's non-empty WAL archive, Galera's "no
//!   nodes coming from prim view" (and Galera 4's "primary view");
//!   graphql-ws' "Too many initialisation requests" (in its client's fatal
//!   list) and unacceptable subprotocol, Apollo Server's disabled batching,
//!   missing operations and other methods than GET and POST, Strawberry's
//!   missing query and unparsable body or multipart body; Rust's "poisoned
//!   lock" (a mutex broken for the life of the process); Vitess' and
//!   MySQL's "no database selected", ProxySQL's connection locked to another
//!   hostgroup, PgCat's unconfigured pool, Supavisor's open circuit
//!   breaker (it blocks the tenant for ten minutes); Gatus' minimum
//!   interval, Checkly's payload over the maximum, Grafana's k6 script
//!   that failed with a stack trace. Refused: RudderStack's missing write
//!   key, subscriptions-transport-ws' "Prohibited connection!", and
//!   GitHub's "Resource not accessible by" a token or an integration (a
//!   403; thirteen of thirteen labelled texts).
//!
//! A second reader, reading the systems' packages, narrowed Strimzi's lock
//! to its own prefix (OpenTelemetry's "Failed to acquire lock" wraps a
//! poisoned mutex, which never recovers), widened Galera's sentence to its
//! newer wording, and found the refusals named above that no rule named.

use super::Category::{Auth, Input, Permanent, ServerDown, TooLarge, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    ("failed to acquire lock lock::", Transient, Weak),
    ("vt14002", ServerDown, Weak),
    ("allserversdown", ServerDown, Weak),
    ("rate of connection to proxy exceeded", Transient, Weak),
    ("store reset while query was in flight", Transient, Weak),
    ("going away", ServerDown, Weak),
    (
        "encountered an error connecting to checkly",
        Transient,
        Weak,
    ),
    ("probe no longer registered", Transient, Weak),
    ("rate limit duration exceeded", Permanent, Strong),
    ("request neither has anonymousid nor userid", Input, Strong),
    ("data plane url could not be determined", Permanent, Strong),
    ("no collector configured", Permanent, Strong),
    ("please specify host variable", Permanent, Strong),
    ("file uploads disabled by administrator", Permanent, Strong),
    ("expected empty archive", Permanent, Strong),
    ("no nodes coming from prim", Permanent, Strong),
    ("too many initialisation requests", Permanent, Strong),
    ("operation batching disabled", Permanent, Strong),
    ("subprotocol not acceptable", Permanent, Strong),
    ("no operations found in request", Input, Strong),
    (
        "apollo server supports only get/post requests",
        Input,
        Strong,
    ),
    ("unable to parse the multipart body", Input, Strong),
    ("poisoned lock", Permanent, Strong),
    ("no graphql query found in the request", Input, Strong),
    ("unable to parse request body as json", Input, Strong),
    ("no database selected", Input, Strong),
    ("connection is locked to hostgroup", Permanent, Strong),
    ("no pool configured for database", Permanent, Strong),
    (
        "(ecircuitbreaker) unable to establish connection to upstream database",
        Permanent,
        Strong,
    ),
    (
        "the minimum interval for an endpoint with a condition",
        Permanent,
        Strong,
    ),
    (
        "payload content length greater than maximum allowed",
        TooLarge,
        Strong,
    ),
    (
        "fatal error occurred while running the script",
        Permanent,
        Strong,
    ),
    ("failed to read writekey from header", Auth, Strong),
    ("prohibited connection!", Auth, Strong),
    ("resource not accessible by", Auth, Strong),
];
