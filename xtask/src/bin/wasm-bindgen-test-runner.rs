//! The wasm-bindgen test runner, built from our lockfile so its version always matches the
//! `wasm-bindgen` crate the wasm module links (a mismatch refuses to run).
fn main() -> anyhow::Result<()> {
    wasm_bindgen_cli::wasm_bindgen_test_runner::run_cli_with_args(std::env::args_os())
}
