//! The score in Braille, for a visually impaired player who keeps it in Braille (2005 App.
//! F2.5 / 2023 App. D.2.7): a Braille-ready file (`.brf`) an embosser or a refreshable
//! display reads as it is.
//!
//! # The file
//! North American Braille ASCII: each of the 64 six-dot cells is one character from space
//! (0x20) to underscore (0x5F), letters as capitals. Lines hold at most 40 cells and end with
//! CR LF; a page holds at most 25 lines, and a form feed (0x0C) begins each page after the
//! first. Nothing else is written: no page numbers, no running heads.
//!
//! # The moves (our reading of the Braille chess codes)
//! The moves are the algebraic notation of App. E / C with English piece letters (C.2), in the
//! form blind players write it (after the UK Braille chess code, whose 2015 edition follows
//! Unified English Braille):
//! - A move number and a rank are "lower" digits, written without the number sign: 1 is
//!   dot 2, 2 is dots 2-3, ... 0 is dots 3-5-6 (Braille ASCII `1`..`9`, `0`). A move number
//!   is followed by a space; a game that begins with Black's move puts dots 3-6 (`-`, print's
//!   "...") before it.
//! - Files are the letters a-h; a piece is its capital letter with the capital sign (dot 6,
//!   `,`) before it, so that `Bxc4` (`,BXC4`) and `bxc4` (`BXC4`) stay apart as in print.
//! - A capture keeps its `x` (the letter); castling is `0-0` / `0-0-0` in lower digits and
//!   the hyphen (dots 3-6, C.13); a promotion is the pawn move and the new piece (C.11, `D8,Q`).
//! - Check and mate signs are left out (optional in C.13); a draw offer, "(=)" in print
//!   (C.12), is the full cell (`=`) right after the move.
//! - One move number per line: White's move and Black's reply, one space apart.
//!
//! Around the moves: a line for each player ("WHITE" or "BLACK" and the name, letters
//! folded to a-z, digits with the number sign) and, at the end, the result in words.

use std::fmt::Write;

/// Cells in a line of the file.
pub const CELLS_PER_LINE: usize = 40;
/// Lines in a page of the file.
pub const LINES_PER_PAGE: usize = 25;

/// A move as the score records it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoredMove {
    /// Standard algebraic notation with English letters (`Nf3`, `exd5`, `O-O`, `e8=Q+`).
    pub san: String,
    /// The mover offered a draw with this move.
    pub draw_offer: bool,
}

/// What goes on the Braille score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scoresheet {
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// The number of the first move (1 from the initial position).
    pub first_move_number: u16,
    /// The first move recorded is Black's.
    pub black_moves_first: bool,
    /// The moves in order, both players'.
    pub moves: Vec<ScoredMove>,
    /// The result in PGN form (`1-0`, `0-1`, `1/2-1/2`), or `None` while the game goes on.
    pub result: Option<String>,
}

/// The score as a Braille-ready file (North American Braille ASCII, 40 cells by 25 lines).
pub fn brf(score: &Scoresheet) -> String {
    let mut lines = Vec::new();
    push_wrapped(&mut lines, &format!("WHITE {}", literary(&score.white)));
    push_wrapped(&mut lines, &format!("BLACK {}", literary(&score.black)));
    lines.push(String::new());
    let mut number = score.first_move_number;
    let mut line = String::new();
    let mut white_to_move = !score.black_moves_first;
    for (i, mv) in score.moves.iter().enumerate() {
        if white_to_move || i == 0 {
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            let _ = write!(line, "{number} ");
            if !white_to_move {
                line.push('-');
            }
        } else {
            line.push(' ');
        }
        line.push_str(&chess_move(&mv.san));
        if mv.draw_offer {
            line.push('=');
        }
        if !white_to_move {
            number = number.saturating_add(1);
        }
        white_to_move = !white_to_move;
    }
    if !line.is_empty() {
        push_wrapped(&mut lines, &line);
    }
    let result = match score.result.as_deref() {
        Some("1-0") => "WHITE WINS",
        Some("0-1") => "BLACK WINS",
        Some("1/2-1/2") => "DRAWN",
        _ => "GAME GOES ON",
    };
    lines.push(format!("RESULT {result}"));
    pages(&lines)
}

/// One move of SAN in Braille ASCII, as the module's note describes.
pub fn chess_move(san: &str) -> String {
    let mut out = String::new();
    let body = san.trim_end_matches(['+', '#', '!', '?']);
    if body.starts_with("O-O") || body.starts_with("0-0") {
        let long = body.len() >= 5;
        return if long { "0-0-0" } else { "0-0" }.to_string();
    }
    for c in body.chars() {
        match c {
            'K' | 'Q' | 'R' | 'B' | 'N' => {
                out.push(',');
                out.push(c);
            }
            'a'..='h' | 'x' => out.push(c.to_ascii_uppercase()),
            '1'..='8' => out.push(c),
            // "d8=Q" is written "d8Q" (C.11): the piece letter carries its own capital sign.
            _ => {}
        }
    }
    out
}

/// Text outside the moves in literary Braille ASCII: letters folded to A-Z, digits after the
/// number sign as the letters a-j, spaces kept, anything else left out.
fn literary(text: &str) -> String {
    let mut out = String::new();
    let mut in_number = false;
    for c in text.chars() {
        if let Some(d) = c.to_digit(10) {
            if !in_number {
                out.push('#');
                in_number = true;
            }
            // The number sign turns a-j into 1-9, 0.
            out.push(b"JABCDEFGHI"[d as usize] as char);
            continue;
        }
        in_number = false;
        if c.is_whitespace() {
            if !out.ends_with(' ') && !out.is_empty() {
                out.push(' ');
            }
        } else if let Some(letter) = fold(c) {
            out.push(letter);
        }
    }
    out.trim_end().to_string()
}

/// A letter as one of A-Z, accents dropped; `None` for anything else.
fn fold(c: char) -> Option<char> {
    let base = match c {
        'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'À' | 'Á' | 'Â' | 'Ã' | 'Ä' | 'Å' => 'a',
        'ç' | 'Ç' | 'č' | 'Č' | 'ć' | 'Ć' => 'c',
        'è' | 'é' | 'ê' | 'ë' | 'È' | 'É' | 'Ê' | 'Ë' | 'ě' => 'e',
        'ì' | 'í' | 'î' | 'ï' | 'Ì' | 'Í' | 'Î' | 'Ï' => 'i',
        'ñ' | 'Ñ' | 'ń' | 'ň' => 'n',
        'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' | 'Ò' | 'Ó' | 'Ô' | 'Õ' | 'Ö' | 'Ø' => 'o',
        'ù' | 'ú' | 'û' | 'ü' | 'Ù' | 'Ú' | 'Û' | 'Ü' => 'u',
        'ý' | 'ÿ' | 'Ý' => 'y',
        'š' | 'Š' | 'ś' | 'ß' => 's',
        'ž' | 'Ž' | 'ź' | 'ż' => 'z',
        'ł' | 'Ł' => 'l',
        'ř' | 'Ř' => 'r',
        c if c.is_ascii_alphabetic() => c,
        _ => return None,
    };
    Some(base.to_ascii_uppercase())
}

/// Splits a line longer than a Braille line at its last space that fits, or hard at 40 cells.
fn push_wrapped(lines: &mut Vec<String>, text: &str) {
    let mut rest = text;
    while rest.len() > CELLS_PER_LINE {
        // Braille ASCII is one byte per cell, so byte offsets are cell counts.
        let cut = rest[..=CELLS_PER_LINE]
            .rfind(' ')
            .filter(|&i| i > 0)
            .unwrap_or(CELLS_PER_LINE);
        lines.push(rest[..cut].trim_end().to_string());
        rest = rest[cut..].trim_start();
    }
    lines.push(rest.to_string());
}

/// Lays the lines out in pages: CR LF after each line, a form feed before each new page.
fn pages(lines: &[String]) -> String {
    let mut out = String::new();
    for (i, line) in lines.iter().enumerate() {
        if i > 0 && i % LINES_PER_PAGE == 0 {
            out.push('\u{c}');
        }
        out.push_str(line);
        out.push_str("\r\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(sans: &[&str]) -> Vec<ScoredMove> {
        sans.iter()
            .map(|s| ScoredMove {
                san: s.to_string(),
                draw_offer: false,
            })
            .collect()
    }

    #[test]
    fn b09_a_short_game_in_exact_bytes() {
        let score = Scoresheet {
            white: "Anna Müller".into(),
            black: "Bella 2".into(),
            first_move_number: 1,
            black_moves_first: false,
            moves: moves(&["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"]),
            result: Some("1-0".into()),
        };
        assert_eq!(
            brf(&score),
            "WHITE ANNA MULLER\r\n\
             BLACK BELLA #B\r\n\
             \r\n\
             1 E4 E5\r\n\
             2 ,BC4 ,NC6\r\n\
             3 ,QH5 ,NF6\r\n\
             4 ,QXF7\r\n\
             RESULT WHITE WINS\r\n"
        );
    }

    #[test]
    fn b09_pieces_and_pawns_captures_castling_promotion_offer() {
        assert_eq!(chess_move("Bxc4"), ",BXC4");
        assert_eq!(chess_move("bxc4"), "BXC4");
        assert_eq!(chess_move("O-O"), "0-0");
        assert_eq!(chess_move("O-O-O+"), "0-0-0");
        assert_eq!(chess_move("exf8=N+"), "EXF8,N");
        assert_eq!(chess_move("Ngf3"), ",NGF3");
        assert_eq!(chess_move("R1a3"), ",R1A3");
        let score = Scoresheet {
            white: String::new(),
            black: String::new(),
            first_move_number: 11,
            black_moves_first: true,
            moves: vec![
                ScoredMove {
                    san: "Kb8".into(),
                    draw_offer: true,
                },
                ScoredMove {
                    san: "Qd7".into(),
                    draw_offer: false,
                },
            ],
            result: None,
        };
        let text = brf(&score);
        assert!(text.contains("\r\n11 -,KB8=\r\n12 ,QD7\r\n"), "{text:?}");
        assert!(text.ends_with("RESULT GAME GOES ON\r\n"));
    }

    #[test]
    fn b09_pages_of_25_lines_of_at_most_40_cells_in_braille_ascii() {
        let long_name = "Wolfgang Amadeus Theophilus Gottlieb Mozart von Salzburg";
        let sans: Vec<&str> = ["Nf3", "Nf6", "Ng1", "Ng8"].repeat(20);
        let score = Scoresheet {
            white: long_name.into(),
            black: "B".into(),
            first_move_number: 1,
            black_moves_first: false,
            moves: moves(&sans),
            result: Some("1/2-1/2".into()),
        };
        let text = brf(&score);
        for b in text.bytes() {
            assert!(
                (0x20..=0x5F).contains(&b) || b == b'\r' || b == b'\n' || b == 0x0C,
                "byte {b:#x} is no Braille ASCII"
            );
        }
        let pages: Vec<&str> = text.split('\u{c}').collect();
        // 3 name lines (White's wraps once) + 1 blank + 40 move lines + 1 result = 45.
        assert_eq!(pages.len(), 2);
        assert_eq!(pages[0].matches("\r\n").count(), LINES_PER_PAGE);
        assert_eq!(pages[1].matches("\r\n").count(), 45 - LINES_PER_PAGE);
        for line in text.split("\r\n") {
            assert!(
                line.trim_start_matches('\u{c}').len() <= CELLS_PER_LINE,
                "{line}"
            );
        }
        assert!(pages[0].starts_with("WHITE WOLFGANG AMADEUS THEOPHILUS\r\nGOTTLIEB MOZART"));
        assert!(pages[1].ends_with("RESULT DRAWN\r\n"));
    }
}
