//! Accuracy on the files measured once after the ninth round and later (`final5` to `final21`), each with the figures it gave when first measured.

use crate::measure::*;

#[test]
fn accuracy_on_the_fifth_final_file() {
    // Collected while the ninth round was written, by people who did not
    // read it, and kept apart until the round was final; measured once then
    // (data/final5-sources.md): agreement 269, severity 159, coverage 278,
    // 233 of those right, 2 credential failures called recoverable. The
    // tenth round then read its misses; these floors are the measurement
    // after it.
    check(
        "final5",
        &final5(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 39,
            auth_called_recoverable: 0,
            recoverable: 304,
            severity: 187,
            correction: 264,
            classified: 302,
            classified_right: 286,
        },
    );
}

#[test]
fn accuracy_on_the_sixth_final_file() {
    // Collected while the tenth round was written, by people who did not
    // read it, and kept apart until the round was final; measured once then
    // (data/final6-sources.md): agreement 223, severity 125, coverage 195,
    // 164 of those right, 2 credential failures called recoverable. The
    // eleventh round then read its misses; these floors are the
    // measurement after it.
    check(
        "final6",
        &final6(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 34,
            auth_called_recoverable: 0,
            recoverable: 251,
            severity: 147,
            correction: 217,
            classified: 256,
            classified_right: 241,
        },
    );
}

#[test]
fn accuracy_on_the_seventh_final_file() {
    // Collected while the twelfth round was written, by people who did not
    // read it, from threads no other file cites, and kept apart until the
    // round and a second reader's fixes were final; measured once then
    // (data/final7-sources.md): agreement 249, severity 158, coverage 238,
    // 215 of those right, strong verdicts 88 of 90, no credential failure
    // called recoverable. The thirteenth round then read its misses; these
    // floors are the measurement after it and the fourteenth.
    check(
        "final7",
        &final7(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 30,
            auth_called_recoverable: 0,
            recoverable: 263,
            severity: 166,
            correction: 217,
            classified: 261,
            classified_right: 247,
        },
    );
}

#[test]
fn accuracy_on_the_eighth_final_file() {
    // Collected while the thirteenth round was written, by people who did
    // not read it, from threads no other file cites, and kept apart until
    // the round and a second reader's fixes were final; measured once then
    // (data/final8-sources.md): agreement 209, severity 128, coverage 209,
    // 184 of those right, strong verdicts 87 of 90, no credential failure
    // called recoverable. The fourteenth round then read its misses; these
    // floors are the measurement after it.
    check(
        "final8",
        &final8(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 34,
            auth_called_recoverable: 0,
            recoverable: 220,
            severity: 147,
            correction: 193,
            classified: 226,
            classified_right: 210,
        },
    );
}

#[test]
fn accuracy_on_the_ninth_final_file() {
    // Collected while the fifteenth round was written, by people who did
    // not read it, from threads no other file cites, and kept apart until
    // the round and a second reader's fixes were final; measured once then
    // (data/final9-sources.md): agreement 232, severity 134, coverage 220,
    // 195 of those right, strong verdicts 89 of 91, no credential failure
    // called recoverable.
    check(
        "final9",
        &final9(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 24,
            auth_called_recoverable: 0,
            recoverable: 244,
            severity: 143,
            correction: 209,
            classified: 249,
            classified_right: 233,
        },
    );
}

#[test]
fn accuracy_on_the_tenth_final_file() {
    // Collected while the sixteenth round was written, by people who did
    // not read it, from threads, documentation and sources no other file
    // cites, and kept apart until the round and a second reader's fixes
    // were final; measured once then (data/final10-sources.md): agreement
    // 213, severity 143, coverage 219, 190 of those right, strong verdicts
    // 61 of 64, one credential failure called recoverable (weakly, so
    // `rules+llm` hands it to the model).
    check(
        "final10",
        &final10(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 30,
            auth_called_recoverable: 0,
            recoverable: 232,
            severity: 156,
            correction: 206,
            classified: 236,
            classified_right: 222,
        },
    );
}

#[test]
fn accuracy_on_the_eleventh_final_file() {
    // Collected while the eighteenth round was written, by people who did
    // not read it, from threads, documentation and sources no other file
    // cites, and kept apart until the round and a second reader's fixes
    // were final; measured once then (data/final11-sources.md): agreement
    // 305, severity 208, coverage 299, 261 of those right, strong verdicts
    // 101 of 102, two credential failures called recoverable (both weakly,
    // so `rules+llm` hands them to the model).
    check(
        "final11",
        &final11(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 38,
            auth_called_recoverable: 0,
            recoverable: 329,
            severity: 228,
            correction: 284,
            classified: 326,
            classified_right: 307,
        },
    );
}

#[test]
fn accuracy_on_the_twelfth_final_file() {
    // Collected while the nineteenth round was written, by people who did
    // not read it, mostly from documentation and sources after the search
    // tools ran out (66 of 206 from threads), and kept apart until the
    // round and a second reader's fixes were final; measured once then
    // (data/final12-sources.md): agreement 183, severity 108, coverage 150,
    // 138 of those right, strong verdicts 42 of 44, no credential failure
    // called recoverable.
    check(
        "final12",
        &final12(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 30,
            auth_called_recoverable: 0,
            recoverable: 190,
            severity: 126,
            correction: 168,
            classified: 185,
            classified_right: 174,
        },
    );
}

#[test]
fn accuracy_on_the_thirteenth_final_file() {
    // Collected after the twentieth round was final, by eight readers who
    // did not read the rules, 360 of 361 rows from threads, and measured
    // once before any rule was written from it (data/final13-sources.md):
    // agreement 314, severity 210, coverage 336, 292 of those right,
    // strong verdicts 133 of 137, no credential failure called recoverable.
    // The twenty-first round then read its misses; these floors are the
    // measurement after it.
    check(
        "final13",
        &final13(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 44,
            auth_called_recoverable: 0,
            recoverable: 328,
            severity: 220,
            correction: 323,
            classified: 346,
            classified_right: 316,
        },
    );
}

#[test]
fn accuracy_on_the_fourteenth_final_file() {
    // Collected after the twenty-first round was final, by eight readers
    // who did not read the rules (263 of 366 rows from threads, the rest
    // from the systems' sources and documentation once the look-up tools
    // ran out), and measured once before any rule was written from it
    // (data/final14-sources.md): agreement 318, coverage 323, 282 of those
    // right, strong verdicts 115 of 117, no credential failure called
    // recoverable. The twenty-second round then read its misses; these
    // floors are the measurement after it.
    check(
        "final14",
        &final14(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 39,
            auth_called_recoverable: 0,
            recoverable: 331,
            severity: 196,
            correction: 327,
            classified: 345,
            classified_right: 314,
        },
    );
}

#[test]
fn accuracy_on_the_fifteenth_final_file() {
    // Collected after the twenty-third round was final, by eight readers
    // who did not read the rules, with labels taken from what each thread
    // shows happened (data/final15-sources.md), and measured once before
    // any rule was written from it.
    check(
        "final15",
        &final15(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 33,
            // Two rows labelled credential failures read as a server error:
            // "Download failed. INTERNAL SERVER ERROR" from a locked
            // Bitbucket account, and OpenAI's "status code: 500, message:
            // Internal server error" for a model the key could not use.
            auth_called_recoverable: 2,
            recoverable: 248,
            severity: 134,
            correction: 316,
            classified: 317,
            classified_right: 219,
        },
    );
}

#[test]
fn accuracy_on_the_sixteenth_final_file() {
    // Collected while the twenty-fourth round was written, by eight
    // readers who did not read the rules, with the labelling rule of the
    // files before `final15` (data/final16-sources.md), and measured once
    // after that round, before any rule was written from it.
    check(
        "final16",
        &final16(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 42,
            auth_called_recoverable: 0,
            recoverable: 335,
            severity: 204,
            correction: 308,
            classified: 337,
            classified_right: 321,
        },
    );
}

#[test]
fn accuracy_on_the_seventeenth_final_file() {
    // Collected while the twenty-fifth round was written, by eight readers
    // who did not read the rules, with the brief of `final16`, all from the
    // systems' own repositories once the look-up tools were spent
    // (data/final17-sources.md), and measured once after that round,
    // before any rule was written from it.
    check(
        "final17",
        &final17(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 45,
            auth_called_recoverable: 0,
            recoverable: 347,
            severity: 219,
            correction: 305,
            classified: 331,
            classified_right: 321,
        },
    );
}

#[test]
fn accuracy_on_the_eighteenth_final_file() {
    // Collected while no rule was being written, by eight readers who did
    // not read the rules, with the brief of `final17`, from issue threads
    // (data/final18-sources.md); rows that repeat an older file's message
    // with only names or numbers changed were dropped before any rule ran,
    // and the file was measured once after the twenty-sixth round.
    check(
        "final18",
        &final18(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 43,
            auth_called_recoverable: 0,
            recoverable: 279,
            severity: 180,
            correction: 281,
            classified: 301,
            classified_right: 271,
        },
    );
}

#[test]
fn accuracy_on_the_nineteenth_final_file() {
    // Collected after the twenty-seventh round was final, by eight readers
    // who did not read the rules, with the brief of `final18`, from issue
    // threads in eight areas the earlier files had touched least
    // (data/final19-sources.md), and measured once then, before any rule
    // was written from it. Its one credential failure called recoverable
    // shows only a closed connection in its text.
    check(
        "final19",
        &final19(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 69,
            auth_called_recoverable: 1,
            recoverable: 332,
            severity: 212,
            correction: 317,
            classified: 341,
            classified_right: 313,
        },
    );
}

#[test]
fn accuracy_on_the_twentieth_final_file() {
    // Collected while the twenty-ninth round was written, by eight readers
    // who did not read the rules, with the brief of `final19`, from issue
    // threads in eight more areas the earlier files had touched least
    // (data/final20-sources.md), and measured once after that round,
    // before any rule was written from it. When first measured, three of
    // its credential failures were called recoverable, all weakly: a
    // refused password, an account an administrator locked, and a deploy
    // whose text shows only a time-out.
    check(
        "final20",
        &final20(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 35,
            auth_called_recoverable: 1,
            recoverable: 319,
            severity: 218,
            correction: 313,
            classified: 338,
            classified_right: 298,
        },
    );
}

#[test]
fn accuracy_on_the_twenty_first_final_file() {
    // Collected while the thirtieth round was written, by eight readers who
    // did not read the rules, with the brief of `final20`, from issue
    // threads and the systems' own files in eight more areas
    // (data/final21-sources.md), and measured once after that round,
    // before any rule was written from it. When first measured, three of
    // its credential failures were called recoverable, all weakly: an MQTT
    // broker's and an ESPHome device's refusals, and a Play publish whose
    // text shows only a server error.
    check(
        "final21",
        &final21(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 61,
            auth_called_recoverable: 1,
            recoverable: 325,
            severity: 190,
            correction: 302,
            classified: 338,
            classified_right: 307,
        },
    );
}
