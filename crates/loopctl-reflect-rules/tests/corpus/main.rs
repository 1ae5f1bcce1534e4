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

mod groups;
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
            severity: 299,
            correction: 321,
            classified: 320,
            classified_right: 319,
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
            severity: 193,
            correction: 215,
            classified: 220,
            classified_right: 206,
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
            recoverable: 197,
            severity: 177,
            correction: 200,
            classified: 209,
            classified_right: 189,
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
            severity: 232,
            correction: 323,
            classified: 351,
            classified_right: 332,
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
            severity: 186,
            correction: 286,
            classified: 299,
            classified_right: 280,
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
            severity: 146,
            correction: 247,
            classified: 248,
            classified_right: 238,
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
            severity: 198,
            correction: 280,
            classified: 307,
            classified_right: 297,
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
            severity: 137,
            correction: 210,
            classified: 221,
            classified_right: 210,
        },
    );
}

/// Precision on `is_recoverable` by how sure the rules were, per file:
/// (file, strong right, strong verdicts, weak right, weak verdicts), as
/// docs/rule-reflector.md reports them.
const BY_CONFIDENCE: [(&str, usize, usize, usize, usize); 81] = [
    ("regression", 140, 140, 179, 180),
    ("evaluation", 174, 174, 260, 273),
    ("holdout", 80, 81, 126, 139),
    ("fresh", 66, 67, 123, 142),
    ("calibration", 172, 172, 159, 171),
    ("sealed", 150, 152, 182, 199),
    ("final", 76, 77, 204, 222),
    ("final2", 77, 78, 161, 170),
    ("final3", 104, 104, 193, 203),
    ("final4", 67, 67, 143, 154),
    ("final5", 93, 93, 186, 202),
    ("final6", 100, 100, 136, 151),
    ("final7", 89, 90, 155, 168),
    ("final8", 88, 88, 118, 134),
    ("final9", 86, 87, 139, 154),
    ("final10", 64, 66, 154, 166),
    ("final11", 105, 105, 197, 216),
    ("final12", 41, 41, 124, 135),
    ("final13", 130, 131, 185, 214),
    ("final14", 111, 111, 191, 222),
    ("final15", 73, 75, 142, 237),
    ("final16", 96, 97, 216, 231),
    ("final17", 79, 79, 236, 245),
    ("final18", 105, 106, 161, 190),
    ("final19", 100, 100, 207, 235),
    ("final20", 71, 72, 219, 258),
    ("final21", 93, 93, 202, 232),
    ("final22", 100, 102, 218, 267),
    ("final23", 56, 57, 214, 240),
    ("final24", 90, 91, 178, 233),
    ("final25", 65, 66, 230, 243),
    ("final26", 58, 63, 189, 256),
    ("final27", 79, 84, 169, 241),
    ("final28", 66, 68, 177, 196),
    ("final29", 55, 59, 204, 254),
    ("final30", 59, 66, 182, 247),
    ("final31", 55, 59, 165, 189),
    ("final32", 48, 49, 161, 180),
    ("final33", 53, 53, 165, 194),
    ("final34", 29, 31, 158, 204),
    ("final35", 41, 42, 144, 173),
    ("final36", 40, 43, 143, 182),
    ("final37", 35, 37, 131, 181),
    ("final38", 41, 41, 131, 156),
    ("final39", 31, 32, 166, 178),
    ("final40", 30, 33, 159, 181),
    ("final41", 37, 38, 145, 180),
    ("final42", 29, 29, 157, 186),
    ("final43", 31, 32, 136, 158),
    ("final44", 41, 45, 142, 174),
    ("final45", 33, 34, 146, 167),
    ("final46", 42, 43, 159, 177),
    ("final47", 37, 38, 146, 166),
    ("final48", 34, 34, 124, 139),
    ("final49", 19, 20, 150, 170),
    ("final50", 33, 33, 140, 175),
    ("final51", 17, 18, 119, 167),
    ("final52", 35, 35, 151, 183),
    ("final53", 30, 31, 144, 150),
    ("final54", 39, 40, 134, 152),
    ("final55", 36, 39, 123, 147),
    ("final56", 23, 23, 164, 167),
    ("final57", 36, 36, 150, 171),
    ("final58", 30, 30, 148, 165),
    ("final59", 38, 38, 138, 160),
    ("final60", 29, 29, 151, 168),
    ("final61", 80, 80, 127, 142),
    ("final62", 53, 53, 116, 161),
    ("final63", 61, 61, 120, 145),
    ("final64", 39, 39, 74, 91),
    ("final65", 56, 56, 135, 164),
    ("final66", 55, 55, 100, 119),
    ("final67", 47, 47, 109, 122),
    ("final68", 61, 61, 103, 105),
    ("final69", 105, 105, 109, 112),
    ("final70", 123, 123, 110, 114),
    ("final71", 122, 122, 119, 120),
    ("final72", 30, 30, 142, 152),
    ("final73", 83, 83, 132, 141),
    ("final74", 76, 76, 130, 144),
    ("final75", 75, 75, 130, 139),
];

#[test]
fn strong_verdicts_are_right_more_often_than_weak_ones() {
    for (name, rows) in [
        ("regression", regression()),
        ("evaluation", evaluation()),
        ("holdout", holdout()),
        ("fresh", fresh()),
        ("calibration", calibration()),
        ("sealed", sealed()),
        ("final", last()),
        ("final2", final2()),
        ("final3", final3()),
        ("final4", final4()),
        ("final5", final5()),
        ("final6", final6()),
        ("final7", final7()),
        ("final8", final8()),
        ("final9", final9()),
        ("final10", final10()),
        ("final11", final11()),
        ("final12", final12()),
        ("final13", final13()),
        ("final14", final14()),
        ("final15", final15()),
        ("final16", final16()),
        ("final17", final17()),
        ("final18", final18()),
        ("final19", final19()),
        ("final20", final20()),
        ("final21", final21()),
        ("final22", final22()),
        ("final23", final23()),
        ("final24", final24()),
        ("final25", final25()),
        ("final26", final26()),
        ("final27", final27()),
        ("final28", final28()),
        ("final29", final29()),
        ("final30", final30()),
        ("final31", final31()),
        ("final32", final32()),
        ("final33", final33()),
        ("final34", final34()),
        ("final35", final35()),
        ("final36", final36()),
        ("final37", final37()),
        ("final38", final38()),
        ("final39", final39()),
        ("final40", final40()),
        ("final41", final41()),
        ("final42", final42()),
        ("final43", final43()),
        ("final44", final44()),
        ("final45", final45()),
        ("final46", final46()),
        ("final47", final47()),
        ("final48", final48()),
        ("final49", final49()),
        ("final50", final50()),
        ("final51", final51()),
        ("final52", final52()),
        ("final53", final53()),
        ("final54", final54()),
        ("final55", final55()),
        ("final56", final56()),
        ("final57", final57()),
        ("final58", final58()),
        ("final59", final59()),
        ("final60", final60()),
        ("final61", final61()),
        ("final62", final62()),
        ("final63", final63()),
        ("final64", final64()),
        ("final65", final65()),
        ("final66", final66()),
        ("final67", final67()),
        ("final68", final68()),
        ("final69", final69()),
        ("final70", final70()),
        ("final71", final71()),
        ("final72", final72()),
        ("final73", final73()),
        ("final74", final74()),
        ("final75", final75()),
    ] {
        let measured = measure(&rows, ToolList::Complete);
        report(name, ToolList::Complete, &measured);
        let documented = BY_CONFIDENCE
            .iter()
            .find(|row| row.0 == name)
            .expect("a documented row per file");
        // At least as many verdicts right as documented, and no more wrong.
        assert!(
            measured.strong.1 >= documented.1
                && measured.weak.1 >= documented.3
                && measured.strong.0 - measured.strong.1 <= documented.2 - documented.1
                && measured.weak.0 - measured.weak.1 <= documented.4 - documented.3,
            "{name}: strong {:?}, weak {:?}; documented {documented:?}",
            measured.strong,
            measured.weak
        );
        let (strong, weak) = (
            percent(measured.strong.1, measured.strong.0),
            percent(measured.weak.1, measured.weak.0),
        );
        // What the default threshold of `rules+llm` rests on: a weak verdict
        // is wrong more often than a strong one on every file of unseen text
        // (by 5 to 20 points on the older files, 4.6 on the sealed one).
        if name != "regression" {
            assert!(
                strong > weak,
                "{name}: strong {strong:.1}%, weak {weak:.1}%"
            );
        }
    }
}
