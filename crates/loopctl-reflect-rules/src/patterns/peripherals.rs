//! Bluetooth, USB and serial devices, GPU management tools, NLP model downloads, configuration languages and desktop automation: their words for a link, device, grab or download that comes back, and for an adapter, driver claim, module file or X authorization that stays.
//!
//! From `final72`'s misses, each from the system's own code, error table
//! or thread:
//!
//! - Passing, weak: BlueZ's `le-connection-abort-by-local` and "Software
//!   caused connection abort" in BlueZ's form (bleak-retry-connector lists
//!   the first as transient; bleak's maintainer retries it, bleak#1220, PR
//!   #1255; the second passes on a retry, calypso-anemometer#15); Windows' "Could not
//!   get GATT services: Unreachable" (bleak#1217, which added a retry);
//!   amd-smi's `AMDSMI_STATUS_RETRY` (its documentation: the device is
//!   busy and the call should be retried); xdotool's grab that something
//!   else holds (its message names a drag or a popup); AT-SPI's hung
//!   process, dropped from the hung list once it answers a ping.
//! - Lasting: bleak's "No powered Bluetooth adapters found" (the radio is
//!   off, whatever its "try again" says); BlueZ's
//!   `br-connection-profile-unavailable` (no matching profile, bluez#502)
//!   and blueman's `DBusNotReadyError` and BlueZ's `NotReady` (a
//!   powered-down adapter, as is `adapter-not-powered`);
//!   `LIBUSB_ERROR_BUSY` (a kernel driver holds the interface until it is
//!   detached, libusb#940) and node-hid's "cannot open device with path"
//!   (another app holds it); CUE's imports without a module file;
//!   language_tool_python's missing LanguageTool; Pkl's internal errors
//!   that ask for a bug report.
//! - Refused: X's "No protocol specified", the X server refusing a
//!   client's authorization (pyautogui#322, under sudo), and its other
//!   refusals; Bluetooth's pairing and security refusals and libusb's
//!   `LIBUSB_ERROR_ACCESS`.
//!
//! A second reader took out the ATT "Connection Rejected Due To Security
//! Reasons" (an old bleak name for error 0x0e, failing 41 times in a row
//! while pairing was refused, batmon-ha#75) and a Hugging Face model that
//! "couldn't find it in the cached files" (one thread passed on a rerun;
//! eight lasted, offline or behind a proxy), and named the refusals and
//! BlueZ's other words for a powered-down adapter.

use super::Category::{Auth, NotFound, Permanent, ServerDown, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    // hbldh/bleak#1220, bluetooth-devices/bleak-retry-connector (TRANSIENT_ERRORS)
    ("le-connection-abort-by-local", Transient, Weak),
    // maritime-labs/calypso-anemometer#15, in BlueZ's form only: a
    // socket's `ECONNABORTED` in the same words passed in two labelled
    // texts of four (NCCL's and git-svn's lasted)
    (
        "org.bluez.error.failed] software caused connection abort",
        Transient,
        Weak,
    ),
    // hbldh/bleak#1217
    ("could not get gatt services: unreachable", Transient, Weak),
    // ROCm/amdsmi: docs/how-to/using-amdsmi-for-python.md
    ("amdsmi_status_retry", Transient, Weak),
    // jordansissel/xdotool: xdo.c
    ("something already has the mouse grabbed", Transient, Weak),
    // GNOME/at-spi2-core: atspi/atspi-misc.c
    ("the process appears to be hung", ServerDown, Weak),
    // hbldh/bleak: bleak/backends/bluezdbus/manager.py
    ("no powered bluetooth adapters found", Permanent, Strong),
    // void-linux/void-packages#40018, bluez/bluez#502
    ("br-connection-profile-unavailable", Permanent, Weak),
    // blueman-project/blueman#538, and BlueZ's own name for it
    // (home-assistant/core#80713: a power cycle fixed it)
    ("dbusnotreadyerror", Permanent, Weak),
    ("org.bluez.error.notready", Permanent, Weak),
    // The adapter is off, as bleak's sentence above says
    ("adapter-not-powered", Permanent, Strong),
    // libusb/libusb#940, node-escpos#25, rusb#196; weak, since two
    // projects retry it (google/libhoth#102, fwupd#6275)
    ("libusb_error_busy", Permanent, Weak),
    // porsager/busylight#7 (node-hid)
    ("cannot open device with path", Permanent, Weak),
    // cue-lang/cue: cue/load/import.go
    ("imports are unavailable because", Permanent, Strong),
    // jxmorris12/language_tool_python: language_tool_python/server.py
    ("failed to find languagetool", NotFound, Strong),
    // apple/pkl#429
    ("would you mind filing a bug report", Permanent, Weak),
    // asweigart/pyautogui#322: the X server refused the client. Pike's
    // and .NET's URL without a scheme say the same words and are read as
    // refusals too; lasting either way.
    ("no protocol specified", Auth, Strong),
    ("no authorization protocol specified", Auth, Strong),
    ("invalid mit-magic-cookie-1", Auth, Strong),
    // Bluetooth's and USB's refusals, strong so that no passing word of
    // the round beside them makes them a blip: pairing cancelled,
    // rejected or missing, a link not secure enough, a device node the
    // user may not open.
    ("org.bluez.error.authenticationcanceled", Auth, Strong),
    ("org.bluez.error.authenticationrejected", Auth, Strong),
    ("insufficient authentication", Auth, Strong),
    ("insufficient encryption", Auth, Strong),
    ("notpermitted] not paired", Auth, Strong),
    ("le-connection-key-missing", Auth, Strong),
    ("br-connection-key-missing", Auth, Strong),
    ("libusb_error_access", Auth, Strong),
];
