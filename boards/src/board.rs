//! What a DGT board dump says: its square order, its piece codes, and which way round the
//! board sits.
//!
//! The board numbers its squares 0..63 in reading order as seen with the connector on White's
//! left: index 0 is a8, 7 is h8, 56 is a1, 63 is h1. The board never renumbers itself when it is
//! turned round; software infers the orientation (2005 Art. 7.1: the initial position must be
//! correct, which is also when a turned board shows itself).

pub use arbiter_chess::placement::{Occupant, Placement};
use arbiter_chess::{Color, File, Piece, Rank, Square};

/// A square in the board's own numbering (0 = a8 when the board sits the normal way).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DgtSquare(u8);

impl DgtSquare {
    /// The board's square `index`, or `None` when it is not 0..63.
    pub fn new(index: u8) -> Option<Self> {
        (index < 64).then_some(Self(index))
    }

    /// The raw index, 0..63.
    pub fn index(self) -> u8 {
        self.0
    }

    /// The chessboard square this sensor reads, given how the board sits.
    pub fn to_square(self, orientation: Orientation) -> Square {
        let i = match orientation {
            Orientation::Normal => self.0,
            Orientation::Rotated => 63 - self.0,
        };
        let file = File::index(usize::from(i % 8));
        let rank = Rank::index(usize::from(7 - i / 8));
        Square::new(file, rank)
    }

    /// The sensor that reads `square`, given how the board sits.
    pub fn from_square(square: Square, orientation: Orientation) -> Self {
        let i = (7 - square.rank() as u8) * 8 + square.file() as u8;
        match orientation {
            Orientation::Normal => Self(i),
            Orientation::Rotated => Self(63 - i),
        }
    }
}

/// Which way round the board sits on the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Orientation {
    /// White on the connector side: the board's numbering is a8..h1.
    #[default]
    Normal,
    /// Black on the connector side: every index is turned 180 degrees.
    Rotated,
}

impl Orientation {
    /// The other way round.
    pub fn flipped(self) -> Self {
        match self {
            Self::Normal => Self::Rotated,
            Self::Rotated => Self::Normal,
        }
    }
}

/// The board's piece codes (1-6 White pawn, rook, knight, bishop, king, queen; 7-12 Black).
///
/// A trait, not methods of [`Occupant`], because the occupant belongs to the chess layer
/// (`arbiter-chess`), which knows no board protocol: the protocol adds its codes from above.
pub trait OccupantCode: Sized {
    /// Reads a piece code: 0 empty, 1-12 the pieces, 13-15 the magic pieces. A code with any
    /// bit outside those (line noise, or a flag no document names) is no piece and no empty
    /// square: it is kept as [`Occupant::Magic`] with all its bits, so that it can never read
    /// as a lift.
    fn from_code(code: u8) -> Self;

    /// The board's code for this occupant.
    fn to_code(self) -> u8;
}

impl OccupantCode for Occupant {
    fn from_code(code: u8) -> Self {
        const PIECES: [Piece; 6] = [
            Piece::Pawn,
            Piece::Rook,
            Piece::Knight,
            Piece::Bishop,
            Piece::King,
            Piece::Queen,
        ];
        match code {
            0 => Self::Empty,
            c @ 1..=6 => Self::Piece(Color::White, PIECES[usize::from(c - 1)]),
            c @ 7..=12 => Self::Piece(Color::Black, PIECES[usize::from(c - 7)]),
            c => Self::Magic(c),
        }
    }

    fn to_code(self) -> u8 {
        let kind = |p: Piece| match p {
            Piece::Pawn => 1,
            Piece::Rook => 2,
            Piece::Knight => 3,
            Piece::Bishop => 4,
            Piece::King => 5,
            Piece::Queen => 6,
        };
        match self {
            Self::Empty => 0,
            Self::Piece(Color::White, p) => kind(p),
            Self::Piece(Color::Black, p) => kind(p) + 6,
            Self::Magic(c) => c,
        }
    }
}

/// The sensor-board reading of a placement: a dump in the board's own square order.
///
/// A trait, not methods of [`Placement`], for the reason [`OccupantCode`] is one.
pub trait PlacementDump {
    /// The placement a dump describes, read with the given orientation.
    fn from_dump(dump: &BoardDump, orientation: Orientation) -> Self;

    /// The dump a board sitting with `orientation` would send for this placement.
    fn to_dump(&self, orientation: Orientation) -> BoardDump;
}

impl PlacementDump for Placement {
    fn from_dump(dump: &BoardDump, orientation: Orientation) -> Self {
        let mut placement = Self::default();
        for (i, &code) in dump.codes.iter().enumerate() {
            // `i` < 64 because `codes` has 64 entries.
            let sensor = DgtSquare(i as u8);
            placement.set(sensor.to_square(orientation), Occupant::from_code(code));
        }
        placement
    }

    fn to_dump(&self, orientation: Orientation) -> BoardDump {
        let mut codes = [0u8; 64];
        for square in Square::ALL {
            let sensor = DgtSquare::from_square(square, orientation);
            codes[usize::from(sensor.index())] = self.get(square).to_code();
        }
        BoardDump { codes }
    }
}

/// The 64 raw piece codes of a BOARD_DUMP, in the board's own square order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BoardDump {
    /// Code per sensor, index 0 = the board's square 0.
    pub codes: [u8; 64],
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sensor_zero_is_a8_and_sixty_three_is_h1() {
        let n = Orientation::Normal;
        assert_eq!(DgtSquare(0).to_square(n), Square::A8);
        assert_eq!(DgtSquare(7).to_square(n), Square::H8);
        assert_eq!(DgtSquare(56).to_square(n), Square::A1);
        assert_eq!(DgtSquare(63).to_square(n), Square::H1);
        assert_eq!(DgtSquare(0).to_square(Orientation::Rotated), Square::H1);
        for i in 0..64 {
            for o in [Orientation::Normal, Orientation::Rotated] {
                let s = DgtSquare(i).to_square(o);
                assert_eq!(DgtSquare::from_square(s, o), DgtSquare(i));
            }
        }
    }

    #[test]
    fn piece_codes_round_trip_and_high_bits_are_masked() {
        for code in 0..16u8 {
            assert_eq!(Occupant::from_code(code).to_code(), code);
        }
        assert_eq!(
            Occupant::from_code(0x01),
            Occupant::Piece(Color::White, Piece::Pawn)
        );
        assert_eq!(
            Occupant::from_code(0x0B),
            Occupant::Piece(Color::Black, Piece::King)
        );
        // A bit outside the codes is noise, never a piece or an empty square.
        assert_eq!(Occupant::from_code(0x16), Occupant::Magic(0x16));
        assert_eq!(Occupant::from_code(0x10), Occupant::Magic(0x10));
        assert_eq!(Occupant::from_code(0x0E), Occupant::Magic(0x0E));
    }

    #[test]
    fn start_dump_reads_back_in_both_orientations() {
        let start = Placement::start();
        assert_eq!(
            start.to_fen_board(),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
        );
        let dump = start.to_dump(Orientation::Normal);
        assert_eq!(dump.codes[0], 0x08, "a8 holds a black rook");
        assert_eq!(dump.codes[60], 0x05, "e1 holds the white king");
        assert_eq!(Placement::from_dump(&dump, Orientation::Normal), start);
        let turned = start.to_dump(Orientation::Rotated);
        assert_eq!(Placement::from_dump(&turned, Orientation::Rotated), start);
        assert_eq!(
            Placement::from_dump(&turned, Orientation::Normal),
            start.rotated()
        );
        assert_ne!(start.rotated(), start);
    }
}
