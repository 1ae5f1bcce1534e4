//! The `loopctl` binary: parses the command line and hands it to the library.

fn main() -> std::process::ExitCode {
    loopctl_cli::run()
}
