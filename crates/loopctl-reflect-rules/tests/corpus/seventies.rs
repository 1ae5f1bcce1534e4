//! Accuracy on the files measured once after the seventy-eighth round (`final70` onward), each with the figures it gave when first measured.

use crate::measure::*;

#[test]
fn accuracy_on_the_seventieth_final_file() {
    // Collected by six readers who did not read the rules, with the brief
    // and check of `final69`, in six more areas (data/final70-sources.md)
    // while the seventy-eighth round was written, and measured once after
    // that round, its review and the calibration that counted `final69`,
    // before anything was changed for it: agreement 228 of 251 (90.8 %),
    // coverage 145, 133 of those right; strong 39 of 40, weak 94 of 105;
    // severity 99; none of its 21 credential failures called recoverable.
    check(
        "final70",
        &final70(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 21,
            auth_called_recoverable: 0,
            recoverable: 240,
            severity: 54,
            correction: 176,
            classified: 239,
            classified_right: 233,
        },
    );
}

#[test]
fn accuracy_on_the_seventy_first_final_file() {
    // Collected by six readers who did not read the rules, with the brief
    // and check of `final69`, in six more areas (data/final71-sources.md)
    // while the seventy-ninth round was written, and measured once after
    // that round, its review and the calibration that counted `final70`,
    // before anything was changed for it: agreement 239 of 247 (96.8 %),
    // coverage 151, 149 of those right; strong 34 of 34, weak 115 of 117;
    // severity 106; none of its 4 credential failures called recoverable.
    // Only 10 of its rows pass, so its agreement leans on the lasting
    // side: a skip counts as lasting.
    check(
        "final71",
        &final71(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 4,
            auth_called_recoverable: 0,
            recoverable: 246,
            severity: 76,
            correction: 145,
            classified: 243,
            classified_right: 242,
        },
    );
}

#[test]
fn accuracy_on_the_seventy_second_final_file() {
    // Collected by six readers who did not read the rules, with the brief
    // and check of `final69`, in six more areas (data/final72-sources.md)
    // while the eighty-first round was written, and measured once after
    // that round and its review, before anything was changed for it:
    // agreement 222 of 254 (87.4 %), coverage 166, 145 of those right;
    // strong 26 of 26, weak 119 of 140; severity 111; one of its 20
    // credential failures called recoverable (X's "No protocol specified").
    check(
        "final72",
        &final72(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 20,
            auth_called_recoverable: 0,
            recoverable: 238,
            severity: 113,
            correction: 227,
            classified: 204,
            classified_right: 193,
        },
    );
}

#[test]
fn accuracy_on_the_seventy_third_final_file() {
    // Collected by six readers who did not read the rules, with the brief
    // and check of `final69`, in six more areas (data/final73-sources.md),
    // and measured once with the rules of the eighty-second round and its
    // review, before anything was changed for it: agreement 206 of 231
    // (89.2 %), coverage 148, 131 of those right; strong 26 of 26, weak
    // 105 of 122; severity 112; none of its 31 credential failures called
    // recoverable.
    check(
        "final73",
        &final73(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 31,
            auth_called_recoverable: 0,
            recoverable: 220,
            severity: 96,
            correction: 204,
            classified: 226,
            classified_right: 216,
        },
    );
}

#[test]
fn accuracy_on_the_seventy_fourth_final_file() {
    // Collected by six readers who did not read the rules, with the brief
    // and check of `final69`, in six more areas (data/final74-sources.md),
    // and measured once with the rules of the eighty-third round and its
    // review, before anything was changed for it: agreement 209 of 243
    // (86.0 %), coverage 153, 126 of those right; strong 31 of 31, weak 95
    // of 122; severity 92; none of its 17 credential failures called
    // recoverable.
    check(
        "final74",
        &final74(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 17,
            auth_called_recoverable: 0,
            recoverable: 223,
            severity: 114,
            correction: 223,
            classified: 221,
            classified_right: 207,
        },
    );
}

#[test]
fn accuracy_on_the_seventy_fifth_final_file() {
    // Collected by six readers who did not read the rules, with the brief
    // and check of `final69`, in six more areas (data/final75-sources.md),
    // and measured once with the rules of the eighty-fifth round and its
    // review, before anything was changed for it: agreement 204 of 227
    // (89.9 %), coverage 162, 141 of those right; strong 36 of 36, weak
    // 105 of 126; severity 87; one of its 26 credential failures
    // (WalletConnect's relay closing on an "Authorization error") called
    // recoverable, weakly.
    check(
        "final75",
        &final75(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 26,
            auth_called_recoverable: 0,
            recoverable: 216,
            severity: 92,
            correction: 199,
            classified: 214,
            classified_right: 205,
        },
    );
}

#[test]
fn accuracy_on_the_seventy_sixth_final_file() {
    // Collected by six readers who did not read the rules, with a brief
    // written anew to the rule of `final69` (data/final76-sources.md), in
    // six areas (three met before from another side), and measured once with the rules of the eighty-sixth
    // round and its review, before anything was changed for it: agreement
    // 205 of 243 (84.4 %), coverage 195, 165 of those right; strong 41 of
    // 41, weak 124 of 154; severity 89; three of its 46 credential
    // failures (Bitwarden's rejected client secret, LastPass' rejected
    // login, Proton Pass' locked session, each ending "try again") called
    // recoverable, weakly.
    check(
        "final76",
        &final76(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 46,
            auth_called_recoverable: 0,
            recoverable: 219,
            severity: 94,
            correction: 205,
            classified: 214,
            classified_right: 193,
        },
    );
}

#[test]
fn accuracy_on_the_seventy_seventh_final_file() {
    // Collected by six readers who did not read the rules, with the brief
    // and check of `final76` (data/final77-sources.md), in six areas no
    // earlier file had named, and measured once with the rules of the
    // eighty-seventh round and its review, before anything was changed
    // for it: agreement 240 of 275 (87.3 %), coverage 189, 166 of those
    // right; strong 32 of 32, weak 134 of 157; severity 81; one of its 55
    // credential failures (an IRC network's K-line notice) called
    // recoverable, weakly.
    check(
        "final77",
        &final77(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 55,
            auth_called_recoverable: 0,
            recoverable: 257,
            severity: 89,
            correction: 243,
            classified: 220,
            classified_right: 205,
        },
    );
}

#[test]
fn accuracy_on_the_seventy_eighth_final_file() {
    // Collected by six readers who did not read the rules, with the brief
    // and check of `final76` (data/final78-sources.md), in six areas no
    // earlier file had named, and measured once with the rules of the
    // eighty-eighth round and its review, before anything was changed for
    // it: agreement 251 of 266 (94.4 %), coverage 167, 160 of those right;
    // strong 19 of 19, weak 141 of 148; severity 105; one of its 25
    // credential failures (lichess-bot's token it could not read, "Please
    // check ... and try again") called recoverable, weakly.
    check(
        "final78",
        &final78(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 25,
            auth_called_recoverable: 0,
            recoverable: 257,
            severity: 106,
            correction: 218,
            classified: 210,
            classified_right: 204,
        },
    );
}

#[test]
fn accuracy_on_the_seventy_ninth_final_file() {
    // Collected by six readers who did not read the rules, with the brief
    // and check of `final76` (data/final79-sources.md), in six areas no
    // earlier file had named, and measured once with the rules of the
    // eighty-ninth round and its review, before anything was changed for
    // it: agreement 303 of 318 (95.3 %), coverage 231, 218 of those right;
    // strong 39 of 39, weak 179 of 192; severity 121; two of its 35
    // credential failures (Omeka's and the Universal Viewer's failed
    // logins, each ending "Please try again") called recoverable, weakly.
    check(
        "final79",
        &final79(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 35,
            auth_called_recoverable: 0,
            recoverable: 312,
            severity: 115,
            correction: 247,
            classified: 263,
            classified_right: 260,
        },
    );
}

#[test]
fn accuracy_on_the_eightieth_final_file() {
    // Collected by six readers who did not read the rules, with the brief
    // and check of `final76` (data/final80-sources.md), in six areas no
    // earlier file had named, and measured once with the rules of the
    // ninety-first round, before anything was changed for it: agreement
    // 262 of 273 (96.0 %), coverage 202, 194 of those right; strong 38 of
    // 38, weak 156 of 164; severity 99; none of its 56 credential failures
    // called recoverable.
    check(
        "final80",
        &final80(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 56,
            auth_called_recoverable: 0,
            recoverable: 267,
            severity: 112,
            correction: 238,
            classified: 254,
            classified_right: 248,
        },
    );
}

#[test]
fn accuracy_on_the_eighty_first_final_file() {
    // Collected by six readers who did not read the rules, with the brief
    // and check of `final76` (data/final81-sources.md), in six areas no
    // earlier file had named, and measured once with the rules of the
    // ninety-second round and its review, before anything was changed for
    // it: agreement 216 of 256 (84.4 %), coverage 193, 171 of those right;
    // strong 38 of 38, weak 133 of 155; severity 85; none of its 65
    // credential failures called recoverable.
    check(
        "final81",
        &final81(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 65,
            auth_called_recoverable: 0,
            recoverable: 241,
            severity: 98,
            correction: 238,
            classified: 216,
            classified_right: 205,
        },
    );
}

#[test]
fn accuracy_on_the_eighty_second_final_file() {
    // Collected by six readers who did not read the rules, with the brief
    // and check of `final76` (data/final82-sources.md), in six areas no
    // earlier file had named, and measured once with the rules of the
    // ninety-third round and its review, before anything was changed for
    // it: agreement 270 of 286 (94.4 %), coverage 241, 228 of those right;
    // strong 50 of 50, weak 178 of 191; severity 91; one of its 90
    // credential failures (WSO2's API its publisher blocked, "temporarily
    // blocked") called recoverable, weakly.
    check(
        "final82",
        &final82(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 90,
            auth_called_recoverable: 0,
            recoverable: 278,
            severity: 88,
            correction: 246,
            classified: 251,
            classified_right: 244,
        },
    );
}

#[test]
fn accuracy_on_the_eighty_third_final_file() {
    // Collected by six readers who did not read the rules, with the brief
    // and check of `final76` (data/final83-sources.md), in six areas no
    // earlier file had named, and measured once with the rules of the
    // ninety-fourth round and its review, before anything was changed for
    // it: agreement 331 of 353 (93.8 %), coverage 293, 273 of those right;
    // strong 62 of 65 (three credential literals beside an authentication
    // server down for a moment or a login limit's short wait), weak 211 of
    // 228; severity 118; none of its 91 credential failures called
    // recoverable.
    check(
        "final83",
        &final83(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 91,
            auth_called_recoverable: 0,
            recoverable: 341,
            severity: 130,
            correction: 312,
            classified: 306,
            classified_right: 295,
        },
    );
}

#[test]
fn accuracy_on_the_eighty_fourth_final_file() {
    // Collected by six readers who did not read the rules, with the brief
    // and check of `final76` (data/final84-sources.md), in six areas no
    // earlier file had named, and measured once with the rules of the
    // ninety-fifth round and its review, before anything was changed for
    // it: agreement 297 of 319 (93.1 %), coverage 256, 243 of those right;
    // strong 44 of 45, weak 199 of 211; severity 102; two of its 69
    // credential failures (Chatbox's licence key and Motrix's operator
    // credential, each beside "try again" or "unavailable") called
    // recoverable, weakly.
    check(
        "final84",
        &final84(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 69,
            auth_called_recoverable: 0,
            recoverable: 315,
            severity: 108,
            correction: 265,
            classified: 277,
            classified_right: 274,
        },
    );
}

#[test]
fn accuracy_on_the_eighty_fifth_final_file() {
    // Collected by six readers who did not read the rules, with the brief
    // and check of `final76` (data/final85-sources.md), in six areas no
    // earlier file had named, from the systems' own code alone, and
    // measured once with the rules of the ninety-sixth round, before its
    // review and before anything was changed for it: agreement 294 of 312
    // (94.2 %), coverage 264, 257 of those right; strong 42 of 43, weak
    // 215 of 221; severity 97; none of its 66 credential failures called
    // recoverable.
    check(
        "final85",
        &final85(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 66,
            auth_called_recoverable: 0,
            recoverable: 310,
            severity: 107,
            correction: 274,
            classified: 288,
            classified_right: 288,
        },
    );
}
