// The full page's new-game dialog (index.html): its form (time control, players, Laws,
// notation, the options of App. F) and the game it starts. Built when first opened (page.js), in
// the page's language.

import { mayReplace } from './ask-first.js';
import { panelStyle } from './panel-style.js';
import { loadWords, relabel } from './words.js';
import { parseTimeControl } from './time-control.js';

// String.raw: the markup as written in the page.
const MARKUP = String.raw`
<form method="dialog" id="new-game-form">
  <h2 id="ng-title" data-t="new_game">New game</h2>
  <fieldset class="presets">
    <legend data-t="time_control">Time control</legend>
    <label><input type="radio" name="preset" value="40/90+30s,30+30s"> <b data-t="classical">Classical</b> <span data-t="tc_classical_note">90 min / 40 moves, then 30 min, +30 s a move</span></label>
    <label><input type="radio" name="preset" value="40/120,60"> <b data-t="classical_2005">Classical 2005</b> <span data-t="tc_classical_2005_note">2 h / 40 moves, then 1 h</span></label>
    <label><input type="radio" name="preset" value="15+10" checked> <b data-t="rapid">Rapid</b> <span data-t="tc_rapid_note">15 min +10 s</span></label>
    <label><input type="radio" name="preset" value="3+2"> <b data-t="blitz">Blitz</b> <span data-t="tc_blitz_note">3 min +2 s</span></label>
    <label><input type="radio" name="preset" value="5d5"> <b data-t="blitz_delay">Blitz, delay</b> <span data-t="tc_blitz_delay_note">5 min, 5 s delay</span></label>
    <label><input type="radio" name="preset" value="custom"> <b data-t="custom">Custom</b></label>
    <div class="custom" id="custom-fields">
      <label><span data-t="minutes">Minutes</span> <input name="minutes" type="number" min="1" max="600" value="10"></label>
      <label><span data-t="seconds_a_move">Seconds a move</span> <input name="seconds" type="number" min="0" max="120" value="5"></label>
      <label><span data-t="mode">Mode</span>
        <select name="mode">
          <option value="+" data-t="increment">Increment</option>
          <option value="d" data-t="delay">Delay</option>
          <option value="b" translate="no">Bronstein</option>
        </select>
      </label>
      <label><span data-t="moves_in_period_1">Moves in period 1</span> <input name="moves" type="number" min="0" max="100" value="0" title="0 = all moves" data-t-title="restore_all_moves_hint"></label>
      <label><span data-t="then_minutes">Then minutes</span> <input name="then" type="number" min="0" max="600" value="0"></label>
    </div>
  </fieldset>
  <div class="grid2">
    <label><span data-t="label_white">White</span> <input name="white" placeholder="White" data-t-placeholder="label_white" maxlength="60"></label>
    <label><span data-t="label_black">Black</span> <input name="black" placeholder="Black" data-t-placeholder="label_black" maxlength="60"></label>
    <label><span data-t="laws">Laws</span>
      <select name="edition">
        <option value="2005" translate="no">FIDE 2005</option>
        <option value="2023" translate="no">FIDE 2023</option>
      </select>
    </label>
    <label><span data-t="notation">Notation</span>
      <select name="lang">
        <option value="en" lang="en" translate="no">English (K Q R B N)</option>
        <option value="it" lang="it" translate="no">Italiano (R D T A C)</option>
        <option value="pt" lang="pt" translate="no">Português (R D T B C)</option>
        <option value="es" lang="es" translate="no">Español (R D T A C)</option>
        <option value="fr" lang="fr" translate="no">Français (R D T F C)</option>
        <option value="de" lang="de" translate="no">Deutsch (K D T L S)</option>
        <option value="nl" lang="nl" translate="no">Nederlands (K D T L P)</option>
        <option value="fig" data-t="figurines">Figurines</option>
      </select>
    </label>
    <label class="check"><input type="checkbox" name="arbiter"> <span data-t="arbiter_present">Arbiter present</span></label>
    <label class="check"><input type="checkbox" name="autopress"> <span data-t="moving_presses_the_clock">Moving presses the clock</span></label>
    <label class="check"><input type="checkbox" name="speak"> <span data-t="speak_moves_and_rulings">Speak moves and rulings</span></label>
    <label class="check"><input type="checkbox" name="quickplay"> <span data-t="quickplay_finish_announced">Quickplay finish announced</span></label>
    <label class="check"><input type="checkbox" name="illegal"> <span data-t="illegal_moves_possible_as_on_a">Illegal moves possible (as on a wooden board)</span></label>
  </div>
  <fieldset class="grid2 vi">
    <legend data-t="blind_and_visually_impaired_players_2005">Blind and visually impaired players (2005 App. F)</legend>
    <label><span data-t="moves_are_heard">Moves are heard</span>
      <select name="speech">
        <option value="" data-t="in_the_notation_language_knight_f3">in the notation language (knight f3)</option>
        <option value="appf" data-t="as_app_f_says_springer_felix">as App. F says (Springer Felix drei)</option>
      </select>
    </label>
    <label><span data-t="player_by_ear_and_keyboard">Player by ear and keyboard</span>
      <select name="player">
        <option value="" data-t="none">none</option>
        <option value="white" data-t="label_white">White</option>
        <option value="black" data-t="label_black">Black</option>
      </select>
    </label>
    <label class="check"><input type="checkbox" name="marks"> <span data-t="say_the_five_minute_marks_tactile">Say the five-minute marks (tactile clock, App. F2.4)</span></label>
    <label class="check"><input type="checkbox" name="assistant"> <span data-t="this_screen_is_the_assistant_s">This screen is the assistant's (App. F2.9)</span></label>
  </fieldset>
  <p id="ng-error" class="form-error" role="alert" hidden></p>
  <div class="row end">
    <button type="submit" value="cancel" formnovalidate data-t="cancel">Cancel</button>
    <button type="submit" value="start" class="primary" id="ng-start" data-t="start_game">Start game</button>
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
  panelStyle();
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

  dialog.addEventListener('close', async () => {
    if (dialog.returnValue !== 'start') return;
    const f = new FormData(form);
    if (timeControlProblem(f)) return;
    // A game in progress is not lost by one click: asked first, saying what goes.
    if (!(await mayReplace(board, t, t('confirm_new_game_title'), t('start_game')))) return;
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
