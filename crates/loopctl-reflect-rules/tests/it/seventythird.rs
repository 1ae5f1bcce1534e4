//! The seventy-third round, read after `final64.jsonl` was measured: GraphQL servers, database operators and poolers, data quality tools, customer data platforms and uptime monitors.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, assert_not_passing_unsure, assert_refused_beside};

#[test]
fn locks_pools_reconnects_and_probes_pass_unsure() {
    assert_all(
        (true, Confidence::Weak),
        &[
            // strimzi/strimzi-kafka-operator#3971
            "Failed to acquire lock lock::kafka-system::Kafka::spider-kafka within 10000ms.",
            // vitessio/vitess
            "VT14002: no available connection",
            // postgresml/pgcat#824
            "FATAL:  58000: could not get connection from the pool - AllServersDown",
            // RDS Proxy's wording, its limit filled in (constructed)
            "Rate of connection to proxy exceeded 100.",
            // vuejs/apollo#842
            "Store reset while query was in flight (not completed in link chain)",
            // enisdenjo/graphql-ws
            "Going away",
            // checkly/checkly-cli
            "Encountered an error connecting to Checkly. This can be triggered by a slow internet connection or a network with high packet loss.",
            // grafana/synthetic-monitoring-agent
            "probe no longer registered",
        ],
    );
}

#[test]
fn keys_settings_pools_and_limits_that_stay_last_surely() {
    assert_all(
        (false, Confidence::Strong),
        &[
            // @segment/analytics-node
            "Rate limit duration exceeded",
            // rudderlabs/rudder-server
            "Request neither has anonymousId nor userId",
            // rudderlabs/rudder-sdk-js
            "Failed to load the SDK as the data plane URL could not be determined. Please check that the data plane URL is set correctly and try again.",
            // snowplow/snowplow-javascript-tracker
            "No collector configured",
            // @jitsu/js
            "Please specify host variable in jitsu plugin initialization, or set echoEvents to true",
            // sodadata/soda-core#1347
            "No fileId received in response: {'code': 'soda_core_uploads_disabled', 'message': 'File uploads disabled by administrator'}",
            // cloudnative-pg/cloudnative-pg#6470
            "ERROR: WAL archive check failed for server local: Expected empty archive",
            // mariadb-operator/mariadb-operator#324
            "WSREP: no nodes coming from prim view, prim not possible",
            // enisdenjo/graphql-ws
            "Too many initialisation requests",
            // apollographql/apollo-server
            "Operation batching disabled.",
            // strawberry-graphql/strawberry
            "No GraphQL query found in the request",
            // strawberry-graphql/strawberry
            "Unable to parse request body as JSON",
            // vitessio/vitess
            "VT09005: no database selected: use keyspace<:shard><@type> or keyspace<[range]><@type> (<> are optional)",
            // sysown/proxysql#4641
            "ProxySQL Error: connection is locked to hostgroup 10 but trying to reach hostgroup 20",
            // postgresml/pgcat#346
            "psql: error: connection to server at \"pgcat.pgcat.svc.cluster.local\" (10.108.15.8), port 6432 failed: FATAL:  No pool configured for database: \"pulp\", user: \"pulp\"",
            // supabase/supavisor
            "(ECIRCUITBREAKER) Unable to establish connection to upstream database",
            // TwiN/gatus
            "the minimum interval for an endpoint with a condition using the [DOMAIN_EXPIRATION] placeholder is 300s (5m)",
            // checkly/checkly-cli
            "Payload content length greater than maximum allowed: 31457280",
            // grafana/synthetic-monitoring-agent
            "fatal error occurred while running the script",
            // rudderlabs/rudder-server
            "Failed to read writeKey from header",
            // apollographql/subscriptions-transport-ws
            "Prohibited connection!",
            // upptime/upptime#989
            "ERROR RequestError [HttpError]: Resource not accessible by personal access token",
        ],
    );
}

#[test]
fn refusals_beside_the_new_passing_words_stay_refused() {
    assert_refused_beside(&[
        "Failed to acquire lock lock::kafka::Kafka::my-cluster",
        "VT14002: no available connection",
        "AllServersDown",
        "Rate of connection to proxy exceeded",
        "Store reset while query was in flight",
        "Going away",
        "probe no longer registered",
    ]);
}

#[test]
fn what_the_second_reader_found_or_narrowed_stays_so() {
    // The wordings it read in the packages (Galera 4, graphql-ws, Apollo
    // Server, Strawberry, Rust's standard library).
    assert_all(
        (false, Confidence::Strong),
        &[
            "WSREP: No nodes coming from primary view, primary not possible",
            "Subprotocol not acceptable",
            "No operations found in request.",
            "Apollo Server supports only GET/POST requests.",
            "Unable to parse the multipart body",
            "called `Result::unwrap()` on an `Err` value: PoisonError { .. }: poisoned lock: another task failed inside",
        ],
    );
    // OpenTelemetry's poisoned mutex is no lock held by another operation
    // (constructed after its format string).
    assert_not_passing_unsure(&["Failed to acquire lock: mutex poisoned"]);
}
