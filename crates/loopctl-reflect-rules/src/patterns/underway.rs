//! Work a system has accepted and not finished (a worker starting, an export being prepared, a server reloading), and the few limits of the same systems that stay.
//!
//! Every entry is weak. Sources, by family:
//!
//! - Conveyal's r5 answers 202 with `{"message":"Starting worker."}` (the
//!   quoted form only) and "Expect status
//!   updates within a few minutes." while its routing workers start, and
//!   "... being prepared in the background." while an export is built;
//!   Paperless-ngx's share-link bundles and ODK Central's managed
//!   encryption and Enketo forms use the same "being prepared" words for a
//!   wait of moments.
//! - VirusTotal's API: `NotAvailableYet`, "The resource is not available
//!   yet, but will become available later."
//! - LangSmith's sandbox client reconnects when "Server is reloading" and
//!   retries a command whose stream ended before its "started" or exit
//!   message.
//! - Sia picks hosts at random, so "not enough hosts to support upload"
//!   passes on another try.
//! - Shopware's message-queue consumer: "Another worker is already running
//!   for receiver" until that worker's time limit ends.
//! - Swarm's Bee node: a 429 "simultaneous on-chain operations not
//!   supported" until the other postage operation is mined.
//! - Kea's database layer throws "Attempt to use an invalid connection"
//!   after the connection was lost, and reconnects.
//! - OpenTripPlanner: "The request is too resource intensive." and its
//!   mapping "OTP API Processing Timeout" are a request over its own
//!   time budget, which the same request meets again.
//! - DeepEval: "Test Run is empty" and "No test cases found" ask for test
//!   cases, whatever the "please try again" after them says.
//! - Adobe Commerce: "This account isn't confirmed. Verify and try again."
//!   waits on the customer's confirmation (lasting and weak: the
//!   credential rules would make any verdict of theirs strong).
//!
//! The second reader narrowed each passing phrase to the system's own
//! words: bare "Starting worker..." is a log line before crashes too,
//! "being prepared" covers exports mailed hours later, "not enough hosts"
//! is also OpenStack's capacity failure that needs an operator, and
//! another long-running worker says "kill it first". It removed Pi-hole's
//! "Rate-limiting login attempts": the phrase hid the credential literal
//! inside it, so "Wrong password. Rate-limiting login attempts" passed.

use super::Category::{Input, Permanent, ServerDown, Transient};
use super::Pattern;
use super::Tier::Weak;

pub(super) const PATTERNS: &[Pattern] = &[
    ("\"starting worker.\"", ServerDown, Weak),
    ("expect status updates within", ServerDown, Weak),
    ("being prepared in the background", Transient, Weak),
    (
        "not available yet, but will become available later",
        Transient,
        Weak,
    ),
    ("server is reloading", ServerDown, Weak),
    ("stream ended before 'started' message", Transient, Weak),
    ("stream ended without exit message", Transient, Weak),
    ("not enough hosts to support upload", ServerDown, Weak),
    (
        "another worker is already running for receiver",
        Transient,
        Weak,
    ),
    (
        "simultaneous on-chain operations not supported",
        Transient,
        Weak,
    ),
    ("attempt to use an invalid connection", Transient, Weak),
    ("request is too resource intensive", Permanent, Weak),
    ("otp api processing timeout", Permanent, Weak),
    ("test run is empty", Input, Weak),
    ("no test cases found", Input, Weak),
    ("this account isn't confirmed", Permanent, Weak),
];
