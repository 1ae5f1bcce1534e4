//! Time-outs the caller set: a system's own message that a limit of the caller's was used up is cut off again at the same limit, while generic advice to raise a time-out does not make a connect or read time-out last.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, assert_passing};

#[test]
fn a_time_out_that_names_the_setting_to_raise_stays() {
    assert_all(
        (false, Confidence::Weak),
        &[
            // e2b-dev/E2B#500
            "context deadline exceeded: This error is likely due to exceeding 'timeoutMs' \u{2014} the total time a long running request (like process or directory watch) can be active. It can be modified by passing 'timeoutMs' when making the request. Use '0' to disable the timeout.",
            // rabbitmq/rabbitmq-website:docs/consumers.md
            "Consumer 'consumer-tag-998754663370' on channel 1 and queue 'qq.1' in vhost '/' has timed out\nwaiting for a consumer acknowledgement of a delivery with delivery tag = 10. Timeout used: 180000 ms.\nThis timeout value can be configured, see consumers doc guide to learn more",
            // apache/spark#21727
            "org.apache.spark.SparkException: Could not execute broadcast in 1 secs. You can increase the timeout for broadcasts via spark.sql.broadcastTimeout or disable broadcast join by setting spark.sql.autoBroadcastJoinThreshold to -1",
            // Jest's message for a test over its limit (jestjs/jest: packages/jest-circus)
            "thrown: \"Exceeded timeout of 5000 ms for a test.\nAdd a timeout value to this test to increase the timeout, if this is a long-running test. See https://jestjs.io/docs/api#testname-fn-timeout.\"",
            // In the forms Vitest, Cypress, Symfony Process (Composer) and
            // older Jest print them, written by a second reader.
            "Error: Test timed out in 5000ms.\nIf this is a long-running test, pass a timeout value as the last argument or configure it globally with \"testTimeout\".",
            "Your page did not fire its `load` event within `60000ms`. You can try increasing the `pageLoadTimeout` value in `cypress.json` to wait longer.",
            "The process \"git clone --mirror https://github.com/x/huge.git\" exceeded the timeout of 300 seconds. Set a larger process timeout with COMPOSER_PROCESS_TIMEOUT.",
            "Timeout - Async callback was not invoked within the 5000 ms timeout specified by jest.setTimeout.",
        ],
    );
}

#[test]
fn a_time_out_that_names_no_setting_of_the_callers_passes() {
    assert_passing(&[
        // rebus-org/Rebus#670: Service Bus's "portion of a longer timeout"
        // is about the service's budget, not a setting to raise.
        "System.TimeoutException: The request operation did not complete within the allotted timeout of 00:00:31.3270136. The time allotted to this operation may have been a portion of a longer timeout. For more information on exception types and proper exception handling, please refer to http://go.microsoft.com/fwlink/?LinkId=761101 TrackingId:de74f3bf-f8b9-45b3-953e-1eda016a39d8",
        // sneako/finch:lib/finch/http1/pool.ex: queueing for the pool passes
        // when the load does.
        "Finch was unable to provide a connection within the timeout due to excess queuing for connections. Consider adjusting the pool size, count, timeout or reducing the rate of requests if it is possible that the downstream service is unable to keep up with the current rate.",
        "connect ETIMEDOUT 10.0.0.12:443",
        // Generic advice to raise a time-out, written by a second reader:
        // on a slow network the same call may well get through.
        "Connection timed out while connecting to db.internal:5432. Increase timeout with --connect-timeout if the network is slow.",
        "requests.exceptions.ReadTimeout: Read timed out. If you are on a slow network, increase the timeout with --timeout 60",
        "requests.exceptions.ReadTimeout: HTTPSConnectionPool(host='api.example.com', port=443): Read timed out. (read timeout=30)",
    ]);
}
