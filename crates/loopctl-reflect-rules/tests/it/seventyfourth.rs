//! The seventy-fourth round, read after `final65.jsonl` was measured: cluster add-ons, observability backends, headless CMSs, billing APIs, distributed databases and infrastructure-as-code tools.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{
    assert_all, assert_lasting, assert_not_passing_unsure, assert_refused_beside,
};

#[test]
fn regions_pools_refreshes_and_payment_services_pass_unsure() {
    assert_all(
        (true, Confidence::Weak),
        &[
            // tikv/client-go
            "tikv stale command",
            // tikv/client-go
            "tikv max timestamp not synced",
            // tikv/client-go
            "commit timestamp lags behind expected",
            // scylladb/gocql
            "gocql: host pool does not have connections",
            // scylladb/gocql
            "gocql: host does not have a pool",
            // scylladb/scylla-rust-driver
            "The coordinator node is still bootstrapping",
            // scylladb/scylla-rust-driver
            "All tracing queries returned an empty result, maybe the trace information didn't propagate yet. Consider configuring Session with a longer fetch interval (tracing_info_fetch_interval)",
            // timescale/timescaledb
            "ERROR:  could not refresh continuous aggregate \"cagg_2\" due to a concurrent refresh",
            // taosdata/TDengine
            "Database in creating status",
            // getlago/lago-api
            "Attempted to update a stale object: Wallet.",
            // pocketbase/pocketbase
            "The backup is currently being used and cannot be deleted.",
            // democratic-csi/democratic-csi
            "Could not execute operation on all records: encountered iSCSI database failure",
            // directus/directus
            "Licensing service is unreachable.",
            // sanity-io/client
            "EventSource connection failed",
            // appwrite/appwrite#8941
            "Realtime got disconnected. Reconnect will be attempted in 1 seconds.",
            // https://developer.paddle.com/errors/shared/internal_error
            "Problem processing your request. The Paddle team has been notified.",
            // RevenueCat/purchases-android
            "There was a problem with the store.",
            // polarsource/polar
            "Could not reach Stripe to refresh this payout account.",
        ],
    );
}

#[test]
fn settings_schemas_plans_and_payments_that_stay_last_surely() {
    assert_all(
        (false, Confidence::Strong),
        &[
            // taosdata/TDengine
            "Stream temporarily does not support source db having replica > 1",
            // recurly/recurly-client-php#145
            "You have made too many API requests in the last hour. Future GET API requests will be ignored until the beginning of the next hour.",
            // prismicio/prismic-client
            "@prismicio/client only supports Prismic Rest API V2. Please provide only the repository name to the first createClient() parameter or use the getRepositoryEndpoint() helper to generate a valid Rest API V2 endpoint URL.",
            // directus/directus
            "Can't import collections [articles, authors] because they form a relational cycle with only non-nullable foreign keys.",
            // nhost/hasura-auth
            "Password is in HIBP database",
            // opentofu/opentofu
            "can't delete default state",
            // gruntwork-io/terragrunt
            "Tflint found issues in the project. Check for the tflint logs.",
            // democratic-csi/democratic-csi
            "The synology volume is out of disk space.",
            // vmware-tanzu/helm-charts#168
            "unable to locate ObjectStore plugin named velero.io/aws",
            // kubernetes-sigs/karpenter
            "nodepool requirements filtered out all available instance types",
            // kubernetes/autoscaler#1348
            "Scale-up failed for group agentpool: Target size 5 requested outside Max: 10, Min: 6",
            // bitnami-labs/sealed-secrets
            "SealedSecret data is too short",
            // scylladb/scylla-rust-driver
            "Detected circular dependency between user defined types - toposort is impossible!",
            // timescale/timescaledb
            "ERROR:  refresh and columnstore policies overlap",
            // scylladb/gocql
            "Port should be a valid port number: a number between 1 and 65535",
            // yugabyte/yugabyte-db#713
            "ERROR:  Type not yet supported in YugaByte: 1700 (NUMERIC)",
            // StarRocks/dbt-starrocks#38
            "StarRocks error: 1064 (HY000): Insert has filtered data in strict mode, txn_id = 4 tracking sql = select tracking_log from information_schema.load_tracking_logs where job_id=11119",
            // crate/crate#17536
            "io.crate.exceptions.ColumnUnknownException: Column myobj['0'] unknown",
            // questdb/questdb#3667
            "unexpected argument for function: cast. expected args: (DOUBLE,BOOLEAN constant). actual args: (LONG,IPv4 constant)",
            // questdb/questdb.io#370
            "inconvertible types: TIMESTAMP -> LONG [from=to_timestamp, to=my_number]",
            // https://developer.zuora.com/docs/guides/error-codes
            "'termType' value should be one of: TERMED, EVERGREEN",
            // polarsource/polar
            "The customer associated with this checkout has been deleted.",
            // polarsource/polar
            "Maximum number of payment retry attempts has been reached for this order.",
            // polarsource/polar
            "Order is not eligible for payment retry.",
            // https://docs.recurly.com/recurly-subscriptions/docs/api-transaction-errors
            "The customer's bank has declined their card. The customer will need to contact their bank to learn the cause.",
            // polarsource/polar
            "Card transfers aren't configured on this environment yet.",
            // polarsource/polar
            "Import the catalog before starting the card transfer.",
            // pocketbase/pocketbase
            "Too many attempts, please try again later with a new OTP.",
            // strapi/strapi
            "Your account has been blocked by an administrator",
            // appwrite/appwrite
            "This installation has no refresh token on file. Please reconnect it.",
            // democratic-csi/democratic-csi
            "IP has been blocked to the Synology DSM due to too many failed attempts.",
        ],
    );
}

#[test]
fn lasting_words_beside_a_named_passing_failure_last_unsure() {
    // A time-out, a lock or a rate limit named beside them leaves the
    // verdict lasting but no longer sure.
    assert_all(
        (false, Confidence::Weak),
        &[
            // appwrite/appwrite
            "Database timed out. Try adjusting your queries or adding an index.",
            // runatlantis/atlantis
            "This project is currently locked by an unapplied plan from pull #123. To continue, delete the lock from #123 or apply that plan and merge the pull request.",
            // hashicorp/vagrant
            "The configured shell (config.ssh.shell) is invalid and unable\nto properly execute commands. The most common cause for this is\nusing a shell that is unavailable on the system. Please verify\nyou're using the full path to the shell and that the shell is\nexecutable by the SSH user.",
            // grafana/tempo#4665
            "failed to get trace with id: e8391192132c69f0fa540024f9b9d8b6 Status: 500 Internal Server Error Body: error querying store in Querier.FindTraceByID: queue doesn't have room for 5514 jobs",
            // grafana/pyroscope-go#63
            "upload profile: failed to upload. server responded with statusCode: '422' and body: '{\"code\":\"unknown\",\"message\":\"pushing IngestInput-pprof failed resource_exhausted: push rate limit (0 B) exceeded while adding 70 KiB\"}'",
        ],
    );
}

#[test]
fn refusals_beside_the_new_passing_words_stay_refused() {
    assert_refused_beside(&[
        "tikv stale command",
        "max timestamp not synced",
        "commit timestamp lags behind expected",
        "host pool does not have connections",
        "host does not have a pool",
        "still bootstrapping",
        "didn't propagate yet",
        "due to a concurrent refresh",
        "database in creating status",
        "attempted to update a stale object",
        "the backup is currently being used",
        "encountered iscsi database failure",
        "licensing service is unreachable",
        "eventsource connection failed",
        "reconnect will be attempted",
        "the paddle team has been notified",
        "there was a problem with the store",
        "could not reach stripe",
    ]);
}

#[test]
fn what_the_second_reader_found_or_narrowed_stays_so() {
    // taosdata/TDengine's error table, the sibling of "in creating status"
    assert_all(
        (true, Confidence::Weak),
        &["DB error: Database in droping status"],
    );
    assert_all(
        (false, Confidence::Strong),
        &[
            // democratic-csi/democratic-csi's Synology error table
            "The maximum number of LUNS has been reached.",
            // tikv/client-go
            "tikv disk full",
            // polarsource/polar, the manual retry (sent as a 429)
            "Maximum number of manual payment retry attempts has been reached for order 3f1c2a9e.",
        ],
    );
    assert_not_passing_unsure(&[
        // An auth library's lasting 401, as the review quotes it
        "AuthError: Session rotation failed due to a concurrent refresh attempt. (401 SESSION_INVALID)",
        // A store-creation form's validation error, its first sentence
        // (the review quotes it)
        "There was a problem with the store details.",
    ]);
    // The two strong passing literals taken out: a quota beside them
    // stays a quota (constructed).
    assert_lasting(&[
        "quota exceeded: Limit of 100 emails every 1 second",
        "quota exceeded: The instance ID 'i-7d0b40b2' does not exist (InvalidInstanceID.NotFound)",
    ]);
    // clickhouse-go's pool time-out, with its advice, passes (weakly).
    assert_all(
        (true, Confidence::Weak),
        &[
            "clickhouse: acquire conn timeout. you can increase the number of max open conn or the dial timeout",
        ],
    );
}

#[test]
fn pocketbase_s_spent_tries_are_a_limit_not_a_refused_credential() {
    // pocketbase/pocketbase's OTP handler answers 429 after five tries in
    // three minutes: lasting for this code, but no credential was refused.
    let text = "Too many attempts, please try again later with a new OTP.";
    let judged = loopctl_reflect_rules::RuleReflector::new().judge(
        text,
        "tool",
        &serde_json::json!({}),
        None,
    );
    let analysis = judged.result.expect(text);
    assert!(!analysis.is_recoverable, "{text}");
    assert!(
        !analysis.root_cause.starts_with("credentials"),
        "{}",
        analysis.root_cause
    );
}
