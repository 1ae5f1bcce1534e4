//! `rules+llm` against a model that is right, on every labelled file: the rules decide what they are sure of, the model the rest, and the decisions match the labels.
//!
//! Each file's rows are recorded once, decided as labelled (a retry, or a
//! failure), and replayed twice: with the rules alone, and with `rules+llm`
//! and a model on 127.0.0.1 that answers each text with its label. A
//! replayed decision that is not the same kind (a retry for a failure, or
//! the other way round) is a disagreement; a retry with another delay (a
//! retry hint the rules read) is the same decision.

use std::sync::Arc;

use serde_json::Value;

use crate::labelled::{attempt, labelling_model, load, loopctl};
use crate::proxy_client::scratch;

/// Disagreements of `reflector` with the labels of `file`, out of its rows.
async fn disagreements(file: &str, reflector: &str) -> (usize, usize) {
    let rows = Arc::new(load(&[file]));
    let dir = scratch(&format!("chained-{file}-{}", reflector.replace('+', "-")));
    let recorded = dir.join("attempts.jsonl");
    let log: Vec<String> = rows
        .iter()
        .enumerate()
        .map(|(index, row)| attempt(&index.to_string(), row))
        .collect();
    std::fs::write(&recorded, log.join("\n")).unwrap();
    let (base, _) = labelling_model(Arc::clone(&rows)).await;
    let (code, out, stderr) = loopctl(
        &[
            "replay",
            recorded.to_str().unwrap(),
            "--reflector",
            reflector,
            "--diff",
            "--json",
        ],
        &base,
    )
    .await;
    assert_eq!(code, 0, "{stderr}");
    let report: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        report["overall"]["failures"].as_u64(),
        Some(rows.len() as u64),
        "{report}"
    );
    let kind = |text: &Value| {
        text.as_str()
            .and_then(|text| text.split_whitespace().next())
            .map(str::to_owned)
    };
    let changes = report["changes"].as_array().cloned().unwrap_or_default();
    let mut differ = 0;
    for change in &changes {
        if kind(&change["recorded"]) != kind(&change["replayed"]) {
            differ += 1;
            let row = change["call_id"]
                .as_str()
                .and_then(|id| id.parse::<usize>().ok())
                .and_then(|index| rows.get(index));
            let text: String = row.map_or("", |row| &row.error).chars().take(100).collect();
            eprintln!(
                "{file} {reflector}: {} for {}: {text}",
                change["replayed"], change["recorded"]
            );
        }
    }
    eprintln!(
        "{file}: {reflector} disagrees with the labels on {differ} of {} rows ({:.1} % agreement)",
        rows.len(),
        100.0 * (rows.len() - differ) as f64 / rows.len() as f64
    );
    (differ, rows.len())
}

/// (file, rules alone, rules+llm): disagreements as measured and reported
/// in docs/rule-reflector.md, asserted as ceilings.
const MEASURED: [(&str, usize, usize); 121] = [
    ("final116", 16, 0),
    ("final115", 20, 0),
    ("final114", 10, 0),
    ("final113", 22, 0),
    ("final112", 15, 0),
    ("final111", 19, 0),
    ("final110", 13, 0),
    ("final109", 19, 2),
    ("final108", 12, 0),
    ("final107", 17, 0),
    ("final106", 7, 0),
    ("final105", 15, 1),
    ("final104", 13, 0),
    ("final103", 19, 0),
    ("final102", 21, 0),
    ("final101", 20, 1),
    ("final100", 8, 2),
    ("final99", 6, 0),
    ("final98", 8, 0),
    ("final97", 12, 1),
    ("final96", 15, 0),
    ("final95", 11, 0),
    ("final94", 15, 0),
    ("final93", 21, 0),
    ("final92", 18, 0),
    ("final91", 1, 0),
    ("final90", 12, 1),
    ("final89", 8, 1),
    ("final88", 6, 0),
    ("final86", 18, 0),
    ("final87", 15, 0),
    ("evaluation", 14, 0),
    ("holdout", 18, 1),
    ("fresh", 21, 1),
    ("calibration", 12, 0),
    ("sealed", 25, 2),
    ("final", 25, 1),
    ("final2", 17, 1),
    ("final3", 11, 0),
    ("final4", 13, 0),
    ("final5", 18, 0),
    ("final6", 18, 0),
    ("final7", 17, 2),
    ("final8", 16, 0),
    ("final9", 17, 1),
    ("final10", 18, 2),
    ("final11", 26, 0),
    ("final12", 16, 0),
    ("final13", 34, 2),
    ("final14", 37, 2),
    ("final15", 106, 3),
    ("final16", 19, 1),
    ("final17", 16, 0),
    ("final18", 35, 1),
    ("final19", 31, 0),
    ("final20", 48, 1),
    ("final21", 40, 0),
    ("final22", 62, 3),
    ("final23", 32, 1),
    ("final24", 62, 1),
    ("final25", 24, 1),
    ("final26", 78, 5),
    ("final27", 85, 6),
    ("final28", 28, 2),
    ("final29", 60, 5),
    ("final30", 79, 7),
    ("final31", 35, 4),
    ("final32", 32, 1),
    ("final33", 36, 0),
    ("final34", 61, 2),
    ("final35", 42, 1),
    ("final36", 50, 4),
    ("final37", 60, 1),
    ("final38", 36, 1),
    ("final39", 29, 2),
    ("final40", 32, 3),
    ("final41", 48, 1),
    ("final42", 40, 0),
    ("final43", 41, 1),
    ("final44", 44, 4),
    ("final45", 33, 1),
    ("final46", 28, 1),
    ("final47", 41, 3),
    ("final48", 23, 0),
    ("final49", 35, 1),
    ("final50", 47, 0),
    ("final51", 64, 1),
    ("final52", 38, 0),
    ("final53", 12, 2),
    ("final54", 25, 1),
    ("final55", 29, 3),
    ("final56", 19, 0),
    ("final57", 29, 0),
    ("final58", 30, 0),
    ("final59", 30, 0),
    ("final60", 23, 0),
    ("final61", 19, 1),
    ("final62", 51, 0),
    ("final63", 33, 0),
    ("final64", 18, 0),
    ("final65", 31, 0),
    ("final66", 27, 0),
    ("final67", 16, 0),
    ("final68", 3, 0),
    ("final69", 5, 0),
    ("final70", 11, 0),
    ("final71", 1, 0),
    ("final72", 16, 0),
    ("final73", 11, 0),
    ("final74", 20, 0),
    ("final75", 11, 0),
    ("final76", 24, 0),
    ("final77", 18, 0),
    ("final78", 9, 0),
    ("final79", 6, 1),
    ("final80", 6, 0),
    ("final81", 15, 0),
    ("final82", 8, 0),
    ("final83", 15, 1),
    ("final84", 4, 0),
    ("final85", 2, 0),
];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_a_right_model_the_chain_agrees_with_the_labels() {
    for (file, alone, chained) in MEASURED {
        let (rules, rows) = disagreements(file, "rules").await;
        let (chain, _) = disagreements(file, "rules+llm").await;
        assert!(
            rules <= alone,
            "{file}: the rules alone disagree on {rules}"
        );
        assert!(chain <= chained, "{file}: rules+llm disagrees on {chain}");
        // The model is right, so the chain can only be wrong where the rules
        // were sure and wrong: it never does worse than the rules alone.
        assert!(chain <= rules, "{file}: {chain} > {rules}");
        // Every file was read whole: the smallest, `final64`, has 135 rows.
        assert!(rows >= 135, "{file}: only {rows} rows were read");
        // A wrong verdict the rules were sure of is the only way the chain
        // fails with a right model: the files the rules were tuned on reach
        // 98 %; what they were not measures the strong patterns on new text.
        if ["evaluation", "holdout", "calibration", "sealed"].contains(&file) {
            assert!(
                100 * (rows - chain) >= 98 * rows,
                "{file}: {chain} of {rows}"
            );
        }
    }
}
