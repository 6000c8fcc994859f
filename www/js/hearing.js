// Playing by ear and keyboard (2005 App. F): the commands a player types or presses to hear the
// game and the sentences that answer them. The words of moves, squares and pieces come from the
// wasm module (the core's App. F form and the notation languages); durations are the catalogue's.

import { moveNo, say, sideName, sideOf } from './words.js';

const OTHER = { white: 'black', black: 'white' };

/**
 * Both clocks, on request (2005 App. F2.9d; 2023 D.2.6 "time and number of moves"), in `lang`:
 * "You: 4 minutes 32 seconds. Opponent: 6 minutes 10 seconds. 23 moves played."
 * `durationWords(ms)` says a duration (words.js `durationWords`); `me` is the player who
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

/** "Move 12, White to move." (the numbers are the core's: the position's, the last move's) */
export function moveNumberWords(state, lang = 'en') {
  if (state.result) return say(lang, 'over_after', { n: state.moves?.at(-1)?.number ?? 0 });
  return say(lang, 'move_number', { n: state.moveNumber, who: sideName(state.turn, lang) });
}

// The number and side of the last move: {no: "12...", who: "Black"}, or null.
function lastMoveWords(state, lang) {
  const last = state.moves?.[state.moves.length - 1];
  if (!last) return null;
  return { no: moveNo(last), who: sideName(last.side, lang) };
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

/**
 * Commands typed into the move field (a leading "/" is optional for the words): the name, the
 * words that call it, and the message id (js/lang) of what it does.
 */
const COMMANDS = [
  ['time', ['time', 't', 'clock', 'clocks', 'c'], 'both_clocks_as_durations_and_the'],
  ['board', ['board', 'w'], 'the_whole_board_piece_by_piece'],
  ['last', ['last', 'l'], 'the_last_move'],
  ['number', ['number', 'i', 'move'], 'the_move_number_and_who_is'],
  ['square', ['square', 's'], 'a_square_and_what_stands_on'],
  ['pieces', ['pieces', 'p'], 'where_pieces_stand_p_n_white'],
  ['from', ['from', 'm'], 'the_legal_moves_of_the_piece_2'],
  ['press', ['press', 'x'], 'press_the_clock_after_your_move'],
  ['draw', ['draw'], 'offer_a_draw_or_accept_the'],
  ['decline', ['decline'], 'decline_the_draw_offered'],
  ['resign', ['resign'], 'resign_the_game'],
  ['claim', ['claim'], 'help_claim'],
  ['repeat', ['repeat', 'r'], 'repeat_the_opponent_s_move_after'],
  ['correct', ['correct'], 'correct_your_announced_move_before_pressing'],
  ['again', ['again', 'a'], 'hear_the_last_announcement_again'],
  ['help', ['help', 'h', '?'], 'help_this_list'],
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

/** The command list, for the page's help and the "/help" answer: `what` is a message id. */
export function commandList() {
  return COMMANDS.map(([name, names, what]) => ({ name, keys: names.map((n) => `/${n}`), what }));
}

/**
 * Keys on the board grid (focus on a square): the key (a message id where the key has a name in
 * the page's language, else the letters themselves) and the message id of what it does.
 */
export const GRID_KEYS = [
  ['key_arrows', 'move_from_square_to_square_home'],
  ['key_enter', 'pick_up_the_piece_on_the'],
  ['key_escape', 'let_go_of_the_picked_up'],
  ['key_space', 'press_the_clock'],
  ['s', 'say_the_square_and_what_stands'],
  ['m', 'the_legal_moves_of_the_piece'],
  ['k q r b n p', 'where_the_pieces_of_that_kind'],
  ['w', 'the_whole_board'],
  ['l', 'the_last_move'],
  ['i', 'the_move_number_and_who_is'],
  ['t', 'both_clocks_as_durations'],
];

export const CLAIM_WORDS = {
  repetition: 'repetition', threefold: 'repetition', rep: 'repetition',
  fifty: 'fifty_moves', '50': 'fifty_moves', fifty_moves: 'fifty_moves',
  time: 'win_on_time', flag: 'win_on_time', win_on_time: 'win_on_time',
  illegal: 'illegal_move', illegal_move: 'illegal_move',
  touch: 'touch_move', touch_move: 'touch_move',
  quickplay: 'quickplay_finish', quickplay_finish: 'quickplay_finish',
};
