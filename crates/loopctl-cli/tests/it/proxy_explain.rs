//! `loopctl mcp-proxy --explain` prints the policy in force for the upstream's tools and serves nothing.

use std::process::Stdio;

#[test]
fn the_policy_file_is_explained_against_the_upstreams_tools() {
    let dir = std::env::temp_dir().join(format!("loopctl-proxy-explain-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let policy = dir.join("policy.toml");
    std::fs::write(
        &policy,
        "max_retries = 2\nread_only = [\"echo\"]\nidempotent = [\"set_count\"]\ndestructive = [\"append\"]\n[guard]\nappend = [\"path\"]\n",
    )
    .unwrap();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_loopctl"))
        .arg("mcp-proxy")
        .arg("--explain")
        .arg("--policy")
        .arg(&policy)
        .arg("--")
        .arg(loopctl_testkit::mcp_fixture_binary())
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let shown = String::from_utf8_lossy(&output.stdout);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(shown.contains("max retries: 2"), "{shown}");
    assert!(shown.contains("safety policy"), "{shown}");
    for line in [
        "tool echo\n  effect            read_only (declared in the policy)",
        "tool append\n  effect            destructive (declared in the policy)",
        "mechanical repairs only; guarded: path",
        "tool stats\n  effect            unknown (not declared)",
    ] {
        assert!(shown.contains(line), "{line:?} in: {shown}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
