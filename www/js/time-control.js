// Time-control text as players write it, turned into the core's TimeControl (a list of periods).
//
//   "3+2"             3 minutes, 2 s increment a move
//   "5d5"             5 minutes, 5 s delay (2005 Art. 6.2b);  "5b5" the Bronstein form
//   "40/90+30s,30+30" 40 moves in 90 min, then 30 min for the rest, +30 s a move from move 1
//
// Only the notation is parsed here; whether a control is lawful is the core's business.

const PERIOD = /^(?:(\d+)\s*\/\s*)?(\d+(?:\.\d+)?)\s*(?:([+db])\s*(\d+(?:\.\d+)?)\s*s?)?$/i;
const TIMING = { '+': 'increment', d: 'delay', b: 'bronstein' };

/**
 * Parses `text`; throws an Error naming the part it could not read, with `period` (1-based) and
 * `part` beside its English message so a page can say it in its own words (no `period`: empty).
 */
export function parseTimeControl(text) {
  const parts = String(text).split(',').map((p) => p.trim()).filter(Boolean);
  if (!parts.length) throw new Error('time control is empty');
  return parts.map((part, i) => {
    const m = PERIOD.exec(part);
    if (!m) {
      throw Object.assign(new Error(`cannot read period ${i + 1} of the time control: "${part}"`), { period: i + 1, part });
    }
    const [, moves, minutes, sign, seconds] = m;
    const timing = sign
      ? { kind: TIMING[sign.toLowerCase()], ms: Math.round(Number(seconds) * 1000) }
      : { kind: 'none' };
    return {
      moves: moves ? Number(moves) : null,
      time: Math.round(Number(minutes) * 60_000),
      timing,
    };
  });
}

/** "3+2", "5d5", "40/90+30s, 30+30s": the inverse of parseTimeControl, for titles. */
export function describeTimeControl(periods) {
  return periods.map((p) => {
    const min = p.time / 60_000;
    const t = p.timing?.kind && p.timing.kind !== 'none'
      ? `${{ increment: '+', delay: 'd', bronstein: 'b' }[p.timing.kind]}${p.timing.ms / 1000}${p.moves ? 's' : ''}`
      : '';
    return `${p.moves ? `${p.moves}/` : ''}${min}${t}`;
  }).join(', ');
}
