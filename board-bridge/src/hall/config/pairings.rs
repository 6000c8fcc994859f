//! The round's players from the pairing program's TRF file: which game is played on which
//! board, and the next round's players in place of this round's.
//!
//! A round may have more games than the hall has sensor boards (an open of 150 players, a club
//! with six boards): the sensor boards carry the top boards of the pairing, as every broadcast
//! shows them, and the other games are played on ordinary boards, their results entered by the
//! arbiter ([`crate::hall::off_board`]).

use super::HallConfig;

/// The pairing program's TRF file and the round's games read from it, board by board.
#[derive(Debug, Clone)]
pub struct RoundFile {
    /// The file read.
    pub trf: crate::hall::trf::Trf,
    /// Each game of the round with the number of the board it is played on.
    pub games: Vec<(u32, crate::hall::trf::Pairing)>,
    /// The games after the sensor boards' in the pairing's board order, each with its board
    /// number in the pairing: played on ordinary boards, without moves to read.
    pub off_board: Vec<(u32, crate::hall::trf::Pairing)>,
}

impl HallConfig {
    /// Forgets every board's players: a later round's come from its pairings alone, never from
    /// the names the hall file gives for its own round.
    pub(super) fn forget_players(&mut self) {
        for board in &mut self.boards {
            for name in [&mut board.white, &mut board.black] {
                name.clear();
            }
            board.white_title = None;
            board.black_title = None;
            board.white_elo = None;
            board.black_elo = None;
            board.white_fide_id = None;
            board.black_fide_id = None;
        }
    }

    /// Fills the boards' players from round `[event] round` of the TRF file `text`: board by
    /// board in number order, the first game on the lowest number. Names the hall file gives
    /// itself are kept. The games beyond the hall's boards are the round's too, off the sensor
    /// boards, each numbered by its place in the pairing (the first of them one after the
    /// hall's count of boards).
    ///
    /// # Errors
    /// The file cannot be read (its line and field); or the round has more games than boards
    /// and a hall board's number is that of a game off the boards.
    pub fn import_round(&mut self, text: &str) -> Result<(), String> {
        let trf = crate::hall::trf::Trf::parse(text).map_err(|e| e.to_string())?;
        let games = trf.pairings(self.event.round).map_err(|e| e.to_string())?;
        let on_boards = games.len().min(self.boards.len());
        let off_board: Vec<(u32, crate::hall::trf::Pairing)> = (on_boards..games.len())
            .map(|i| (u32::try_from(i + 1).unwrap_or(u32::MAX), games[i]))
            .collect();
        // A board number means one game: the sensor boards carry the pairing's first boards,
        // so a hall whose boards are numbered otherwise would give two games one number.
        if let Some(board) = self
            .boards
            .iter()
            .find(|b| off_board.iter().any(|(n, _)| *n == b.number))
        {
            return Err(format!(
                "round {} has {} games on {} sensor boards, which carry the pairing's boards 1 to {}; the hall's board {} is the number of a game off the sensor boards: number the hall's boards 1 to {}",
                self.event.round,
                games.len(),
                self.boards.len(),
                on_boards,
                board.number,
                self.boards.len()
            ));
        }
        let mut order: Vec<usize> = (0..self.boards.len()).collect();
        order.sort_by_key(|&i| self.boards[i].number);
        let mut placed = Vec::with_capacity(games.len());
        for (&i, game) in order.iter().zip(&games) {
            let board = &mut self.boards[i];
            let (Some(w), Some(b)) = (trf.player(game.white), trf.player(game.black)) else {
                continue;
            };
            if board.white.trim().is_empty() {
                board.white.clone_from(&w.name);
                board.white_title.clone_from(&w.title);
                board.white_elo = w.rating;
                board.white_fide_id = w.fide_id;
            }
            if board.black.trim().is_empty() {
                board.black.clone_from(&b.name);
                board.black_title.clone_from(&b.title);
                board.black_elo = b.rating;
                board.black_fide_id = b.fide_id;
            }
            placed.push((board.number, *game));
        }
        self.round_file = Some(RoundFile {
            trf,
            games: placed,
            off_board,
        });
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::HallConfig;

    #[test]
    fn the_next_round_takes_its_players_from_the_trf_file_given_or_else_refuses() {
        let dir = std::env::temp_dir().join(format!("arbiter-next-round-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("hall.toml");
        std::fs::write(
            &file,
            "[event]\nname = \"Springfield Club Championship\"\nround = 1\ntime_control = \"90+30\"\n\n\
             [[board]]\nnumber = 1\nwhite = \"A\"\nblack = \"B\"\nport = \"/dev/ttyACM0\"\n\n\
             [[board]]\nnumber = 2\nwhite = \"C\"\nblack = \"D\"\nport = \"/dev/ttyACM1\"\n",
        )
        .unwrap();
        // No [event] trf and none given: round 1's names are never played again as round 2's.
        let refused = HallConfig::load_next(&file, 2, None)
            .unwrap_err()
            .to_string();
        assert!(refused.contains("round 2's pairings"), "{refused}");
        let trf = include_str!("../../../tests/data/round.trf");
        let next = HallConfig::load_next(&file, 2, Some(trf)).unwrap();
        assert_eq!(next.event.round, 2);
        assert_eq!(
            (next.boards[0].white.as_str(), next.boards[0].black.as_str()),
            ("Neri, Bruno", "Rossi, Anna")
        );
        assert_eq!(next.boards[0].black_title.as_deref(), Some("GM"));
        assert_eq!(next.boards[1].white, "Verdi, Carla");
        // A round the file has no pairings for: refused, naming the board without a game.
        let none = HallConfig::load_next(&file, 3, Some(trf))
            .unwrap_err()
            .to_string();
        assert!(none.contains("no game for this board"), "{none}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn games_beyond_the_boards_are_the_rounds_too_numbered_after_them() {
        let trf = include_str!("../../../tests/data/round.trf");
        let one = |number: u32| {
            HallConfig::parse(&format!(
                "[event]\nname = \"E\"\nround = 2\ntime_control = \"90+30\"\ntrf = \"r.trf\"\n\n\
                 [[board]]\nnumber = {number}\nport = \"/dev/ttyACM0\"\n"
            ))
            .unwrap()
        };
        let mut hall = one(1);
        hall.import_round(trf).unwrap();
        assert_eq!(hall.boards[0].white, "Neri, Bruno");
        let file = hall.round_file.unwrap();
        assert_eq!(file.games.len(), 1);
        assert_eq!(file.off_board.len(), 1);
        assert_eq!(file.off_board[0].0, 2, "the pairing's board 2");
        // A sensor board numbered 2 would be a second game 2: refused, saying how to number.
        let e = one(2).import_round(trf).unwrap_err();
        assert!(
            e.contains("board 2 is the number of a game off the sensor boards"),
            "{e}"
        );
    }
}
