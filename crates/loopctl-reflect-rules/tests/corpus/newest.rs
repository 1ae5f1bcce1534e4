//! Accuracy on the files collected while the forty-first round and those after it were written (`final32` onward), each with the figures it gave when first measured.

use crate::measure::*;

#[test]
fn accuracy_on_the_thirty_second_final_file() {
    // Collected by six readers who did not read the rules, with the brief
    // of `final24`, mostly from the systems' own files (211) and some
    // threads (66) in the families the issue names (data/final32-sources.md),
    // and measured once after the forty-first round and its attack review,
    // before anything was changed for it: agreement 230 of 277 (83.0 %),
    // coverage 199, 171 of those right; strong 47 of 49, weak 124 of 150;
    // severity 103; two of its 17 credential failures called recoverable,
    // both weakly (Enterprise Gateway's "User 'bob' is not in the set of
    // users authorized to start kernel", Ollama's "Could not verify you are
    // signed in. Please sign in and try again."). The calibration then
    // counted it: Playwright's "Target page, context or browser has been
    // closed" became weak (right 6 of 7) and the faint "circuit" went
    // (0 of 1).
    check(
        "final32",
        &final32(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 17,
            auth_called_recoverable: 0,
            recoverable: 245,
            severity: 102,
            correction: 250,
            classified: 236,
            classified_right: 215,
        },
    );
}

#[test]
fn accuracy_on_the_thirty_third_final_file() {
    // Collected by six readers who did not read the rules, with the brief
    // of `final32`, from threads (144) and the systems' own files (139) in
    // six areas an agent's tools meet (data/final33-sources.md), and
    // measured once after the forty-second round and its attack review,
    // before anything was changed for it: agreement 245 of 283 (86.6 %),
    // coverage 232, 203 of those right; strong 53 of 53, weak 150 of 179;
    // severity 94; none of its 29 credential failures called recoverable.
    check(
        "final33",
        &final33(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 29,
            auth_called_recoverable: 0,
            recoverable: 247,
            severity: 99,
            correction: 236,
            classified: 258,
            classified_right: 228,
        },
    );
}

#[test]
fn accuracy_on_the_thirty_fourth_final_file() {
    // Collected by six readers who did not read the rules, with the brief
    // of `final33`, mostly from the systems' own files (199) and some
    // threads (91) in six more areas (data/final34-sources.md), and
    // measured once after the forty-third round and its attack review,
    // before anything was changed for it: agreement 223 of 290 (76.9 %),
    // coverage 199, 152 of those right; strong 28 of 32, weak 124 of 167;
    // severity 103; none of its 24 credential failures called
    // recoverable. The calibration then counted it: MongoDB's "operation
    // exceeded time limit" (right 1 of 2) and Kubernetes' eviction that
    // would "violate the pod's disruption budget" (0 of 1) became weak.
    check(
        "final34",
        &final34(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 24,
            auth_called_recoverable: 0,
            recoverable: 229,
            severity: 108,
            correction: 254,
            classified: 246,
            classified_right: 198,
        },
    );
}

#[test]
fn accuracy_on_the_thirty_fifth_final_file() {
    // Collected by six readers who did not read the rules, with the brief
    // of `final33`, from the systems' own files (158) and threads (109) in
    // six areas (data/final35-sources.md) while no rule was being written,
    // and measured once against the rules as the calibration that counted
    // `final34` left them: agreement 218 of 267 (81.6 %), coverage 191,
    // 158 of those right; strong 43 of 44, weak 115 of 147; severity 99;
    // one of its 34 credential failures called recoverable, weakly (a
    // LinkedIn tool's "No valid LinkedIn session is available ... Log in
    // to LinkedIn in the remote browser ..., then retry this tool.").
    check(
        "final35",
        &final35(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 34,
            auth_called_recoverable: 0,
            recoverable: 225,
            severity: 90,
            correction: 223,
            classified: 231,
            classified_right: 199,
        },
    );
}

#[test]
fn accuracy_on_the_thirty_sixth_final_file() {
    // Collected by six readers who did not read the rules, with the brief
    // of `final33`, from the systems' own files and threads in six more
    // areas (data/final36-sources.md) while the forty-fourth round was
    // written, and measured once after that round and its review: agreement
    // 201 of 265 (75.8 %), coverage 192, 146 of those right; strong 39 of
    // 44, weak 107 of 148; severity 97; none of its 26 credential failures
    // called recoverable.
    check(
        "final36",
        &final36(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 26,
            auth_called_recoverable: 0,
            recoverable: 216,
            severity: 114,
            correction: 235,
            classified: 233,
            classified_right: 191,
        },
    );
}

#[test]
fn accuracy_on_the_thirty_seventh_final_file() {
    // Collected by six readers who did not read the rules, with the brief
    // of `final33`, from the systems' own files and threads in six more
    // areas (data/final37-sources.md) while the forty-fifth round was
    // written, and measured once after that round and its review: agreement
    // 201 of 266 (75.6 %), coverage 192, 138 of those right; strong 35 of
    // 38, weak 103 of 154; severity 89; none of its 20 credential failures
    // called recoverable.
    check(
        "final37",
        &final37(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 20,
            auth_called_recoverable: 0,
            recoverable: 205,
            severity: 96,
            correction: 233,
            classified: 226,
            classified_right: 174,
        },
    );
}

#[test]
fn accuracy_on_the_thirty_eighth_final_file() {
    // Collected by six readers who did not read the rules, with the brief
    // of `final33`, from the systems' own files and threads in six more
    // areas (data/final38-sources.md) while the forty-sixth round was
    // written, and measured once after that round and its review: agreement
    // 203 of 251 (80.9 %), coverage 163, 136 of those right; strong 35 of
    // 35, weak 101 of 128; severity 76; two of its 30 credential failures
    // called recoverable, both weakly (NetSuite's "You have entered an
    // invalid email address or account number. Please try again." and
    // Agora's "dynamic key or token timeout").
    check(
        "final38",
        &final38(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 30,
            auth_called_recoverable: 0,
            recoverable: 216,
            severity: 100,
            correction: 226,
            classified: 209,
            classified_right: 185,
        },
    );
}

#[test]
fn accuracy_on_the_thirty_ninth_final_file() {
    // Collected by six readers who did not read the rules, with the brief
    // of `final33`, from the systems' own files and threads in six more
    // areas (data/final39-sources.md) while the forty-seventh round was
    // written, and measured once after that round and its review: agreement
    // 230 of 272 (84.6 %), coverage 184, 162 of those right; strong 31 of
    // 33, weak 131 of 151; severity 93; none of its 29 credential failures
    // called recoverable.
    check(
        "final39",
        &final39(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 29,
            auth_called_recoverable: 0,
            recoverable: 244,
            severity: 101,
            correction: 243,
            classified: 220,
            classified_right: 207,
        },
    );
}

#[test]
fn accuracy_on_the_fortieth_final_file() {
    // Collected by six readers who did not read the rules, with the brief
    // of `final33`, from the systems' own files and threads in six more
    // areas (data/final40-sources.md) while the forty-eighth round was
    // written, and measured once after that round and its review: agreement
    // 238 of 283 (84.1 %), coverage 177, 145 of those right; strong 29 of
    // 32, weak 116 of 145; severity 105; none of its 39 credential failures
    // called recoverable.
    check(
        "final40",
        &final40(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 39,
            auth_called_recoverable: 0,
            recoverable: 251,
            severity: 111,
            correction: 245,
            classified: 229,
            classified_right: 202,
        },
    );
}

#[test]
fn accuracy_on_the_forty_first_final_file() {
    // Collected by six readers who did not read the rules, with the brief
    // of `final33`, from threads and the systems' own files in six more
    // areas (data/final41-sources.md) while the forty-ninth round was
    // written, and measured once after that round and its review: agreement
    // 227 of 281 (80.8 %), coverage 189, 152 of those right; strong 33 of
    // 35, weak 119 of 154; severity 101; one of its 39 credential failures
    // called recoverable, weakly: Zettle's "Could not connect to iZettle.
    // An unknown error occured. Please try again later.", which its thread
    // traced to a mismatched API key.
    check(
        "final41",
        &final41(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 39,
            auth_called_recoverable: 1,
            recoverable: 233,
            severity: 91,
            correction: 231,
            classified: 227,
            classified_right: 193,
        },
    );
}

#[test]
fn accuracy_on_the_forty_second_final_file() {
    // Collected by six readers who did not read the rules, with the brief
    // of `final33`, from the systems' own files and threads in six more
    // areas (data/final42-sources.md) after the fiftieth round and its
    // review, and measured once with the rules of that round: agreement
    // 215 of 277 (77.6 %), coverage 169, 132 of those right; strong 28 of
    // 28, weak 104 of 141; severity 94; none of its 39 credential failures
    // called recoverable.
    check(
        "final42",
        &final42(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 39,
            auth_called_recoverable: 0,
            recoverable: 237,
            severity: 103,
            correction: 255,
            classified: 221,
            classified_right: 191,
        },
    );
}

#[test]
fn accuracy_on_the_forty_third_final_file() {
    // Collected by six readers who did not read the rules, with the brief
    // of `final33` in substance, from threads (157) and the systems' own
    // files (108) in six more areas (data/final43-sources.md) while the
    // fifty-first round's review was written, and measured once after that
    // round and its review, before anything was changed for it: agreement
    // 208 of 265 (78.5 %), coverage 157, 128 of those right; strong 30 of
    // 31, weak 98 of 126; severity 102; one of its 32 credential failures
    // called recoverable, weakly: Puppet's "Couldn't fetch certificate from
    // CA server; you might still need to sign this agent's certificate",
    // which waits on a person to sign it.
    check(
        "final43",
        &final43(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 32,
            auth_called_recoverable: 0,
            recoverable: 224,
            severity: 113,
            correction: 239,
            classified: 205,
            classified_right: 181,
        },
    );
}

#[test]
fn accuracy_on_the_forty_fourth_final_file() {
    // Collected by six readers who did not read the rules, with the brief
    // of `final43`, from threads (165) and the systems' own files (94) in
    // six more areas (data/final44-sources.md) while the fifty-second round
    // was written, and measured once after that round and its review,
    // before anything was changed for it: agreement 202 of 259 (78.0 %),
    // coverage 193, 152 of those right; strong 38 of 42, weak 114 of 151;
    // severity 123; none of its 37 credential failures called recoverable.
    // The four wrong strong verdicts are refusals that passed on a retry
    // (two 403s a server sent while failing, Copernicus' 403 for a fifth
    // concurrent download, a Windows "Access is denied" on a lock file),
    // which the rules never retry.
    check(
        "final44",
        &final44(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 37,
            auth_called_recoverable: 0,
            recoverable: 215,
            severity: 125,
            correction: 241,
            classified: 230,
            classified_right: 193,
        },
    );
}

#[test]
fn accuracy_on_the_forty_fifth_final_file() {
    // Collected by six readers who did not read the rules, with the brief
    // and check of `final44`, from the systems' own files (123) and
    // threads (122) in six more areas (data/final45-sources.md) while the
    // fifty-third round was written, and measured once after that round
    // and its review, before anything was changed for it: agreement 198
    // of 245 (80.8 %), coverage 182, 150 of those right; strong 33 of 35,
    // weak 117 of 147; severity 108; none of its 42 credential failures
    // called recoverable. The two wrong strong verdicts: api.nasa.gov's
    // `OVER_RATE_LIMIT` for a demo key's hourly limit (called passing), and
    // BrowserStack's "All parallel tests are currently in use ... Please
    // wait to finish or upgrade your plan", which passed once other
    // sessions finished (called lasting).
    check(
        "final45",
        &final45(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 42,
            auth_called_recoverable: 0,
            recoverable: 212,
            severity: 104,
            correction: 216,
            classified: 214,
            classified_right: 192,
        },
    );
}
