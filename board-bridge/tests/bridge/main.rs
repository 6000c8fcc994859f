//! The bridge's integration tests in one test binary. Each file here was its own binary, and
//! each linked the bridge, tokio, axum and hyper again: forty links that took more of a CI run
//! than most of the tests they ran. Each file is a module under its old name, so a test is still
//! found by its file, e.g. `cargo nextest run -p board-bridge hall_trf::` (nextest still runs
//! each test in a process of its own, as before). `tests/log_open_memory.rs` stays a binary of
//! its own: its counting allocator is the whole process's.

#[path = "../common/mod.rs"]
mod common;

mod analysis_pty;
mod assets;
mod battery_pty;
mod bridge_pty;
mod chessnut_hid_pty;
mod clock_restart_pty;
mod families_pty;
mod faults_pty;
mod full_disk_pty;
mod game_pgn_pty;
mod hall_assign_pty;
mod hall_next_round_pty;
mod hall_off_board_pty;
mod hall_position_pty;
mod hall_pty;
mod hall_push_score;
mod hall_rounds;
mod hall_seal_made_pty;
mod hall_sealing_pty;
mod hall_serial_pty;
mod hall_signal_pty;
mod hall_trf;
mod hall_undo_restore_pty;
mod knocked_pty;
mod laws_pty;
mod lever_pty;
mod limits_http;
mod livechess_ws;
mod log_pty;
mod page_files_http;
mod refusal_pty;
mod resume_pty;
mod seal_event_pty;
mod seal_kdf_pty;
mod sealing_pty;
mod signal_pty;
mod sim_links_pty;
mod trust_http;
mod trust_pty;
mod trust_seats_pty;

/// Every file in this folder is a module above: a file dropped here without its `mod` line
/// would be compiled by no one and its tests would silently never run.
#[test]
fn every_file_here_is_a_module_of_this_binary() {
    let here = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/bridge");
    let main = include_str!("main.rs");
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(here).expect("the tests' folder") {
        let name = entry.expect("an entry").file_name();
        let name = name.to_string_lossy();
        if let Some(module) = name.strip_suffix(".rs")
            && module != "main"
            && !main.contains(&format!("\nmod {module};\n"))
        {
            missing.push(name.to_string());
        }
    }
    assert!(
        missing.is_empty(),
        "not declared in tests/bridge/main.rs: {missing:?}"
    );
}
