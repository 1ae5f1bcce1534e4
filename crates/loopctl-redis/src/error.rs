//! What can go wrong between a replica and the fleet's Redis.

/// An error of the shared state. Only [`FleetError::Config`] ever reaches a
/// caller of the budget or the breaker at start-up; the others are logged
/// and answered from local state.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum FleetError {
    /// The configuration cannot work.
    #[error("loopctl-redis configuration: {0}")]
    Config(String),
    /// Redis did not answer within the command time-out.
    #[error(
        "Redis did not answer within {0} ms; raise the command time-out or check the server's load"
    )]
    Timeout(u128),
    /// Redis answered with an error, or the connection failed.
    #[error("Redis: {0}")]
    Redis(#[from] redis::RedisError),
    /// A key under the namespace holds something loopctl did not write.
    #[error(
        "the key `{key}` does not hold loopctl state ({detail}); delete it or choose another namespace"
    )]
    ForeignValue {
        /// The key.
        key: String,
        /// What Redis or the script found there.
        detail: String,
    },
    /// The reply of a script was not of the shape it returns.
    #[error("unexpected reply from a loopctl script: {0}")]
    Reply(String),
}
