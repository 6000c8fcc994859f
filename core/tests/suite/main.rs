//! arbiter-core's integration tests in one test binary. Each file here was its own binary, and
//! each linked the core and its dependencies again: thirty-nine links, most of the time it took
//! to build these tests. Each file is a module under its old name, so a test is still found by
//! its file, e.g. `cargo nextest run -p arbiter-core laws_draws::` (nextest still runs each
//! test in a process of its own, as before). The helpers the files share, the PGN fixtures and
//! the seeded data stay in the folders beside this one (the PGN benchmark reads two of them).

#[path = "../common_laws/mod.rs"]
mod common_laws;
#[path = "../dgt_session_common/mod.rs"]
mod dgt_session_common;
#[path = "../pgn_common/mod.rs"]
mod pgn_common;
#[path = "../pgn_peer/mod.rs"]
mod pgn_peer;
// ../seeded (the seeded random generator) is pgn_common's module; the other files reach it there.

mod app_e_game;
mod board_families;
mod dead_data;
mod dead_quick_pass;
mod dead_rulings;
mod dead_sliced;
mod dgt_reconstruct;
mod dgt_session;
mod dgt_session_knock;
mod dgt_session_laws;
mod dgt_session_noise;
mod dgt_session_restart;
mod dgt_session_seal;
mod dgt_session_settle;
mod fen_corpus;
mod fen_errors;
mod fuzz_props;
mod laws_adjourn;
mod laws_analysis;
mod laws_arbiter_claims;
mod laws_blind;
mod laws_clock;
mod laws_draws;
mod laws_flag;
mod laws_game_end;
mod laws_illegal;
mod laws_illegal_position;
mod laws_irregular;
mod laws_moves;
mod laws_record;
mod laws_replay;
mod laws_state;
mod laws_touch;
mod perft;
mod pgn_differential;
mod pgn_fixtures;
mod pgn_fuzz;
mod san_roundtrip;
mod trust_envelope;

/// Every file in this folder is a module above: a file dropped here without its `mod` line
/// would be compiled by no one and its tests would silently never run.
#[test]
fn every_file_here_is_a_module_of_this_binary() {
    let here = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/suite");
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
        "not declared in tests/suite/main.rs: {missing:?}"
    );
}
