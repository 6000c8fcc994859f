//! Raw `extern "C"` exports for the wasm measurement of issue 4 (no wasm-bindgen): the script
//! writes a FEN into the buffer from [`buffer`], then calls one query, which answers with a code.
//!
//! Codes: 0 = can mate (proven), 1 = cannot mate (proven), 2 = undetermined, 3 = FEN refused.
//! With neither feature, [`board_moves`] alone is exported: parsing a FEN and generating moves
//! with cozy-chess, the baseline the size of our analysis is measured against.

const CAPACITY: usize = 256;
static mut FEN: [u8; CAPACITY] = [0; CAPACITY];

/// Where the script writes the FEN (at most 256 bytes).
#[unsafe(no_mangle)]
pub extern "C" fn buffer() -> *mut u8 {
    // Single-threaded wasm: the script never writes while a query reads.
    &raw mut FEN as *mut u8
}

fn fen(len: usize) -> Option<String> {
    let len = len.min(CAPACITY);
    // SAFETY: wasm here is single-threaded and the buffer is only read during a call.
    let bytes = unsafe { std::slice::from_raw_parts(&raw const FEN as *const u8, len) };
    let text = std::str::from_utf8(bytes).ok()?.trim();
    // The data sets' hard file has four FEN fields; both parsers want six.
    Some(if text.split_whitespace().count() == 4 {
        format!("{text} 0 1")
    } else {
        text.to_string()
    })
}

fn cozy(len: usize) -> Option<cozy_chess::Board> {
    cozy_chess::Board::from_fen(&fen(len)?, false).ok()
}

/// Baseline for the size measurement: how many legal moves the position has.
#[unsafe(no_mangle)]
pub extern "C" fn board_moves(len: usize) -> u32 {
    let Some(board) = cozy(len) else {
        return u32::MAX;
    };
    let mut n = 0;
    board.generate_moves(|moves| {
        n += moves.len() as u32;
        false
    });
    n
}

#[cfg(feature = "ours")]
fn cozy_side(white: u32) -> cozy_chess::Color {
    if white != 0 {
        cozy_chess::Color::White
    } else {
        cozy_chess::Color::Black
    }
}

/// Our full analysis for one side, with `nodes` as the budget.
#[cfg(feature = "ours")]
#[unsafe(no_mangle)]
pub extern "C" fn ours_can_mate(len: usize, white: u32, nodes: u32) -> u32 {
    use arbiter_core::dead::{Budget, CanMate, can_mate};
    let Some(board) = cozy(len) else { return 3 };
    let budget = Budget {
        nodes: u64::from(nodes),
    };
    match can_mate(&board, cozy_side(white), budget) {
        CanMate::Yes(_) => 0,
        CanMate::No => 1,
        CanMate::Undetermined => 2,
    }
}

/// Our quick check (the one run after every move) for one side.
#[cfg(feature = "ours")]
#[unsafe(no_mangle)]
pub extern "C" fn ours_quick(len: usize, white: u32) -> u32 {
    let Some(board) = cozy(len) else { return 3 };
    if arbiter_core::dead::cannot_mate_quick(&board, cozy_side(white)) {
        1
    } else {
        2
    }
}

#[cfg(feature = "peer")]
fn peer_board(len: usize) -> Option<chess::Board> {
    <chess::Board as std::str::FromStr>::from_str(&fen(len)?).ok()
}

#[cfg(feature = "peer")]
fn peer_side(white: u32) -> chess::Color {
    if white != 0 {
        chess::Color::White
    } else {
        chess::Color::Black
    }
}

/// chasolver's full analysis for one side (its own fixed budgets).
#[cfg(feature = "peer")]
#[unsafe(no_mangle)]
pub extern "C" fn peer_can_mate(len: usize, white: u32) -> u32 {
    let Some(board) = peer_board(len) else {
        return 3;
    };
    match chasolver::winnability(&board, peer_side(white)) {
        Some(chasolver::Winnability::Winnable { .. }) => 0,
        Some(chasolver::Winnability::Unwinnable) => 1,
        None => 2,
    }
}

/// chasolver's fast check for one side.
#[cfg(feature = "peer")]
#[unsafe(no_mangle)]
pub extern "C" fn peer_quick(len: usize, white: u32) -> u32 {
    let Some(board) = peer_board(len) else {
        return 3;
    };
    if chasolver::is_unwinnable_fast(&board, peer_side(white)) {
        1
    } else {
        2
    }
}
