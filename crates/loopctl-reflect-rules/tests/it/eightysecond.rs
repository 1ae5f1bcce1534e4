//! The eighty-second round, read after `final72.jsonl` was measured: Bluetooth, USB and serial devices, GPU management tools, NLP model downloads, configuration languages and desktop automation.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{
    assert_all, assert_not_passing_unsure, assert_refused_beside, assert_refused_beside_each,
    assert_refused_surely,
};

/// The round's passing texts, each from its system's own files or thread:
/// passing, weakly, and still refused beside a credential word.
const WEAK_PASSING: &[&str] = &[
    // hbldh/bleak#1220
    "bleak.exc.BleakDBusError: [org.bluez.Error.Failed] le-connection-abort-by-local",
    // maritime-labs/calypso-anemometer#15
    "BleakDBusError: [org.bluez.Error.Failed] Software caused connection abort",
    // hbldh/bleak#1217
    "bleak.exc.BleakError: Could not get GATT services: Unreachable",
    // ROCm/amdsmi (docs/how-to/using-amdsmi-for-python.md)
    "AMDSMI_STATUS_RETRY - Retry operation",
    // jordansissel/xdotool (xdo.c)
    "Attempt to grab the mouse failed. Something already has the mouse grabbed. This can happen if you are dragging something or if there is a popup currently shown",
    // GNOME/at-spi2-core (atspi/atspi-misc.c)
    "The process appears to be hung.",
];

#[test]
fn dropped_links_busy_tools_grabs_and_hung_apps_pass_unsure() {
    assert_all((true, Confidence::Weak), WEAK_PASSING);
}

#[test]
fn a_socket_aborted_in_the_same_words_is_left_to_the_model() {
    // final37 (NCCL): the socket's `ECONNABORTED` lasted there, as it did
    // for git-svn in final44, and passed in two other files' texts.
    assert_all(
        (false, Confidence::Unmatched),
        &[
            "socketStartConnect: Connect to 10.45.234.83<47527> failed : Software caused connection abort",
        ],
    );
}

/// The refusals of the same systems, each as the review found it in a
/// real text: pairing, link security, X authorization, a USB device node.
const DEVICE_REFUSALS: &[&str] = &[
    "Operation failed with ATT error: 0x05 (Insufficient Authentication)",
    "Operation failed with ATT error: 0x0f (Insufficient Encryption)",
    "[org.bluez.Error.NotPermitted] Not paired",
    "[org.bluez.Error.AuthenticationRejected] Authentication Rejected",
    "[org.bluez.Error.AuthenticationCanceled] Authentication Canceled",
    "Failed to connect: org.bluez.Error.Failed le-connection-key-missing",
    "Failed to connect: org.bluez.Error.Failed br-connection-key-missing",
    // umu-launcher#169
    "Xlib.error.DisplayConnectionError: Can't connect to display \":0\": b'Authorization required, but no authorization protocol specified\\n'",
    // ssokolow/quicktile#52
    "Xlib.error.DisplayConnectionError: Can't connect to display \":0.0\": Invalid MIT-MAGIC-COOKIE-1 key",
    // python-libusb1#34
    "usb1.USBErrorAccess: LIBUSB_ERROR_ACCESS [-3]",
];

#[test]
fn refusals_beside_the_new_passing_words_stay_refused() {
    assert_refused_beside(WEAK_PASSING);
    assert_refused_surely(DEVICE_REFUSALS);
    assert_refused_beside_each(WEAK_PASSING, DEVICE_REFUSALS);
}

#[test]
fn what_the_second_reader_took_out_passes_no_more() {
    // fl4p/batmon-ha#75: an old bleak name for ATT error 0x0e, failing 41
    // times in a row while pairing was refused.
    assert_not_passing_unsure(&[
        "bleak.exc.BleakDBusError: [org.bluez.Error.Failed] Operation failed with ATT error: 0x0e (Connection Rejected Due To Security Reasons)",
        // huggingface_hub#2043: offline, the same sentence lasted
        "OSError: We couldn't connect to 'https://huggingface.co' to load this file, couldn't find it in the cached files and it looks like sentence-transformers/all-MiniLM-L6-v2 is not the path to a directory containing a file named config.json.",
    ]);
}

#[test]
fn adapters_claims_module_files_and_bug_reports_last() {
    // Strong, so that the radio's "try again" and CUE's "unavailable" do
    // not make them passing.
    assert_all(
        (false, Confidence::Strong),
        &[
            // hbldh/bleak (bluezdbus/manager.py)
            "No powered Bluetooth adapters found. Turn on Bluetooth and try again.",
            // cue-lang/cue (cue/load/import.go)
            "imports are unavailable because there is no cue.mod/module.cue file",
            // BlueZ's error.h, as blueman#2760 names it
            "org.bluez.Error.Failed br-connection-adapter-not-powered",
        ],
    );
    assert_all(
        (false, Confidence::Weak),
        &[
            // void-linux/void-packages#40018
            "Failed to connect: org.bluez.Error.Failed br-connection-profile-unavailable",
            // blueman-project/blueman#538
            "Connection Failed: blueman.bluez.errors.DBusNotReadyError: Resource Not Ready",
            // libusb/libusb#940: "busy" alone would pass
            "LIBUSB_ERROR_BUSY",
            // home-assistant/core#80713: a power cycle fixed it
            "Retrying setup: hci0 (xx:xx:xx:xx:xx:xx): Failed to start Bluetooth: [org.bluez.Error.NotReady] Resource Not Ready",
            // blueman-project/blueman#2117
            "GDBus.Error.org.bluez.Error.NotReady - Resource Not Ready (36)",
            // porsager/busylight#7
            "Error: cannot open device with path IOService:/AppleACPIPlatformExpert/PCI0@0/AppleACPIPCI/XHC1@14/XHC1@14000000/HS05@14200000/BUSYLIGHT@14200000/IOUSBHostInterface@0/IOUSBHostHIDDevice@14200000,0",
            // jxmorris12/language_tool_python (server.py): strong, but
            // unsure beside the generic "is down" that "is downloaded" holds
            "Failed to find LanguageTool. Please ensure it is downloaded correctly.",
            // apple/pkl#429: the 500 inside is the package host's answer to
            // a location that does not exist
            "An unexpected error has occurred. Would you mind filing a bug report?\n\norg.pkl.core.packages.PackageLoadError: Received unexpected status code `500` when making request `GET https://example.com/chart@1.0.0`.",
        ],
    );
}

#[test]
fn each_lasting_entry_is_as_sure_as_its_texts_allow() {
    // Alone, without the passing words beside them in their real texts
    // ("Failed to connect", "Not Ready", the "busy" inside "BUSYLIGHT", the
    // "is down" inside "is downloaded"): the entries read from one or two threads are
    // weak, and language_tool_python's fixed message is strong.
    assert_all(
        (false, Confidence::Weak),
        &[
            "org.bluez.Error.Failed br-connection-profile-unavailable",
            "blueman.bluez.errors.DBusNotReadyError",
            "org.bluez.Error.NotReady",
            "Error: cannot open device with path /dev/hidraw0",
        ],
    );
    assert_all(
        (false, Confidence::Strong),
        &["Failed to find LanguageTool."],
    );
}

#[test]
fn an_x_server_that_refuses_the_client_is_a_refusal() {
    // asweigart/pyautogui#322: "Can't connect" alone would pass.
    assert_refused_surely(&[
        "Xlib.error.DisplayConnectionError: Can't connect to display \":0\": b'No protocol specified\\n",
    ]);
}
