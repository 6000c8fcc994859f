//! Applying a move event: `Game::handle` for a move entered whole and the clock press that
//! completes it, beside the bare cozy-chess work underneath (legality check and play) in the
//! same run; prints the ratio. Goal: a few microseconds per move event.
//! Run: `cargo bench -p arbiter-core --bench arbiter`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use arbiter_core::Color;
use arbiter_core::arbiter::{Event, Game, GameConfig, Stamped};
use arbiter_core::clock::{Millis, TimeControl, Timestamp, Timing};
use arbiter_core::laws::Edition;
use cozy_chess::Board;
use criterion::{Criterion, criterion_group};

/// A 20-ply opening with captures, castling and quiet moves.
const LINE: [&str; 20] = [
    "e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5c6", "d7c6", "e1g1", "f7f6", "d2d4", "e5d4",
    "f3d4", "c6c5", "d4b3", "d8d1", "f1d1", "c8g4", "f2f3", "g4e6",
];

fn game() -> Game {
    let control =
        TimeControl::sudden_death(Millis::minutes(90), Timing::Increment(Millis::seconds(30)));
    let mut game = Game::new(GameConfig::new(Edition::Fide2023, control)).expect("valid setup");
    game.handle(Stamped {
        at: Timestamp(0),
        event: Event::Start,
    })
    .expect("start");
    game
}

/// Plays the line through the arbiter: a move event and a press per ply.
fn arbiter_line() -> Game {
    let mut g = game();
    let mut at = 0;
    for (i, mv) in LINE.iter().enumerate() {
        let side = if i % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        at += 1_000;
        let mv = mv.parse().expect("move text");
        g.handle(Stamped {
            at: Timestamp(at),
            event: Event::Move { mv },
        })
        .expect("move");
        g.handle(Stamped {
            at: Timestamp(at + 10),
            event: Event::PressClock { player: side },
        })
        .expect("press");
        while g.poll_ruling().is_some() {}
    }
    g
}

/// The same line on a bare cozy-chess board (UCI parsing, legality check, play).
fn cozy_line() -> Board {
    let mut board = Board::default();
    for mv in LINE {
        let mv = cozy_chess::util::parse_uci_move(&board, mv).expect("legal");
        board.try_play(mv).expect("legal");
    }
    board
}

fn time_per_ply(f: impl Fn()) -> f64 {
    let start = Instant::now();
    let rounds = 300;
    for _ in 0..rounds {
        f();
    }
    start.elapsed().as_secs_f64() * 1e6 / (rounds * LINE.len()) as f64
}

fn bench(c: &mut Criterion) {
    assert_eq!(
        arbiter_line().moves().len(),
        LINE.len(),
        "every move of the line is completed"
    );
    let mut group = c.benchmark_group("move event");
    group.measurement_time(Duration::from_secs(3));
    group.bench_function("arbiter: 20 plies (move + press each)", |b| {
        b.iter(|| black_box(arbiter_line()))
    });
    group.bench_function("cozy-chess: 20 plies (parse + play)", |b| {
        b.iter(|| black_box(cozy_line()))
    });
    group.finish();
    let ours = time_per_ply(|| {
        black_box(arbiter_line());
    });
    let cozy = time_per_ply(|| {
        black_box(cozy_line());
    });
    println!(
        "per ply: arbiter {ours:.2} us, cozy-chess {cozy:.3} us, ratio {:.1}",
        ours / cozy
    );
}

criterion_group!(benches, bench);

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
}
