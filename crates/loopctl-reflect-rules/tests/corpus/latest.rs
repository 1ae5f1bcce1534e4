//! Accuracy on the files collected from the areas an agent's tools meet most (`final22` onward), each with the figures it gave when first measured.

use crate::measure::*;

#[test]
fn accuracy_on_the_twenty_second_final_file() {
    // Collected after the thirty-first round, by ten readers who did not
    // read the rules, with the brief of `final21`, from issue threads in
    // the ten areas an agent's tools meet most (data/final22-sources.md),
    // and measured once before any rule was written from it: agreement
    // 326 of 400 (81.5 %), coverage 351, 287 of those right; strong 104 of
    // 108, weak 183 of 243; severity 207; three of its 36 credential
    // failures called recoverable, all weakly: npm's `EOTP` (a one-time
    // password required, whose text ends "Please try again"), PlanetScale's
    // "This password is not connect-enabled" behind "Unable to connect",
    // and an MCP server missing its access-token variable. The thirty-second
    // round reads all three as lasting.
    check(
        "final22",
        &final22(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 36,
            auth_called_recoverable: 0,
            recoverable: 340,
            severity: 217,
            correction: 326,
            classified: 374,
            classified_right: 323,
        },
    );
}

#[test]
fn accuracy_on_the_twenty_third_final_file() {
    // Collected while the thirty-second round was written, by eight
    // readers who did not read the rules, with the brief of `final22`, from
    // issue threads (241) and the systems' own files (86) in eight more
    // areas (data/final23-sources.md), and measured once after that round,
    // before any rule was written from it: agreement 279 of 327 (85.3 %),
    // coverage 268, 233 of those right; strong 55 of 58, weak 178 of 210;
    // severity 180; none of its 33 credential failures called recoverable.
    check(
        "final23",
        &final23(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 33,
            auth_called_recoverable: 0,
            recoverable: 295,
            severity: 202,
            correction: 269,
            classified: 307,
            classified_right: 280,
        },
    );
}

#[test]
fn accuracy_on_the_twenty_fourth_final_file() {
    // Collected after the thirty-third round, by eight readers who did not
    // read the rules, with the brief of `final23`, from issue threads (338)
    // and the systems' own files (15) in eight areas (data/final24-sources.md),
    // and measured once before any rule was written from it: agreement 273
    // of 353 (77.3 %), coverage 296, 226 of those right; strong 91 of 94,
    // weak 135 of 202; severity 154; none of its 14 credential failures
    // called recoverable.
    check(
        "final24",
        &final24(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 14,
            auth_called_recoverable: 0,
            recoverable: 291,
            severity: 187,
            correction: 291,
            classified: 326,
            classified_right: 270,
        },
    );
}

#[test]
fn accuracy_on_the_twenty_fifth_final_file() {
    // Collected after the thirty-fourth round, by eight readers who did not
    // read the rules, with the brief of `final24`, from the systems' own
    // files (366) and threads (3) in eight more areas
    // (data/final25-sources.md), and measured once before any rule was
    // written from it: agreement 304 of 369 (82.4 %), coverage 244, 212 of
    // those right; strong 54 of 55, weak 158 of 189; severity 149; none of
    // its 34 credential failures called recoverable.
    check(
        "final25",
        &final25(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 34,
            auth_called_recoverable: 0,
            recoverable: 345,
            severity: 167,
            correction: 329,
            classified: 325,
            classified_right: 311,
        },
    );
}

#[test]
fn accuracy_on_the_twenty_sixth_final_file() {
    // Collected after the thirty-fifth round, by eight readers who did not
    // read the rules, with the brief of `final24`, from threads (273) and
    // the systems' own files (86) in the families the issue names
    // (data/final26-sources.md), and measured once before any rule was
    // written from it: agreement 243 of 359 (67.7 %), coverage 287, 196 of
    // those right; strong 56 of 64, weak 140 of 223; severity 134; five of
    // its 23 credential failures called recoverable, all weakly: Kiro's
    // account "temporarily is suspended", Kaggle's "run kaggle auth login
    // and try again", Modal's "Internal error: Cannot parse auth token",
    // franz-go's "is SASL missing?" and Discord's "Failed to connect to
    // Discord: The provided token is invalid!". The thirty-sixth round
    // reads all five as lasting.
    check(
        "final26",
        &final26(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 23,
            auth_called_recoverable: 0,
            recoverable: 281,
            severity: 157,
            correction: 326,
            classified: 324,
            classified_right: 251,
        },
    );
}

#[test]
fn accuracy_on_the_twenty_seventh_final_file() {
    // Collected after the thirty-sixth round and its attack review, by
    // eight readers who did not read the rules, with the brief of
    // `final24`, from threads (280) and the systems' own files (79) in
    // eight more areas an agent's tools meet (data/final27-sources.md),
    // and measured once before any rule was written from it: agreement
    // 258 of 359 (71.9 %), coverage 307, 220 of those right; strong 80 of
    // 89, weak 140 of 218; severity 123; one of its 38 credential failures
    // called recoverable, weakly: pytriton's "This protocol is restricted,
    // expecting header 'triton-grpc-protocol-triton-access-token'" behind
    // `StatusCode.UNAVAILABLE`.
    check(
        "final27",
        &final27(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 38,
            auth_called_recoverable: 0,
            recoverable: 274,
            severity: 143,
            correction: 311,
            classified: 332,
            classified_right: 254,
        },
    );
}

#[test]
fn accuracy_on_the_twenty_eighth_final_file() {
    // Collected after the thirty-seventh round and its attack review, by
    // eight readers who did not read the rules, with the brief of
    // `final24`, mostly from the systems' own files (251) and some threads
    // (49), in eight more areas (data/final28-sources.md), and measured
    // once before anything was changed for it: agreement 249 of 300
    // (83.0 %), coverage 233, 201 of those right; strong 62 of 66, weak
    // 139 of 167; severity 111; one of its 67 credential failures called
    // recoverable, weakly: dlt's `DestinationConnectionError` to BigQuery,
    // which asks whether the credentials were configured at all. The
    // calibration then counted it, and the thirty-eighth round read its
    // misses.
    check(
        "final28",
        &final28(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 67,
            auth_called_recoverable: 1,
            recoverable: 272,
            severity: 127,
            correction: 262,
            classified: 274,
            classified_right: 253,
        },
    );
}

#[test]
fn accuracy_on_the_twenty_ninth_final_file() {
    // Collected after the thirty-eighth round and its attack review, by
    // eight readers who did not read the rules, with the brief of
    // `final24`, from threads (265) and the systems' own files (95) in
    // eight more areas (data/final29-sources.md), and measured once
    // before anything was changed for it: agreement 277 of 360 (76.9 %),
    // coverage 272, 210 of those right; strong 53 of 57, weak 157 of
    // 215; severity 145; three of its 36 credential failures called
    // recoverable, all weakly: a 429 that Finnhub sends when the key is
    // missing, the Census API's "Invalid Key" page with its "try again",
    // and HTCondor's failed SciToken login read as a failed connection.
    // The calibration then counted it, and the thirty-ninth round read its
    // misses.
    check(
        "final29",
        &final29(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 36,
            auth_called_recoverable: 1,
            recoverable: 300,
            severity: 155,
            correction: 315,
            classified: 323,
            classified_right: 269,
        },
    );
}

#[test]
fn accuracy_on_the_thirtieth_final_file() {
    // Collected by eight readers who did not read the rules, with the
    // brief of `final24`, from threads (284) and the systems' own files
    // (79) in eight more areas (data/final30-sources.md), and measured
    // once after the thirty-ninth round and its attack review, before
    // anything was changed for it: agreement 269 of 363 (74.1 %),
    // coverage 292, 209 of those right; strong 51 of 62, weak 158 of
    // 230; severity 129; seven of its 47 credential failures called
    // recoverable, all weakly (MQTT brokers that close the connection on a
    // refused publish, "Connection Refused: not authorised.", Azure IoT's
    // "Credentials invalid, could not connect", and others the text calls
    // a rate, a hang-up or a retryable download). The calibration then
    // counted it, and the fortieth round read its misses.
    check(
        "final30",
        &final30(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 47,
            auth_called_recoverable: 3,
            recoverable: 284,
            severity: 136,
            correction: 317,
            classified: 317,
            classified_right: 245,
        },
    );
}

#[test]
fn accuracy_on_the_thirty_first_final_file() {
    // Collected by six readers who did not read the rules, with the brief
    // of `final24`, mostly from the systems' own files (199) and some
    // threads (73) in six more areas (data/final31-sources.md), and
    // measured once after the fortieth round and its attack review,
    // before anything was changed for it: agreement 227 of 272 (83.5 %),
    // coverage 211, 178 of those right; strong 54 of 58, weak 124 of
    // 153; severity 96; none of its 44 credential failures called
    // recoverable.
    check(
        "final31",
        &final31(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 44,
            auth_called_recoverable: 0,
            recoverable: 237,
            severity: 107,
            correction: 225,
            classified: 254,
            classified_right: 225,
        },
    );
}
