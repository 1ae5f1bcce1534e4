//! Accuracy on the files collected after the fifty-fourth round (`final46` onward), each with the figures it gave when first measured.

use crate::measure::*;

#[test]
fn accuracy_on_the_forty_sixth_final_file() {
    // Collected by six readers who did not read the rules, with the brief
    // and check of `final44`, from the systems' own files (181) and
    // threads (79) in six more areas (data/final46-sources.md) after the
    // fifty-fourth round and its review, and measured once with those
    // rules, before anything was changed for it: agreement 214 of 260
    // (82.3 %), coverage 185, 155 of those right; strong 41 of 42, weak
    // 114 of 143; severity 116; one of its 37 credential failures called
    // recoverable, weakly: Magento's "This account isn't confirmed. Verify
    // and try again.", which waits on the customer. The wrong strong
    // verdict: Pi-hole's "Rate-limiting login attempts", which lifts
    // within a second, called lasting.
    check(
        "final46",
        &final46(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 37,
            auth_called_recoverable: 0,
            recoverable: 232,
            severity: 113,
            correction: 233,
            classified: 228,
            classified_right: 209,
        },
    );
}

#[test]
fn accuracy_on_the_forty_seventh_final_file() {
    // Collected by six readers who did not read the rules, with the brief
    // and check of `final44`, from the systems' own files (186) and
    // threads (82) in six more areas (data/final47-sources.md) while the
    // fifty-fifth round was written, and measured once with the rules of
    // that round and its review, before anything was changed for it:
    // agreement 202 of 268 (75.4 %), coverage 166, 135 of those right;
    // strong 34 of 36, weak 101 of 130; severity 111; one of its 27
    // credential failures called recoverable, weakly: Azure IoT's
    // "mqtt.js returned Connection refused: Bad username or password
    // error", MQTT's refusal of a login read as a refused connection. The
    // wrong strong verdicts: "Too many requests, please try again later."
    // from a DOI lookup that lasted, and open62541's "The secure channel
    // has been closed.", which a client reopens.
    check(
        "final47",
        &final47(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 27,
            auth_called_recoverable: 0,
            recoverable: 228,
            severity: 126,
            correction: 242,
            classified: 211,
            classified_right: 190,
        },
    );
}

#[test]
fn accuracy_on_the_forty_eighth_final_file() {
    // Collected by six readers who did not read the rules, with the brief
    // and check of `final44`, from the systems' own files and documentation
    // (150) and threads (76) in six more areas (data/final48-sources.md)
    // while the fifty-sixth round was written, and measured once with the
    // rules of that round and its review, before anything was changed for
    // it: agreement 185 of 226 (81.9 %), coverage 147, 122 of those right;
    // strong 28 of 28, weak 94 of 119; severity 110; none of its 43
    // credential failures called recoverable.
    check(
        "final48",
        &final48(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 43,
            auth_called_recoverable: 0,
            recoverable: 202,
            severity: 109,
            correction: 195,
            classified: 186,
            classified_right: 171,
        },
    );
}

#[test]
fn accuracy_on_the_forty_ninth_final_file() {
    // Collected by six readers who did not read the rules, with the brief
    // and check of `final44`, from the systems' own files and documentation
    // (196) and threads (63) in six more areas (data/final49-sources.md)
    // while the fifty-seventh round was written, and measured once with the
    // rules of that round and its review, before anything was changed for
    // it: agreement 199 of 259 (76.8 %), coverage 156, 124 of those right;
    // strong 19 of 22, weak 105 of 134; severity 101; none of its 45
    // credential failures called recoverable.
    check(
        "final49",
        &final49(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 45,
            auth_called_recoverable: 0,
            recoverable: 224,
            severity: 114,
            correction: 237,
            classified: 210,
            classified_right: 188,
        },
    );
}

#[test]
fn accuracy_on_the_fiftieth_final_file() {
    // Collected by six readers who did not read the rules, with the brief
    // and check of `final44`, from the systems' own files and documentation
    // (129) and threads (122) in six more areas (data/final50-sources.md)
    // while the fifty-eighth round was written, and measured once with the
    // rules of that round and its review, before anything was changed for
    // it: agreement 192 of 251 (76.5 %), coverage 179, 138 of those right;
    // strong 32 of 33, weak 106 of 146; severity 103; none of its 33
    // credential failures called recoverable.
    check(
        "final50",
        &final50(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 33,
            auth_called_recoverable: 0,
            recoverable: 204,
            severity: 108,
            correction: 224,
            classified: 217,
            classified_right: 182,
        },
    );
}

#[test]
fn accuracy_on_the_fifty_first_final_file() {
    // Collected by six readers who did not read the rules, with the brief
    // and check of `final44`, from the systems' own files and documentation
    // (73) and threads (161) in six more areas (data/final51-sources.md)
    // while the fifty-ninth round was written, and measured once with the
    // rules of that round and its review, before anything was changed for
    // it: agreement 158 of 234 (67.5 %), coverage 171, 116 of those right;
    // strong 17 of 18, weak 99 of 153; severity 77; one of its 33
    // credential failures called recoverable, weakly.
    check(
        "final51",
        &final51(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 33,
            // Dropbox Sign's "Internal error: HttpError: HTTP request
            // failed", after a rotated key (hellosign-openapi#372), weakly:
            // nothing in the text names the key.
            auth_called_recoverable: 1,
            recoverable: 170,
            severity: 89,
            correction: 214,
            classified: 197,
            classified_right: 147,
        },
    );
}

#[test]
fn accuracy_on_the_fifty_second_final_file() {
    // Collected by six readers who did not read the rules, with the brief
    // and check of `final44`, from the systems' own files and documentation
    // (127) and threads (128) in six more areas (data/final52-sources.md)
    // while the sixtieth round was written, and measured once with the
    // rules of that round and its review, before anything was changed for
    // it: agreement 196 of 255 (76.9 %), coverage 178, 136 of those right;
    // strong 29 of 30, weak 107 of 148; severity 105; three of its 36
    // credential failures called recoverable, each weakly.
    check(
        "final52",
        &final52(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 36,
            // Measured once, three, each weakly (Contentstack's "Session
            // timed out, please login to proceed", ConfigCat's "config fetch
            // failed: SDK Key is invalid", Optimizely's "403 Client Error:
            // None for url"); the sixty-first round names all three.
            auth_called_recoverable: 0,
            recoverable: 217,
            severity: 127,
            correction: 228,
            classified: 223,
            classified_right: 191,
        },
    );
}

#[test]
fn accuracy_on_the_fifty_third_final_file() {
    // Collected by six readers who did not read the rules, with the brief
    // and check of `final44`, from the systems' own files and documentation
    // (120) and threads (107) in six more areas (data/final53-sources.md)
    // while the sixty-first round was written, and measured once with the
    // rules of that round and its review, before anything was changed for
    // it: agreement 204 of 227 (89.9 %), coverage 158, 145 of those right;
    // strong 29 of 30, weak 116 of 128; severity 116; one of its 44
    // credential failures called recoverable, weakly.
    check(
        "final53",
        &final53(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 44,
            // Measured once, one, weakly: Metaflow's "Try again with the
            // correct production token.", whose "try again" outweighed a
            // token named only as wrong; the sixty-second round reads "try
            // again with" as a changed request.
            auth_called_recoverable: 0,
            recoverable: 217,
            severity: 114,
            correction: 203,
            classified: 189,
            classified_right: 183,
        },
    );
}

#[test]
fn accuracy_on_the_fifty_fourth_final_file() {
    // Collected by six readers who did not read the rules, with the brief
    // and check of `final44`, from the systems' own files and documentation
    // (153) and threads (85) in six more areas (data/final54-sources.md)
    // while the sixty-second round was written, and measured once with the
    // rules of that round and its review, before anything was changed for
    // it: agreement 199 of 238 (83.6 %), coverage 170, 144 of those right;
    // strong 33 of 34, weak 111 of 136; severity 114; six of its 41
    // credential failures called recoverable, each weakly.
    check(
        "final54",
        &final54(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 41,
            // Measured once, six, each weakly: lockouts and wrong codes or
            // passwords that end in "try again" (OpenMRS' "You have
            // attempted to log in too many times", Vaultwarden's "Username
            // or password is incorrect. Try again", Kit's "The entered code
            // is invalid", Infisical's "No tries left") and Mautic's "Keys
            // are not available for this transaction"; the sixty-third
            // round names all but Infisical's, whose words retry libraries
            // say of their own attempts.
            auth_called_recoverable: 1,
            recoverable: 213,
            severity: 133,
            correction: 218,
            classified: 203,
            classified_right: 185,
        },
    );
}

#[test]
fn accuracy_on_the_fifty_fifth_final_file() {
    // Collected by six readers who did not read the rules, with the brief
    // and check of `final44`, from the systems' own files and documentation
    // (118) and threads (99) in six more areas (data/final55-sources.md)
    // while the sixty-third round was written, and measured once with the
    // rules of that round and its review, before anything was changed for
    // it: agreement 178 of 217 (82.0 %), coverage 169, 135 of those right;
    // strong 34 of 37, weak 101 of 132; severity 103; none of its 42
    // credential failures called recoverable.
    check(
        "final55",
        &final55(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 42,
            auth_called_recoverable: 0,
            recoverable: 188,
            severity: 103,
            correction: 190,
            classified: 196,
            classified_right: 169,
        },
    );
}

#[test]
fn accuracy_on_the_fifty_sixth_final_file() {
    // Collected by six readers who did not read the rules, with the brief
    // and check of `final44`, from the systems' own repositories alone
    // (threads could not be opened) in six more areas
    // (data/final56-sources.md) while the sixty-fourth round was written,
    // and measured once with the rules of that round and its review,
    // before anything was changed for it: agreement 216 of 256 (84.4 %),
    // coverage 151, 138 of those right; strong 20 of 20, weak 118 of 131;
    // severity 123; three of its 51 credential failures called
    // recoverable, each weakly.
    check(
        "final56",
        &final56(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 51,
            // Measured once, three, each weakly: snapd's "You need to be
            // logged in to purchase software. Please run 'snap login' and
            // try again.", Guacamole's "The login for this user is not
            // allowed at this time." and Slurm's "Not allowed to register
            // to external cluster, not going to try again."; the sixty-fifth
            // round names all three.
            auth_called_recoverable: 0,
            recoverable: 237,
            severity: 125,
            correction: 233,
            classified: 206,
            classified_right: 203,
        },
    );
}

#[test]
fn accuracy_on_the_fifty_seventh_final_file() {
    // Collected by six readers who did not read the rules, with the brief
    // and check of `final44`, in six more areas (data/final57-sources.md)
    // after the sixty-fifth round and its review, and measured once with
    // those rules, before anything was changed for it: agreement 190 of
    // 247 (76.9 %), coverage 166, 135 of those right; strong 33 of 33,
    // weak 102 of 133; severity 99; none of its 45 credential failures
    // called recoverable.
    check(
        "final57",
        &final57(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 45,
            auth_called_recoverable: 0,
            recoverable: 218,
            severity: 119,
            correction: 226,
            classified: 219,
            classified_right: 196,
        },
    );
}

#[test]
fn accuracy_on_the_fifty_eighth_final_file() {
    // Collected by six readers who did not read the rules, with the brief
    // and check of `final44`, in six more areas (data/final58-sources.md)
    // while the sixty-sixth round was written, and measured once with the
    // rules of that round and its review, before anything was changed for
    // it: agreement 208 of 250 (83.2 %), coverage 174, 151 of those right;
    // strong 30 of 30, weak 121 of 144; severity 113; one of its 36
    // credential failures called recoverable, weakly.
    check(
        "final58",
        &final58(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 36,
            // Measured once, one, weakly: a Jira client's "Got recoverable
            // error from GET .../serverInfo, will retry [1/3] in 6.24s.
            // Err: 401".
            auth_called_recoverable: 0,
            recoverable: 220,
            severity: 121,
            correction: 225,
            classified: 207,
            classified_right: 190,
        },
    );
}

#[test]
fn accuracy_on_the_fifty_ninth_final_file() {
    // Collected by six readers who did not read the rules, with the brief
    // and check of `final44`, in six more areas (data/final59-sources.md)
    // while the sixty-seventh round was written, and measured once with
    // the rules of that round and its review, before anything was changed
    // for it: agreement 197 of 246 (80.1 %), coverage 175, 146 of those
    // right; strong 30 of 30, weak 116 of 145; severity 104; three of its
    // 26 credential failures called recoverable, each weakly.
    check(
        "final59",
        &final59(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 26,
            // Measured once, three, each weakly: "Timed out waiting for user
            // to authorize device", "Credentials have timed out" and a
            // Google plugin's "ServiceUnavailable: 503 Getting metadata from
            // plugin failed with error: ...".
            auth_called_recoverable: 1,
            recoverable: 216,
            severity: 115,
            correction: 223,
            classified: 211,
            classified_right: 189,
        },
    );
}

#[test]
fn accuracy_on_the_sixtieth_final_file() {
    // Collected by six readers who did not read the rules, with the brief
    // and check of `final44`, in six more areas (data/final60-sources.md)
    // while the sixty-eighth round was written, and measured once with the
    // rules of that round and its review, before anything was changed for
    // it: agreement 217 of 255 (85.1 %), coverage 173, 152 of those right;
    // strong 29 of 30, weak 123 of 143; severity 115; none of its 34
    // credential failures called recoverable.
    check(
        "final60",
        &final60(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 34,
            auth_called_recoverable: 0,
            recoverable: 232,
            severity: 114,
            correction: 231,
            classified: 212,
            classified_right: 195,
        },
    );
}

#[test]
fn accuracy_on_the_sixty_first_final_file() {
    // Collected by six readers who did not read the rules, with the brief
    // and check of `final44`, in six more areas (data/final61-sources.md)
    // after the sixty-ninth round and its review, and measured once with
    // those rules, before anything was changed for it: agreement 194 of 232
    // (83.6 %), coverage 163, 134 of those right; strong 30 of 30, weak 104
    // of 133; severity 115; two of its 47 credential failures called
    // recoverable, each weakly.
    check(
        "final61",
        &final61(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 47,
            // Measured once, two, each weakly: Logto's "The connection has
            // timed out. Verify again to ensure your account safety." and
            // Ory Kratos' "The request was initiated by someone else and has
            // been blocked for security reasons. Please go back and try
            // again."; the seventieth round names both.
            auth_called_recoverable: 0,
            recoverable: 213,
            severity: 121,
            correction: 207,
            classified: 223,
            classified_right: 208,
        },
    );
}
