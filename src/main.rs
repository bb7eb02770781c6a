//! The `saguaro` binary: everything it does is in the library (`saguaro::cli`).

fn main() {
    std::process::exit(saguaro::cli::run(std::env::args_os()));
}
