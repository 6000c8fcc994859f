// The page that watches the bridge's game (`?seat=spectator`, where the bridge's `/` sends a
// visitor): it says that it watches and offers no control that would do nothing (no new game,
// no import, no arbiter's panel, no seat to take: a seat is given, never taken). With no sensor
// board connected and no game to watch it is the front door instead: it says so, and leads to a
// game on this screen (`?local`) or explains how to connect a board. Fetched only by that page.

import { loadWords } from './words.js';

const $ = (id) => document.getElementById(id);

// Its look, with the page's (css/page.css) colours; here so the other pages' first load
// carries none of it.
const STYLE = `
.watching { margin: 0; color: var(--ink-dim); font-size: 14px; }
.door { background: var(--panel); border-radius: 12px; padding: 18px 20px; max-width: 640px; }
.door h2 { margin: 0 0 8px; font-size: 20px; }
.door p { margin: 0 0 12px; line-height: 1.45; }
.door a.primary { display: inline-block; padding: 10px 16px; border-radius: 8px; background: var(--accent);
  color: #1b1b1b; font-weight: 700; text-decoration: none; }
.door details { margin-top: 14px; }
.door summary { cursor: pointer; font-weight: 600; }
.door code { font-family: ui-monospace, "DejaVu Sans Mono", monospace; background: #16181d; padding: 1px 4px; border-radius: 4px; }
`;

/**
 * Turns the page to a spectator's of `board` (a `live` board without a seat); `t` says the
 * page's words, `lang()` is the page's language.
 */
export async function watch(board, t, lang) {
  for (const id of ['new-game', 'open-arbiter', 'by-ear', 'pgn-import']) {
    const el = $(id);
    if (el) el.hidden = true;
  }
  const style = document.createElement('style');
  style.textContent = STYLE;
  document.head.append(style);

  const note = document.createElement('p');
  note.className = 'watching';
  note.id = 'watching';
  board.before(note);

  const door = document.createElement('section');
  door.className = 'door';
  door.id = 'door';
  door.setAttribute('aria-labelledby', 'door-title');
  door.hidden = true;
  board.before(door);

  // Where "Play on this screen" leads: a game on this screen alone, in the page's language.
  const here = () => {
    const q = new URLSearchParams({ local: '' });
    if (lang() !== 'en') q.set('lang', lang());
    return `./?${q.toString().replace('local=', 'local')}`;
  };
  const paint = () => {
    note.textContent = t('watching_note');
    door.innerHTML = `<h2 id="door-title"></h2><p class="door-text"></p>
<a class="primary" data-play-here></a>
<details><summary></summary><p class="door-connect"></p></details>`;
    door.querySelector('h2').textContent = t('door_no_board');
    door.querySelector('.door-text').textContent = t('door_no_board_text');
    const play = door.querySelector('[data-play-here]');
    play.textContent = t('door_play_here');
    play.href = here();
    door.querySelector('summary').textContent = t('door_connect');
    door.querySelector('.door-connect').textContent = t('door_connect_text');
  };
  // No board and nothing played: nothing to watch, so the door in the board's place. A board
  // that connects (or a game the bridge already holds) brings the board back. The board's
  // events may come while the words do: heard from now on.
  let connected = true;
  const show = () => {
    const empty = !connected && !(board.state?.moves?.length);
    door.hidden = !empty;
    note.hidden = empty;
    $('open-pgn').hidden = empty;
    // The element's own style shows it whatever `hidden` says.
    board.style.display = empty ? 'none' : '';
  };
  board.addEventListener('sensorboard', (e) => {
    connected = !!e.detail?.connected;
    show();
  });
  board.addEventListener('move', show);
  // Its words are beyond the first screen's.
  await loadWords().catch(() => {});
  paint();
  return { relabel: paint };
}
