//! The thirty-second round, read after `final22.jsonl` was measured: npm's one-time password, PlanetScale Connect's refused password, Corepack's unknown signing key, Ray with no cluster, Cline's missing parameter, an MCP server's missing variable and coding agents' command limits as lasting; Azure's operation in progress as passing.

use crate::verdicts::{assert_lasting, assert_passing};

#[test]
fn credentials_another_attempt_is_refused_again() {
    assert_lasting(&[
        // Kitware/vtk-js#3314
        "2025-08-14T17:32:21.8216130Z npm notice Publishing to https://registry.npmjs.org/ with tag latest and public access\n2025-08-14T17:32:21.8216220Z npm error code EOTP\n2025-08-14T17:32:21.8216603Z npm error This operation requires a one-time password from your authenticator.\n2025-08-14T17:32:21.8216938Z npm error You can provide a one-time password by passing --otp=<code> to the command you ran.\n2025-08-14T17:32:21.8217505Z npm error If you already provided a one-time password then it is likely that you either typoed\n2025-08-14T17:32:21.8217679Z npm error it, or it timed out. Please try again.",
        // planetscale/airbyte-source#54
        "Unable to connect to PlanetScale database import-on-scaler at host us-east.connector.psdb.cloud with username le9acunm77jmqj81otd3. Failed with \n Unable to initialize Connect Session: This password is not connect-enabled, please ensure that your organization is enrolled in the Connect beta.",
    ]);
}

#[test]
fn what_another_attempt_meets_again() {
    assert_lasting(&[
        // nodejs/corepack#631
        "Internal Error: Cannot find matching keyid: {\"signatures\":[{\"sig\":\"MEQCIHGqHbvc2zImUPEPFpT4grh6rMYslel+lAjFArx8+RUdAiBfnJA+bgmUvO5Lctfkq+46KKDQdx/8RhLPge3pA+EdHA==\",\"keyid\":\"SHA256:DhQ8wR5APBvFHLF/+Tc+AYvPOdTpcIDqOhxsBHRwC7U\"}],\"keys\":[{\"expires\":null,\"keyid\":\"SHA256:jl3bwswu80PjjokCgh0o2w5c2U4LhQAE57gj9cz1kzA\",\"keytype\":\"ecdsa-sha2-nistp256\",\"scheme\":\"ecdsa-sha2-nistp256\",\"key\":\"MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE1Olb3zMAFFxXKHiIkQO5cJ3Yhl5i6UPp+IhuteBJbuHcA5UogKo0EWtlWwW6KSaKoTNEYL7JlCQiVnkhBktUgg==\"}]}",
        // ray-project/ray#8089
        "ConnectionError: Could not find any running Ray instance. Please specify the one to connect to by setting `address`.",
        // cline/cline#7998
        "Cline tried to use write_to_file without value for required parameter 'content'. Retrying...",
        // anthropics/claude-code#57189
        "Error: Plugin MCP server error - mcp-config-invalid: MCP server github invalid: Missing environment variables: GITHUB_PERSONAL_ACCESS_TOKEN\\n    at SRH (/$bunfs/root/src/entrypoints/cli.js:2652:35772)\\n    at processTicksAndRejections (native:7:39)",
    ]);
}

#[test]
fn a_command_cut_off_at_the_runners_own_limit_is_cut_off_again() {
    assert_lasting(&[
        // esengine/DeepSeek-Reasonix#6462
        "command timed out (> 2m0s)",
        // LionSR/TeXRA#4072
        "Foreground command timed out after 120s.\nTo fix, either:\n- Increase the timeout parameter up to 600s (600000ms): { \"timeout\": 600000 }\n- Set run_in_background: true to execute asynchronously: { \"run_in_background\": true }",
        // mistralai/mistral-vibe#77
        "Error: bash failed: Command timed out after 30s: 'make mtn 2>&1 | tail -3'",
    ]);
    // A Redis client's command time-out is not a runner's limit: it passes.
    assert_passing(&[
        // redis/lettuce#2495 (holdout.jsonl)
        "Redis command timed out; nested exception is io.lettuce.core.RedisCommandTimeoutException: Command timed out after 1 minute(s)",
    ]);
}

#[test]
fn another_operation_on_the_same_resource_ends() {
    assert_passing(&[
        // microsoft/azure-puppet#24
        "ConflictError : Windows Azure is currently performing an operation on this deployment that requires exclusive access.",
    ]);
}
