// The Arbiter page: a new-game dialog, the PGN panel and the arbiter's panel around one board.
import './arbiter-board.js';
import { loadFull } from './engine.js';
import { importAnew, once } from './once.js';
import { describeTimeControl } from './time-control.js';
import { loadWords, say, sideName, SENTENCE_LANGS } from './words.js';

const board = document.getElementById('board');
const $ = (id) => document.getElementById(id);
// The page's own words, in the page's language (<html lang>).
// The page's words by message id, in the page's language (<html lang>).
const t = (id, args) => say(document.documentElement.lang, id, args);

// The page's parts fetched when asked for. A failed import (a network blip) is tried again on the
// next ask at a new URL (once.js importAnew: a browser may keep a module's failed fetch for the
// page's life); each URL is written here, in js/, where it names the same file from a chunk.
const newGameModule = importAnew(() => import('./new-game.js'), new URL('./new-game.js', import.meta.url));
const langModule = importAnew(() => import('./page-lang.js'), new URL('./page-lang.js', import.meta.url));
const doorModule = importAnew(() => import('./door.js'), new URL('./door.js', import.meta.url));
const importModule = importAnew(() => import('./pgn-import.js'), new URL('./pgn-import.js', import.meta.url));
const arbiterModule = importAnew(() => import('./arbiter-panel.js'), new URL('./arbiter-panel.js', import.meta.url));

// ---------- new game ----------

// The dialog's and the panels' messages (a time control refused, an import's answer, the
// arbiter's hints) are words beyond the first screen's: fetched when one is opened.
const wordsNow = () => loadWords().catch(() => {});

/**
 * A part of the page built when first opened (`build` fetches its module and draws it), fetched
 * already as the pointer or the focus comes to its `button`. `part()` resolves to it; `part.value`
 * is it once built, so that a click opens it in its own task (a key pressed next goes to it).
 */
function builtWhenOpened(button, build) {
  const part = once(build);
  for (const type of ['pointerover', 'focusin']) {
    button.addEventListener(type, () => part().catch(() => {}), { once: true });
  }
  return part;
}

// The new-game dialog (new-game.js: its form and what it starts).
const newGameDialog = builtWhenOpened($('new-game'), () => newGameModule()
  .then((m) => m.build(board, t, { setLang, setAccessible, showTitle, citeLaws })));
// Its module failing to come opens nothing; the next click asks for it again.
$('new-game').addEventListener('click', async () => {
  (newGameDialog.value ?? await newGameDialog().catch(() => null))?.showModal();
});

function showTitle(s = board.state) {
  if (!s) return;
  const tc = s.setup?.timeControl ? describeTimeControl(s.setup.timeControl) : '';
  // A player left unnamed is his side, said as the clock faces say it ("Weiß").
  const name = (side) => (s.players[side] === sideName(side) ? t(`label_${side}`) : s.players[side]);
  $('game-title').textContent = `${name('white')} – ${name('black')} · ${tc} · ${t('fide_laws', [s.setup?.edition ?? ''])}`;
}

// ---------- the page's language ----------

// Chosen in the header, with a new game's notation, by a link (`?lang=de`) or remembered.
// A language chosen while its module cannot come is asked for again at the next choice.
const setLang = (code) => langModule().then((m) => m.showLang(code, board, () => {
  showTitle();
  citeLaws();
  door?.().then((d) => d.relabel(), () => {});
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
// `?seat=arbiter`, the link a single board prints for its arbiter, his screen with the Arbiter
// panel; `?seat=spectator`, where the bridge's `/` sends a visitor, watches it.
const params = new URLSearchParams(location.search);
const seat = params.get('seat');
if (['white', 'black', 'assistant', 'arbiter', 'spectator'].includes(seat ?? '')) {
  board.removeAttribute('persist');
  board.setAttribute('live', params.get('live') || 'live');
  if (seat !== 'spectator') board.setAttribute('seat', seat);
  if (seat === 'white' || seat === 'black') board.setAttribute('orientation', seat);
  // The game is the bridge's: this screen cannot start another.
  $('new-game').hidden = true;
}
// A hall's seat whose round has ended (its link's key was that round's): the hall's page of the
// board says so in the hall's words, shows the board's new game to watch and asks for the new
// round's link. Only for a hall board served from where this page is (`/board/N/ws`).
board.addEventListener('seatroundended', (e) => {
  let live;
  try {
    live = new URL(board.getAttribute('live'), location.href);
  } catch {
    return;
  }
  const hallBoard = /^\/board\/(\d+)\/ws$/.exec(live.pathname)?.[1];
  const { seat: ended, round } = e.detail ?? {};
  if (!hallBoard || live.host !== location.host || !ended || !Number.isInteger(round)) return;
  const q = new URLSearchParams({ ended_seat: ended, ended_round: String(round), lang: document.documentElement.lang });
  location.replace(`/board/${hallBoard}?${q}`);
});
// A spectator's page says that it watches and has no control of a player or the arbiter; with
// no board connected it leads to a game instead (door.js).
if (seat === 'spectator') $('open-arbiter').hidden = true;
// Its module failing to come is asked for again when the page's language changes or the
// browser is back online.
const door = seat === 'spectator'
  ? once(() => doorModule().then((m) => m.watch(board, t, () => document.documentElement.lang)))
  : null;
if (door) {
  door().catch(() => {});
  window.addEventListener('online', () => door().catch(() => {}));
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
// A live board's game is the bridge's, known once its snapshot has come (with the board's state).
board.addEventListener('sensorboard', () => showTitle());
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
  showTitle();
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
// A text of several games lets the player choose; a game in progress is asked about first.
$('pgn-import').addEventListener('click', () => importModule()
  .then((m) => m.importFromPanel(board, t, showTitle), () => {}));

// ---------- arbiter ----------

// The arbiter's panel (arbiter-panel.js: its markup, words and decisions).
const arbiterPanel = builtWhenOpened($('open-arbiter'), () => arbiterModule()
  .then((m) => m.build(board, t)));
$('open-arbiter').addEventListener('click', async () => {
  const panel = arbiterPanel.value ?? await arbiterPanel().catch(() => null);
  if (panel && togglePanel($('arbiter-panel'))) panel.show();
});
// The panel's articles and plies after a new game or another language, once it is built (a
// panel built later draws them from the game as it is then).
const citeLaws = () => arbiterPanel.value?.redraw();
