// Playing by ear and keyboard (2005 App. F): the commands a player types or presses to hear the
// game and the sentences that answer them. The words of moves, squares, pieces and durations
// come from the wasm module (the core's App. F form, notation languages and durations).

import { say, sideName, sideOf } from './words.js';

const OTHER = { white: 'black', black: 'white' };

/**
 * Both clocks, on request (2005 App. F2.9d; 2023 D.2.6 "time and number of moves"), in `lang`:
 * "You: 4 minutes 32 seconds. Opponent: 6 minutes 10 seconds. 23 moves played."
 * `durationWords(ms)` says a duration (the core's `notation::duration`); `me` is the player who
 * asks ("white" / "black"), or null to name both sides.
 */
export function clocksWords(state, durationWords, me = null, lang = 'en') {
  const c = state.clock ?? {};
  const label = (color) => (me ? say(lang, color === me ? 'you' : 'opponent') : sideName(color, lang));
  const order = me ? [me, OTHER[me]] : ['white', 'black'];
  const parts = order.map((color) => {
    const side = c[color] ?? {};
    return say(lang, 'clock_of', { label: label(color), span: durationWords(side.remaining ?? 0), flag: !!side.flag });
  });
  // 2023 App. D.2.6.1: a clock for blind players says the time and the number of moves.
  const made = (color) => say(lang, 'moves_count', { n: c[color]?.moves ?? 0 });
  parts.push(me
    ? say(lang, 'made_mine', { mine: made(me), theirs: made(OTHER[me]) })
    : say(lang, 'made_both', { white: made('white'), black: made('black') }));
  if (c.running) parts.push(say(lang, 'clock_started', { of: sideOf(c.running, lang) }));
  else if (c.started) parts.push(say(lang, 'clock_stopped'));
  return parts.join(' ');
}

/** "Move 12, White to move." */
export function moveNumberWords(state, lang = 'en') {
  const ply = state.ply ?? 0;
  if (state.result) return say(lang, 'over_after', { n: Math.ceil(ply / 2) });
  return say(lang, 'move_number', { n: Math.floor(ply / 2) + 1, who: sideName(state.turn, lang) });
}

// The number and side of the last move: {no: "12...", who: "Black"}, or null.
function lastMoveWords(state, lang) {
  const last = state.moves?.[state.moves.length - 1];
  if (!last) return null;
  const white = last.ply % 2 === 1;
  return { no: `${Math.ceil(last.ply / 2)}${white ? '.' : '...'}`, who: sideName(white ? 'white' : 'black', lang) };
}

/** "Last move: 12... Black:" (the move's words follow, in their own language), or null. */
export function lastMovePrefix(state, lang = 'en') {
  const a = lastMoveWords(state, lang);
  return a && say(lang, 'last_move', a);
}

/** "Game in progress, last move 12... Black:" for a page joining a game, or null. */
export function inProgressPrefix(state, lang = 'en') {
  const a = lastMoveWords(state, lang);
  return a && say(lang, 'in_progress', a);
}

/** Commands typed into the move field (a leading "/" is optional for the words). */
const COMMANDS = [
  ['time', ['time', 't', 'clock', 'clocks', 'c'], 'both clocks, as durations, and the moves completed'],
  ['board', ['board', 'w'], 'the whole board, piece by piece'],
  ['last', ['last', 'l'], 'the last move'],
  ['number', ['number', 'i', 'move'], 'the move number and who is to move'],
  ['square', ['square', 's'], 'a square and what stands on it: "/s e4"'],
  ['pieces', ['pieces', 'p'], 'where pieces stand: "/p N" (White), "/p n" (Black), "/p *n" (both)'],
  ['from', ['from', 'm'], 'the legal moves of the piece on a square: "/m g1"'],
  ['press', ['press', 'x'], 'press the clock after your move (Enter in the empty field does the same)'],
  ['draw', ['draw'], 'offer a draw, or accept the one offered'],
  ['decline', ['decline'], 'decline the draw offered'],
  ['resign', ['resign'], 'resign the game'],
  ['claim', ['claim'], 'claim: "/claim repetition", "/claim fifty", "/claim time", "/claim illegal", "/claim touch", "/claim quickplay"; a declared move after it: "/claim repetition Nf3"'],
  ['repeat', ['repeat', 'r'], 'repeat the opponent\'s move after it is completed (App. F2.1): "/r Eva fuenf"'],
  ['correct', ['correct'], 'correct your announced move before pressing the clock (App. F2.6): "/correct Eva drei"'],
  ['again', ['again', 'a'], 'hear the last announcement again'],
  ['help', ['help', 'h', '?'], 'this list'],
];

/**
 * Reads a command typed into the move field: `{name, arg}`, or null when the text is a move.
 * A word without "/" counts as a command only when it is the whole text and not a move (so "c"
 * is the clock but "c4" a move).
 */
export function readCommand(text) {
  const t = text.trim();
  const slash = t.startsWith('/');
  const [word, ...rest] = (slash ? t.slice(1) : t).split(/\s+/);
  const found = COMMANDS.find(([, names]) => names.includes(word.toLowerCase()));
  if (!found) return slash ? { name: 'unknown', arg: word } : null;
  return { name: found[0], arg: rest.join(' ') };
}

/** The command list, for the page's help and the "/help" answer. */
export function commandList() {
  return COMMANDS.map(([name, names, what]) => ({ name, keys: names.map((n) => `/${n}`), what }));
}

/** Keys on the board grid (focus on a square). */
export const GRID_KEYS = [
  ['Arrow keys', 'move from square to square (Home / End: the ends of the rank)'],
  ['Enter', 'pick up the piece on the square (touch, Art. 4.3), or put the picked-up piece there'],
  ['Escape', 'let go of the picked-up piece on the page (the touch still counts, Art. 4.3)'],
  ['Space', 'press the clock'],
  ['s', 'say the square and what stands on it'],
  ['m', 'the legal moves of the piece on the square'],
  ['k q r b n p', 'where the pieces of that kind stand (both colours)'],
  ['w', 'the whole board'],
  ['l', 'the last move'],
  ['i', 'the move number and who is to move'],
  ['t', 'both clocks, as durations'],
];

export const CLAIM_WORDS = {
  repetition: 'repetition', threefold: 'repetition', rep: 'repetition',
  fifty: 'fifty_moves', '50': 'fifty_moves', fifty_moves: 'fifty_moves',
  time: 'win_on_time', flag: 'win_on_time', win_on_time: 'win_on_time',
  illegal: 'illegal_move', illegal_move: 'illegal_move',
  touch: 'touch_move', touch_move: 'touch_move',
  quickplay: 'quickplay_finish', quickplay_finish: 'quickplay_finish',
};
