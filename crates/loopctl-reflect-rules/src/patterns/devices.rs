//! Robots, drones, device clouds and PLCs: the words their stacks use for a link, a channel or a plan that comes back by itself, and for a refused login.
//!
//! A second reader took out the words it found lasting as often as
//! passing: Nav2's "Failed to make progress", "detected collision ahead"
//! and MPPI's "Optimizer fail to compute path" reach the caller only after
//! Nav2's own recoveries ran out, and a robot looping for a bad setting
//! says them too; zigbee's "No network route" after its own retries is a
//! device that left the network; OPC UA's `BadNotConnected` is a server
//! never configured to connect; Azure's "Sender Link Detached" also ends a
//! disabled device's link.
//!
//! Every entry is weak but the refused logins. Sources, by family:
//!
//! - MQTT 3.1.1's CONNACK return code 4, "Connection Refused, bad user
//!   name or password", which mqtt.js prints as "Connection refused: Bad
//!   username or password" and Azure IoT's SDK wraps: a refused login,
//!   strong, like the spelling with a space the queues' table holds, and
//!   MQTT 5's reason code name `BAD_USER_NAME_OR_PASSWORD` (HiveMQ).
//! - OPC UA: the status codes a client reopens the channel or session for
//!   (`BadSecureChannelClosed`, `BadConnectionClosed`, and open62541's
//!   `StatusCode.csv` words for the first, "The secure channel has been
//!   closed."), which Cognite's OPC UA extractor retries by default. The
//!   strong "has been closed" inside those words is a client's own pool or
//!   session, closed for good. The codes of a refused identity token are
//!   refused logins; an untrusted certificate, failed security checks and
//!   an expired licence last.
//! - Azure IoT's Node SDK translates rhea's "connection disconnected" into
//!   `NotConnectedError`, which its default retry filter retries.
//! - Eclipse Ditto: `gateway:service.timeout` and `.unavailable`, "The
//!   service you wanted to reach is currently not responding." / "...
//!   not available.", and `things:thing.toomanymodifyingrequests`.
//! - ROS 2's tf2: "Lookup would require extrapolation into the past /
//!   future" is a transform not buffered yet or already dropped, which a
//!   lookup a moment later finds.
//! - MoveIt's "the environment changed during execution", the one result
//!   it replans for.
//! - pymodbus' "(automatic retry continuing)"; libplctag's "An operation is
//!   already in flight!" and CIP's "Connection In Use/Duplicate Forward
//!   Open"; snap7's "Function not possible at present".

use super::Category::{Auth, Permanent, ServerDown, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    ("bad username or password", Auth, Strong),
    ("bad_user_name_or_password", Auth, Strong),
    ("badidentitytokenrejected", Auth, Strong),
    ("badidentitytokeninvalid", Auth, Strong),
    ("badcertificateuntrusted", Permanent, Weak),
    ("badsecuritychecksfailed", Permanent, Weak),
    ("badlicenseexpired", Permanent, Weak),
    ("the secure channel has been closed", Transient, Weak),
    ("badsecurechannelclosed", Transient, Weak),
    ("badconnectionclosed", Transient, Weak),
    ("rhea: connection disconnected", Transient, Weak),
    (
        "the service you wanted to reach is currently not",
        ServerDown,
        Weak,
    ),
    (
        "too many modifying requests are already outstanding",
        Transient,
        Weak,
    ),
    (
        "lookup would require extrapolation into the",
        Transient,
        Weak,
    ),
    ("environment changed during execution", Transient, Weak),
    ("(automatic retry continuing)", Transient, Weak),
    ("an operation is already in flight", Transient, Weak),
    ("duplicate forward open", Transient, Weak),
    ("function not possible at present", Transient, Weak),
];
