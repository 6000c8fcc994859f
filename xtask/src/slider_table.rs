//! Cuts cozy-chess's lookup tables out of the finished wasm module's data, for the module to
//! regenerate at start-up (`wasm/src/sliders.rs` says why and how).
//!
//! The bytes cut are checked to be exactly cozy-chess's tables (the slider table as
//! cozy-chess-types' generator makes it, the between and line tables as cozy-chess's own lookups
//! answer on this machine), each must appear once, and the module's marker must appear once;
//! anything else stops the build rather than ship a module that would play with a wrong table.

use anyhow::{Context, Result, bail, ensure};
use cozy_chess_types::Square;
use cozy_chess_types::sliders::{
    SLIDING_MOVE_TABLE_SIZE, get_bishop_moves_index, get_bishop_moves_slow,
    get_bishop_relevant_blockers, get_rook_moves_index, get_rook_moves_slow,
    get_rook_relevant_blockers,
};

/// `wasm/src/sliders.rs`'s marker: 16 bytes, then (u32 LE each) the slider table's address and
/// entry count, the between table's address and the line table's address.
const MARKER: &[u8; 16] = b"arbiter:sliders\0";
const MARKER_FIELDS: usize = 16;

const DATA_SECTION: u8 = 11;
const DATA_COUNT_SECTION: u8 = 12;

/// What was cut, for the build's log.
pub struct Cut {
    /// Each table's name and address.
    pub tables: Vec<(&'static str, u32)>,
    pub bytes: usize,
}

/// Rewrites `module` (a wasm binary) without the tables, their addresses written into the marker.
pub fn cut(module: &[u8]) -> Result<(Vec<u8>, Cut)> {
    let tables = [
        ("slider", slider_table()),
        ("between", square_pair_table(cozy_chess::get_between_rays)),
        ("line", square_pair_table(cozy_chess::get_line_rays)),
    ];
    let sections = sections(module)?;
    let data = sections
        .iter()
        .find(|(id, _)| *id == DATA_SECTION)
        .map(|(_, body)| *body)
        .context("the module has no data section")?;
    let mut segments = segments(data)?;

    // Where each table and the marker lie: (segment, offset in it, memory address).
    let once = |needle: &[u8], what: &str| -> Result<(usize, usize, u32)> {
        let mut found = Vec::new();
        for (i, seg) in segments.iter().enumerate() {
            let Some(base) = seg.address else { continue };
            for at in find_all(&seg.bytes, needle) {
                found.push((i, at, base + u32::try_from(at)?));
            }
        }
        match found.as_slice() {
            &[one] => Ok(one),
            _ => bail!(
                "{what} appears {} times in the module (expected once: is LTO on?)",
                found.len()
            ),
        }
    };
    let mut cuts = Vec::new();
    for (name, bytes) in &tables {
        let (seg, at, address) = once(bytes, &format!("cozy-chess's {name} table"))?;
        ensure!(address % 8 == 0, "the {name} table is not 8-byte aligned");
        cuts.push((seg, at, at + bytes.len(), address, *name));
    }
    let (marker_seg, marker_at, _) = once(MARKER, "the tables' marker")?;

    let fields = &mut segments[marker_seg].bytes[marker_at + 16..marker_at + 16 + MARKER_FIELDS];
    ensure!(
        fields.iter().all(|&b| b == 0),
        "the tables' marker was already written"
    );
    let values = [
        cuts[0].3,
        u32::try_from(SLIDING_MOVE_TABLE_SIZE)?,
        cuts[1].3,
        cuts[2].3,
    ];
    for (field, value) in fields.chunks_mut(4).zip(values) {
        field.copy_from_slice(&value.to_le_bytes());
    }

    // Split each segment around the tables in it: memory starts zeroed, so a gap costs nothing.
    let mut pieces = Vec::new();
    for (i, seg) in segments.into_iter().enumerate() {
        let Some(base) = seg.address else {
            pieces.push(seg);
            continue;
        };
        let mut ranges: Vec<(usize, usize)> = cuts
            .iter()
            .filter(|c| c.0 == i)
            .map(|c| (c.1, c.2))
            .collect();
        ranges.sort_unstable();
        let mut from = 0;
        for (start, end) in ranges
            .into_iter()
            .chain([(seg.bytes.len(), seg.bytes.len())])
        {
            ensure!(start >= from, "two of cozy-chess's tables overlap");
            if start > from {
                pieces.push(Segment {
                    address: Some(base + u32::try_from(from)?),
                    bytes: seg.bytes[from..start].to_vec(),
                });
            }
            from = end;
        }
    }

    let mut out = Vec::with_capacity(module.len());
    out.extend_from_slice(&module[..8]);
    for (id, body) in &sections {
        let body = match *id {
            DATA_SECTION => encode_segments(&pieces),
            DATA_COUNT_SECTION => leb(u32::try_from(pieces.len())?),
            _ => body.to_vec(),
        };
        out.push(*id);
        out.extend(leb(u32::try_from(body.len())?));
        out.extend(body);
    }
    Ok((
        out,
        Cut {
            tables: cuts.iter().map(|c| (c.4, c.3)).collect(),
            bytes: tables.iter().map(|(_, t)| t.len()).sum(),
        },
    ))
}

/// The slider table as cozy-chess's build script writes it, little-endian as in wasm memory.
fn slider_table() -> Vec<u8> {
    let mut table = vec![0u64; SLIDING_MOVE_TABLE_SIZE];
    // Rooks first, then bishops, as the build script writes them.
    for square in Square::ALL {
        for blockers in get_rook_relevant_blockers(square).iter_subsets() {
            table[get_rook_moves_index(square, blockers)] = get_rook_moves_slow(square, blockers).0;
        }
    }
    for square in Square::ALL {
        for blockers in get_bishop_relevant_blockers(square).iter_subsets() {
            table[get_bishop_moves_index(square, blockers)] =
                get_bishop_moves_slow(square, blockers).0;
        }
    }
    table.iter().flat_map(|e| e.to_le_bytes()).collect()
}

/// A 64 x 64 table indexed `[from][to]`, as cozy-chess's lookup answers for each pair.
fn square_pair_table(lookup: fn(Square, Square) -> cozy_chess::BitBoard) -> Vec<u8> {
    Square::ALL
        .iter()
        .flat_map(|&from| Square::ALL.iter().map(move |&to| lookup(from, to).0))
        .flat_map(u64::to_le_bytes)
        .collect()
}

fn find_all<'a>(hay: &'a [u8], needle: &'a [u8]) -> impl Iterator<Item = usize> + 'a {
    hay.windows(needle.len())
        .enumerate()
        .filter(move |(_, w)| *w == needle)
        .map(|(i, _)| i)
}

/// One data segment: an active one has its memory address (`i32.const` offset), a passive none.
struct Segment {
    address: Option<u32>,
    bytes: Vec<u8>,
}

/// The module's sections as (id, body).
fn sections(module: &[u8]) -> Result<Vec<(u8, &[u8])>> {
    ensure!(module.starts_with(b"\0asm"), "not a wasm module");
    let mut at = 8;
    let mut out = Vec::new();
    while at < module.len() {
        let id = module[at];
        let (size, next) = read_leb(module, at + 1)?;
        let end = next + size as usize;
        let body = module
            .get(next..end)
            .context("a section runs past the end")?;
        out.push((id, body));
        at = end;
    }
    Ok(out)
}

fn segments(data: &[u8]) -> Result<Vec<Segment>> {
    let (count, mut at) = read_leb(data, 0)?;
    let mut out = Vec::new();
    for _ in 0..count {
        let (flags, next) = read_leb(data, at)?;
        at = next;
        let address = match flags {
            0 => {
                // i32.const <offset> end
                ensure!(
                    data.get(at) == Some(&0x41),
                    "a data offset that is not i32.const"
                );
                let (offset, next) = read_sleb(data, at + 1)?;
                ensure!(
                    data.get(next) == Some(&0x0b),
                    "a data offset longer than one const"
                );
                at = next + 1;
                Some(u32::try_from(offset)?)
            }
            1 => None,
            _ => bail!("a data segment for a second memory (flags {flags})"),
        };
        let (len, next) = read_leb(data, at)?;
        let bytes = data
            .get(next..next + len as usize)
            .context("a data segment runs past its section")?;
        at = next + len as usize;
        out.push(Segment {
            address,
            bytes: bytes.to_vec(),
        });
    }
    Ok(out)
}

fn encode_segments(segments: &[Segment]) -> Vec<u8> {
    let mut out = leb(segments.len() as u32);
    for seg in segments {
        match seg.address {
            Some(address) => {
                out.push(0);
                out.push(0x41);
                out.extend(sleb(i64::from(address as i32)));
                out.push(0x0b);
            }
            None => out.push(1),
        }
        out.extend(leb(seg.bytes.len() as u32));
        out.extend_from_slice(&seg.bytes);
    }
    out
}

fn read_leb(bytes: &[u8], mut at: usize) -> Result<(u32, usize)> {
    let mut value: u64 = 0;
    let mut shift = 0;
    loop {
        let byte = *bytes.get(at).context("a number runs past the end")?;
        at += 1;
        value |= u64::from(byte & 0x7f) << shift;
        if byte < 0x80 {
            return Ok((u32::try_from(value)?, at));
        }
        shift += 7;
        ensure!(shift < 35, "a number longer than 5 bytes");
    }
}

fn read_sleb(bytes: &[u8], mut at: usize) -> Result<(i32, usize)> {
    let mut value: i64 = 0;
    let mut shift = 0;
    loop {
        let byte = *bytes.get(at).context("a number runs past the end")?;
        at += 1;
        value |= i64::from(byte & 0x7f) << shift;
        shift += 7;
        if byte < 0x80 {
            if shift < 64 && byte & 0x40 != 0 {
                value |= -1i64 << shift;
            }
            return Ok((i32::try_from(value)?, at));
        }
        ensure!(shift < 35, "a number longer than 5 bytes");
    }
}

fn leb(mut value: u32) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let byte = (value & 0x7f) as u8;
        value >>= 7;
        if value == 0 {
            out.push(byte);
            return out;
        }
        out.push(byte | 0x80);
    }
}

fn sleb(mut value: i64) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let byte = (value & 0x7f) as u8;
        value >>= 7;
        let done = (value == 0 && byte & 0x40 == 0) || (value == -1 && byte & 0x40 != 0);
        out.push(if done { byte } else { byte | 0x80 });
        if done {
            return out;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leb_round_trips() {
        for v in [0u32, 1, 127, 128, 300, 1 << 20, u32::MAX] {
            assert_eq!(read_leb(&leb(v), 0).unwrap(), (v, leb(v).len()));
        }
        for v in [0i32, 63, 64, -1, -64, -65, 1 << 20, i32::MIN, i32::MAX] {
            let bytes = sleb(i64::from(v));
            assert_eq!(read_sleb(&bytes, 0).unwrap(), (v, bytes.len()));
        }
    }

    /// A module with the tables and the marker in one segment comes out with the tables gone,
    /// the segment split around them, and the marker holding their addresses.
    #[test]
    fn cut_splits_the_segment_and_writes_the_address() {
        let table = slider_table();
        let between = square_pair_table(cozy_chess::get_between_rays);
        let line = square_pair_table(cozy_chess::get_line_rays);
        let mut bytes = vec![7u8; 8];
        bytes.extend_from_slice(MARKER);
        bytes.extend_from_slice(&[0; MARKER_FIELDS]);
        let table_at = 1024 + bytes.len() as u32;
        bytes.extend_from_slice(&table);
        bytes.extend_from_slice(b"between");
        bytes.push(0);
        let between_at = 1024 + bytes.len() as u32;
        bytes.extend_from_slice(&between);
        let line_at = 1024 + bytes.len() as u32;
        bytes.extend_from_slice(&line);
        bytes.extend_from_slice(b"after");
        let segs = [Segment {
            address: Some(1024),
            bytes,
        }];
        let mut module = b"\0asm\x01\0\0\0".to_vec();
        let count = leb(1);
        module.push(DATA_COUNT_SECTION);
        module.extend(leb(count.len() as u32));
        module.extend(count);
        let data = encode_segments(&segs);
        module.push(DATA_SECTION);
        module.extend(leb(data.len() as u32));
        module.extend(data);

        let (out, cut) = cut(&module).unwrap();
        assert_eq!(
            cut.tables,
            [
                ("slider", table_at),
                ("between", between_at),
                ("line", line_at)
            ]
        );
        assert_eq!(cut.bytes, SLIDING_MOVE_TABLE_SIZE * 8 + 2 * 64 * 64 * 8);
        let sections = sections(&out).unwrap();
        assert_eq!(sections[0].1, &leb(3)[..]);
        let segs = segments(sections[1].1).unwrap();
        assert_eq!(segs.len(), 3);
        assert_eq!(segs[0].address, Some(1024));
        let fields: Vec<u32> = segs[0].bytes[24..40]
            .chunks(4)
            .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
            .collect();
        assert_eq!(
            fields,
            [
                table_at,
                SLIDING_MOVE_TABLE_SIZE as u32,
                between_at,
                line_at
            ]
        );
        assert_eq!(segs[1].address, Some(table_at + table.len() as u32));
        assert_eq!(segs[1].bytes, b"between\0");
        assert_eq!(segs[2].address, Some(line_at + line.len() as u32));
        assert_eq!(segs[2].bytes, b"after");
    }
}
