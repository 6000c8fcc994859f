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
/// entry count, the between table's address, the line table's address and the Zobrist keys'.
const MARKER: &[u8; 16] = b"arbiter:sliders\0";
const MARKER_FIELDS: usize = 20;

/// cozy-chess's Zobrist keys in memory order, as the module writes them back.
mod zobrist {
    include!("../../wasm/src/zobrist_image.rs");
}

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
        // 6.3 KB of random numbers, which no compression shrinks.
        (
            "zobrist",
            zobrist::zobrist_image()
                .iter()
                .flat_map(|k| k.to_le_bytes())
                .collect(),
        ),
    ];
    let parts = parts(module)?;
    let data = parts
        .iter()
        .find_map(|p| match p {
            Part::Data(segments) => Some(segments),
            _ => None,
        })
        .context("the module has no data section")?;
    let mut segments = data.clone();

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
        cuts[3].3,
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

    let mut out = wasm_encoder::Module::new();
    for part in &parts {
        match part {
            Part::Raw(id, range) => out.section(&wasm_encoder::RawSection {
                id: *id,
                data: &module[range.clone()],
            }),
            Part::Data(_) => out.section(&encode_segments(&pieces)),
            Part::DataCount => out.section(&wasm_encoder::DataCountSection {
                count: u32::try_from(pieces.len())?,
            }),
        };
    }
    let out = out.finish();
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
#[derive(Clone)]
struct Segment {
    address: Option<u32>,
    bytes: Vec<u8>,
}

/// A section of the module: the data and data count sections, which the cut rewrites, and any
/// other section as the range of its body, copied as it is.
enum Part {
    Raw(u8, std::ops::Range<usize>),
    Data(Vec<Segment>),
    DataCount,
}

/// The module's sections in order, read by wasmparser.
fn parts(module: &[u8]) -> Result<Vec<Part>> {
    use wasmparser::{DataKind, Encoding, Operator, Payload};
    let mut out = Vec::new();
    for payload in wasmparser::Parser::new(0).parse_all(module) {
        let payload = payload.context("reading the module")?;
        match &payload {
            Payload::Version { encoding, .. } => {
                ensure!(*encoding == Encoding::Module, "not a wasm module");
            }
            Payload::DataSection(reader) => {
                let mut segments = Vec::new();
                for data in reader.clone() {
                    let data = data.context("reading a data segment")?;
                    let address = match data.kind {
                        DataKind::Passive => None,
                        DataKind::Active {
                            memory_index,
                            offset_expr,
                        } => {
                            ensure!(
                                memory_index == 0,
                                "a data segment for a second memory ({memory_index})"
                            );
                            let mut ops = offset_expr.get_operators_reader();
                            let Operator::I32Const { value } = ops.read()? else {
                                bail!("a data offset that is not i32.const");
                            };
                            ensure!(
                                matches!(ops.read()?, Operator::End),
                                "a data offset longer than one const"
                            );
                            Some(u32::try_from(value)?)
                        }
                    };
                    segments.push(Segment {
                        address,
                        bytes: data.data.to_vec(),
                    });
                }
                out.push(Part::Data(segments));
            }
            Payload::DataCountSection { .. } => out.push(Part::DataCount),
            other => {
                if let Some((id, range)) = other.as_section() {
                    out.push(Part::Raw(id, range));
                }
            }
        }
    }
    Ok(out)
}

fn encode_segments(segments: &[Segment]) -> wasm_encoder::DataSection {
    let mut section = wasm_encoder::DataSection::new();
    for seg in segments {
        let bytes = seg.bytes.iter().copied();
        match seg.address {
            // An address is an i32.const: addresses above 2 GiB are its negative values.
            Some(address) => section.active(
                0,
                &wasm_encoder::ConstExpr::i32_const(address as i32),
                bytes,
            ),
            None => section.passive(bytes),
        };
    }
    section
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A module with the tables and the marker in one segment comes out with the tables gone,
    /// the segment split around them, and the marker holding their addresses.
    #[test]
    fn cut_splits_the_segment_and_writes_the_address() {
        let table = slider_table();
        let between = square_pair_table(cozy_chess::get_between_rays);
        let line = square_pair_table(cozy_chess::get_line_rays);
        let keys: Vec<u8> = zobrist::zobrist_image()
            .iter()
            .flat_map(|k| k.to_le_bytes())
            .collect();
        let mut bytes = vec![7u8; 4];
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
        let keys_at = 1024 + bytes.len() as u32;
        bytes.extend_from_slice(&keys);
        bytes.extend_from_slice(b"after");
        let segs = [Segment {
            address: Some(1024),
            bytes,
        }];
        let mut module = wasm_encoder::Module::new();
        module.section(&wasm_encoder::CustomSection {
            name: "before".into(),
            data: b"kept as it is".into(),
        });
        module.section(&wasm_encoder::DataCountSection { count: 1 });
        module.section(&encode_segments(&segs));
        let module = module.finish();

        let (out, cut) = cut(&module).unwrap();
        assert_eq!(
            cut.tables,
            [
                ("slider", table_at),
                ("between", between_at),
                ("line", line_at),
                ("zobrist", keys_at)
            ]
        );
        assert_eq!(
            cut.bytes,
            SLIDING_MOVE_TABLE_SIZE * 8 + 2 * 64 * 64 * 8 + zobrist::ZOBRIST_KEYS * 8
        );
        let parts = parts(&out).unwrap();
        assert_eq!(parts.len(), 3);
        let Part::Raw(0, range) = &parts[0] else {
            panic!("the custom section is not first");
        };
        assert!(out[range.clone()].ends_with(b"kept as it is"));
        assert!(matches!(parts[1], Part::DataCount));
        let Part::Data(segs) = &parts[2] else {
            panic!("no data section");
        };
        // The data count section counts the segments the cut left.
        let counted = wasmparser::Parser::new(0)
            .parse_all(&out)
            .find_map(|p| match p {
                Ok(wasmparser::Payload::DataCountSection { count, .. }) => Some(count),
                _ => None,
            });
        assert_eq!(counted, Some(3));
        assert_eq!(segs.len(), 3);
        assert_eq!(segs[0].address, Some(1024));
        let fields: Vec<u32> = segs[0].bytes[20..40]
            .chunks(4)
            .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
            .collect();
        assert_eq!(
            fields,
            [
                table_at,
                SLIDING_MOVE_TABLE_SIZE as u32,
                between_at,
                line_at,
                keys_at
            ]
        );
        assert_eq!(segs[1].address, Some(table_at + table.len() as u32));
        assert_eq!(segs[1].bytes, b"between\0");
        assert_eq!(segs[2].address, Some(keys_at + keys.len() as u32));
        assert_eq!(segs[2].bytes, b"after");
    }
}
