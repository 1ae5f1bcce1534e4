//! The seventy-eighth round, read after `final69.jsonl` was measured: optimization solvers, SPARQL stores, WHOIS servers, output validators, WebAssembly runtimes and math engines, and the licence refusals of commercial engines.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{
    assert_all, assert_lasting, assert_not_passing_unsure, assert_passing, assert_refused_beside,
    assert_refused_surely, beside,
};

/// The round's passing texts decided by weak words, each from its
/// system's own files or thread: passing, weakly, and still refused
/// beside a credential word.
const WEAK_PASSING: &[&str] = &[
    // pydantic/pydantic-ai, which says a re-send may well succeed
    "OpenRouter returned a response with null `choices` and no error envelope",
    // pydantic/pydantic-ai
    "Streamed response ended without content or tool calls",
    // blink1073/oct2py#126, restarted before the error is raised
    "Oct2PyError: Session died, restarting",
    // DNSControl/dnscontrol#3225
    "Error getting corrections (porkbun): failed parsing url forwarding record list from porkbun: invalid character '<' looking for beginning of value",
    // DNSControl/dnscontrol, as final30 and final58 hold it
    "Error getting corrections (porkbun): failed parsing record list from porkbun: invalid character '<' looking for beginning of value",
    // the same, JSON-escaped as Go prints it inside JSON (constructed)
    "failed parsing record list from porkbun: invalid character '\\u003c' looking for beginning of value",
    // MOSEK's response code 1015, as ROI.plugin.mosek lists it
    "MOSEK error 1015: The license server is not responding.",
];

/// The passing text decided by a strong literal, so that it outweighs the
/// strong "has been closed" inside it: still passing only weakly, since it
/// does not say when to retry.
const STRONG_PASSING: &[&str] = &[
    // RIPE-NCC/whois, its query messages
    "ERROR:305: connection has been closed\n\nThe connection to the RIPE Database query server\nhas been closed after a period of inactivity.",
];

#[test]
fn dropped_sessions_and_empty_answers_pass_unsure() {
    assert_all((true, Confidence::Weak), WEAK_PASSING);
    assert_all((true, Confidence::Weak), STRONG_PASSING);
}

#[test]
fn refusals_beside_the_new_passing_words_stay_refused() {
    assert_refused_beside(WEAK_PASSING);
    // A strong passing literal beside a refusal leaves it refused, though
    // unsure (as Microsoft Graph's 429 sent as `accessDenied`); beside a
    // daily limit it lasts too.
    let others = [
        "invalid api key",
        "401 Unauthorized",
        "account locked",
        "daily limit reached",
    ];
    for text in beside(STRONG_PASSING, &others) {
        assert_lasting(&[&text]);
    }
}

#[test]
fn query_time_limits_and_missing_setups_last_unsure() {
    // A time limit the store or the caller set is met again by the same
    // query; these words are generic, so weak.
    assert_all(
        (false, Confidence::Weak),
        &[
            // biosimulations/biosimulations#3546
            "Failed to connect to token server 'gurobi.cam.uchc.edu' (port 41954) - license file '/home/FCAM/crbmapi/gurobi.lic'.  Consult the Quick Start Guide for instructions on starting a token server.",
            // coin-or/pulp
            "PuLP: java needs to be installed and accesible in order to use CHOCO_CMD",
            // openlink/virtuoso-opensource#983
            "Virtuoso S1TAT Error RC...: Returning incomplete results, query interrupted by result timeout.",
            // ad-freiburg/qlever#1309
            "Tried to allocate 278 TB, but only 28.9 GB were available. Clear the cache or allow more memory for QLever during startup",
            // stardog-union/stardog-examples#52
            "com.complexible.stardog.plan.eval.operator.OperatorException: Execution time exceeded query timeout 300000",
            // Ontotext-AD/graphdb-workbench#213
            "Insufficient free Heap Memory 21,042Mb for group by and distinct, threshold:36,864Mb, reached 37Mb",
            // eclipse-rdf4j/rdf4j#4785
            "Query evaluation has run into a timeout.",
            // 567-labs/instructor
            "Token budget cannot be enforced because total token usage is unavailable",
            // guardrails-ai/guardrails
            "No token counts returned from OpenAI",
            // blink1073/oct2py
            "oct2py.utils.Oct2PyError: Session timed out",
            // blink1073/oct2py
            "Session is closed",
        ],
    );
}

#[test]
fn models_queries_traps_and_settings_last_surely() {
    assert_all(
        (false, Confidence::Strong),
        &[
            // euba/BacArena#101
            "CPLEX Error  1217: No solution exists.",
            // Argonne-National-Laboratory/DSP#199
            "CPLEX Error  1015: Parameter value too big.",
            // scipopt/PySCIPOpt#796
            "SCIP: method cannot be called at this time in solution process!",
            // google/or-tools#2174
            "The relative error during double -> int64 conversion is too high! error:6.4325e+15 check_tolerance:0.0001",
            // cvxpy/cvxpy
            "You need a mixed-integer solver for this model. Refer to the documentation https://www.cvxpy.org/tutorial/advanced/index.html#mixed-integer-programs for discussion on this topic. Install the SCIP solver (pip install pyscipopt) for mixed-integer nonlinear problems, or HiGHS (pip install highspy) for mixed-integer LPs.",
            // cvxpy/cvxpy
            "No installed solver could handle this problem.",
            // yongtwang/engineering-python#2
            "OSError: [Errno 8] Exec format error: '/home/pi/.local/lib/python3.7/site-packages/pulp/apis/../solverdir/cbc/linux/32/cbc'",
            // coin-or/pulp
            "COPT_PULP: Failed to locate solver library, please refer to COPT manual for installation guide",
            // PyPSA/PyPSA#63
            "ApplicationError: No executable found for solver 'glpk'",
            // wikimedia/wikidata-query-rdf
            "Please identify your user agent, see https://meta.wikimedia.org/wiki/User-Agent_policy",
            // Ironholds/WikidataR#28
            "java.util.concurrent.ExecutionException: java.util.concurrent.ExecutionException: java.lang.RuntimeException: there can be only one \"run last\" join in any group",
            // oxigraph/oxigraph
            "SPARQL updates are not compatible with the QUERY HTTP method",
            // oxigraph/oxigraph
            "The variable encoding the service name is unbound",
            // apache/jena
            "SPARQL Query: No 'query=' parameter",
            // apache/jena
            "SPARQL Query: Empty query string",
            // apache/jena
            "SPARQL Update : use POST or PATCH",
            // apache/jena
            "SPARQL Update: No 'update=' parameter",
            // apache/jena
            "Can't load into the union graph",
            // stardog-union/pystardog
            "Not in a transaction",
            // RDFLib/rdflib
            "The SPARQL store is read only",
            // RDFLib/rdflib
            "UpdateEndpoint is not set - call 'open'",
            // rfc1036/whois
            "This TLD has no whois server.",
            // rfc1036/whois
            "No whois server is known for this kind of object.",
            // rfc1036/whois
            "Unknown AS number or IP network. Please upgrade this program.",
            // rfc1036/whois
            "This TLD has no whois server, but you can access the whois database at",
            // rfc1036/whois
            "Catastrophic error: disclaimer text has been changed.\nPlease upgrade this program.\n",
            // stamparm/maltrail#77
            "% Sorry, access from your host has been permanently\n% denied because of a repeated excessive querying.",
            // meeb/whoisit
            "No bootstrap data is loaded",
            // 567-labs/instructor
            "Token budget cannot be enforced because the provider response did not include compatible usage metadata",
            // pydantic/pydantic-ai
            "Content filter triggered.",
            // langchain-ai/langchain
            "Model refused to produce the requested output",
            // langchain-ai/langchain
            "This output parser can only be used with a chat generation.",
            // dottxt-ai/outlines
            "CFG-based structured outputs are not available with Mistral.",
            // mangiucugna/json_repair
            "Multiple top-level JSON elements found in strict mode.",
            // noamgat/lm-format-enforcer
            "String schema contains both a pattern and a min/max length, which is not currently supported",
            // noamgat/lm-format-enforcer
            "No definitions found in schema",
            // guidance-ai/guidance
            "OpenAI models do not support top_k sampling.",
            // guidance-ai/guidance
            "OpenAI models require an active role (e.g. use `with assistant(): ...`)",
            // bytecodealliance/wasmtime
            "memory protection keys require the pooling allocator",
            // bytecodealliance/wasmtime
            "support for cranelift disabled at compile time",
            // bytecodealliance/wasmtime
            "sockets are not currently supported",
            // wasm3/wasm3
            "[trap] integer divide by zero",
            // wasm3/wasm3
            "[trap] stack overflow",
            // WasmEdge/WasmEdge
            "wasm module hasn't passed validation yet",
            // extism/extism
            "plugin ran out of fuel",
            // extism/extism
            "instance lock was poisoned; previous thread panicked while calling into wasm",
            // extism/extism
            "Variable store is full",
            // spinframework/spin#1540
            "Error: No channel with app_id b65b8241-dade-44b5-a9b9-a5aa47cc5007 and name spin-deploy\n\nLearn more at https://developer.fermyon.com/cloud/faq",
            // emscripten-core/emscripten
            "entry symbol not defined (pass --no-entry to suppress): main",
            // products.wolframalpha.com
            "Wolfram|Alpha did not understand your input",
            // products.wolframalpha.com
            "No short answer available",
            // blink1073/oct2py#185
            "error: 'sentinel' undefined near line 99, column 99\nerror: called from\n    _pyeval at line 99 column 10",
            // blink1073/oct2py#180
            "oct2py.utils.Oct2PyError: Octave evaluation error:\nerror: structure has no member 'dname'",
            // sympy/sympy
            "SympifyError: SympifyError: \"could not parse 'x***2'\"",
            // sympy/sympy
            "Mismatched parentheses",
            // sympy/sympy
            "Matrix det == 0; not invertible",
            // sagemath/cypari2
            "PariError: _^s: the PARI stack overflows (current size: 1000000; maximum size: 4194304)\nYou can use pari.allocatemem() to change the stack size and try again",
            // sagemath/cypari2
            "PariError: impossible inverse in gdiv: 0",
            // sagemath/sage
            "Integral is divergent.",
            // sagemath/sage
            "RuntimeError: ECL says: Zero to negative power computed.",
            // Mathics3/mathics-core
            "Overflow occurred in computation.",
            // Mathics3/mathics-core
            "Part specification is longer than depth of object.",
        ],
    );
}

/// The licence refusals and the device login, each in its engine's own
/// words.
const REFUSED: &[&str] = &[
    // royerlab/ultrack#65
    "Request denied: user 'eduardo.hirata' not in authorized user list",
    // shahab-sarmashghi/RESPECT#11
    "Request denied: license not valid for Gurobi version 10",
    // jiarong/VirSorter2#209
    "Failed to set up a license\n\nError 10009: License expired 2021-12-09",
    // RobotLocomotion/drake#1238
    "Gurobi error 10009: License expired 2015-04-01\nPlease consult the Gurobi Quick Start Guide for details on setting up a license.",
    // ds2010/pyStoNED#50
    "MOSEK error 1008: License cannot be located. The default search path is ':/home/user/mosek/mosek.lic:'.",
    // joaquimg/BilevelJuMP.jl#245
    "XpressError(8): Corrupt use. Xpress licensing error 10:\nYour license expired on 28-feb-2026. Please contact support@fico.com to renew it.",
    // fermyon/cloud-plugin
    "Timed out waiting to authorize the device. Please execute `spin login` again and authorize the device with GitHub.",
    // njpipeorgan/wolfram-language-notebook#3
    "Your Wolfram Engine installation is not activated or is experiencing a license-related problem.\n\nPlease run wolframscript with the -activate option, and then try\n your original wolframscript command again.",
    // microsoft/vscode-jupyter#7550
    "The Wolfram Engine could not be activated using your Wolfram ID.",
    // Named by the review: UCL-ARC/rcps-buildscripts#566
    "Version number is 11.0, license is for version 10.0",
    // a README's gurobipy output (FastForward)
    "gurobipy.GurobiError: No Gurobi license found (user tacas21, host tacas, hostid 279fc479, cores 1)",
    // Phables' documentation
    "GurobiError: HostID mismatch (licensed to node01, hostid is node02)",
    // an HPC community thread
    "Error 10024: Web license service only available for container environments",
    // MOSEK's response codes 1001, 1002 and 1025, as ROI.plugin.mosek lists them
    "MOSEK error 1001: The license has expired.",
    "MOSEK error 1002: The license is valid for another version of MOSEK.",
    "MOSEK error 1025: The host ID specified in the license file does not match the host ID of the computer.",
];

#[test]
fn licence_refusals_and_a_device_login_are_refused() {
    // Refused surely, beside the weak "failed to connect" too.
    assert_refused_surely(REFUSED);
}

#[test]
fn a_licence_header_is_not_the_refusal_after_it() {
    // Gurobi heads every licence failure with "Failed to set up a license",
    // its token server down among them (the review's QuickBytes#279), and
    // the MATLAB Engine's "Error checking out license" heads a checkout
    // that found no free seat as much as a refusal: both last, weakly.
    assert_all(
        (false, Confidence::Weak),
        &[
            "Failed to set up a license\nError 10009: Failed to connect to token server 'license001.alliance.unm.edu' (port 41954) - license file '/opt/local/gurobi/9.1.0/license/gurobi.lic'.  Consult the Quick Start Guide for instructions on starting a token server.",
            // cnapy-org/CNApy#249
            "matlab.engine.EngineError: Unable to launch MVM server: License Error: Error checking out license",
        ],
    );
}

#[test]
fn a_block_page_lasts_surely() {
    // Cloudflare's block page, as its first sentences read, in place of an
    // API's answer: the same request is blocked again.
    assert_all(
        (false, Confidence::Strong),
        &[
            "Sorry, you have been blocked\nYou are unable to access api.porkbun.com\nWhy have I been blocked?\nThis website is using a security service to protect itself from online attacks.",
        ],
    );
}

#[test]
fn a_block_beside_the_new_passing_words_lasts() {
    // Two real messages put together by the review: RIPE's block for abuse
    // before its idle close, and Cloudflare's block page where Porkbun's
    // JSON was expected.
    assert_lasting(&[
        "% Your host 192.0.2.1 has been blocked. Please contact support <ripe-dbm@ripe.net> for further assistance.\n\n%ERROR:305: connection has been closed\n%\n% The connection to the RIPE Database query server\n% has been closed after a period of inactivity.",
        "failed parsing record list from porkbun: invalid character '<' looking for beginning of value (Sorry, you have been blocked)",
    ]);
}

#[test]
fn a_licence_server_that_cannot_be_reached_still_passes() {
    // The licence words name a refusal, not the word "license": Unity's
    // and Directus' unreachable licence services passed on a retry
    // (final53, final65).
    assert_passing(&[
        "Cancelling DisplayDialog: Information There was a problem communicating with the license server. Would you like to do a manual activation instead?",
        "Licensing service is unreachable.",
    ]);
}

#[test]
fn a_pool_or_session_that_has_been_closed_still_lasts() {
    // RIPE's longer phrase hides the strong "has been closed" only where
    // RIPE says why: a client's own closed pool stays closed (HikariCP's
    // text, constructed from its message).
    assert_all(
        (false, Confidence::Strong),
        &["HikariDataSource HikariDataSource (HikariPool-1) has been closed."],
    );
}

#[test]
fn an_address_not_available_is_not_called_a_blip() {
    // Left out of the round: the same errno is a bind to an address the
    // host lacks (constructed, as musl prints it) or a loopback it lacks.
    assert_not_passing_unsure(&["OSError: [Errno 99] Address not available"]);
    assert_lasting(&[
        "Address not available. You may have tried to bind to an invalid IP address (see Settings → Advanced).",
    ]);
}
