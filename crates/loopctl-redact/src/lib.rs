//! One redactor for every place loopctl writes or sends text: the recorder, the LLM reflector's prompt, span payloads, MCP errors and the command line.
//!
//! [`Redactor`] hides a value when its name says it is secret (`password`,
//! `client_secret`, `x-api-key`, `Set-Cookie`, … at any depth of a JSON
//! value, in headers, query strings and `name=value` pairs of free text) or
//! when its shape is a secret's, by the rules of published secret scanners:
//! Betterleaks (the maintained successor of gitleaks), Nosey Parker and
//! Titus, and the Datadog tracers' bearer pattern. `rules/SOURCES.md` cites
//! each rule's origin and licence; `docs/redact.md` says what is hidden where.
//!
//! ```
//! use loopctl_redact::Redactor;
//!
//! let redactor = Redactor::builder().key("ssn").build()?;
//! let error = "upstream 401 for https://bot:hunter2@api.example.com/v1?key=AIzaSyA-1234&ssn=078-05-1120";
//! assert_eq!(
//!     redactor.text(error),
//!     "upstream 401 for https://REDACTED:REDACTED@api.example.com/v1?key=REDACTED&ssn=REDACTED"
//! );
//! # Ok::<(), loopctl_redact::RedactError>(())
//! ```

mod cut;
mod keys;
mod redactor;
mod restore;
mod scan;
mod shapes;
mod spans;
mod writer;

pub use cut::truncate_middle;
pub use redactor::{RedactError, Redactor, RedactorBuilder};
pub use restore::Unrestored;
pub use scan::url::{describe_url, describe_urls_in};
pub use shapes::builtin_shapes;
pub use spans::{MARK, URL_MARK};
pub use writer::RedactingWriter;
