// Every word the page shows, by message id: `t(id, params, lang)` says the id's message in
// `lang`, its arguments filled in. The messages are the catalogue's (www/messages/<lang>.json,
// ICU MessageFormat, one file per App. E language, English among them), compiled by the page's
// build into the modules of js/lang/. The core decides and the wasm names the message (its id and
// words, moves already in the game's notation); this file only says it, always beside the Law
// the ruling rests on.

import start from './lang/en-start.js';
import LOADERS from './lang/index.js';
import { importAnew, once } from './once.js';

// English is always here (every other table falls back to it): the first screen's words come
// with the scripts, the rest (`en.js`: rulings, refusals, help, dialogs, panels) when first
// needed (`loadWords`). Another language's table is fetched when a board first needs it, so a
// page downloads one table, not seven.
const TABLES = { en: start };

/**
 * The built URL of the catalogue's module `name` (`en`, `de`, `hall-fr`: js/lang/<name>.js),
 * for a retry of its import (once.js `importAnew`). Written here, in js/, where such a URL names
 * the same file from a chunk of the bundle; the build keeps these modules' names (they are
 * entries of their own, xtask/src/dist/esbuild.mjs).
 */
export const catalogueUrl = (name) => new URL(`./lang/${name}.js`, import.meta.url);

const english = importAnew(() => import('./lang/en.js'), catalogueUrl('en'));

/**
 * Fetches the rest of English once; resolves when every message can be said. A board asks for
 * it at the first touch or key, and waits for it before it says a ruling or answers a request.
 */
export const loadWords = once(() => english().then((table) => {
  TABLES.en = table.default;
}));

// Each other language's table (lang/index.js), tried again at a new URL after a failure.
const TABLE_LOADERS = Object.fromEntries(Object.entries(LOADERS)
  .map(([code, load]) => [code, importAnew(load, catalogueUrl(code))]));
// The static controls' words in another language, fetched with its table.
const relabelling = importAnew(() => import('./relabel.js'), new URL('./relabel.js', import.meta.url));

/** Whether every English message is here (`loadWords` has resolved). */
export const wordsLoaded = () => TABLES.en !== start;

/** The languages the page has sentences in (App. E codes): the catalogue's (js/lang/index.js). */
export const SENTENCE_LANGS = ['en', ...Object.keys(LOADERS)];

/**
 * Fetches the sentences of `code` (an App. E code) once; resolves when they can be said (for
 * `en`, every English word: `loadWords`). Until then, and for codes without a table, sentences
 * are English and `sentenceLang` says so.
 */
export async function loadSentences(code) {
  if (code === 'en') {
    await loadWords();
    return;
  }
  if (TABLES[code] || !TABLE_LOADERS[code]) return;
  // A word another table lacks is said in English: all of English comes too.
  const [table, later] = await Promise.all([TABLE_LOADERS[code](), relabelling(), loadWords()]);
  TABLES[code] = table.default;
  other = later;
}

// The static controls' words in another language (relabel.js): not needed by an English page.
let other = null;
export const relabel = (root, lang) => other?.relabel(root, lang, t);

/** The sentence language for a notation code: figurines, unknown codes and tables not yet
 * loaded are English. */
export function sentenceLang(code) {
  return TABLES[code] ? code : 'en';
}

// Words of another page, compiled apart so that the board page never loads them (the hall's,
// js/lang/hall-<lang>.js), added by that page to a language's table once it is here
// (`loadSentences`, and `loadWords` for English): said by `t` as the page's own.
export const addWords = (code, table) => Object.assign(TABLES[code], table);

// How a message reads its arguments: one not given is empty, and `with_<name>` says whether
// `<name>` was given (not empty), for a part of a sentence said only then:
// "Board connected{with_port, select, true { on {port}} other {}}."
const ARGUMENTS = {
  get(params, key) {
    if (typeof key !== 'string') return params[key];
    if (key.startsWith('with_') && !(key in params)) return Boolean(params[key.slice(5)]);
    return params[key] ?? '';
  },
};

/**
 * The words of message `id` in `lang`, `params` filled in (an object by name, or an array for
 * `{0}`, `{1}`). English when `lang` has no such message; the id itself only for an id the
 * catalogue lacks, which the build and the tables' test forbid.
 */
export function t(id, params = {}, lang = 'en') {
  const message = TABLES[sentenceLang(lang)][id] ?? TABLES.en[id];
  return message ? message(new Proxy(Object(params ?? {}), ARGUMENTS)) : String(id);
}


/** Whether a message `id` exists. */
export const hasWords = (id) => id in TABLES.en;

/** `t` with the language first, as the page's older call sites have it. */
export function say(lang, id, args = {}) {
  return t(id, args, lang);
}

// What each move adds or delays, by the time control's timing kind.
const TIMING_CAPTIONS = { increment: 'caption_increment', delay: 'caption_delay', bronstein: 'caption_bronstein' };

/**
 * A clock face's caption from the state's data (`clock.white.caption`): "Period 2 · Move 41 of
 * 60 · +30 s", in `lang`, seconds written as the language writes numbers ("2,5" in German).
 */
export function captionWords(caption, lang = 'en') {
  if (!caption) return '';
  const parts = [];
  if (caption.period) parts.push(t('caption_period', [caption.period], lang));
  parts.push(caption.controlAt
    ? t('caption_move_of', [caption.move, caption.controlAt], lang)
    : t('caption_move', [caption.move], lang));
  const timing = caption.timing && TIMING_CAPTIONS[caption.timing.kind];
  if (timing) parts.push(t(timing, [numberWords(caption.timing.ms / 1000, lang)], lang));
  return parts.join(' · ');
}

// A number as `lang` writes it (its decimal separator), at most three decimals. A whole number
// is written as it is: the first use of Intl loads the locale's data, which a first screen
// (whose clocks read "+10 s") should not wait for.
function numberWords(n, lang) {
  if (Number.isInteger(n)) return String(n);
  try {
    return new Intl.NumberFormat(sentenceLang(lang), { maximumFractionDigits: 3 }).format(n);
  } catch {
    return String(n);
  }
}

const SIDES = { white: 'side_white', black: 'side_black' };
const OWNERS = { white: 'of_white', black: 'of_black' };

/** A move's number as the score writes it: "12." for White's, "12..." for Black's (the state's move). */
export const moveNo = (m) => `${m.number}${m.side === 'white' ? '.' : '...'}`;

/** A side: "White", "Weiß", "Il Bianco". */
export function sideName(color, lang = 'en') {
  return SIDES[color] ? t(SIDES[color], {}, lang) : String(color ?? '');
}

/** A side as owner: "White's", "von Weiß", "del Bianco". */
export function sideOf(color, lang = 'en') {
  return OWNERS[color] ? t(OWNERS[color], {}, lang) : String(color ?? '');
}

/** "2 minutes", "90 seconds", "1 minute 30 seconds" (and so in each language). */
export function spanWords(ms, lang = 'en') {
  const s = Math.round(ms / 1000);
  const m = Math.floor(s / 60);
  const r = s % 60;
  const parts = [];
  if (m) parts.push(t('span_minutes', { n: m }, lang));
  if (r || !m) parts.push(t('span_seconds', { n: r }, lang));
  return parts.join(' ');
}

/**
 * A duration as a blind player hears it (2005 App. F2.9d / 2023 App. D.2.10), never a clock
 * face, which speech reads as a time of day: whole seconds rounded down as a clock shows them,
 * hours only from one hour up, no seconds when there are none over the minutes: "1 hour 30
 * minutes", "4 minutes 32 seconds", "45 seconds", "0 seconds" (and so in each language).
 */
export function durationWords(ms, lang = 'en') {
  const total = Math.floor(Math.max(0, ms) / 1000);
  const [h, m, s] = [Math.floor(total / 3600), Math.floor(total / 60) % 60, total % 60];
  const parts = [];
  if (h) parts.push(t('span_hours', { n: h }, lang));
  if (m) parts.push(t('span_minutes', { n: m }, lang));
  if (s || !parts.length) parts.push(t('span_seconds', { n: s }, lang));
  return parts.join(' ');
}

/**
 * What a player is told when he asks for the times (the core's `TimeOnRequest`: his clock and
 * his opponent's, the moves he has completed), in `lang`.
 */
export function timeToldWords(told, lang = 'en') {
  return t('time_on_request', {
    own_left: durationWords(told.own.remaining, lang),
    own_used: durationWords(told.own.used, lang),
    theirs_left: durationWords(told.theirs.remaining, lang),
    theirs_used: durationWords(told.theirs.used, lang),
    moves: t('moves_count', { n: told.own.moves }, lang),
  }, lang);
}

// "a, b and c" in `lang`'s own way.
function listWords(items, lang) {
  try {
    return new Intl.ListFormat(sentenceLang(lang), { type: 'conjunction' }).format(items);
  } catch {
    return items.join(', ');
  }
}

/** "1-0: White wins by checkmate." — a game's end, `{result, reason}` as the page state has it. */
export function resultWords(r, lang = 'en') {
  const reason = r.reason ? t(`reason_${r.reason}`, {}, lang) : '';
  if (r.result === '1-0' || r.result === '0-1') {
    return t('game_over_won', { score: r.result, who: sideName(r.result === '1-0' ? 'white' : 'black', lang), reason }, lang);
  }
  if (r.result === '1/2-1/2') return t('game_over_drawn', { reason }, lang);
  return t('game_over', { reason }, lang);
}

// A move of a draw claim's evidence: "" the start, "*" the declared move, else "12. Nf3".
const evidenceAt = (label, lang) => (label === '' ? t('evidence_at_start', {}, lang)
  : label === '*' ? t('evidence_after_declared', {}, lang) : t('evidence_after', { move: label }, lang));
const evidenceMove = (label, lang) => (label === '' || label == null ? t('evidence_the_start', {}, lang)
  : label === '*' ? t('evidence_the_declared_move', {}, lang) : label);

/**
 * A message's words as its sentence uses them: sides as names (`who`, `of`), times as spans,
 * claims, reasons and causes (ids) in words, a draw's evidence as a list of moves.
 */
function fill(m, lang) {
  const p = { ...m };
  if (m.player) {
    p.who = sideName(m.player, lang);
    p.of = sideOf(m.player, lang);
  }
  if (typeof m.ms === 'number') p.span = spanWords(m.ms, lang);
  if (typeof m.white === 'number') p.white = spanWords(m.white, lang);
  if (typeof m.black === 'number') p.black = spanWords(m.black, lang);
  for (const k of ['claim', 'reason', 'because']) p[k] = m[k] ? t(m[k], {}, lang) : '';
  // Castling barred on one side or both (`{sides, select, both {...} short {...} other {...}}`).
  if ('short' in m || 'long' in m) p.sides = m.short && m.long ? 'both' : m.short ? 'short' : 'long';
  if (Array.isArray(m.moves)) p.list = listWords(m.moves.map((x) => evidenceAt(x, lang)), lang);
  if ('first' in m) p.first = evidenceMove(m.first, lang);
  if ('last' in m) p.last = evidenceMove(m.last, lang);
  return p;
}

/**
 * One ruling (`{at, law: "2005 Art. 7.4b", verdict: {kind, ...}, say: {id, ...}}`) as
 * `{text, law}`, in `lang`. The sentence names the consequence; the Law is always given with
 * it, as the core wrote it.
 */
export function rulingWords(ruling, lang = 'en') {
  const law = ruling.law ?? '';
  const m = ruling.say;
  const p = fill(m, lang);
  // 2005 App. F2.1, F2.6: announcements, their repetition and correction. The spoken form is
  // German (Anna ... Hector, eins ... acht) and is heard in a German voice.
  if (m.id === 'announced' || m.id === 'announcement_corrected') return spokenParts(t(m.id, p, lang), m.spoken, law, lang);
  // A notice is a phrase; as a ruling of its own it is a sentence.
  const text = t(m.id, p, lang);
  return { text: m.id.startsWith('notice_') ? `${text}.` : text, law };
}

// Touch-move obligations (Art. 4), by the core's obligation kind.
const OBLIGATIONS = { move_piece: 'ob_move_piece', capture_piece: 'ob_capture_piece',
  capture_with: 'ob_capture_with', castle: 'ob_castle', king_move: 'ob_king_move' };

/**
 * What touch-move obliges the player on move to do (the core's `obligation`, Art. 4), in `lang`;
 * null when nothing is owed or the kind is one this page does not know.
 */
export function obligationWords(ob, lang = 'en') {
  const id = OBLIGATIONS[ob?.kind];
  return id ? t(id, ob, lang) : null;
}

function spokenParts(prefix, spoken, law, lang) {
  return { text: `${prefix} ${spoken}.`, law: law ?? '', parts: [[prefix, sentenceLang(lang)], [`${spoken}.`, 'de']] };
}

// A cause and the time it gives the opponent at the same instant, said as one sentence.
const WITH_PENALTY = { illegal_move: 'illegal_move_penalty', claim_rejected: 'claim_rejected_penalty' };
const idOfRuling = (r) => r.say?.id;

/**
 * A batch of rulings from one event, as sentences in `lang`. A penalty that follows its cause
 * at the same instant is said in one sentence: "Illegal move Ke8-e6 by Black: White gets 2 minutes."
 */
export function rulingsWords(list, lang = 'en') {
  let rulings = [...list];
  const out = [];
  for (let i = 0; i < rulings.length; i++) {
    const r = rulings[i];
    const joined = WITH_PENALTY[idOfRuling(r)];
    // The penalty may come after other rulings of the same instant (the position restored).
    const j = rulings.findIndex((x, k) => k > i && idOfRuling(x) === 'time_added' && x.at === r.at);
    if (joined && j > i) {
      const v = rulings[j].verdict;
      const p = { ...fill(r.say, lang), other: sideName(v.player, lang), span: spanWords(v.ms, lang) };
      out.push({ text: t(joined, p, lang), law: rulings[j].law || r.law, ruling: r });
      rulings = rulings.filter((_, k) => k !== j);
      continue;
    }
    out.push({ ...rulingWords(r, lang), ruling: r });
  }
  return out;
}

/**
 * Why a typed move was refused, in `lang`: the wasm's `readMove` throws an Error whose fields
 * name the message (`{id: "refused_ambiguous", text, candidates}`); its English `message` is
 * said only when it names none.
 */
export function refusalWords(err, lang = 'en') {
  const id = err?.id;
  if (!id || !hasWords(id)) return String(err?.message ?? err);
  return t(id, {
    text: err.text ?? '',
    position: err.position,
    reason: err.reasonId ? t(err.reasonId, {}, lang) : String(err.reason ?? ''),
    n: err.candidates?.length ?? 0,
    candidates: (err.candidates ?? []).join(', '),
  }, lang);
}

// The board bridge's connection notices, by the wasm client's kind.
const BRIDGE_NOTICES = { connecting: 'bridge_connecting', lost: 'bridge_lost', not_an_address: 'bridge_not_an_address' };

/** The board bridge's connection notice (`{kind, url}` from the wasm client) in `lang`;
 * the client's English `text` when the kind is unknown. */
export function bridgeNoticeWords(text, notice, lang = 'en') {
  const id = BRIDGE_NOTICES[notice?.kind];
  return id ? t(id, { url: notice.url ?? '' }, lang) : String(text);
}

// What the sensor board's status says while a move is sealed on it (2005 App. A1, A5), by the
// stage the bridge names.
const SEALING = { sealing: 'board_sealing', pieces_back: 'board_pieces_back' };

/** The board status's words for a sealing stage the bridge names (`sealing`, `pieces_back`). */
export function sealingWords(stage, lang = 'en') {
  return SEALING[stage] ? t(SEALING[stage], {}, lang) : String(stage ?? '');
}

// Why the bridge asks for the board to be put right, by its ruling's kind.
const MISMATCHES = { not_initial_position: 'mismatch_not_initial_position', displaced: 'mismatch_displaced' };

/** The bridge's request to put the pieces back (`{kind, squares}`), in `lang`. */
export function restoreBoardWords(m, lang = 'en') {
  const why = MISMATCHES[m?.kind];
  return t('restore_board', { squares: m?.squares?.join(', ') ?? '', why: why ? t(why, {}, lang) : '' }, lang);
}

/** An event the game refused, or a PGN it could not import (the wasm `Table`'s Error: its
 * message `id`, `player`, for a bad FEN the `problem`'s id and words, for a PGN's move `n` and
 * its `refusal`) in `lang`; the core's English `message` when it names
 * no message. */
export function tableRefusalWords(err, lang = 'en') {
  const id = err?.id;
  if (!id || !hasWords(id)) return String(err?.message ?? err);
  const p = fill({ player: err.player }, lang);
  if (err.problem && hasWords(err.problem)) {
    const q = { rank: err.rank, squares: err.squares, found: err.found, count: err.count, max: err.max,
      square: err.square, right: err.right };
    p.problem = t(err.problem, { ...q, ...fill({ player: err.player }, lang) }, lang);
  }
  if (err.ply !== undefined) Object.assign(p, { ply: err.ply, plies: err.plies });
  // A PGN's move that does not play: why, as a typed move's refusal says it.
  if (err.refusal) Object.assign(p, { move: err.move, why: refusalWords(err.refusal, lang) });
  return t(id, p, lang);
}
