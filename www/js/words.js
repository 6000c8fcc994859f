// Plain-words rendering of what the wasm module returns: rulings and results. The core decides;
// this file only says it in English, always beside the Law the ruling rests on.

const SIDE = { white: 'White', black: 'Black' };

export function sideName(color) {
  return SIDE[color] ?? String(color);
}

/** "2 minutes", "90 seconds", "1 minute 30 seconds" */
export function spanWords(ms) {
  const s = Math.round(ms / 1000);
  const m = Math.floor(s / 60);
  const r = s % 60;
  const parts = [];
  if (m) parts.push(`${m} minute${m === 1 ? '' : 's'}`);
  if (r || !m) parts.push(`${r} second${r === 1 ? '' : 's'}`);
  return parts.join(' ');
}

const CLAIMS = {
  repetition: 'threefold repetition',
  fifty_moves: 'fifty moves',
  win_on_time: 'a win on time',
  illegal_move: 'an illegal move',
  touch_move: 'touch-move',
  quickplay_finish: 'a quickplay-finish draw',
};

const REASONS = {
  checkmate: 'checkmate',
  stalemate: 'stalemate',
  resignation: 'resignation',
  agreement: 'agreement',
  time: 'time',
  time_but_cannot_mate: 'time, but the opponent cannot mate',
  both_flags: 'both flags down',
  dead_position: 'dead position',
  repetition: 'threefold repetition',
  fifty_moves: 'the 50-move rule',
  fivefold_repetition: 'fivefold repetition',
  seventy_five_moves: 'the 75-move rule',
  illegal_moves: 'illegal moves',
  default: 'default (late arrival)',
  quickplay_finish: 'quickplay finish',
  sealed_move: 'an illegal sealed move',
};

const NOTICES = {
  clock_pressed_without_move: 'The clock was pressed without a move',
  clock_pressed_before_move_made: 'The clock was pressed before the move was made',
  placement_without_lift: 'A piece appeared without being lifted',
  illegal_position_needs_arbiter: 'The illegal position must be put right by the arbiter',
};

/** "1-0: White wins by checkmate." */
export function resultWords(r) {
  const reason = REASONS[r.reason] ?? String(r.reason ?? '').replaceAll('_', ' ');
  const by = reason ? ` by ${reason}` : '';
  if (r.result === '1-0') return `1-0: White wins${by}.`;
  if (r.result === '0-1') return `0-1: Black wins${by}.`;
  if (r.result === '1/2-1/2') return `½-½: drawn${by}.`;
  return `Game over${by}.`;
}

/**
 * One ruling (`{at, law: "2005 Art. 7.4b", verdict: {kind, ...}}`) as `{text, law}`.
 * The sentence names the consequence; the Law is always given with it.
 */
export function rulingWords(ruling) {
  const v = ruling.verdict ?? {};
  const who = sideName(v.player);
  const claim = CLAIMS[v.claim] ?? String(v.claim ?? '').replaceAll('_', ' ');
  let text;
  switch (v.kind) {
    case 'game_over': text = resultWords(v); break;
    case 'time_added': text = `${who} gets ${spanWords(v.ms)}.`; break;
    case 'time_charged': text = `${who} is charged ${spanWords(v.ms)}.`; break;
    case 'period_started': text = `${who} enters period ${v.period + 1}: ${spanWords(v.ms)} added.`; break;
    case 'flag_fell': text = `${who}'s flag has fallen.`; break;
    case 'must_move': text = `Touch-move: ${who} must move the touched piece; the other move is taken back.`; break;
    case 'touch_move_breach': text = `${who} broke touch-move; the opponent may claim.`; break;
    case 'illegal_move': text = `Illegal move ${v.move} by ${who} (illegal move no. ${v.count}).`; break;
    case 'position_restored':
      // The same verdict serves an illegal move (Art. 7.4a / 7.5.1) and the arbiter's restoring
      // of an earlier position (Art. 6.14 / 7.1, 7.5 / 7.6): the Law says which.
      text = /Art\. 7\.4a|Art\. 7\.5\.1/.test(ruling.law ?? '')
        ? 'The position before the illegal move is restored.'
        : 'An earlier position is restored, with the clocks as they stood then.';
      break;
    case 'claim_open': text = `${who} may claim ${claim}.`; break;
    case 'claim_lapsed': text = `${who}'s claim of ${claim} has lapsed.`; break;
    case 'claim_accepted': text = `${who}'s claim of ${claim} is upheld.`; break;
    case 'claim_rejected': text = `${who}'s claim of ${claim} is rejected${v.because ? ` (${String(v.because).replaceAll('_', ' ')})` : ''}: play goes on.`; break;
    case 'claim_pending': text = `${who} claims ${claim}; the arbiter decides.`; break;
    case 'claim_postponed': text = `The arbiter postpones ${who}'s claim of ${claim}.`; break;
    case 'must_play': text = `${who} must now play the declared move ${v.move}.`; break;
    case 'draw_offered': text = `${who} offers a draw.`; break;
    case 'draw_declined': text = `${who} declines the draw.`; break;
    case 'draw_refused': text = `No draw by agreement yet: each player must have moved.`; break;
    case 'clock_stopped': text = 'The clocks are stopped.'; break;
    case 'clocks_set': text = `The clocks are set: White ${spanWords(v.white)}, Black ${spanWords(v.black)}.`; break;
    case 'clock_started': text = `${who}'s clock is running.`; break;
    case 'sealed': text = `${who} has sealed a move; the game is adjourned.`; break;
    case 'envelope_opened': text = `The envelope is opened: ${v.move}.`; break;
    case 'notice': text = `${NOTICES[v.what] ?? String(v.what).replaceAll('_', ' ')}.`; break;
    // 2005 App. F2.1, F2.6: announcements, their repetition and correction. The spoken form is
    // German (Anna ... Hector, eins ... acht) and is heard in a German voice.
    case 'announced':
      return spokenParts(`${who} announces:`, v.spoken, ruling.law);
    case 'announcement_corrected':
      return spokenParts(`${who} corrects the announcement:`, v.spoken, ruling.law);
    case 'announcement_repeated':
      text = v.agrees
        ? `${who} repeats the move.`
        : `${who} repeated ${v.move}, which is not the move announced: the players put it right, with the arbiter if need be.`;
      break;
    case 'correction_refused':
      text = v.because === 'opponent_clock_started'
        ? `${who}'s correction comes too late: the opponent's clock has started.`
        : `${who} has announced nothing to correct.`;
      break;
    default: text = String(v.kind ?? 'ruling').replaceAll('_', ' ');
  }
  // "Illegal move: White gets 2 minutes." reads better than two lines for the same instant.
  return { text, law: ruling.law ?? '' };
}

function spokenParts(prefix, spoken, law) {
  return { text: `${prefix} ${spoken}.`, law: law ?? '', parts: [prefix, [`${spoken}.`, 'de']] };
}

const PRELUDES = {
  illegal_move: (v) => `Illegal move ${v.move} by ${sideName(v.player)}`,
  claim_rejected: (v) => `${sideName(v.player)}'s claim of ${CLAIMS[v.claim] ?? v.claim} is rejected`,
};

/**
 * A batch of rulings from one event, as sentences. A penalty that follows its cause at the same
 * instant is said in one sentence: "Illegal move e1e3 by Black: White gets 2 minutes."
 */
export function rulingsWords(list) {
  let rulings = [...list];
  const out = [];
  for (let i = 0; i < rulings.length; i++) {
    const r = rulings[i];
    const prelude = PRELUDES[r.verdict?.kind];
    // The penalty may come after other rulings of the same instant (the position restored).
    const j = rulings.findIndex((x, k) => k > i && x.verdict?.kind === 'time_added' && x.at === r.at);
    if (prelude && j > i) {
      const v = rulings[j].verdict;
      out.push({ text: `${prelude(r.verdict)}: ${sideName(v.player)} gets ${spanWords(v.ms)}.`, law: rulings[j].law || r.law, ruling: r });
      rulings = rulings.filter((_, k) => k !== j);
      continue;
    }
    out.push({ ...rulingWords(r), ruling: r });
  }
  return out;
}
