//! The eighty-eighth round, read after `final77.jsonl` was measured: LoRaWAN and mesh radios, e-book tools, vulnerability scanners, SSH and IRC clients and servers, and photo and video pipelines.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{
    assert_all, assert_lasting, assert_not_passing_unsure, assert_refused_beside,
};

/// The round's passing texts: passing, weakly, and still refused beside a
/// credential word.
const WEAK_PASSING: &[&str] = &[
    // final77, meshtastic/firmware (PhoneAPI.cpp)
    "TraceRoute can only be sent once every 30 seconds",
    // final77, TheThingsNetwork/lorawan-stack (rights/fetcher.go,
    // udp/firewall_ratelimit.go)
    "no connection to Identity Server",
    "gateway traffic exceeded allowed rate",
    // final77, lorabasics/basicstation#152 (the network server came back)
    "Recv failed: NET - Connection was reset by peer",
    "Muxs connect failed - URI: ws://192.168.86.33:5000/router-data/B827EBFFFED381B7",
    // final77, scylladb/scylla-cluster-tests#2005
    "drop connection #11 from [10.142.0.5]:51068 on [10.142.0.17]:22 past MaxStartups",
    // final77, libssh2/libssh2 (channel.c, userauth.c)
    "Would block sending channel-open request",
    "Would block requesting userauth list",
    // libssh2/libssh2 (sftp.c)
    "Would block waiting for status message",
    // final77, solanum-ircd/solanum (messages.h), unrealircd (protoctl.c)
    "Targets changing too fast, message dropped",
    "Server Exists (just wait a moment...)",
];

#[test]
fn rates_held_for_seconds_and_connections_dropped_under_load_pass_unsure() {
    assert_all((true, Confidence::Weak), WEAK_PASSING);
    assert_refused_beside(WEAK_PASSING);
}

#[test]
fn an_irc_nick_flood_limit_passes_though_it_says_not_allowed() {
    assert_all(
        (true, Confidence::Weak),
        &[
            // final77, inspircd/inspircd#330
            "No nick changes are allowed for 60 seconds because there have been more than 2 nick changes in 5 seconds.",
            // the review: the line the refused user gets (InspIRCd's
            // m_nickflood, its template filled)
            "#chat has been locked for nickchanges for 60 seconds because there have been more than 5 nick changes in 5 seconds",
        ],
    );
}

#[test]
fn the_words_taken_for_other_limits_and_sockets_do_not_pass() {
    // The review's counter-texts: the bare words, narrowed away.
    assert_not_passing_unsure(&[
        // haikuports/haikuports#13178 (lasting until a reboot)
        "ssh: connect to host whereever port 22: Operation would block",
        // a faucet's and a recommendation service's own limits
        "Test-XPX can only be sent once every 24 hours",
        "Recommendation request can only be sent once every 6 months",
    ]);
    // Node's EINVAL came and went in nodejs/node#13431: lasting, unsure.
    assert_all(
        (false, Confidence::Weak),
        &[
            "Error: connect EINVAL 108.160.151.39:443",
            // the review: a temporary K-line names its minutes, lasting
            // unsure rather than refused (ircd-hybrid's notice, its
            // template filled)
            "*** Banned: Temporary K-line 1 min. - Reconnecting too fast (2024/12/29 15.39)",
        ],
    );
}

#[test]
fn libraries_held_by_another_program_bad_addresses_and_missing_help_last() {
    assert_all(
        (false, Confidence::Strong),
        // final77, inspircd/inspircd (m_help.cpp)
        &["There is no help for the topic you searched for. Please try again."],
    );
    // Lasting, though unsure: a passing word stands beside each ("is
    // running", "database is locked", "connection closed unexpectedly").
    assert_lasting(&[
        // final77, lujun9972/examples.el#1
        "Another calibre program such as calibre-server.exe or the main calibre program is running. Having multiple programs that can make changes to a calibre library running at the same time is a bad idea. calibredb can connect directly to a running calibre Content server, to make changes through it, instead. See the documentation of the --with-library option for details.",
        // final77, darktable-org/darktable#19584
        "[init] database is locked, probably another process is already using it",
        // final77, swizzin/swizzin#196
        "Connection closed unexpectedly: Error: connect EINVAL 195.201.24.109:6697 - Local (127.0.0.1:43654)",
    ]);
}

#[test]
fn an_irc_network_s_k_line_is_refused() {
    // Unsure, since "too many connections" beside it names a throttle;
    // refused all the same, so never retried.
    assert_all(
        (false, Confidence::Weak),
        // final77, matrix-org/matrix-appservice-irc#119
        &[
            "*** Banned: Banned due to too many connections in a short period, email kline@freenode.net when corrected. (2016/8/1 15.55)",
        ],
    );
}
