//! Published secret samples and near misses (`tests/data/vectors.jsonl`, sources in `tests/data/vectors-sources.md`):
//! every secret vanishes, in its own line and alone in other surroundings, and no near miss changes.

use loopctl_redact::Redactor;
use serde_json::{Value, json};

struct Vector {
    id: String,
    text: String,
    secrets: Vec<String>,
    bare_shape: bool,
}

fn vectors() -> Vec<Vector> {
    include_str!("data/vectors.jsonl")
        .lines()
        .map(|line| {
            let value: Value = serde_json::from_str(line).expect("a vector line is JSON");
            Vector {
                id: value["id"].as_str().unwrap().to_owned(),
                text: value["text"].as_str().unwrap().to_owned(),
                secrets: value["secrets"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|s| s.as_str().unwrap().to_owned())
                    .collect(),
                bare_shape: value["bare_shape"].as_bool().unwrap_or(false),
            }
        })
        .collect()
}

fn leaks<'a>(shown: &str, secrets: &'a [String]) -> Vec<&'a str> {
    secrets
        .iter()
        .map(String::as_str)
        .filter(|secret| shown.contains(secret))
        .collect()
}

#[test]
fn every_sample_line_loses_its_secrets() {
    let redactor = Redactor::standard();
    let samples: Vec<Vector> = vectors()
        .into_iter()
        .filter(|v| !v.secrets.is_empty())
        .collect();
    assert_eq!(samples.len(), 49);
    let mut failures = Vec::new();
    for sample in &samples {
        let shown = redactor.text(&sample.text);
        let leaked = leaks(&shown, &sample.secrets);
        if !leaked.is_empty() {
            failures.push(format!("{}: {shown}", sample.id));
        }
        // The same line as a string inside a JSON document.
        let document = json!({"error": {"detail": [sample.text.clone()]}});
        let shown = redactor.value(&document).to_string();
        if !leaks(&shown, &sample.secrets).is_empty() {
            failures.push(format!("{} in JSON: {shown}", sample.id));
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

/// The surroundings a secret meets in error texts: prose, punctuation,
/// quotes, brackets, a query string's `&`, a colon, the end of the text.
const SURROUNDINGS: &[(&str, &str)] = &[
    ("", ""),
    ("the server said ", "."),
    ("rejected (", ")"),
    ("\"", "\""),
    ("'", "',"),
    ("value: ", "\n"),
    ("x=1&y=", "&z=2"),
    ("`", "`"),
    ("<", ">"),
    ("curl -u ", ":"),
];

#[test]
fn every_secret_with_a_shape_is_found_alone_in_any_surroundings() {
    let redactor = Redactor::standard();
    let shaped: Vec<Vector> = vectors().into_iter().filter(|v| v.bare_shape).collect();
    let mut failures = Vec::new();
    let mut checked = 0;
    for vector in &shaped {
        for secret in &vector.secrets {
            for (before, after) in SURROUNDINGS {
                let text = format!("{before}{secret}{after}");
                let shown = redactor.text(&text);
                checked += 1;
                if shown.contains(secret.as_str()) {
                    failures.push(format!("{} in {text:?}: {shown}", vector.id));
                }
            }
        }
    }
    assert_eq!(
        shaped.len(),
        35,
        "samples whose secret has a shape of its own"
    );
    assert!(
        failures.is_empty(),
        "{} of {checked} leaked: {failures:#?}",
        failures.len()
    );
}

#[test]
fn no_near_miss_is_touched() {
    let redactor = Redactor::standard();
    let near: Vec<Vector> = vectors()
        .into_iter()
        .filter(|v| v.id.starts_with('N'))
        .collect();
    assert_eq!(near.len(), 20);
    for vector in &near {
        assert_eq!(redactor.text(&vector.text), vector.text, "{}", vector.id);
    }
}

#[test]
fn every_sample_line_loses_its_secrets_when_escaped_as_json_or_a_debug_print() {
    let redactor = Redactor::standard();
    let mut failures = Vec::new();
    for sample in vectors().iter().filter(|v| !v.secrets.is_empty()) {
        // A log line that prints the text escaped once and twice, after another line.
        let once = serde_json::to_string(&format!("previous line\n{}", sample.text)).unwrap();
        let twice = format!("{:?}", format!("{{\"error\": {once}}}"));
        for text in [once, twice] {
            let shown = redactor.text(&text);
            if !leaks(&shown, &sample.secrets).is_empty() {
                failures.push(format!("{}: {shown}", sample.id));
            }
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}
