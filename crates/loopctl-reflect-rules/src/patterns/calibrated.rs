//! The tiers are measured, not guessed: every strong pattern that decides verdicts on the labelled files is right at least nine times in ten.
//!
//! A pattern is strong when it names one failure; whether it does is a
//! claim about real text, and this test checks it on every labelled file
//! (`tests/data/*.jsonl` but the partly synthetic regression file). For each
//! text the rules decide with strong confidence, each strong pattern of the
//! deciding category is credited with the verdict, right or wrong on
//! `is_recoverable`. A credential pattern is strong whatever it meets, since
//! no credential failure may be handed on or retried, and is not counted.
//! The faint words, which decide only when nothing else matched, must be
//! right at least three times in four where they decide.
//!
//! Every file counts, each once it has been measured once: `final.jsonl`
//! to `final116.jsonl` were each measured before any rule was written from
//! them, and a file collected next must stay out of this list until it has
//! been.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;

use super::{Category, Tier, automaton, categories, strongest, table};
use crate::{Confidence, RuleReflector};

const FILES: [&str; 121] = [
    include_str!("../../tests/data/evaluation.jsonl"),
    include_str!("../../tests/data/holdout.jsonl"),
    include_str!("../../tests/data/fresh.jsonl"),
    include_str!("../../tests/data/calibration.jsonl"),
    include_str!("../../tests/data/sealed.jsonl"),
    include_str!("../../tests/data/final.jsonl"),
    include_str!("../../tests/data/final2.jsonl"),
    include_str!("../../tests/data/final3.jsonl"),
    include_str!("../../tests/data/final4.jsonl"),
    include_str!("../../tests/data/final5.jsonl"),
    include_str!("../../tests/data/final6.jsonl"),
    include_str!("../../tests/data/final7.jsonl"),
    include_str!("../../tests/data/final8.jsonl"),
    include_str!("../../tests/data/final9.jsonl"),
    include_str!("../../tests/data/final10.jsonl"),
    include_str!("../../tests/data/final11.jsonl"),
    include_str!("../../tests/data/final12.jsonl"),
    include_str!("../../tests/data/final13.jsonl"),
    include_str!("../../tests/data/final14.jsonl"),
    include_str!("../../tests/data/final15.jsonl"),
    include_str!("../../tests/data/final16.jsonl"),
    include_str!("../../tests/data/final17.jsonl"),
    include_str!("../../tests/data/final18.jsonl"),
    include_str!("../../tests/data/final19.jsonl"),
    include_str!("../../tests/data/final20.jsonl"),
    include_str!("../../tests/data/final21.jsonl"),
    include_str!("../../tests/data/final22.jsonl"),
    include_str!("../../tests/data/final23.jsonl"),
    include_str!("../../tests/data/final24.jsonl"),
    include_str!("../../tests/data/final25.jsonl"),
    include_str!("../../tests/data/final26.jsonl"),
    include_str!("../../tests/data/final27.jsonl"),
    include_str!("../../tests/data/final28.jsonl"),
    include_str!("../../tests/data/final29.jsonl"),
    include_str!("../../tests/data/final30.jsonl"),
    include_str!("../../tests/data/final31.jsonl"),
    include_str!("../../tests/data/final32.jsonl"),
    include_str!("../../tests/data/final33.jsonl"),
    include_str!("../../tests/data/final34.jsonl"),
    include_str!("../../tests/data/final35.jsonl"),
    include_str!("../../tests/data/final36.jsonl"),
    include_str!("../../tests/data/final37.jsonl"),
    include_str!("../../tests/data/final38.jsonl"),
    include_str!("../../tests/data/final39.jsonl"),
    include_str!("../../tests/data/final40.jsonl"),
    include_str!("../../tests/data/final41.jsonl"),
    include_str!("../../tests/data/final42.jsonl"),
    include_str!("../../tests/data/final43.jsonl"),
    include_str!("../../tests/data/final44.jsonl"),
    include_str!("../../tests/data/final45.jsonl"),
    include_str!("../../tests/data/final46.jsonl"),
    include_str!("../../tests/data/final47.jsonl"),
    include_str!("../../tests/data/final48.jsonl"),
    include_str!("../../tests/data/final49.jsonl"),
    include_str!("../../tests/data/final50.jsonl"),
    include_str!("../../tests/data/final51.jsonl"),
    include_str!("../../tests/data/final52.jsonl"),
    include_str!("../../tests/data/final53.jsonl"),
    include_str!("../../tests/data/final54.jsonl"),
    include_str!("../../tests/data/final55.jsonl"),
    include_str!("../../tests/data/final56.jsonl"),
    include_str!("../../tests/data/final57.jsonl"),
    include_str!("../../tests/data/final58.jsonl"),
    include_str!("../../tests/data/final59.jsonl"),
    include_str!("../../tests/data/final60.jsonl"),
    include_str!("../../tests/data/final61.jsonl"),
    include_str!("../../tests/data/final62.jsonl"),
    include_str!("../../tests/data/final63.jsonl"),
    include_str!("../../tests/data/final64.jsonl"),
    include_str!("../../tests/data/final65.jsonl"),
    include_str!("../../tests/data/final66.jsonl"),
    include_str!("../../tests/data/final67.jsonl"),
    include_str!("../../tests/data/final68.jsonl"),
    include_str!("../../tests/data/final69.jsonl"),
    include_str!("../../tests/data/final70.jsonl"),
    include_str!("../../tests/data/final71.jsonl"),
    include_str!("../../tests/data/final72.jsonl"),
    include_str!("../../tests/data/final73.jsonl"),
    include_str!("../../tests/data/final74.jsonl"),
    include_str!("../../tests/data/final75.jsonl"),
    include_str!("../../tests/data/final76.jsonl"),
    include_str!("../../tests/data/final77.jsonl"),
    include_str!("../../tests/data/final78.jsonl"),
    include_str!("../../tests/data/final79.jsonl"),
    include_str!("../../tests/data/final80.jsonl"),
    include_str!("../../tests/data/final81.jsonl"),
    include_str!("../../tests/data/final82.jsonl"),
    include_str!("../../tests/data/final83.jsonl"),
    include_str!("../../tests/data/final84.jsonl"),
    include_str!("../../tests/data/final85.jsonl"),
    include_str!("../../tests/data/final86.jsonl"),
    include_str!("../../tests/data/final87.jsonl"),
    include_str!("../../tests/data/final88.jsonl"),
    include_str!("../../tests/data/final89.jsonl"),
    include_str!("../../tests/data/final90.jsonl"),
    include_str!("../../tests/data/final91.jsonl"),
    include_str!("../../tests/data/final92.jsonl"),
    include_str!("../../tests/data/final93.jsonl"),
    include_str!("../../tests/data/final94.jsonl"),
    include_str!("../../tests/data/final95.jsonl"),
    include_str!("../../tests/data/final96.jsonl"),
    include_str!("../../tests/data/final97.jsonl"),
    include_str!("../../tests/data/final98.jsonl"),
    include_str!("../../tests/data/final99.jsonl"),
    include_str!("../../tests/data/final100.jsonl"),
    include_str!("../../tests/data/final101.jsonl"),
    include_str!("../../tests/data/final102.jsonl"),
    include_str!("../../tests/data/final103.jsonl"),
    include_str!("../../tests/data/final104.jsonl"),
    include_str!("../../tests/data/final105.jsonl"),
    include_str!("../../tests/data/final106.jsonl"),
    include_str!("../../tests/data/final107.jsonl"),
    include_str!("../../tests/data/final108.jsonl"),
    include_str!("../../tests/data/final109.jsonl"),
    include_str!("../../tests/data/final110.jsonl"),
    include_str!("../../tests/data/final111.jsonl"),
    include_str!("../../tests/data/final112.jsonl"),
    include_str!("../../tests/data/final113.jsonl"),
    include_str!("../../tests/data/final114.jsonl"),
    include_str!("../../tests/data/final115.jsonl"),
    include_str!("../../tests/data/final116.jsonl"),
];

/// Every labelled text of the counted files with its `is_recoverable`
/// label; rows without both are left out.
pub(super) fn labelled() -> impl Iterator<Item = (String, bool)> {
    FILES
        .iter()
        .flat_map(|file| file.lines())
        .filter_map(|line| {
            let row = serde_json::from_str::<Value>(line).ok()?;
            Some((
                row["error"].as_str()?.to_owned(),
                row["is_recoverable"].as_bool()?,
            ))
        })
}

/// For each pattern of `tier` that decided: (right, wrong).
fn credits(tier: Tier) -> BTreeMap<&'static str, (u32, u32)> {
    let rules = RuleReflector::new();
    let automaton = automaton().expect("the automaton builds");
    let mut credits = BTreeMap::new();
    for (error, label) in labelled() {
        let error = error.as_str();
        let judged = rules.judge(error, "tool", &Value::Null, None);
        let Ok(analysis) = judged.result else {
            continue;
        };
        let found = categories(&super::fold::fold(error));
        let Some(deciding) = strongest(found) else {
            continue;
        };
        let decided_by_tier = match tier {
            Tier::Strong => judged.confidence == Confidence::Strong,
            Tier::Weak => found.strong == 0 && found.weak != 0,
            Tier::Faint => found.strong == 0 && found.weak == 0,
        };
        if !decided_by_tier || deciding == Category::Auth {
            continue;
        }
        let right = analysis.is_recoverable == label;
        for hit in automaton.find_iter(error) {
            if let Some((pattern, category, hit_tier)) = table().get(hit.pattern().as_usize())
                && *category == deciding
                && *hit_tier == tier
            {
                credit(&mut credits, pattern, right);
            }
        }
    }
    credits
}

/// Counts one verdict of `pattern`, right or wrong.
fn credit(credits: &mut BTreeMap<&'static str, (u32, u32)>, pattern: &'static str, right: bool) {
    let credit = credits.entry(pattern).or_insert((0, 0));
    if right {
        credit.0 += 1;
    } else {
        credit.1 += 1;
    }
}

/// The patterns of `credits` right fewer than `right_per_wrong` times for
/// each time they were wrong, as lines to print.
fn under_the_bar(credits: &BTreeMap<&str, (u32, u32)>, right_per_wrong: u32) -> Vec<String> {
    credits
        .iter()
        .filter(|(_, (right, wrong))| *right < right_per_wrong * *wrong)
        .map(|(pattern, (right, wrong))| format!("`{pattern}`: right {right}, wrong {wrong}"))
        .collect()
}

/// The patterns of `tier` that were right fewer than `right_per_wrong`
/// times for each time they were wrong, as lines to print.
fn below(tier: Tier, right_per_wrong: u32, least_decided: usize) -> Vec<String> {
    let credits = credits(tier);
    assert!(
        credits.len() > least_decided,
        "{} patterns of {tier:?} decided",
        credits.len()
    );
    under_the_bar(&credits, right_per_wrong)
}

#[test]
fn every_strong_pattern_is_right_nine_times_in_ten_where_it_decides() {
    let unsure = below(Tier::Strong, 9, 200);
    assert!(
        unsure.is_empty(),
        "strong patterns right less than nine times in ten; make them weak:\n{}",
        unsure.join("\n")
    );
}

#[test]
fn every_faint_word_is_right_three_times_in_four_where_it_decides() {
    let unsure = below(Tier::Faint, 3, 20);
    assert!(
        unsure.is_empty(),
        "faint words right less than three times in four; drop them:\n{}",
        unsure.join("\n")
    );
}

#[test]
fn the_leaning_words_are_right_nine_times_in_ten_where_they_alone_decide() {
    // The bar they were taken by (`faint::LEANING`), kept on every file
    // counted since, `final116` among them, for the words together and for
    // each word in the texts it is found in.
    let rules = RuleReflector::new();
    let automaton = automaton().expect("the automaton builds");
    let (mut right, mut decided) = (0_usize, 0_usize);
    let mut per_word = BTreeMap::new();
    let mut per_form = BTreeMap::new();
    for (error, label) in labelled() {
        let error = error.as_str();
        let folded = super::fold::fold(error);
        let found = categories(&folded);
        let without = super::Found {
            leaning: 0,
            ..found
        };
        // Decided by the leaning words: something decides with them and
        // nothing without them (`Found::decide` keeps the veto).
        if strongest(found).is_none() || strongest(without).is_some() {
            continue;
        }
        let judged = rules.judge(error, "tool", &Value::Null, None);
        let is_right = judged.result.is_ok_and(|a| a.is_recoverable == label);
        // Each word once per text, however often the text repeats it.
        let words: BTreeSet<&'static str> = automaton
            .find_iter(folded.as_ref())
            .filter_map(|hit| table().get(hit.pattern().as_usize()))
            .filter(|pattern| super::faint::LEANING.contains(pattern))
            .map(|pattern| pattern.0)
            .collect();
        // No leaning word: a negation of `absence.rs` decided.
        if words.is_empty() {
            if let Some(form) = super::absence::names_an_absence(&folded) {
                credit(&mut per_form, form.name, is_right);
            }
            continue;
        }
        decided += 1;
        right += usize::from(is_right);
        for word in words {
            credit(&mut per_word, word, is_right);
        }
    }
    eprintln!("the leaning words alone decided {decided} labelled texts, {right} of them right");
    // 753 when the eighty-fifth round's words were taken and reviewed, 766
    // with `final75` counted, 781 with `final76`, 800 with `final77`, 818
    // with `final78`, 843 with `final79`, 979 with the ninety-first
    // round's words (and its credential words, which now decide some texts
    // these words decided), 1,009 with `final80` (and one text of `final6`
    // that a literal of the ninety-second round now reads), 1,002 with
    // that round's review ("permission" now refuses texts these words
    // read, and ZooKeeper's session expiry is read as passing), 1,020
    // with `final81` and the ninety-third round, 1,046 with `final82` and
    // the ninety-fourth, 1,074 with `final83` and the ninety-fifth, 1,107
    // with `final84` and the ninety-sixth, 1,137 with `final85`, 1,135
    // with the ninety-eighth round (its literals now read two texts these
    // words read), 1,181 with `final86` and `final87`, 1,212 with the
    // ninety-ninth round's "input", 1,247 with `final88`, 1,270 with
    // `final89`, 1,287 with `final90`, 1,314 with `final91`, 1,410 with
    // the hundred-and-second round's "has been" and "before", 1,468 with
    // `final92` and `final93`, 1,530 with `final94` and `final95`, 1,606
    // with `final96` and `final97`, 1,671 with `final98` and `final99`,
    // 1,713 with `final100`, 1,769 with the hundred-and-seventh round's
    // "compatible", "require", "too old" and "multiple", 1,846 with
    // `final101` and `final102`, 1,895 with `final103` and `final104`,
    // 1,946 with `final105` and `final106`, 2,022 with `final107` and
    // `final108`, 2,016 with the hundred-and-ninth round's refusals
    // (`refusals.rs`), which now read six texts these words read, 2,142
    // with `final109` to `final112`, 2,193 with `final113` and
    // `final114`, 2,259 with `final115` and `final116`: fewer means a word
    // was lost or hides another.
    assert!(decided >= 2259, "only {decided} decided");
    assert!(10 * right >= 9 * decided, "right {right} of {decided}");
    let below = under_the_bar(&per_word, 9);
    assert!(
        below.is_empty(),
        "leaning words right less than nine times in ten; drop them:\n{}",
        below.join("\n")
    );
    // The negations of `absence.rs`, by the same bar: each form right nine
    // times in ten, in at least ten texts, and together as many texts as
    // when they were taken (492, 471 of them right, over the files counted
    // here with `final104`, after the round's review; 517, 496 right, with
    // `final105` and `final106`; 534, 513 right, with `final107` and
    // `final108`; 531, 510 right, with the hundred-and-ninth round's
    // refusals, which now read three of them; 568, 547 right, with
    // `final109` to `final112`; 592, 570 right, with `final113` and
    // `final114`; 591, 569 right, since the hundred-and-tenth round's
    // refusals read one of them; 614, 592 right, with `final115` and
    // `final116`: fewer means a form was lost or a literal now reads
    // them).
    let (form_right, form_decided) = per_form.values().fold((0, 0), |(r, d), (right, wrong)| {
        (r + right, d + right + wrong)
    });
    eprintln!(
        "the negations alone decided {form_decided} labelled texts, {form_right} of them right: {per_form:?}"
    );
    assert!(form_decided >= 614, "only {form_decided} decided");
    let below = under_the_bar(&per_form, 9);
    assert!(
        below.is_empty(),
        "negations right less than nine times in ten; drop them:\n{}",
        below.join("\n")
    );
    for form in super::absence::FORMS {
        let (right, wrong) = per_form.get(form.name).copied().unwrap_or_default();
        assert!(
            right + wrong >= 10,
            "{}: only {} texts",
            form.name,
            right + wrong
        );
    }
}
