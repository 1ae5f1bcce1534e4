//! Work a system has accepted and not finished (a worker starting, an export being prepared, a server reloading), and the few limits of the same systems that stay.
//!
//! Every entry is weak. Sources, by family:
//!
//! - Conveyal's r5 answers 202 with "Starting worker." and "Expect status
//!   updates within a few minutes." while its routing workers start, and
//!   "... being prepared in the background." while an export is built;
//!   Paperless-ngx's share-link bundles and ODK Central's managed
//!   encryption and Enketo forms use the same "being prepared" words for a
//!   wait of moments.
//! - VirusTotal's API: `NotAvailableYet`, "The resource is not available
//!   yet, but will become available later."
//! - LangSmith's sandbox client reconnects when "Server is reloading" and
//!   retries a command whose stream ended before
//!   its "started" or exit message; a dropped Anthropic stream ends
//!   "before message_stop" the same way.
//! - Sia picks hosts at random, so "not enough hosts to support upload"
//!   passes on another try; Temporal's "Not enough hosts to serve the
//!   request" is its membership still forming, retried as `Unavailable`.
//! - Shopware's message-queue consumer: "Another worker is already running
//!   for receiver" until that worker's time limit ends.
//! - Swarm's Bee node: a 429 "simultaneous on-chain operations not
//!   supported" until the other postage operation is mined.
//! - Pi-hole's FTL: "Rate-limiting login attempts" is its throttle on the
//!   login endpoint, which lets the next attempt through a moment later; a
//!   refused password comes back in other words.
//! - Kea's database layer throws "Attempt to use an invalid connection"
//!   after the connection was lost, and reconnects.
//! - OpenTripPlanner: "The request is too resource intensive." and its
//!   mapping "OTP API Processing Timeout" are a request over its own
//!   time budget, which the same request meets again.
//! - DeepEval: "Test Run is empty" and "No test cases found" ask for test
//!   cases, whatever the "please try again" after them says.

use super::Category::{Input, Permanent, ServerDown, Transient};
use super::Pattern;
use super::Tier::Weak;

pub(super) const PATTERNS: &[Pattern] = &[
    ("starting worker.", ServerDown, Weak),
    ("expect status updates within", ServerDown, Weak),
    ("being prepared", Transient, Weak),
    ("will become available later", Transient, Weak),
    ("server is reloading", ServerDown, Weak),
    ("stream ended before", Transient, Weak),
    ("stream ended without exit message", Transient, Weak),
    ("not enough hosts", ServerDown, Weak),
    ("another worker is already running", Transient, Weak),
    (
        "simultaneous on-chain operations not supported",
        Transient,
        Weak,
    ),
    ("rate-limiting login attempts", Transient, Weak),
    ("attempt to use an invalid connection", Transient, Weak),
    ("request is too resource intensive", Permanent, Weak),
    ("otp api processing timeout", Permanent, Weak),
    ("test run is empty", Input, Weak),
    ("no test cases found", Input, Weak),
    (
        "make sure the api key and the url are correct",
        Permanent,
        Weak,
    ),
];
