//! Robots, drones, device clouds and PLCs: the words their stacks use for a link, a channel or a plan that comes back by itself, and for a refused login.
//!
//! Every entry is weak but the MQTT refusal. Sources, by family:
//!
//! - MQTT 3.1.1's CONNACK return code 4, "Connection Refused, bad user
//!   name or password", which mqtt.js prints as "Connection refused: Bad
//!   username or password" and Azure IoT's SDK wraps: a refused login,
//!   strong, like the spelling with a space the queues' table holds.
//! - OPC UA: the status codes a client reopens the channel or session for
//!   (`BadSecureChannelClosed`, `BadConnectionClosed`, `BadNotConnected`,
//!   and open62541's `StatusCode.csv` words for the first, "The secure
//!   channel has been closed."), which Cognite's OPC UA extractor retries
//!   by default. The strong "has been closed" inside those words is a
//!   client's own pool or session, closed for good.
//! - Azure IoT's Node SDK translates "Sender Link Detached" and rhea's
//!   "connection disconnected" into `NotConnectedError`, which its default
//!   retry filter retries.
//! - Eclipse Ditto: `gateway:service.timeout` and `.unavailable`, "The
//!   service you wanted to reach is currently not responding." / "...
//!   not available.", and `things:thing.toomanymodifyingrequests`.
//! - ROS 2's tf2: "Lookup would require extrapolation into the past /
//!   future" is a transform not buffered yet or already dropped, which a
//!   lookup a moment later finds.
//! - Nav2's controller and planner errors its behaviour tree recovers
//!   from and retries ("Failed to make progress", "... detected collision
//!   ahead!", MPPI's "Optimizer fail to compute path"); MoveIt's "the
//!   environment changed during execution", the one result it replans for.
//! - pymodbus' "(automatic retry continuing)"; libplctag's "An operation is
//!   already in flight!" and CIP's "Connection In Use/Duplicate Forward
//!   Open"; snap7's "Function not possible at present".
//! - zigbee-herdsman lists "No network route" among the statuses it
//!   retries.

use super::Category::{Auth, ServerDown, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    ("bad username or password", Auth, Strong),
    ("the secure channel has been closed", Transient, Weak),
    ("badsecurechannelclosed", Transient, Weak),
    ("badconnectionclosed", Transient, Weak),
    ("badnotconnected", Transient, Weak),
    ("sender link detached", Transient, Weak),
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
    ("failed to make progress", Transient, Weak),
    ("detected collision ahead", Transient, Weak),
    ("optimizer fail to compute path", Transient, Weak),
    ("environment changed during execution", Transient, Weak),
    ("(automatic retry continuing)", Transient, Weak),
    ("an operation is already in flight", Transient, Weak),
    ("duplicate forward open", Transient, Weak),
    ("function not possible at present", Transient, Weak),
    ("no network route", Transient, Weak),
];
