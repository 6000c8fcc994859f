// The full page's question before a step that replaces the game in progress (a new game, an
// import, a position set by the arbiter): the page's `#confirm-dialog` (role="alertdialog"),
// saying what would be lost; Cancel, which has the focus, keeps the game.

import { panelStyle } from './panel-style.js';
import { moveNo, t } from './words.js';

const $ = (id) => document.getElementById(id);

// The dialog, made at its first question: no page load carries it before then.
function dialog() {
  let d = $('confirm-dialog');
  if (d) return d;
  panelStyle();
  d = document.createElement('dialog');
  d.id = 'confirm-dialog';
  d.setAttribute('role', 'alertdialog');
  d.setAttribute('aria-labelledby', 'cf-title');
  d.setAttribute('aria-describedby', 'cf-text');
  d.innerHTML = `<form method="dialog"><h2 id="cf-title"></h2><p id="cf-text"></p><div class="row end">
<button type="submit" value="cancel" autofocus></button>
<button type="submit" value="yes" class="primary" id="cf-yes"></button></div></form>`;
  document.body.append(d);
  return d;
}

/** Asks `title` with `text`, the step's button named `yes`; resolves to whether it was chosen. */
export function askFirst(title, text, yes) {
  const d = dialog();
  d.querySelector('[value="cancel"]').textContent = t('cancel', {}, document.documentElement.lang);
  $('cf-title').textContent = title;
  $('cf-text').textContent = text;
  $('cf-yes').textContent = yes;
  d.returnValue = '';
  d.showModal();
  return new Promise((resolve) => d.addEventListener('close', () => resolve(d.returnValue === 'yes'), { once: true }));
}

/**
 * Whether the game on `board` may be replaced: at once when no move has been made in it or it is
 * over, else
 * once the player says so to the question `title` (its button `yes`), told that its moves and
 * clocks would be lost. `t` says the page's words.
 */
export async function mayReplace(board, t, title, yes) {
  const s = board.state;
  const moves = s?.moves?.length ?? 0;
  // A game over is kept in its PGN; only a game still being played is asked about.
  if (!moves || s.result) return true;
  const last = s.moves[moves - 1];
  return askFirst(title, t('confirm_lose_game', [moves, `${moveNo(last)}${last.san}`]), yes);
}
