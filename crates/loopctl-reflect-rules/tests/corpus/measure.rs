//! The labelled rows, loaded from the data files, and what the rules make of them: agreement, coverage, precision, and the report.

use std::collections::BTreeMap;

use loopctl_reflect_core::{CorrectionType, ReflectionError, ToolSchema};
use loopctl_reflect_rules::{Confidence, RuleReflector};
use serde::Deserialize;
use serde_json::Value;

use super::groups::group_of;

#[derive(Deserialize)]
pub(crate) struct Labelled {
    pub(crate) source: String,
    #[serde(default)]
    pub(crate) family: Option<String>,
    pub(crate) tool: String,
    pub(crate) error: String,
    pub(crate) is_recoverable: bool,
    pub(crate) severity: String,
    pub(crate) correction_type: Option<CorrectionType>,
    #[serde(default)]
    pub(crate) auth: bool,
    #[serde(default)]
    pub(crate) input: Value,
    #[serde(default)]
    pub(crate) schema: Option<Value>,
}

impl Labelled {
    fn is_auth(&self) -> bool {
        self.auth || self.source == "auth"
    }

    /// The group a row is reported under.
    fn group(&self) -> &'static str {
        let family = self.family.as_deref().unwrap_or(&self.source);
        group_of(family)
    }
}

pub(crate) fn load(text: &str) -> Vec<Labelled> {
    text.lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            serde_json::from_str(line)
                .unwrap_or_else(|error| panic!("bad corpus line {line}: {error}"))
        })
        .collect()
}

/// One loader per data file, named as the tests call it.
macro_rules! data_files {
    ($($name:ident => $file:literal),* $(,)?) => {
        $(
            pub(crate) fn $name() -> Vec<Labelled> {
                load(include_str!(concat!("../data/", $file, ".jsonl")))
            }
        )*
    };
}

data_files! {
    regression => "regression",
    evaluation => "evaluation",
    holdout => "holdout",
    fresh => "fresh",
    calibration => "calibration",
    sealed => "sealed",
    last => "final",
    final2 => "final2",
    final3 => "final3",
    final4 => "final4",
    final5 => "final5",
    final6 => "final6",
    final7 => "final7",
    final8 => "final8",
    final9 => "final9",
    final10 => "final10",
    final11 => "final11",
    final12 => "final12",
    final13 => "final13",
    final14 => "final14",
    final15 => "final15",
    final16 => "final16",
    final17 => "final17",
    final18 => "final18",
    final19 => "final19",
    final20 => "final20",
    final21 => "final21",
    final22 => "final22",
    final23 => "final23",
    final24 => "final24",
    final25 => "final25",
    final26 => "final26",
    final27 => "final27",
    final28 => "final28",
    final29 => "final29",
    final30 => "final30",
    final31 => "final31",
    final32 => "final32",
    final33 => "final33",
    final34 => "final34",
    final35 => "final35",
    final36 => "final36",
    final37 => "final37",
    final38 => "final38",
    final39 => "final39",
    final40 => "final40",
    final41 => "final41",
    final42 => "final42",
    final43 => "final43",
    final44 => "final44",
    final45 => "final45",
    final46 => "final46",
    final47 => "final47",
    final48 => "final48",
    final49 => "final49",
    final50 => "final50",
    final51 => "final51",
    final52 => "final52",
    final53 => "final53",
    final54 => "final54",
    final55 => "final55",
    final56 => "final56",
    final57 => "final57",
    final58 => "final58",
    final59 => "final59",
    final60 => "final60",
    final61 => "final61",
    final62 => "final62",
    final63 => "final63",
    final64 => "final64",
    final65 => "final65",
    final66 => "final66",
    final67 => "final67",
    final68 => "final68",
    final69 => "final69",
    final70 => "final70",
    final71 => "final71",
    final72 => "final72",
    final73 => "final73",
    final74 => "final74",
    final75 => "final75",
    final76 => "final76",
    final77 => "final77",
    final78 => "final78",
    final79 => "final79",
    final80 => "final80",
    final81 => "final81",
    final82 => "final82",
    final83 => "final83",
    final84 => "final84",
    final85 => "final85",
    final86 => "final86",
    final87 => "final87",
    final88 => "final88",
    final89 => "final89",
    final90 => "final90",
    final91 => "final91",
    final92 => "final92",
    final93 => "final93",
    final94 => "final94",
    final95 => "final95",
    final96 => "final96",
    final97 => "final97",
    final98 => "final98",
    final99 => "final99",
    final100 => "final100",
    final101 => "final101",
    final102 => "final102",
    final103 => "final103",
    final104 => "final104",
    final105 => "final105",
    final106 => "final106",
    final107 => "final107",
    final108 => "final108",
    final109 => "final109",
    final110 => "final110",
    final111 => "final111",
    final112 => "final112",
    final113 => "final113",
    final114 => "final114",
    final115 => "final115",
    final116 => "final116",
}

/// How the reflector knows the registered tools.
#[derive(Clone, Copy, Debug)]
pub(crate) enum ToolList {
    /// Every tool the rows name, and more.
    Complete,
    /// A list that has drifted: none of the rows' tools is on it.
    Drifted,
}

#[derive(Default, Debug, Clone, Copy)]
pub(crate) struct Tally {
    pub(crate) rows: usize,
    pub(crate) recoverable: usize,
    pub(crate) severity: usize,
    pub(crate) correction: usize,
    pub(crate) classified: usize,
    pub(crate) classified_right: usize,
}

impl Tally {
    fn add(&mut self, other: Tally) {
        self.rows += other.rows;
        self.recoverable += other.recoverable;
        self.severity += other.severity;
        self.correction += other.correction;
        self.classified += other.classified;
        self.classified_right += other.classified_right;
    }
}

pub(crate) fn percent(part: usize, whole: usize) -> f64 {
    if whole == 0 {
        return 100.0;
    }
    100.0 * part as f64 / whole as f64
}

pub(crate) struct Measured {
    pub(crate) total: Tally,
    pub(crate) groups: BTreeMap<&'static str, Tally>,
    pub(crate) auth_rows: usize,
    pub(crate) auth_called_recoverable: Vec<String>,
    pub(crate) disagreements: Vec<String>,
    /// Per confidence level (weak, strong): verdicts, and those right on
    /// `is_recoverable`.
    pub(crate) weak: (usize, usize),
    pub(crate) strong: (usize, usize),
}

pub(crate) fn measure(rows: &[Labelled], tools: ToolList) -> Measured {
    let rules = match tools {
        ToolList::Complete => {
            let mut names: Vec<&str> = rows.iter().map(|row| row.tool.as_str()).collect();
            // The registry the rows' errors name, beyond the rows' own tools.
            names.extend([
                "read_file",
                "write_file",
                "search_web",
                "http_get",
                "list_files",
            ]);
            RuleReflector::new().with_known_tools(names)
        }
        ToolList::Drifted => RuleReflector::new().with_known_tools(["some_other_tool"]),
    };
    let mut measured = Measured {
        total: Tally::default(),
        groups: BTreeMap::new(),
        auth_rows: 0,
        auth_called_recoverable: Vec::new(),
        disagreements: Vec::new(),
        weak: (0, 0),
        strong: (0, 0),
    };
    for row in rows {
        let schema = row
            .schema
            .clone()
            .map(|schema| ToolSchema::new(row.tool.clone(), "", schema));
        let mut level = None;
        let (classified, recoverable, severity, correction) =
            match rules.classify(&row.error, &row.tool, &row.input, schema.as_ref()) {
                Ok(analysis) => (
                    {
                        level = Some(Confidence::of(&analysis));
                        true
                    },
                    analysis.is_recoverable,
                    analysis.severity.to_string(),
                    analysis
                        .correction
                        .map(|correction| correction.correction_type),
                ),
                // Skipped: used alone, the driver fails softly, as for NoopReflector.
                Err(ReflectionError::Skipped(_)) => (false, false, "medium".to_owned(), None),
                Err(other) => panic!("rules never fail internally: {other}"),
            };
        let first_line = row.error.lines().next().unwrap_or("");
        let mut tally = Tally {
            rows: 1,
            ..Tally::default()
        };
        if recoverable == row.is_recoverable {
            tally.recoverable = 1;
        } else {
            measured.disagreements.push(format!(
                "[{}] recoverable {recoverable}, labelled {} ({}): {first_line}",
                row.source,
                row.is_recoverable,
                level.map_or("skipped", Confidence::as_str)
            ));
        }
        if severity == row.severity {
            tally.severity = 1;
        } else if recoverable == row.is_recoverable {
            measured.disagreements.push(format!(
                "[{}] severity {severity}, labelled {}: {first_line}",
                row.source, row.severity
            ));
        }
        tally.correction = usize::from(correction == row.correction_type);
        if classified {
            tally.classified = 1;
            tally.classified_right = tally.recoverable;
            let at = match level {
                Some(Confidence::Weak) => &mut measured.weak,
                _ => &mut measured.strong,
            };
            at.0 += 1;
            at.1 += tally.recoverable;
        }
        if row.is_auth() {
            measured.auth_rows += 1;
            if recoverable {
                measured.auth_called_recoverable.push(row.error.clone());
            }
        }
        measured.total.add(tally);
        measured.groups.entry(row.group()).or_default().add(tally);
    }
    measured
}

pub(crate) fn report(name: &str, tools: ToolList, measured: &Measured) {
    let total = measured.total;
    eprintln!(
        "{name} ({tools:?} tool list): {} rows; is_recoverable {}/{} ({:.1}%); severity {}/{} ({:.1}%); correction type {}/{} ({:.1}%); coverage {}/{} ({:.1}%); precision on classified {}/{} ({:.1}%); auth called recoverable {} of {}",
        total.rows,
        total.recoverable,
        total.rows,
        percent(total.recoverable, total.rows),
        total.severity,
        total.rows,
        percent(total.severity, total.rows),
        total.correction,
        total.rows,
        percent(total.correction, total.rows),
        total.classified,
        total.rows,
        percent(total.classified, total.rows),
        total.classified_right,
        total.classified,
        percent(total.classified_right, total.classified),
        measured.auth_called_recoverable.len(),
        measured.auth_rows,
    );
    eprintln!(
        "{name}: precision by confidence: strong {}/{} ({:.1}%), weak {}/{} ({:.1}%)",
        measured.strong.1,
        measured.strong.0,
        percent(measured.strong.1, measured.strong.0),
        measured.weak.1,
        measured.weak.0,
        percent(measured.weak.1, measured.weak.0),
    );
    eprintln!("| group | rows | is_recoverable | severity | coverage | precision |");
    eprintln!("|---|---|---|---|---|---|");
    for (group, tally) in &measured.groups {
        eprintln!(
            "| {group} | {} | {:.0} % | {:.0} % | {:.0} % | {:.0} % |",
            tally.rows,
            percent(tally.recoverable, tally.rows),
            percent(tally.severity, tally.rows),
            percent(tally.classified, tally.rows),
            percent(tally.classified_right, tally.classified),
        );
    }
    for line in &measured.disagreements {
        eprintln!("disagreement: {line}");
    }
}

/// The documented figures, asserted as floors: (is_recoverable, severity,
/// correction type, classified, classified and right) as counts of rows.
pub(crate) struct Floors {
    /// The floors in percent, (is_recoverable, severity), where they apply.
    pub(crate) percent: Option<(f64, f64)>,
    pub(crate) auth_rows: usize,
    /// Credential failures called recoverable: 0 but where a file's labels
    /// name a credential failure its text does not show.
    pub(crate) auth_called_recoverable: usize,
    pub(crate) recoverable: usize,
    pub(crate) severity: usize,
    pub(crate) correction: usize,
    pub(crate) classified: usize,
    pub(crate) classified_right: usize,
}

pub(crate) fn check(name: &str, rows: &[Labelled], floors: &Floors) {
    for tools in [ToolList::Complete, ToolList::Drifted] {
        let measured = measure(rows, tools);
        report(name, tools, &measured);
        let total = measured.total;
        assert!(
            measured.auth_called_recoverable.len() <= floors.auth_called_recoverable,
            "{name}: auth errors called recoverable: {:#?}",
            measured.auth_called_recoverable
        );
        assert_eq!(
            measured.auth_rows, floors.auth_rows,
            "{name}: credential rows"
        );
        if let Some((recoverable, severity)) = floors.percent {
            assert!(
                percent(total.recoverable, total.rows) >= recoverable,
                "{name} ({tools:?}): is_recoverable below {recoverable} %"
            );
            assert!(
                percent(total.severity, total.rows) >= severity,
                "{name} ({tools:?}): severity below {severity} %"
            );
        }
        let got = (
            total.recoverable,
            total.severity,
            total.correction,
            total.classified,
            total.classified_right,
        );
        let floor = (
            floors.recoverable,
            floors.severity,
            floors.correction,
            floors.classified,
            floors.classified_right,
        );
        assert!(
            got.0 >= floor.0
                && got.1 >= floor.1
                && got.2 >= floor.2
                && got.3 >= floor.3
                && got.4 >= floor.4,
            "{name} ({tools:?}): (recoverable, severity, correction, classified, classified right) = {got:?}, below the documented {floor:?}"
        );
    }
}
