// The full page's new-game dialog (index.html): its form (time control, players, Laws,
// notation, the options of App. F) and the game it starts. Built when first opened (page.js), in
// the page's language.
import { loadWords, relabel } from './words.js';
import { parseTimeControl } from './time-control.js';

// String.raw: the markup as written in the page.
const MARKUP = String.raw`
<form method="dialog" id="new-game-form">
  <h2 id="ng-title">New game</h2>
  <fieldset class="presets">
    <legend>Time control</legend>
    <label><input type="radio" name="preset" value="40/90+30s,30+30s"> <b>Classical</b> 90 min / 40 moves, then 30 min, +30 s a move</label>
    <label><input type="radio" name="preset" value="40/120,60"> <b>Classical 2005</b> 2 h / 40 moves, then 1 h</label>
    <label><input type="radio" name="preset" value="15+10" checked> <b>Rapid</b> 15 min +10 s</label>
    <label><input type="radio" name="preset" value="3+2"> <b>Blitz</b> 3 min +2 s</label>
    <label><input type="radio" name="preset" value="5d5"> <b>Blitz, delay</b> 5 min, 5 s delay</label>
    <label><input type="radio" name="preset" value="custom"> <b>Custom</b></label>
    <div class="custom" id="custom-fields">
      <label>Minutes <input name="minutes" type="number" min="1" max="600" value="10"></label>
      <label>Seconds a move <input name="seconds" type="number" min="0" max="120" value="5"></label>
      <label>Mode
        <select name="mode">
          <option value="+">Increment</option>
          <option value="d">Delay</option>
          <option value="b" translate="no">Bronstein</option>
        </select>
      </label>
      <label>Moves in period 1 <input name="moves" type="number" min="0" max="100" value="0" title="0 = all moves"></label>
      <label>Then minutes <input name="then" type="number" min="0" max="600" value="0"></label>
    </div>
  </fieldset>
  <div class="grid2">
    <label>White <input name="white" placeholder="White" maxlength="60"></label>
    <label>Black <input name="black" placeholder="Black" maxlength="60"></label>
    <label>Laws
      <select name="edition">
        <option value="2005" translate="no">FIDE 2005</option>
        <option value="2023" translate="no">FIDE 2023</option>
      </select>
    </label>
    <label>Notation
      <select name="lang">
        <option value="en" lang="en" translate="no">English (K Q R B N)</option>
        <option value="it" lang="it" translate="no">Italiano (R D T A C)</option>
        <option value="pt" lang="pt" translate="no">Português (R D T B C)</option>
        <option value="es" lang="es" translate="no">Español (R D T A C)</option>
        <option value="fr" lang="fr" translate="no">Français (R D T F C)</option>
        <option value="de" lang="de" translate="no">Deutsch (K D T L S)</option>
        <option value="nl" lang="nl" translate="no">Nederlands (K D T L P)</option>
        <option value="fig">Figurines</option>
      </select>
    </label>
    <label class="check"><input type="checkbox" name="arbiter"> Arbiter present</label>
    <label class="check"><input type="checkbox" name="autopress"> Moving presses the clock</label>
    <label class="check"><input type="checkbox" name="speak"> Speak moves and rulings</label>
    <label class="check"><input type="checkbox" name="quickplay"> Quickplay finish announced</label>
    <label class="check"><input type="checkbox" name="illegal"> Illegal moves possible (as on a wooden board)</label>
  </div>
  <fieldset class="grid2 vi">
    <legend>Blind and visually impaired players (2005 App. F)</legend>
    <label>Moves are heard
      <select name="speech">
        <option value="">in the notation language (knight f3)</option>
        <option value="appf">as App. F says (Springer Felix drei)</option>
      </select>
    </label>
    <label>Player by ear and keyboard
      <select name="player">
        <option value="">none</option>
        <option value="white">White</option>
        <option value="black">Black</option>
      </select>
    </label>
    <label class="check"><input type="checkbox" name="marks"> Say the five-minute marks (tactile clock, App. F2.4)</label>
    <label class="check"><input type="checkbox" name="assistant"> This screen is the assistant's (App. F2.9)</label>
  </fieldset>
  <p id="ng-error" class="form-error" role="alert" hidden></p>
  <div class="row end">
    <button type="submit" value="cancel" formnovalidate>Cancel</button>
    <button type="submit" value="start" class="primary" id="ng-start">Start game</button>
  </div>
</form>`;

const $ = (id) => document.getElementById(id);

/**
 * Builds the dialog into `#new-game-dialog` for `board`, its words said by `t` (the page's);
 * `page` gives what a new game changes on the page (`setLang`, `setAccessible`, `showTitle`,
 * `citeLaws`). Resolves to the dialog.
 */
export async function build(board, t, page) {
  // A refused time control is said in words beyond the first screen's.
  await loadWords();
  const dialog = $('new-game-dialog');
  // The button that opens it (page.js), where the focus returns when it closes.
  const opener = $('new-game');
  dialog.innerHTML = MARKUP;
  const form = $('new-game-form');
  // The notation of the page's language, as the language menu set it.
  const lang = board.getAttribute('lang');
  if (lang && form.elements.lang.querySelector(`option[value="${lang}"]`)) form.elements.lang.value = lang;
  if (document.documentElement.lang !== 'en') relabel(dialog, document.documentElement.lang);

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
    if (notation !== 'fig') page.setLang(notation);
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
      page.setAccessible(true);
    } else {
      board.removeAttribute('player');
    }
    board.newGame();
    page.showTitle();
    page.citeLaws();
    // The closed dialog gave the focus back to its button, where Space would open it again: the
    // player's next Space is for the clock, so the keyboard goes to the board (unless a move
    // field took it, for a player by ear).
    if (document.activeElement === opener) board.focus({ preventScroll: true });
  });

  return dialog;
}
