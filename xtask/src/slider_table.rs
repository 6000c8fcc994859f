//! Cuts cozy-chess's slider attack table out of the finished wasm module's data, for the module
//! to regenerate at start-up (`wasm/src/sliders.rs` says why and how).
//!
//! The bytes cut are checked to be exactly the table that cozy-chess-types' generator makes, the
//! table must appear once, and the module's marker must appear once; anything else stops the
//! build rather than ship a module that would play with a wrong table.

use anyhow::{Context, Result, bail, ensure};
use cozy_chess_types::Square;
use cozy_chess_types::sliders::{
    SLIDING_MOVE_TABLE_SIZE, get_bishop_moves_index, get_bishop_moves_slow,
    get_bishop_relevant_blockers, get_rook_moves_index, get_rook_moves_slow,
    get_rook_relevant_blockers,
};

/// `wasm/src/sliders.rs`'s marker: 16 bytes, then the table's address and entry count (u32 LE).
const MARKER: &[u8; 16] = b"arbiter:sliders\0";

const DATA_SECTION: u8 = 11;
const DATA_COUNT_SECTION: u8 = 12;

/// What was cut, for the build's log.
pub struct Cut {
    pub address: u32,
    pub bytes: usize,
}

/// Rewrites `module` (a wasm binary) without the table, its address written into the marker.
pub fn cut(module: &[u8]) -> Result<(Vec<u8>, Cut)> {
    let table = table_bytes();
    let sections = sections(module)?;
    let data = sections
        .iter()
        .find(|(id, _)| *id == DATA_SECTION)
        .map(|(_, body)| *body)
        .context("the module has no data section")?;
    let mut segments = segments(data)?;

    // Find the table and the marker across all active segments.
    let mut found = Vec::new();
    let mut markers = Vec::new();
    for (i, seg) in segments.iter().enumerate() {
        let Some(base) = seg.address else { continue };
        found.extend(find_all(&seg.bytes, &table).map(|at| (i, at, base)));
        markers.extend(find_all(&seg.bytes, MARKER).map(|at| (i, at, base)));
    }
    let &[(seg, at, base)] = found.as_slice() else {
        bail!(
            "cozy-chess's slider table appears {} times in the module (expected once: is LTO on?)",
            found.len()
        );
    };
    let &[(marker_seg, marker_at, _)] = markers.as_slice() else {
        bail!(
            "the slider marker appears {} times in the module",
            markers.len()
        );
    };
    let address = base + u32::try_from(at)?;
    ensure!(address % 8 == 0, "the slider table is not 8-byte aligned");

    let fields = &mut segments[marker_seg].bytes[marker_at + 16..marker_at + 24];
    ensure!(
        fields.iter().all(|&b| b == 0),
        "the slider marker was already written"
    );
    fields[..4].copy_from_slice(&address.to_le_bytes());
    fields[4..].copy_from_slice(&u32::try_from(SLIDING_MOVE_TABLE_SIZE)?.to_le_bytes());

    // Split the table's segment around it: memory starts zeroed, so the gap costs nothing.
    let whole = segments.remove(seg);
    let tail = Segment {
        address: Some(address + u32::try_from(table.len())?),
        bytes: whole.bytes[at + table.len()..].to_vec(),
    };
    let head = Segment {
        address: whole.address,
        bytes: whole.bytes[..at].to_vec(),
    };
    segments.insert(seg, tail);
    segments.insert(seg, head);

    let mut out = Vec::with_capacity(module.len());
    out.extend_from_slice(&module[..8]);
    for (id, body) in &sections {
        let body = match *id {
            DATA_SECTION => encode_segments(&segments),
            DATA_COUNT_SECTION => leb(segments.len() as u32),
            _ => body.to_vec(),
        };
        out.push(*id);
        out.extend(leb(u32::try_from(body.len())?));
        out.extend(body);
    }
    Ok((
        out,
        Cut {
            address,
            bytes: table.len(),
        },
    ))
}

/// The table as cozy-chess's build script writes it, little-endian as it lies in wasm memory.
fn table_bytes() -> Vec<u8> {
    let mut table = vec![0u64; SLIDING_MOVE_TABLE_SIZE];
    let kinds: [(fn(Square) -> _, fn(Square, _) -> usize, fn(Square, _) -> _); 2] = [
        (
            get_rook_relevant_blockers,
            get_rook_moves_index,
            get_rook_moves_slow,
        ),
        (
            get_bishop_relevant_blockers,
            get_bishop_moves_index,
            get_bishop_moves_slow,
        ),
    ];
    for (relevant, index, moves) in kinds {
        for square in Square::ALL {
            for blockers in relevant(square).iter_subsets() {
                table[index(square, blockers)] = moves(square, blockers).0;
            }
        }
    }
    table.iter().flat_map(|e| e.to_le_bytes()).collect()
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

    /// A module with the table and the marker in one segment comes out with the table gone,
    /// the segment split around it, and the marker holding the table's address.
    #[test]
    fn cut_splits_the_segment_and_writes_the_address() {
        let table = table_bytes();
        let mut bytes = vec![7u8; 8];
        bytes.extend_from_slice(MARKER);
        bytes.extend_from_slice(&[0; 8]);
        let table_at = 1024 + bytes.len() as u32;
        bytes.extend_from_slice(&table);
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
        assert_eq!(cut.address, table_at);
        assert_eq!(cut.bytes, SLIDING_MOVE_TABLE_SIZE * 8);
        let sections = sections(&out).unwrap();
        assert_eq!(sections[0].1, &leb(2)[..]);
        let segs = segments(sections[1].1).unwrap();
        assert_eq!(segs.len(), 2);
        assert_eq!(segs[0].address, Some(1024));
        assert_eq!(&segs[0].bytes[24..28], &table_at.to_le_bytes());
        assert_eq!(
            &segs[0].bytes[28..32],
            &(SLIDING_MOVE_TABLE_SIZE as u32).to_le_bytes()
        );
        assert_eq!(segs[1].address, Some(table_at + table.len() as u32));
        assert_eq!(segs[1].bytes, b"after");
    }
}
