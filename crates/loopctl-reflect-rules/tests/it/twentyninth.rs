//! The twenty-ninth round, read from misses that recur across the labelled files where the systems' own words agree: an MCP server whose connection closed, Git's failed SSH transport, Maven's cached failure, a machine without systemd as lasting; Outlook's throttles on Microsoft Graph, DynamoDB's cap on changes in flight and librdkafka's and kafka-go's missing leader or coordinator as passing.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, assert_lasting, assert_passing};

#[test]
fn what_another_attempt_meets_again() {
    assert_lasting(&[
        // designcomputer/mysql_mcp_server#49
        "Error calling tool 'execute_sql': MCP error -32000: Connection closed",
        // microsoft/playwright-mcp#1385
        "MCP error -32000: Connection closed",
        // docmirror/dev-sidecar#164
        "ssh: connect to host github.com port 22: Operation timed out\nfatal: Could not read from remote repository.",
        // ML-TANGO/TANGO#25
        "ssh: connect to host github.com port 22: Connection timed out\nfatal: Could not read from remote repository.\n\nPlease make sure you have the correct access rights\nand the repository exists.",
        // cskefu/cskefu#1046
        "de.neuland-bfi:spring-pug4j:pom:3.0.1c-SNAPSHOT failed to transfer from https://nexus.chatopera.com/repository/maven-public/ during a previous attempt. This failure was cached in the local repository and resolution is not reattempted until the update interval of chatopera has elapsed or updates are forced. Original error: Could not transfer artifact de.neuland-bfi:spring-pug4j:pom:3.0.1c-SNAPSHOT from/to chatopera (https://nexus.chatopera.com/repository/maven-public/): transfer failed for https://nexus.chatopera.com/repository/maven-public/de/neuland-bfi/spring-pug4j/3.0.1c-SNAPSHOT/spring-pug4j-3.0.1c-SNAPSHOT.pom, status: 502 Bad Gateway",
    ]);
}

/// Texts nothing else names: only the new words decide them, surely.
#[test]
fn a_machine_without_systemd() {
    assert_all(
        (false, Confidence::Strong),
        &[
            // systemd/systemd#10396, its first line
            "System has not been booted with systemd as init system (PID 1). Can't operate.",
            // arkane-systems/bottle-imp#17
            "Failed to connect to bus: No such file or directory",
        ],
    );
}

#[test]
fn what_passes() {
    assert_passing(&[
        // O365/python-o365#500
        "Error Message: Application is over its IncomingBytes limit.",
        // alcionai/corso#3695
        "2023-06-27T20:49:12.273+0300\tERROR\toperations/helpers.go:74\trunning backup: recoverable error 199 of 204: fetching item: error status code received from the API: Application is over its MailboxConcurrency limit.",
        // hashicorp/terraform-provider-aws#1776
        "AWS Error creating DynamoDB table: LimitExceededException: Subscriber limit exceeded: Only 10 tables can be created, updated, or deleted simultaneously",
        // architect/architect#334
        "LimitExceededException: Subscriber limit exceeded: Only 1 online index can be created or deleted simultaneously per table",
        // confluentinc/librdkafka:src/rdkafka.c
        "Broker: Leader not available",
        // segmentio/kafka-go#955
        "Unable to establish connection to consumer group coordinator for group \"CONSUMER_GROUP_ID\": [15] Group Coordinator Not Available: the broker returns this error code for group coordinator requests, offset commits, and most group management requests if the offsets topic has not yet been created, or if the group coordinator is not active",
    ]);
}
