//! `zerocol`: the binary; the tool is the `zerocol_cli` library ([`zerocol_cli::main`]).

fn main() -> std::process::ExitCode {
    zerocol_cli::main()
}
