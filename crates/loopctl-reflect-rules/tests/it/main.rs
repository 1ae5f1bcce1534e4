//! The crate's integration tests as one binary, so the test build links once
//! instead of once per file; nextest still runs each test in its own process.

mod advice_attacks;
mod beside;
mod combinators;
mod context;
mod credential_words;
mod eleventh;
mod families;
mod fourteenth;
mod limits;
mod lookalikes;
mod nineteenth;
mod persistence;
mod repair_properties;
mod retry_lists;
mod rules;
mod seventeenth;
mod sixteenth;
mod tenth;
mod thirteenth;
mod thirtieth;
mod thirtyfirst;
mod thirtyfourth;
mod thirtysecond;
mod thirtythird;
mod twentieth;
mod twentyeighth;
mod twentyfifth;
mod twentyfirst;
mod twentyfourth;
mod twentyninth;
mod twentysecond;
mod twentyseventh;
mod twentysixth;
mod twentythird;
mod verdicts;
