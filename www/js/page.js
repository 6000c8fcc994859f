// The Arbiter page: a new-game dialog, the PGN panel and the arbiter's panel around one board.
import './arbiter-board.js';
import { loadFull } from './engine.js';
import { describeTimeControl, parseTimeControl } from './time-control.js';
import { loadWords, say, sideName, tableRefusalWords, SENTENCE_LANGS } from './words.js';

// A claim's name in the page's language, by the core's claim kind.
const claimWord = (kind, lang) => say(lang, CLAIM_NAMES[kind] ?? 'claim_label');
const CLAIM_NAMES = {
  repetition: 'claim_repetition', fifty_moves: 'claim_fifty_moves', win_on_time: 'claim_win_on_time',
  illegal_move: 'claim_illegal_move', touch_move: 'claim_touch_move', quickplay_finish: 'claim_quickplay_finish',
  quickplay_increment: 'claim_quickplay_increment',
};

const board = document.getElementById('board');
const $ = (id) => document.getElementById(id);
// The page's own words, in the page's language (<html lang>).
// The page's words by message id, in the page's language (<html lang>).
const t = (id, args) => say(document.documentElement.lang, id, args);

// ---------- new game ----------

const dialog = $('new-game-dialog');
const form = $('new-game-form');

// The dialog's and the panels' messages (a time control refused, an import's answer, the
// arbiter's hints) are words beyond the first screen's: fetched when one is opened.
const wordsNow = () => loadWords().catch(() => {});

$('new-game').addEventListener('click', () => {
  wordsNow();
  dialog.showModal();
});

function chosenTimeControl(f) {
  const preset = f.get('preset');
  if (preset !== 'custom') return preset;
  const sign = f.get('mode');
  const first = `${Number(f.get('minutes'))}${sign}${Number(f.get('seconds'))}`;
  const moves = Number(f.get('moves'));
  const then = Number(f.get('then'));
  return moves > 0 && then > 0 ? `${moves}/${first}s, ${then}${sign}${Number(f.get('seconds'))}` : first;
}

// An unreadable time control keeps the dialog open and says why beside the fields, in the
// page's language.
function timeControlProblem(f) {
  // An empty Minutes field is not a game of 0 minutes: say so instead of starting one.
  if (f.get('preset') === 'custom' && String(f.get('minutes') ?? '').trim() === '') return t('tc_minutes_needed');
  try {
    parseTimeControl(chosenTimeControl(f));
    return null;
  } catch (err) {
    return err.period
      ? t('tc_unreadable', [err.period, err.part])
      : t('tc_empty');
  }
}

form.addEventListener('submit', (e) => {
  const note = $('ng-error');
  const problem = e.submitter?.value === 'start' ? timeControlProblem(new FormData(form)) : null;
  note.textContent = problem ?? '';
  note.hidden = !problem;
  if (problem) e.preventDefault();
});

dialog.addEventListener('close', () => {
  if (dialog.returnValue !== 'start') return;
  const f = new FormData(form);
  if (timeControlProblem(f)) return;
  const tc = chosenTimeControl(f);
  board.setAttribute('time-control', tc);
  board.setAttribute('white', String(f.get('white') || 'White'));
  board.setAttribute('black', String(f.get('black') || 'Black'));
  board.setAttribute('edition', String(f.get('edition')));
  // The notation is the page's language too (figurines leave it as it is).
  const notation = String(f.get('lang'));
  board.setAttribute('notation', notation);
  if (notation !== 'fig') setLang(notation);
  board.setAttribute('arbiter', f.get('arbiter') ? 'present' : 'absent');
  board.toggleAttribute('auto-press', !!f.get('autopress'));
  board.toggleAttribute('speak', !!f.get('speak'));
  board.toggleAttribute('quickplay-finish', !!f.get('quickplay'));
  board.toggleAttribute('allow-illegal', !!f.get('illegal'));
  board.toggleAttribute('time-marks', !!f.get('marks'));
  board.toggleAttribute('assistant', !!f.get('assistant') && !!f.get('player'));
  if (f.get('speech')) board.setAttribute('speech', String(f.get('speech')));
  else board.removeAttribute('speech');
  const player = String(f.get('player') ?? '');
  if (player) {
    board.setAttribute('player', player);
    board.setAttribute('orientation', player);
    setAccessible(true);
  } else {
    board.removeAttribute('player');
  }
  board.newGame();
  showTitle();
  citeLaws();
});

function showTitle(s = board.state) {
  if (!s) return;
  const tc = s.setup?.timeControl ? describeTimeControl(s.setup.timeControl) : '';
  const name = (side) => (s.players[side] === sideName(side) ? t(sideName(side)) : s.players[side]);
  $('game-title').textContent = `${name('white')} – ${name('black')} · ${tc} · ${t('fide_laws', [s.setup?.edition ?? ''])}`;
}

// ---------- the page's language ----------

// Chosen in the header, with a new game's notation, by a link (`?lang=de`) or remembered.
const setLang = (code) => import('./page-lang.js').then((m) => m.showLang(code, board, () => {
  showTitle();
  citeLaws();
  if (!$('arbiter-panel').hidden) fillPlies();
}));
$('page-lang').addEventListener('change', (e) => setLang(e.target.value));
{
  let chosen = new URLSearchParams(location.search).get('lang');
  try {
    chosen ??= localStorage.getItem('arbiter.lang');
  } catch {
    // no storage: English unless the link says otherwise
  }
  // The board at once: the game it is about to start is in this notation.
  if (chosen !== 'en' && SENTENCE_LANGS.includes(chosen)) {
    board.setAttribute('lang', chosen);
    setLang(chosen);
  }
}

// ---------- accessible mode (2005 App. F) ----------

// The first control of the page, as blind players expect it; remembered in this browser.
const a11yButton = $('accessible');
function setAccessible(on) {
  board.toggleAttribute('accessible', on);
  a11yButton.setAttribute('aria-pressed', String(on));
  try {
    localStorage.setItem('arbiter.accessible', on ? '1' : '0');
  } catch {
    // private mode: the choice lasts for this visit only
  }
}
a11yButton.addEventListener('click', () => {
  const on = !board.hasAttribute('accessible');
  setAccessible(on);
  if (on) board.shadowRoot.querySelector('.entry input')?.focus();
});
try {
  if (localStorage.getItem('arbiter.accessible') === '1') setAccessible(true);
} catch {
  // no storage: start in the ordinary mode
}

// ---------- a seat in the board bridge's game (live mode) ----------

// `?seat=white|black|assistant` (and `&live=ws://host:port/ws` when the bridge is elsewhere)
// makes this page a player's own screen in the bridge's game (2005 App. F1, F2.9);
// `?seat=spectator`, where the bridge's `/` sends a visitor, watches it.
const params = new URLSearchParams(location.search);
const seat = params.get('seat');
if (['white', 'black', 'assistant', 'spectator'].includes(seat ?? '')) {
  board.removeAttribute('persist');
  board.setAttribute('live', params.get('live') || 'live');
  if (seat !== 'spectator') board.setAttribute('seat', seat);
  if (seat === 'white' || seat === 'black') board.setAttribute('orientation', seat);
  // The game is the bridge's: this screen cannot start another.
  $('new-game').hidden = true;
}

// A seated player who plays by ear: his typed moves are his announcements (App. F2.1, F2.3).
// The choice is remembered in this browser.
const byEar = $('by-ear');
function setByEar(on) {
  if (on) {
    board.setAttribute('player', seat);
    setAccessible(true);
  } else {
    board.removeAttribute('player');
  }
  byEar.setAttribute('aria-pressed', String(on));
  try {
    localStorage.setItem('arbiter.byEar', on ? '1' : '0');
  } catch {
    // private mode: the choice lasts for this visit only
  }
}
if (seat === 'white' || seat === 'black') {
  byEar.hidden = false;
  byEar.addEventListener('click', () => setByEar(byEar.getAttribute('aria-pressed') !== 'true'));
  let remembered = false;
  try {
    remembered = localStorage.getItem('arbiter.byEar') === '1';
  } catch {
    // no storage: a sighted player's screen until chosen
  }
  if (remembered) setByEar(true);
  // The bridge's game names this seat's player as visually impaired: the board plays by ear.
  board.addEventListener('byear', () => {
    byEar.setAttribute('aria-pressed', 'true');
    setAccessible(true);
  });
}

// ---------- PGN ----------

const pgnText = $('pgn-text');
const note = $('pgn-note');
function showPgn() {
  pgnText.value = board.pgn();
}
// A panel opened is brought into view and takes the focus, on a desktop as on a phone, where
// it opens below the board.
function togglePanel(panel) {
  panel.hidden = !panel.hidden;
  if (panel.hidden) return false;
  panel.scrollIntoView({ block: 'start', behavior: 'instant' });
  panel.focus({ preventScroll: true });
  return true;
}
$('open-pgn').addEventListener('click', () => {
  if (!togglePanel($('pgn-panel'))) return;
  wordsNow();
  showPgn();
  // The PGN reader and the Braille writer are the full module's: fetched while the panel is read.
  loadFull().catch(() => {});
});
for (const ev of ['move', 'gameover', 'ready']) {
  board.addEventListener(ev, () => {
    if (!$('pgn-panel').hidden) showPgn();
  });
}
$('pgn-copy').addEventListener('click', async () => {
  showPgn();
  await wordsNow();
  try {
    await navigator.clipboard.writeText(pgnText.value);
    note.textContent = t('copied');
  } catch {
    pgnText.select();
    note.textContent = t('copy_by_hand');
  }
});
$('pgn-download').addEventListener('click', () => {
  showPgn();
  download('arbiter-game.pgn', 'application/x-chess-pgn', pgnText.value);
});
// 2005 App. F2.5: a visually impaired player keeps his score in Braille; the file is ready for
// an embosser or a refreshable display.
function download(name, type, text) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}
board.addEventListener('ready', () => {
  $('brf-download').hidden = !board.canBrf;
});
$('brf-download').addEventListener('click', async () => {
  const [text] = await Promise.all([board.brf(), wordsNow()]);
  if (text === null) {
    note.textContent = t('brf_not_ready');
    return;
  }
  download('arbiter-game.brf', 'text/plain;charset=us-ascii', text);
  note.textContent = t('brf_downloaded');
});
$('pgn-import').addEventListener('click', async () => {
  const words = wordsNow();
  try {
    await board.importPgn(pgnText.value);
    await words;
    note.textContent = t('imported');
    showTitle();
  } catch (err) {
    // Why the PGN does not import, in the page's language (the wasm's refusal words).
    await words;
    note.textContent = tableRefusalWords(err, document.documentElement.lang);
  }
});

// ---------- arbiter ----------

$('open-arbiter').addEventListener('click', () => {
  if (togglePanel($('arbiter-panel'))) {
    wordsNow();
    fillPlies();
    citeLaws();
  }
});

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

// A question the page asks before an arbiter's step that cannot be undone.
function confirmStep(title, text, yes) {
  const d = $('confirm-dialog');
  $('cf-title').textContent = title;
  $('cf-text').textContent = text;
  $('cf-yes').textContent = yes;
  d.returnValue = '';
  d.showModal();
  return new Promise((resolve) => d.addEventListener('close', () => resolve(d.returnValue === 'yes'), { once: true }));
}

// The plies the arbiter can go back to (2005 Art. 6.14 / 2023 Art. 7.1), from the move list.
function fillPlies(s = board.state) {
  const select = $('restore-ply');
  const moves = s?.moves ?? [];
  select.replaceChildren(new Option(t('restore_the_start'), '0'));
  moves.forEach((m, i) => {
    const no = `${Math.ceil(m.ply / 2)}${m.ply % 2 === 1 ? '.' : '...'}`;
    select.append(new Option(t('restore_after_move', [no, m.san]), String(i + 1)));
  });
  select.value = String(moves.length);
}
// The state is read once per event (each read is the whole state out of the wasm module).
for (const ev of ['move', 'ready', 'ruling', 'gameover']) {
  board.addEventListener(ev, () => {
    const s = board.state;
    if (ev === 'ready') showTitle(s);
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
$('set-fen').addEventListener('submit', async (e) => {
  e.preventDefault();
  const fen = String(new FormData(e.target).get('fen'));
  const moves = board.state?.moves?.length ?? 0;
  await wordsNow();
  if (moves && !(await confirmStep(t('confirm_fen_title'),
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
function readClock(text) {
  const parts = text.split(':').map(Number);
  return parts.reduce((acc, n) => acc * 60 + n, 0) * 1000 * (parts.length === 1 ? 60 : 1);
}
$('set-clock').addEventListener('submit', (e) => {
  e.preventDefault();
  const f = new FormData(e.target);
  board.send({
    type: 'arbiter',
    decision: { kind: 'set_clock', white: readClock(String(f.get('white'))), black: readClock(String(f.get('black'))) },
  });
});

// 2005 App. A: the player on move seals his next move; the arbiter opens it at the resumption.
$('adjourn').addEventListener('submit', (e) => {
  e.preventDefault();
  const passphrase = String(new FormData(e.target).get('passphrase'));
  if (e.submitter?.value === 'open') board.resumeAdjourned(passphrase);
  else board.sealNextMove(passphrase);
  e.target.reset();
});
