//! Accuracy of the rule reflector on real error texts, per labelled file, in the order they were collected.
//!
//! Every file but the first holds texts taken verbatim from client
//! libraries, servers' documentation and issue reports, each naming its
//! `source`, labelled by what those sources' own retry logic decides, and
//! never edited to make a rule match. `data/regression.jsonl` was written
//! next to the first rules and guards against regressions. Each later file
//! was collected before the round of rules that read it: `evaluation`
//! (first round), `holdout` (second), `calibration` (third), `sealed`
//! (fourth, which also made weak the strong patterns that were often wrong
//! on `evaluation`, `holdout`, `fresh`, `calibration` and `sealed`).
//! `data/fresh.jsonl` had no rule written from its rows but counted in those
//! demotions. `data/final.jsonl` was measured once after the fourth round,
//! `data/final2.jsonl` once after the fifth, `data/final3.jsonl` once after
//! the sixth, `data/final4.jsonl` once after the seventh,
//! `data/final5.jsonl` once after the ninth, `data/final6.jsonl` once
//! after the tenth, `data/final7.jsonl` once after the twelfth,
//! `data/final8.jsonl` once after the thirteenth, `data/final9.jsonl` once
//! after the fifteenth, `data/final10.jsonl` once after the sixteenth, and
//! `data/final11.jsonl`, collected last, once after the eighteenth: the
//! figures for text no rule had seen, which docs/rule-reflector.md reports.
//! Each then counted in the next round. The files from `final5` on are
//! checked in `later.rs`.
//!
//! Run with `cargo test -p loopctl-reflect-rules --test corpus -- --nocapture`
//! to see the per-family table and every disagreement.

mod beyond;
mod confidence;
mod eighties;
mod groups;
mod hundreds;
mod later;
mod latest;
mod measure;
mod newest;
mod recent;
mod seventies;
mod sixties;

use measure::*;

#[test]
fn the_files_are_large_labelled_and_sourced() {
    let evaluation = evaluation();
    assert!(evaluation.len() >= 300, "{} rows", evaluation.len());
    assert!(holdout().len() >= 200 && fresh().len() >= 200);
    assert!(regression().len() >= 300);
    for row in evaluation.iter().chain(&regression()) {
        assert!(
            ["low", "medium", "high", "critical"].contains(&row.severity.as_str()),
            "{}",
            row.error
        );
    }
    for row in &evaluation {
        assert!(
            !row.source.trim().is_empty() && row.family.is_some(),
            "{}",
            row.error
        );
    }
    let mut seen = std::collections::HashSet::new();
    assert!(
        evaluation.iter().all(|row| seen.insert(row.error.as_str())),
        "duplicates"
    );
}

#[test]
fn accuracy_on_the_regression_file() {
    check(
        "regression",
        &regression(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: Some((95.0, 85.0)),
            auth_rows: 49,
            auth_called_recoverable: 0,
            recoverable: 331,
            severity: 297,
            correction: 321,
            classified: 322,
            classified_right: 321,
        },
    );
}

#[test]
fn accuracy_on_the_evaluation_file() {
    check(
        "evaluation",
        &evaluation(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: Some((95.0, 85.0)),
            auth_rows: 44,
            auth_called_recoverable: 0,
            recoverable: 435,
            severity: 414,
            correction: 429,
            classified: 447,
            classified_right: 434,
        },
    );
}

#[test]
fn accuracy_on_the_holdout_file() {
    // Collected after the first round of rules and never read to tune
    // them. First measured at 177 / 140 / 216 / 156 / 135; second at 204 /
    // 173 / 217 / 200 / 182, after tables for its families (Oracle, SQL
    // Server, .NET, Ruby, Guzzle, URLSession, Pulsar, ...) were added from
    // those systems' own documentation, not from its rows. These floors are
    // the measurement after the fourth round, whose demotions counted this
    // file's verdicts (see `sealed`).
    check(
        "holdout",
        &holdout(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 23,
            auth_called_recoverable: 0,
            recoverable: 213,
            severity: 197,
            correction: 215,
            classified: 224,
            classified_right: 210,
        },
    );
}

#[test]
fn accuracy_on_the_fresh_file() {
    // Collected after the second round of rules and measured once, at 169
    // / 134 / 200 / 156 / 127; no rule was written from its rows. These
    // floors are the measurement after the fourth round, whose demotions
    // counted this file's verdicts (see `sealed`).
    check(
        "fresh",
        &fresh(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 13,
            auth_called_recoverable: 0,
            recoverable: 198,
            severity: 179,
            correction: 200,
            classified: 210,
            classified_right: 191,
        },
    );
}

#[test]
fn accuracy_on_the_calibration_file() {
    // Collected before the third round of rules, for the families where
    // misses clustered, and the round's target: its misses were read while
    // the third round's tables were written. First measured at 277 / 174 /
    // 328 / 247 / 202.
    check(
        "calibration",
        &calibration(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 8,
            auth_called_recoverable: 0,
            recoverable: 335,
            severity: 241,
            correction: 310,
            classified: 343,
            classified_right: 331,
        },
    );
}

#[test]
fn accuracy_on_the_sealed_file() {
    // Collected while the third round was written, by people who did not
    // read it, and kept apart until the round was final; measured once then
    // at 326 / 207 / 344 / 275 / 249 (data/sealed-sources.md). Its misses
    // were then read for the fourth round, which also made weak every
    // strong pattern right less than four times in five across the
    // labelled files; these floors are the measurement after it.
    check(
        "sealed",
        &sealed(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 33,
            auth_called_recoverable: 0,
            recoverable: 354,
            severity: 233,
            correction: 325,
            classified: 356,
            classified_right: 337,
        },
    );
}

#[test]
fn accuracy_on_the_final_file() {
    // Collected while the fourth round was written, by people who did not
    // read it, and kept apart until the round was final; measured once then
    // at 265 / 147 / 300 / 205 / 176, with one credential failure (a banned
    // machine, behind a 500) called recoverable. The credential table then
    // learned bans and suspensions, strong patterns of a lasting and a
    // passing failure in one text came to decide only weakly, and
    // `tooling.rs` was written from documentation for families it showed
    // missing; no pattern was written from its rows. These floors are the
    // measurement after that.
    check(
        "final",
        &last(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 31,
            auth_called_recoverable: 0,
            recoverable: 304,
            severity: 188,
            correction: 286,
            classified: 307,
            classified_right: 287,
        },
    );
}

#[test]
fn accuracy_on_the_second_final_file() {
    // Collected while the fifth round was written, by people who did not
    // read it, and kept apart until the round was final; measured once then
    // (data/final2-sources.md): agreement 230, severity 118, coverage 141,
    // 131 of those right. The sixth round then counted it in the tier tests.
    check(
        "final2",
        &final2(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 47,
            auth_called_recoverable: 0,
            recoverable: 254,
            severity: 147,
            correction: 247,
            classified: 250,
            classified_right: 240,
        },
    );
}

#[test]
fn accuracy_on_the_third_final_file() {
    // Collected while the sixth round was written, by people who did not
    // read it, and kept apart until the round was final; measured once then
    // (data/final3-sources.md): agreement 293, severity 187, coverage 278,
    // 252 of those right. The seventh round then counted it in the tier
    // tests; these floors are the measurement after it.
    check(
        "final3",
        &final3(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 34,
            auth_called_recoverable: 0,
            recoverable: 320,
            severity: 197,
            correction: 280,
            classified: 311,
            classified_right: 301,
        },
    );
}

#[test]
fn accuracy_on_the_fourth_final_file() {
    // Collected while the seventh round was written, by people who did not
    // read it, and kept apart until the round was final; these floors are
    // its one measurement then (data/final4-sources.md).
    check(
        "final4",
        &final4(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 28,
            auth_called_recoverable: 0,
            recoverable: 229,
            severity: 138,
            correction: 210,
            classified: 224,
            classified_right: 213,
        },
    );
}
