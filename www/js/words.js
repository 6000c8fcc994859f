// Plain-words rendering of what the wasm module returns: rulings and results, in the language
// the players chose for the notation (App. E), English when a sentence has no translation. The
// core decides; this file only says it, always beside the Law the ruling rests on.

import en from './lang/en.js';

// English is always here (every other table falls back to it); another language's table is
// fetched when a board first needs it, so a page downloads one table, not seven.
const TABLES = { en };
const LOADERS = {
  de: () => import('./lang/de.js'),
  it: () => import('./lang/it.js'),
  pt: () => import('./lang/pt.js'),
  es: () => import('./lang/es.js'),
  fr: () => import('./lang/fr.js'),
  nl: () => import('./lang/nl.js'),
};

/** The languages the page has sentences in (App. E codes). */
export const SENTENCE_LANGS = ['en', ...Object.keys(LOADERS)];

/**
 * Fetches the sentences of `code` (an App. E code) once; resolves when they can be said. Until
 * then, and for codes without a table, sentences are English and `sentenceLang` says so.
 */
export async function loadSentences(code) {
  if (TABLES[code] || !LOADERS[code]) return;
  const [table, later] = await Promise.all([LOADERS[code](), import('./relabel.js')]);
  TABLES[code] = table.default;
  other = later;
}

// The controls' words in the other languages (relabel.js): not needed by an English page.
let other = null;
export const relabel = (root, lang) => other?.relabel(root, lang);
export const captionWords = (meta, lang) => other?.captionWords(meta, lang) ?? meta;

/** The sentence language for a notation code: figurines, unknown codes and tables not yet
 * loaded are English. */
export function sentenceLang(code) {
  return TABLES[code] ? code : 'en';
}

/** The page's sentence `key` in `lang` with the named words `args`; English when missing. */
export function say(lang, key, args = {}) {
  const entry = TABLES[sentenceLang(lang)][key] ?? en[key];
  return typeof entry === 'function' ? entry(args) : String(entry ?? key);
}

/** The controls' words in `lang`, keyed by their English text; `{0}`, `{err}` filled from `args`. */
export function tr(lang, english, args) {
  const text = TABLES[sentenceLang(lang)].ui?.[english] ?? english;
  return args ? text.replace(/\{(\w+)\}/g, (_, k) => args[k] ?? '') : text;
}

// A word list (claims, reasons, notices) in `lang`, English when the word is missing.
function word(lang, list, key) {
  const raw = String(key ?? '');
  return TABLES[sentenceLang(lang)][list]?.[raw] ?? en[list][raw] ?? raw.replaceAll('_', ' ');
}

export function sideName(color, lang = 'en') {
  return TABLES[sentenceLang(lang)].side?.[color] ?? en.side[color] ?? String(color);
}

/** A side as owner: "White's", "von Weiß", "del Bianco". */
export function sideOf(color, lang = 'en') {
  return TABLES[sentenceLang(lang)].of?.[color] ?? en.of[color] ?? String(color);
}

/** "2 minutes", "90 seconds", "1 minute 30 seconds" (and so in each language). */
export function spanWords(ms, lang = 'en') {
  const t = TABLES[sentenceLang(lang)];
  const s = Math.round(ms / 1000);
  const m = Math.floor(s / 60);
  const r = s % 60;
  const unit = (n, forms) => `${n} ${forms[n === 1 ? 0 : 1]}`;
  const parts = [];
  if (m) parts.push(unit(m, t.minute ?? en.minute));
  if (r || !m) parts.push(unit(r, t.second ?? en.second));
  return parts.join(' ');
}

/** "1-0: White wins by checkmate." */
export function resultWords(r, lang = 'en') {
  const reason = r.reason ? word(lang, 'reasons', r.reason) : '';
  if (r.result === '1-0') return say(lang, 'wins', { score: '1-0', who: sideName('white', lang), reason });
  if (r.result === '0-1') return say(lang, 'wins', { score: '0-1', who: sideName('black', lang), reason });
  if (r.result === '1/2-1/2') return say(lang, 'drawn', { reason });
  return say(lang, 'over', { reason });
}

// The named words a ruling's sentence may use, in `lang`.
function rulingArgs(v, lang) {
  return {
    who: sideName(v.player, lang),
    of: sideOf(v.player, lang),
    claim: word(lang, 'claims', v.claim),
    span: v.ms === undefined ? '' : spanWords(v.ms, lang),
    move: v.move ?? '',
    count: v.count,
    period: (v.period ?? 0) + 1,
    white: v.white === undefined ? '' : spanWords(v.white, lang),
    black: v.black === undefined ? '' : spanWords(v.black, lang),
    because: v.because ? String(v.because).replaceAll('_', ' ') : '',
    short: v.short,
    long: v.long,
  };
}

// Verdict kinds whose sentence is the kind's own key in the tables.
const PLAIN = new Set(['time_added', 'time_charged', 'period_started', 'flag_fell', 'must_move',
  'touch_move_breach', 'illegal_move', 'claim_open', 'claim_lapsed', 'claim_accepted',
  'claim_rejected', 'claim_pending', 'claim_postponed', 'must_play', 'draw_offered',
  'draw_declined', 'draw_refused', 'clock_stopped', 'clocks_set', 'clock_started', 'sealed',
  'envelope_opened', 'castling_barred', 'illegal_position', 'position_legal_again']);

/**
 * One ruling (`{at, law: "2005 Art. 7.4b", verdict: {kind, ...}}`) as `{text, law}`, in `lang`.
 * The sentence names the consequence; the Law is always given with it, as the core wrote it.
 */
export function rulingWords(ruling, lang = 'en') {
  const v = ruling.verdict ?? {};
  const a = rulingArgs(v, lang);
  const law = ruling.law ?? '';
  let text;
  if (PLAIN.has(v.kind)) text = say(lang, v.kind, a);
  else {
    switch (v.kind) {
      case 'game_over': text = resultWords(v, lang); break;
      case 'position_restored':
        // The same verdict serves an illegal move (Art. 7.4a / 7.5.1) and the arbiter's
        // restoring of an earlier position (Art. 6.14 / 7.1, 7.5 / 7.6): the Law says which.
        text = say(lang, /Art\. 7\.4a|Art\. 7\.5\.1/.test(law) ? 'restored_after_illegal' : 'restored_earlier');
        break;
      case 'notice': text = `${word(lang, 'notices', v.what)}.`; break;
      // 2005 App. F2.1, F2.6: announcements, their repetition and correction. The spoken form
      // is German (Anna ... Hector, eins ... acht) and is heard in a German voice.
      case 'announced':
        return spokenParts(say(lang, 'announced', a), v.spoken, law, lang);
      case 'announcement_corrected':
        return spokenParts(say(lang, 'announcement_corrected', a), v.spoken, law, lang);
      case 'announcement_repeated':
        text = say(lang, v.agrees ? 'repeated' : 'repeated_otherwise', a);
        break;
      case 'correction_refused':
        text = say(lang, v.because === 'opponent_clock_started' ? 'correction_too_late' : 'correction_of_nothing', a);
        break;
      default: text = String(v.kind ?? 'ruling').replaceAll('_', ' ');
    }
  }
  return { text, law };
}

/**
 * What touch-move obliges the player on move to do (the core's `obligation`, Art. 4), in `lang`;
 * null when nothing is owed or the kind is one this page does not know.
 */
export function obligationWords(ob, lang = 'en') {
  const key = `ob_${ob?.kind}`;
  if (!ob || !(key in en)) return null;
  return say(lang, key, ob);
}

function spokenParts(prefix, spoken, law, lang) {
  return { text: `${prefix} ${spoken}.`, law: law ?? '', parts: [[prefix, sentenceLang(lang)], [`${spoken}.`, 'de']] };
}

// A cause and the time it gives the opponent at the same instant, said as one sentence.
const WITH_PENALTY = { illegal_move: 'illegal_move_penalty', claim_rejected: 'claim_rejected_penalty' };

/**
 * A batch of rulings from one event, as sentences in `lang`. A penalty that follows its cause
 * at the same instant is said in one sentence: "Illegal move e1e3 by Black: White gets 2 minutes."
 */
export function rulingsWords(list, lang = 'en') {
  let rulings = [...list];
  const out = [];
  for (let i = 0; i < rulings.length; i++) {
    const r = rulings[i];
    const joined = WITH_PENALTY[r.verdict?.kind];
    // The penalty may come after other rulings of the same instant (the position restored).
    const j = rulings.findIndex((x, k) => k > i && x.verdict?.kind === 'time_added' && x.at === r.at);
    if (joined && j > i) {
      const v = rulings[j].verdict;
      const a = { ...rulingArgs(r.verdict, lang), other: sideName(v.player, lang), span: spanWords(v.ms, lang) };
      out.push({ text: say(lang, joined, a), law: rulings[j].law || r.law, ruling: r });
      rulings = rulings.filter((_, k) => k !== j);
      continue;
    }
    out.push({ ...rulingWords(r, lang), ruling: r });
  }
  return out;
}

/**
 * Why a typed move was refused, in `lang`: the wasm's `readMove` throws an Error whose fields
 * name the kind of refusal (`{kind: "ambiguous", text, candidates}`); its English `message` is
 * said when the kind is one this page does not know.
 */
export function refusalWords(err, lang = 'en') {
  const kind = err?.kind;
  if (!kind || !(`refused_${kind}` in en)) return String(err?.message ?? err);
  const t = TABLES[sentenceLang(lang)];
  const reason = String(err.reason ?? '');
  return say(lang, `refused_${kind}`, {
    text: err.text ?? '',
    position: err.position,
    reason: t.unreadable?.[reason] ?? reason,
    n: err.candidates?.length ?? 0,
    candidates: (err.candidates ?? []).join(', '),
  });
}

/** The board bridge's connection notice (`{kind, url}` from the wasm client) in `lang`;
 * the client's English `text` when the kind is unknown. */
export function bridgeNoticeWords(text, notice, lang = 'en') {
  const key = `bridge_${notice?.kind}`;
  return key in en ? say(lang, key, { url: notice.url ?? '' }) : String(text);
}

/** An event the game refused (the wasm `Table`'s Error: `kind`, `player`) in `lang`; the
 * core's English `message` when the kind is one this page does not know. */
export function tableRefusalWords(err, lang = 'en') {
  const key = err?.kind === 'game_over' ? 'game_is_over' : `table_${err?.kind}`;
  if (!err?.kind || !(key in en)) return String(err?.message ?? err);
  return say(lang, key, { who: sideName(err.player, lang), of: sideOf(err.player, lang) });
}
