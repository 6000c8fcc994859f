//! The round as one PGN, in the form Lichess Broadcasts matches games by from poll to poll:
//! the Seven Tag Roster with Round "R.N" for board N, the players' FIDE ids where known, the
//! time control in PGN form, `*` while a game goes on and `[%clk]` after every move. Each
//! game's text is the core's own export; the event's tags are handed to it.

use std::hash::{Hash, Hasher};

use arbiter_core::pgn::Tags;

use super::Hall;

/// The round's PGN now.
pub fn round_pgn(hall: &Hall) -> String {
    let e = &hall.event;
    let mut out = String::new();
    for board in &hall.boards {
        let c = &board.config;
        let mut tags = Tags::new();
        tags.set("Event", e.name.as_str());
        tags.set("Site", e.site.as_deref().unwrap_or("?"));
        tags.set("Date", e.date.as_deref().unwrap_or("????.??.??"));
        tags.set("Round", format!("{}.{}", e.round, c.number));
        if let Some(id) = c.white_fide_id {
            tags.set("WhiteFideId", id.to_string());
        }
        if let Some(id) = c.black_fide_id {
            tags.set("BlackFideId", id.to_string());
        }
        let game = crate::referee::lock(&board.referee)
            .game()
            .to_pgn_tagged(tags);
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(&game);
    }
    out
}

/// A strong entity tag for `text`: the same text always gets the same tag.
pub fn etag(text: &str) -> String {
    let mut h = std::hash::DefaultHasher::new();
    text.hash(&mut h);
    format!("\"{:016x}-{:x}\"", h.finish(), text.len())
}
