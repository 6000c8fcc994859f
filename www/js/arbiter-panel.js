// The arbiter's panel of the full page (index.html): its markup, its words and the decisions
// the Laws leave to the arbiter, each ruled by the game and recorded in its log. Built when the
// arbiter first opens it (page.js), in the page's language.
import { askFirst } from './ask-first.js';
import { panelStyle } from './panel-style.js';
import { loadWords, moveNo, relabel, say, sideName, tableRefusalWords } from './words.js';

// A claim's name in the page's language, by the core's claim kind.
const CLAIM_NAMES = {
  repetition: 'claim_repetition', fifty_moves: 'claim_fifty_moves', win_on_time: 'claim_win_on_time',
  illegal_move: 'claim_illegal_move', touch_move: 'claim_touch_move', quickplay_finish: 'claim_quickplay_finish',
  quickplay_increment: 'claim_quickplay_increment',
};
const claimWord = (kind, lang) => say(lang, CLAIM_NAMES[kind] ?? 'claim_label');

// String.raw: the inputs' patterns keep their backslashes.
const MARKUP = String.raw`
<style>
  /* A phone's narrow panel: its groups, fields and menus wrap and shrink instead of widening the page. */
  #arbiter-panel fieldset { min-width: 0; }
  #arbiter-panel .row label { flex-wrap: wrap; min-width: 0; max-width: 100%; }
  #arbiter-panel select, #arbiter-panel input { min-width: 0; max-width: 100%; }
</style>
<h2 id="arbiter-title" data-t="arbiter">Arbiter</h2>
<p class="hint" data-t="arbiter_intro">Decisions the Laws leave to the arbiter. Each one is ruled by the game and recorded in its log.</p>
<div class="groups">
  <fieldset>
    <legend data-t="arbiter_clocks">Clocks</legend>
    <div class="row">
      <button type="button" data-decision="stop_clock" aria-describedby="d-stop" data-t="stop_clocks">Stop clocks</button>
      <button type="button" data-decision="start_clock" aria-describedby="d-stop" data-t="restart_clock">Restart clock</button>
    </div>
    <p class="hint" id="d-stop"><span data-t="arbiter_clocks_stop_help">Stops both clocks to look into something; no move can be made until they run again. Restart runs the clock of the player on move.</span> <span class="law" translate="no" data-law="pause_clocks"></span></p>
    <form class="row" id="set-clock" aria-describedby="d-set set-clock-error" novalidate>
      <label><span data-t="label_white">White</span> <input name="white" placeholder="m:ss" size="7" required></label>
      <label><span data-t="label_black">Black</span> <input name="black" placeholder="m:ss" size="7" required></label>
      <button type="submit" data-t="set_clocks">Set clocks</button>
    </form>
    <p class="form-error" id="set-clock-error" role="alert" hidden></p>
    <p class="hint" id="d-set"><span data-t="arbiter_clocks_set_help">Sets both clocks to the times given, as m:ss or h:mm:ss (a plain number is minutes: 5 is 5:00), e.g. after a clock fault.</span> <span class="law" translate="no" data-law="set_clocks"></span></p>
    <div class="row">
      <button type="button" data-add="white" aria-describedby="d-add" data-t="add_two_minutes_white">White +2:00</button>
      <button type="button" data-add="black" aria-describedby="d-add" data-t="add_two_minutes_black">Black +2:00</button>
    </div>
    <p class="hint" id="d-add"><span data-t="arbiter_add_time_help">Gives a player two minutes, as the arbiter does for the opponent of a player who disturbs him.</span> <span class="law" translate="no" data-law="add_time"></span></p>
  </fieldset>
  <fieldset>
    <legend data-t="arbiter_claims">Claims awaiting a decision</legend>
    <p class="pending" id="pending-claim">No claim awaits a decision.</p>
    <div class="row">
      <button type="button" data-decision="accept" aria-describedby="d-claim" data-t="uphold_claim">Uphold claim</button>
      <button type="button" data-decision="postpone" aria-describedby="d-claim" data-t="postpone">Postpone</button>
      <button type="button" data-decision="reject" aria-describedby="d-claim" data-t="reject_claim">Reject claim</button>
    </div>
    <p class="hint" id="d-claim"><span data-t="arbiter_claims_help">With the arbiter present, a claim waits here: uphold it (the game ends as claimed), reject it (play goes on, and for a wrong draw claim the opponent gets time), or postpone a quickplay-finish claim to watch the game.</span> <span class="law" translate="no" data-law="wrong_claim quickplay_finish"></span></p>
  </fieldset>
  <fieldset>
    <legend data-t="arbiter_position">Position</legend>
    <form class="row" id="restore" aria-describedby="d-restore">
      <label><span data-t="back_to">Back to</span> <select name="ply" id="restore-ply"><option value="0" data-t="restore_the_start">the start</option></select></label>
      <label><span data-t="restore_because">because</span>
        <select name="cause">
          <option value="arbiter" translate="no" data-law="restore" data-words="restore_cause_error">of an error found</option>
          <option value="displaced" translate="no" data-law="displaced" data-words="restore_cause_displaced">a piece was displaced</option>
        </select>
      </label>
      <button type="submit" data-t="restore_position">Restore position</button>
    </form>
    <p class="hint" id="d-restore"><span data-t="arbiter_restore_help">Takes the game back to the position after that move, with the clocks as they stood then; the later moves are taken back.</span> <span class="law" translate="no" data-law="restore displaced"></span></p>
    <form class="row" id="set-fen" aria-describedby="d-fen set-fen-error" novalidate>
      <label><span data-t="position_fen">Position (FEN)</span> <input name="fen" size="28" required autocomplete="off" spellcheck="false"></label>
      <button type="submit" data-t="set_position">Set position</button>
    </form>
    <p class="form-error" id="set-fen-error" role="alert" hidden></p>
    <p class="hint" id="d-fen" data-t="arbiter_set_fen_help">Starts over from the position given, with the clocks as they stand now: the moves played so far are no longer part of the game (asked first).</p>
  </fieldset>
  <fieldset>
    <legend data-t="arbiter_adjournment">Adjournment</legend>
    <form class="row" id="adjourn" aria-describedby="d-adjourn">
      <label><span data-t="envelope_passphrase">Envelope passphrase</span> <input name="passphrase" type="password" minlength="4" required autocomplete="off"></label>
      <button type="submit" name="do" value="seal" data-t="adjourn_seal_next_move">Adjourn: seal next move</button>
      <button type="submit" name="do" value="open" data-t="resume_and_open">Resume and open</button>
    </form>
    <p class="hint" id="d-adjourn"><span data-t="arbiter_adjourn_help">The player on move makes his next move on the board; it is sealed with your passphrase, never shown, and the clocks stop. At the resumption the passphrase opens it and it is played.</span> <span class="law" translate="no" data-law="sealing sealed_move_made"></span></p>
  </fieldset>
</div>`;

const $ = (id) => document.getElementById(id);

/**
 * Builds the panel into `#arbiter-panel` for `board`, its words said by `t` (the page's); resolves
 * to `{show, redraw}`: drawn from the game when shown, again after a new game or language.
 */
export async function build(board, t) {
  // Its hints, answers and confirmations are words beyond the first screen's.
  await loadWords();
  panelStyle();
  const panel = $('arbiter-panel');
  panel.innerHTML = MARKUP;
  const lang = document.documentElement.lang;
  if (lang !== 'en') relabel(panel, lang);

  // What awaits the arbiter's decision, from the core's state: the claim and who made it.
  function showPending(s = board.state) {
    const p = s?.core?.pending_claim;
    const lang = document.documentElement.lang;
    // The claim with the article it is made under, as the core names it.
    const law = p?.law ? ` (${p.law.edition} ${p.law.article})` : '';
    $('pending-claim').textContent = p
      ? `${t('arbiter_claim_waiting', [sideName(p.player, lang), claimWord(p.claim, lang)])}${law}`
      : t('table_no_pending_claim');
    for (const b of document.querySelectorAll('#arbiter-panel [data-decision="accept"], #arbiter-panel [data-decision="reject"], #arbiter-panel [data-decision="postpone"]')) {
      b.disabled = !p;
    }
  }

  // The articles beside the panel's controls, in the game's edition, as the core names them
  // (its state's `laws`): a 2023 game never reads a 2005 number.
  function citeLaws(s = board.state) {
    if (!s?.laws) return;
    const law = (name) => (name === 'wrong_claim' ? s.costs?.wrongClaim?.law : s.laws[name]) ?? '';
    for (const el of document.querySelectorAll('#arbiter-panel [data-law]')) {
      const laws = el.dataset.law.split(' ').map(law).filter(Boolean).join('; ');
      if (el.dataset.words) el.textContent = `${t(el.dataset.words)} (${laws})`;
      else el.textContent = laws ? `(${laws})` : '';
    }
  }


  // The plies the arbiter can go back to (2005 Art. 6.14 / 2023 Art. 7.1), from the move list.
  function fillPlies(s = board.state) {
    const select = $('restore-ply');
    const moves = s?.moves ?? [];
    select.replaceChildren(new Option(t('restore_the_start'), '0'));
    moves.forEach((m, i) => {
      select.append(new Option(t('restore_after_move', [moveNo(m), m.san]), String(i + 1)));
    });
    select.value = String(moves.length);
  }
  // The state is read once per event (each read is the whole state out of the wasm module).
  for (const ev of ['move', 'ready', 'ruling', 'gameover']) {
    board.addEventListener(ev, () => {
      const s = board.state;
      if (!$('arbiter-panel').hidden) fillPlies(s);
      showPending(s);
      citeLaws(s);
    });
  }
  $('restore').addEventListener('submit', (e) => {
    e.preventDefault();
    const f = new FormData(e.target);
    board.restorePosition({ ply: Number(f.get('ply')), cause: String(f.get('cause')) });
  });
  // A value that cannot be used is said beside its field, before anything is asked or done.
  function fieldError(id, text) {
    const p = $(id);
    p.textContent = text ?? '';
    p.hidden = !text;
    return !text;
  }
  // Why `fen` is no position to play from (the wasm's words for it), or null: the game's own
  // setup from that position is made and thrown away.
  function fenProblem(fen) {
    if (!fen.trim()) return t('fen_needed');
    // The game's own Table class (the module it runs in: the element's, so no other import).
    const Table = board.table.constructor;
    try {
      const config = { ...JSON.parse(board.table.log().split('\n')[0]).config, fen: fen.trim() };
      new Table(config).free();
      return null;
    } catch (err) {
      return err?.id ? tableRefusalWords(err, document.documentElement.lang) : String(err?.message ?? err);
    }
  }
  $('set-fen').addEventListener('submit', async (e) => {
    e.preventDefault();
    const fen = String(new FormData(e.target).get('fen'));
    if (!fieldError('set-fen-error', fenProblem(fen))) return;
    const moves = board.state?.moves?.length ?? 0;
    if (moves && !(await askFirst(t('confirm_fen_title'),
      t('confirm_fen_body', [moves]),
      t('set_position')))) return;
    board.restorePosition({ fen });
  });
  for (const b of document.querySelectorAll('[data-decision]')) {
    b.addEventListener('click', () => {
      board.send({ type: 'arbiter', decision: { kind: b.dataset.decision } });
      showPending();
    });
  }
  for (const b of document.querySelectorAll('[data-add]')) {
    b.addEventListener('click', () => board.send({
      type: 'arbiter', decision: { kind: 'add_time', player: b.dataset.add, ms: 120_000 },
    }));
  }
  // m:ss, h:mm:ss or a plain number of minutes, in ms; null when it is none of them.
  function readClock(text) {
    const t = text.trim();
    if (!/^\d{1,4}(:[0-5]?\d){0,2}$/.test(t)) return null;
    const parts = t.split(':').map(Number);
    return parts.reduce((acc, n) => acc * 60 + n, 0) * 1000 * (parts.length === 1 ? 60 : 1);
  }
  $('set-clock').addEventListener('submit', (e) => {
    e.preventDefault();
    const f = new FormData(e.target);
    const lang = document.documentElement.lang;
    const times = {};
    for (const side of ['white', 'black']) {
      const text = String(f.get(side));
      times[side] = readClock(text);
      if (times[side] === null) {
        fieldError('set-clock-error', t('clock_unreadable', [sideName(side, lang), text]));
        e.target.elements[side].focus();
        return;
      }
    }
    fieldError('set-clock-error', null);
    board.send({ type: 'arbiter', decision: { kind: 'set_clock', ...times } });
  });

  // 2005 App. A: the player on move seals his next move; the arbiter opens it at the resumption.
  $('adjourn').addEventListener('submit', (e) => {
    e.preventDefault();
    const passphrase = String(new FormData(e.target).get('passphrase'));
    if (e.submitter?.value === 'open') board.resumeAdjourned(passphrase);
    else board.sealNextMove(passphrase);
    e.target.reset();
  });

  showPending();
  citeLaws();
  return {
    show() {
      fillPlies();
      citeLaws();
    },
    redraw() {
      citeLaws();
      showPending();
      if (!panel.hidden) fillPlies();
    },
  };
}
