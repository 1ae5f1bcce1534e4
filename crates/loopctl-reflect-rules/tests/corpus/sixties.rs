//! Accuracy on the files collected after the seventieth round (`final62` onward), each with the figures it gave when first measured.

use crate::measure::*;

#[test]
fn accuracy_on_the_sixty_second_final_file() {
    // Collected by six readers who did not read the rules, with the brief
    // and check of `final44`, in six more areas (data/final62-sources.md)
    // after the seventieth round and its review, and measured once with
    // those rules, before anything was changed for it: agreement 176 of 238
    // (73.9 %), coverage 175, 127 of those right; strong 24 of 26, weak 103
    // of 149; severity 101; one of its 33 credential failures called
    // recoverable, weakly.
    check(
        "final62",
        &final62(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 33,
            // Measured once, one, weakly: an XMPP server's SASL
            // "<temporary-auth-failure/>" with "Missing sha-256 keys".
            auth_called_recoverable: 1,
            recoverable: 187,
            severity: 107,
            correction: 212,
            classified: 214,
            classified_right: 169,
        },
    );
}

#[test]
fn accuracy_on_the_sixty_third_final_file() {
    // Collected by six readers who did not read the rules, with the brief
    // and check of `final44`, in six more areas (data/final63-sources.md)
    // after the seventy-first round and its review, and measured once with
    // those rules, before anything was changed for it: agreement 182 of 235
    // (77.4 %), coverage 158, 123 of those right; strong 28 of 29, weak 95
    // of 129; severity 104; one of its 37 credential failures called
    // recoverable, weakly.
    check(
        "final63",
        &final63(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 37,
            // Measured once, one, weakly: bore's "server error: invalid
            // secret"; the seventy-second round names it.
            auth_called_recoverable: 0,
            recoverable: 202,
            severity: 128,
            correction: 206,
            classified: 209,
            classified_right: 184,
        },
    );
}

#[test]
fn accuracy_on_the_sixty_fourth_final_file() {
    // Collected by six readers who did not read the rules, with the brief
    // and check of `final44`, in six more areas (data/final64-sources.md)
    // after the seventy-second round and its review, and measured once
    // with those rules, before anything was changed for it: agreement 106
    // of 135 (78.5 %), coverage 103, 82 of those right; strong 17 of 17,
    // weak 65 of 86; severity 54; none of its 12 credential failures
    // called recoverable. No second reader checked its rows: the shared
    // look-ups were spent.
    check(
        "final64",
        &final64(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 12,
            auth_called_recoverable: 0,
            recoverable: 117,
            severity: 60,
            correction: 111,
            classified: 130,
            classified_right: 113,
        },
    );
}

#[test]
fn accuracy_on_the_sixty_fifth_final_file() {
    // Collected by six readers who did not read the rules, with the brief
    // and check of `final44`, in six more areas (data/final65-sources.md)
    // after the seventy-third round and its review, and measured once
    // with those rules, before anything was changed for it: agreement 177
    // of 234 (75.6 %), coverage 173, 135 of those right; strong 28 of 30,
    // weak 107 of 143; severity 93; one of its 26 credential failures
    // called recoverable, weakly (PocketBase's "Too many attempts, please
    // try again later with a new OTP.", a lockout the label calls auth).
    check(
        "final65",
        &final65(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 26,
            auth_called_recoverable: 0,
            recoverable: 203,
            severity: 96,
            correction: 186,
            classified: 223,
            classified_right: 194,
        },
    );
}

#[test]
fn accuracy_on_the_sixty_sixth_final_file() {
    // Collected by six readers who did not read the rules, with the brief
    // and check of `final44`, in six more areas (data/final66-sources.md)
    // while the seventy-fourth round was written, and measured once after
    // that round, its review and the calibration that counted `final65`,
    // before anything was changed for it: agreement 146 of 193 (75.6 %),
    // coverage 125, 101 of those right; strong 20 of 20, weak 81 of 105;
    // severity 73; none of its 19 credential failures called recoverable.
    check(
        "final66",
        &final66(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 19,
            auth_called_recoverable: 0,
            recoverable: 166,
            severity: 95,
            correction: 169,
            classified: 174,
            classified_right: 155,
        },
    );
}

#[test]
fn accuracy_on_the_sixty_seventh_final_file() {
    // Collected by six readers who did not read the rules, with the brief
    // and check of `final44`, in six more areas (data/final67-sources.md)
    // while the seventy-fifth round was written, and measured once after
    // that round, its review and the calibration that counted `final66`,
    // before anything was changed for it: agreement 149 of 187 (79.7 %),
    // coverage 124, 104 of those right; strong 16 of 17, weak 88 of 107;
    // severity 71; one of its 23 credential failures called recoverable,
    // weakly (go2rtc's "Invalid 2fa code entered. Please try again.").
    check(
        "final67",
        &final67(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 23,
            auth_called_recoverable: 0,
            recoverable: 171,
            severity: 84,
            correction: 145,
            classified: 172,
            classified_right: 159,
        },
    );
}

#[test]
fn accuracy_on_the_sixty_eighth_final_file() {
    // Collected by six readers who did not read the rules, from the
    // systems' published packages only (data/final68-sources.md), while
    // the seventy-sixth round was written, and measured once after that
    // round, its review and the calibration that counted `final67`,
    // before anything was changed for it: agreement 160 of 169 (94.7 %),
    // coverage 126, 123 of those right; strong 25 of 25, weak 98 of 101;
    // severity 60; one of its 48 credential failures called recoverable,
    // weakly (AssemblyAI's "API key or temporary token is required.").
    // An SDK's own texts are mostly its checks of arguments and keys,
    // which say what is wrong: a careful reader reached 98.8 % on it.
    check(
        "final68",
        &final68(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 48,
            auth_called_recoverable: 0,
            recoverable: 166,
            severity: 56,
            correction: 95,
            classified: 166,
            classified_right: 164,
        },
    );
}

#[test]
fn accuracy_on_the_sixty_ninth_final_file() {
    // Collected by six readers who did not read the rules, with the check
    // of `final44`, in six more areas (data/final69-sources.md) after the
    // seventy-seventh round, its review and the calibration that counted
    // `final68` were final, and measured once with those rules, before
    // anything was changed for it: agreement 208 of 227 (91.6 %), coverage
    // 142, 128 of those right; strong 34 of 34, weak 94 of 108; severity
    // 82; one of its 32 credential failures called recoverable, weakly
    // (Fermyon's "Timed out waiting to authorize the device", labelled a
    // login failure by its reader).
    check(
        "final69",
        &final69(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 32,
            auth_called_recoverable: 0,
            recoverable: 222,
            severity: 59,
            correction: 151,
            classified: 219,
            classified_right: 216,
        },
    );
}
