//! Optimization solvers, SPARQL stores, WHOIS servers, output validators, WebAssembly runtimes and math engines: their words for a dropped session or an empty answer that passes, and for a model, query, trap or setting that stays.
//!
//! From `final69`'s misses, each from the system's own code, documentation
//! or thread:
//!
//! - Passing, weak: RIPE's whois server closing an idle connection
//!   (`ERROR:305`, a new connection that sends the query at once is
//!   answered); an HTML page where Porkbun's JSON was expected (two files'
//!   threads saw it pass); PydanticAI's empty answers (a
//!   stream that ended without content, OpenRouter's null `choices`,
//!   which its code says a re-send may well fix); oct2py's Octave session
//!   that died and is restarted before the error is raised.
//! - Lasting: the time limit a store sets on a query (Virtuoso's "query
//!   interrupted by result timeout", Stardog's and RDF4J's), Gurobi's
//!   token server that must be started, SCIP's stage errors, instructor's
//!   token budget, cypari2's stack, oct2py's session time-out (the same
//!   call takes as long); solvers with no solution or none installed,
//!   `ENOEXEC`'s "Exec format error", the SPARQL protocol's missing or
//!   misplaced parameters, read-only stores, WHOIS servers that know no
//!   server for a name or refuse a host for good, content filters and
//!   refusals, output parsers' and grammar engines' unsupported schemas,
//!   WebAssembly traps, fuel and poisoned instances, and the math engines'
//!   parse, domain and divergence errors. Fermyon's device login that
//!   timed out is a refusal: someone must authorise it.
//!
//! Left out: `[Errno 99] Address not available`, which passed for
//! SPARQLWrapper's reader; the labelled files hold the same errno as a
//! bind to a wrong address and a loopback the host lacks, lasting three
//! times and passing twice.

use super::Category::{Auth, Input, Permanent, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    // Passing.
    // The longer phrase hides the strong lasting "has been closed" inside
    // it; RIPE's first line already reads as a closed connection.
    (
        "has been closed after a period of inactivity",
        Transient,
        Strong,
    ),
    // Go's JSON decoder reading an HTML page, as printed and JSON-escaped.
    ("from porkbun: invalid character '<'", Transient, Weak),
    ("from porkbun: invalid character '\\u003c'", Transient, Weak),
    (
        "response ended without content or tool calls",
        Transient,
        Weak,
    ),
    ("returned a response with null `choices`", Transient, Weak),
    ("session died, restarting", Transient, Weak),
    // A time limit the store or the caller set, hit again.
    ("query interrupted by result timeout", Permanent, Weak),
    ("execution time exceeded query timeout", Permanent, Weak),
    ("query evaluation has run into a timeout", Permanent, Weak),
    ("oct2pyerror: session timed out", Permanent, Weak),
    ("instructions on starting a token server", Permanent, Weak),
    (
        "cannot be called at this time in solution process",
        Input,
        Strong,
    ),
    ("token budget cannot be enforced", Input, Strong),
    ("the pari stack overflows", Permanent, Strong),
    ("timed out waiting to authorize the device", Auth, Strong),
    // Solvers and modelling libraries.
    ("no solution exists", Permanent, Strong),
    (
        "no installed solver could handle this problem",
        Input,
        Strong,
    ),
    ("you need a mixed-integer solver", Input, Strong),
    ("no executable found for solver", Permanent, Strong),
    ("failed to locate solver library", Permanent, Strong),
    ("needs to be installed and", Permanent, Weak),
    ("exec format error", Permanent, Strong),
    ("parameter value too big", Input, Strong),
    ("conversion is too high", Input, Strong),
    // SPARQL endpoints and their clients.
    ("please identify your user agent", Input, Strong),
    ("there can be only one \"run last\" join", Input, Strong),
    ("no 'query=' parameter", Input, Strong),
    ("no 'update=' parameter", Input, Strong),
    ("sparql query: empty query string", Input, Strong),
    ("sparql update : use post", Input, Strong),
    ("not compatible with the query http method", Input, Strong),
    ("encoding the service name is unbound", Input, Strong),
    ("can't load into the union graph", Input, Strong),
    ("not in a transaction", Input, Strong),
    ("the sparql store is read only", Permanent, Strong),
    ("updateendpoint is not set", Input, Strong),
    ("allow more memory for qlever", Permanent, Weak),
    ("insufficient free heap memory", Permanent, Weak),
    // WHOIS and RDAP.
    ("has no whois server", Permanent, Strong),
    ("no whois server is known", Permanent, Strong),
    ("please upgrade this program", Permanent, Strong),
    (
        "access from your host has been permanently",
        Permanent,
        Strong,
    ),
    // RIPE's block for abuse, which a person lifts; Cloudflare's block page
    // in place of an API's answer.
    (
        "has been blocked. please contact support",
        Permanent,
        Strong,
    ),
    ("sorry, you have been blocked", Permanent, Strong),
    ("no bootstrap data is loaded", Input, Strong),
    // Output validation and constrained decoding.
    ("content filter triggered", Permanent, Strong),
    ("model refused to produce", Permanent, Strong),
    ("can only be used with a chat generation", Input, Strong),
    ("structured outputs are not available with", Input, Strong),
    ("no token counts returned", Permanent, Weak),
    (
        "top-level json elements found in strict mode",
        Input,
        Strong,
    ),
    ("no definitions found in schema", Input, Strong),
    ("do not support top_k", Input, Strong),
    ("require an active role", Input, Strong),
    // WebAssembly runtimes and toolchains.
    ("[trap] ", Permanent, Strong),
    ("ran out of fuel", Permanent, Strong),
    ("instance lock was poisoned", Permanent, Strong),
    ("variable store is full", Permanent, Strong),
    ("hasn't passed validation", Input, Strong),
    ("entry symbol not defined", Input, Strong),
    ("disabled at compile time", Permanent, Strong),
    ("require the pooling allocator", Input, Strong),
    ("no channel with app_id", Input, Strong),
    // Computer algebra and math engines.
    ("did not understand your input", Input, Strong),
    ("no short answer available", Permanent, Strong),
    ("session is closed", Permanent, Weak),
    ("undefined near line", Input, Strong),
    ("structure has no member", Input, Strong),
    ("sympifyerror", Input, Strong),
    ("mismatched parentheses", Input, Strong),
    ("not invertible", Permanent, Strong),
    ("impossible inverse", Permanent, Strong),
    ("is divergent", Permanent, Strong),
    ("zero to negative power", Input, Strong),
    ("overflow occurred in computation", Permanent, Strong),
    ("longer than depth of object", Input, Strong),
];
