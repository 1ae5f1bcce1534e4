//! Accuracy on the files measured once with the rules of the hundred-and-ninth round and its review (`final109` onward), each with the figures it gave when first measured.
//!
//! `final109` to `final112` were collected by twenty-four readers while
//! that round and its review were written, and measured once when they
//! were final (commit 81cd8ff), before anything was changed for them.
//! Counting them in the calibration then took one faint word out ("lost
//! connection"); `final113` and `final114` were collected after that and
//! measured once with the rules of that change (commit 3cfaa35). The
//! hundred-and-tenth round then read the credential misses of `final111`,
//! `final112` and `final114`; the floors are after it. `final115` and
//! `final116` were collected while that round was written and measured
//! once when it and its review were final (commit 9c835c8); no round has
//! read them.

use crate::measure::*;

#[test]
fn accuracy_on_the_hundred_and_ninth_final_file() {
    // Collected by six readers who did not read the rules, with the brief
    // of `final98` (data/final109-sources.md), in six areas no earlier file
    // had named, from the systems' code (215) and threads (94), and
    // measured once: agreement 289 of 309 (93.5 %), coverage 233
    // (75.4 %); strong 27 of 29 (93.1 %; two sane-airscan texts that end
    // "failed: Invalid argument", labelled passing, which the reporters
    // saw pass on a second run), weak 192 of 204; none of its 19
    // credential failures called recoverable; with a right model, the
    // chain 307 of 309 (99.4 %).
    check(
        "final109",
        &final109(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 19,
            auth_called_recoverable: 0,
            recoverable: 290,
            severity: 114,
            correction: 259,
            classified: 232,
            classified_right: 219,
        },
    );
}

#[test]
fn accuracy_on_the_hundred_and_tenth_final_file() {
    // Collected beside `final109` by six more readers with its brief
    // (data/final110-sources.md), from the systems' code (121) and threads
    // (97), and measured once with the same rules: agreement 205 of 218
    // (94.0 %), coverage 157 (72.0 %); strong 23 of 23, weak 125 of 134;
    // none of its 34 credential failures called recoverable; with a right
    // model, the chain 218 of 218.
    check(
        "final110",
        &final110(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 34,
            auth_called_recoverable: 0,
            recoverable: 205,
            severity: 82,
            correction: 185,
            classified: 157,
            classified_right: 148,
        },
    );
}

#[test]
fn accuracy_on_the_hundred_and_eleventh_final_file() {
    // Collected by six more readers with the same brief
    // (data/final111-sources.md), from the systems' code (177) and threads
    // (98), and measured once with the same rules: agreement 255 of 275
    // (92.7 %), coverage 207 (75.3 %); strong 21 of 21, weak 171 of 186;
    // two of its 22 credential failures called recoverable, weakly
    // (Hyperion.ng's "Token request timeout or denied" and QMK Toolbox's
    // "This action requires administrator rights. Do you want to try
    // again?"); with a right model, the chain 275 of 275. The
    // hundred-and-tenth round read the second (the floor below is after it).
    check(
        "final111",
        &final111(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 22,
            auth_called_recoverable: 1,
            recoverable: 256,
            severity: 113,
            correction: 234,
            classified: 208,
            classified_right: 194,
        },
    );
}

#[test]
fn accuracy_on_the_hundred_and_twelfth_final_file() {
    // Collected beside `final111` by six more readers with its brief
    // (data/final112-sources.md), from the systems' code and documentation
    // (191) and threads (62), and measured once with the same rules:
    // agreement 237 of 253 (93.7 %), coverage 195 (77.1 %); strong 24 of
    // 24, weak 160 of 171; one of its 25 credential failures called
    // recoverable, weakly (Specter Desktop's "Session expired (CSRF).
    // Please refresh and try again."); with a right model, the chain 253
    // of 253. The hundred-and-tenth round read it (the floor below is after
    // it).
    check(
        "final112",
        &final112(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 25,
            auth_called_recoverable: 0,
            recoverable: 238,
            severity: 104,
            correction: 218,
            classified: 195,
            classified_right: 185,
        },
    );
}

#[test]
fn accuracy_on_the_hundred_and_thirteenth_final_file() {
    // Collected by six readers who did not read the rules, with the brief
    // of `final98` (data/final113-sources.md), in six areas no earlier file
    // had named, from the systems' code (190) and threads (84), after the
    // hundred-and-ninth round was final, and measured once with the rules
    // as they stand (commit 3cfaa35): agreement 252 of 274 (92.0 %),
    // coverage 208 (75.9 %); strong 29 of 29, weak 166 of 179; none of its
    // 30 credential failures called recoverable; with a right model, the
    // chain 274 of 274: all five aims met.
    check(
        "final113",
        &final113(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 30,
            auth_called_recoverable: 0,
            recoverable: 252,
            severity: 104,
            correction: 225,
            classified: 208,
            classified_right: 195,
        },
    );
}

#[test]
fn accuracy_on_the_hundred_and_fourteenth_final_file() {
    // Collected beside `final113` by six more readers with its brief
    // (data/final114-sources.md), from the systems' code (173) and threads
    // (65), and measured once with the same rules: agreement 227 of 238
    // (95.4 %), coverage 189 (79.4 %); strong 28 of 28, weak 153 of 161;
    // one of its 30 credential failures called recoverable, weakly
    // (Multipass' "Passphrase is not correct. Please try again."); with a
    // right model, the chain 238 of 238. The hundred-and-tenth round read
    // it (the floor below is after it).
    check(
        "final114",
        &final114(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 30,
            auth_called_recoverable: 0,
            recoverable: 228,
            severity: 98,
            correction: 205,
            classified: 189,
            classified_right: 182,
        },
    );
}

#[test]
fn accuracy_on_the_hundred_and_fifteenth_final_file() {
    // Collected by six readers who did not read the rules, with the brief
    // of `final98` (data/final115-sources.md), in six areas no earlier file
    // had named, from the systems' code (209) and threads (87), and
    // measured once with the rules of the hundred-and-tenth round and its
    // review (commit 9c835c8): agreement 276 of 296 (93.2 %), coverage 233
    // (78.7 %); strong 37 of 38 (97.4 %; nomacs' "Unable to connect to
    // server ... please try again later", labelled lasting, a packaging
    // fault), weak 177 of 195; none of its 18 credential failures called
    // recoverable; with a right model, the chain 295 of 296 (99.7 %): all
    // five aims met.
    check(
        "final115",
        &final115(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 18,
            auth_called_recoverable: 0,
            recoverable: 276,
            severity: 104,
            correction: 245,
            classified: 233,
            classified_right: 214,
        },
    );
}

#[test]
fn accuracy_on_the_hundred_and_sixteenth_final_file() {
    // Collected beside `final115` by six more readers with its brief
    // (data/final116-sources.md), from the systems' code (232) and threads
    // (55), and measured once with the same rules: agreement 271 of 287
    // (94.4 %), coverage 232 (80.8 %); strong 21 of 21, weak 204 of 211;
    // none of its 36 credential failures called recoverable; with a right
    // model, the chain 287 of 287: all five aims met.
    check(
        "final116",
        &final116(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 36,
            auth_called_recoverable: 0,
            recoverable: 271,
            severity: 117,
            correction: 249,
            classified: 232,
            classified_right: 225,
        },
    );
}
