//! The command sequences the docs open with run as written: docs/cli.md's `console` blocks in docs/cli.in/, and, with Node.js, docs/mcp.md's proxy in docs/mcp.in/.

#[test]
fn the_cli_pages_first_commands_print_what_the_page_shows() {
    trycmd::TestCases::new()
        .register_bin("loopctl", trycmd::cargo::cargo_bin!("loopctl"))
        .case("../../docs/cli.md");
}

#[test]
fn the_proxy_pages_first_commands_print_what_the_page_shows() {
    if loopctl_testkit::reference_filesystem_server().is_none() {
        return;
    }
    trycmd::TestCases::new()
        .register_bin("loopctl", trycmd::cargo::cargo_bin!("loopctl"))
        .case("../../docs/mcp.md");
}
