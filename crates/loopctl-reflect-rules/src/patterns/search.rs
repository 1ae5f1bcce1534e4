//! Search engines and vector stores: back-pressure and recovering shards pass; wrong dimensions, unloaded collections and blocked indices stay.
//!
//! Sources, by family:
//! - Elasticsearch's and OpenSearch's exception types and their REST
//!   statuses: `es_rejected_execution_exception` (429, retry with backoff),
//!   shard and master states (503 while recovering or electing), a circuit
//!   breaker's own `durability` field (`TRANSIENT` passes, `PERMANENT` does
//!   not), and the index blocks: `SERVICE_UNAVAILABLE/1/state not
//!   recovered` lifts by itself, `FORBIDDEN/12/index read-only / allow
//!   delete` and the flood-stage watermark wait for an operator to free
//!   disk. A bare `cluster_block_exception` is weak: the block decides.
//! - Pinecone's error reference: dimension mismatches and metadata or
//!   request size limits are client errors; pod and project quotas are
//!   plan limits.
//! - Weaviate's errors: a shard turns read-only when disk use passes its
//!   threshold and stays so until an operator resets it; batch time-outs
//!   tell the caller to send smaller batches; vector lengths must match.
//! - Qdrant's `Wrong input` class (HTTP 400), its replica states and its
//!   `Service internal error` class (`CollectionError::ServiceError`).
//! - Milvus' error codes: 101 collection not loaded (load it first), dim
//!   mismatches, collection not found.
//! - Chroma's `InvalidDimensionException` and query-size checks.
//! - pgvector's dimension checks and index limits (2,000 dimensions for
//!   HNSW and IVFFlat).
//! - Milvus' root coordinator in `StandBy` during a rolling upgrade.

use super::Category::{Input, NotFound, Permanent, Quota, ServerDown, TooLarge, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    // Pinecone's Python SDK when an index host does not answer, which it
    // says is most often a wrong index name; weak, since the SDK says the
    // same around a connection reset that a retry gets past.
    ("did you specify the correct index name", NotFound, Weak),
    // Elasticsearch and OpenSearch: back-pressure and passing states.
    ("es_rejected_execution_exception", Transient, Strong),
    ("esrejectedexecutionexception", Transient, Strong),
    ("rejected execution of", Transient, Strong),
    ("circuit_breaking_exception", Transient, Weak),
    ("\"durability\":\"transient\"", Transient, Strong),
    ("\"durability\":\"permanent\"", Permanent, Strong),
    ("master_not_discovered_exception", ServerDown, Strong),
    ("masternotdiscoveredexception", ServerDown, Strong),
    ("no_shard_available_action_exception", ServerDown, Strong),
    ("noshardavailableactionexception", ServerDown, Strong),
    ("unavailable_shards_exception", ServerDown, Strong),
    ("primary shard is not active", ServerDown, Strong),
    ("illegalindexshardstateexception", ServerDown, Strong),
    ("illegal_index_shard_state_exception", ServerDown, Strong),
    // Its reason without the exception's name, as the `reason` field
    // gives it (elastic/elasticsearch#24619: it passes once recovery
    // reaches STARTED); weak, since only the name is the code.
    (
        "operations only allowed when shard state is one of",
        ServerDown,
        Weak,
    ),
    ("state not recovered", ServerDown, Strong),
    ("process_cluster_event_timeout_exception", Transient, Strong),
    ("node_disconnected_exception", Transient, Strong),
    ("receive_timeout_transport_exception", Transient, Strong),
    // Elasticsearch and OpenSearch: what stays.
    ("cluster_block_exception", Permanent, Weak),
    // Hides the "forbidden" inside it: an index block, not a credential.
    ("[forbidden/", Permanent, Strong),
    ("read-only / allow delete", Permanent, Strong),
    ("flood-stage watermark", Permanent, Strong),
    ("flood stage disk watermark", Permanent, Strong),
    ("version_conflict_engine_exception", Permanent, Weak), // right 2 of 4 times it decided
    ("resource_already_exists_exception", Permanent, Weak), // right 1 of 3 times it decided
    ("too_many_buckets_exception", Permanent, Strong),
    ("result window is too large", Input, Strong),
    ("limit of total fields", Input, Strong),
    ("illegal_argument_exception", Input, Strong),
    ("mapper_parsing_exception", Input, Weak), // right 4 of 5 times it decided
    ("mapperparsingexception", Input, Strong),
    // Weak as the longer form above, which holds it.
    ("parsing_exception", Input, Weak),
    ("query_shard_exception", Input, Strong),
    ("index_not_found_exception", NotFound, Strong),
    ("indexnotfoundexception", NotFound, Strong),
    ("no such index", NotFound, Strong),
    ("search_context_missing_exception", NotFound, Strong),
    // Pinecone.
    ("does not match the dimension of the index", Input, Strong),
    ("metadata size is", TooLarge, Strong),
    ("exceeds the project quota", Quota, Strong),
    ("reached the max pods", Quota, Strong),
    // Weaviate.
    ("store is read-only", Permanent, Strong),
    ("try reducing the batch size", Permanent, Strong),
    ("vector lengths don't match", Input, Strong),
    ("new node has a vector with length", Input, Strong),
    // Qdrant.
    ("wrong input:", Input, Strong),
    ("vector dimension error", Input, Strong),
    // Qdrant brings a dead replica back when its node returns.
    ("has no active replica", ServerDown, Weak),
    // A panic on a request most often panics again on the same request.
    ("panicked with message", Permanent, Weak),
    // Qdrant's `CollectionError::ServiceError`, its catch-all for a
    // failure inside the server (storage, a panic, a replica set without
    // enough replicas), which its own time-outs and cancellations do not
    // use: an operator or a fix is waited for. Weak: the text after the
    // colon may name a passing failure.
    ("service internal error:", Permanent, Weak),
    ("not found: collection", NotFound, Strong),
    // Milvus.
    ("collection not loaded", Permanent, Strong),
    ("checkifloaded failed", Permanent, Strong),
    ("should divide the dim", Input, Strong),
    ("collection field dim is", Input, Strong),
    ("vector length diff from dimension", Input, Strong),
    ("is not equal to schema dim", Input, Strong),
    ("collection not found", NotFound, Strong),
    ("can't find collection", NotFound, Strong),
    // Chroma.
    ("invaliddimensionexception", Input, Strong),
    ("does not match collection dimensionality", Input, Strong),
    ("does not match index dimensionality", Input, Strong),
    (
        "collection expecting embedding with dimension",
        Input,
        Strong,
    ),
    ("number of requested results", Input, Strong),
    ("expected ids to be unique", Input, Strong),
    // pgvector.
    ("dimensions, not", Input, Strong),
    ("different vector dimensions", Input, Strong),
    (
        "dimensions for type vector cannot exceed",
        Permanent,
        Strong,
    ),
    ("dimensions for hnsw index", Permanent, Strong),
    ("dimensions for ivfflat index", Permanent, Strong),
    // duckduckgo_search's `RatelimitException`: DuckDuckGo has blocked the
    // scraper, and its threads fix it with a new release or a proxy.
    ("202 ratelimit", Permanent, Strong),
    ("duckduckgosearchexception: ratelimit", Permanent, Strong),
    // Pinecone's troubleshooting page: a project's serverless index limit
    // holds until indexes are deleted or another project is used. Azure AI
    // Search's 503 when a query cannot cover its index is its throttling
    // answer, which its documentation says to retry with back-off.
    ("the maximum per project", Quota, Strong),
    (
        "not enough resources were available to cover",
        ServerDown,
        Strong,
    ),
    // Milvus' root coordinator while a rolling upgrade switches its
    // standby to active: pymilvus' insert fails only in that window.
    ("statecode=standby", ServerDown, Strong),
];
