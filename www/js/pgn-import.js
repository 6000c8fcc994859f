// The PGN panel's Import (index.html): a text of several games lets the player choose one, a
// game in progress is replaced only once he says so (ask-first.js), and the answer or the reason
// of a refusal is said beside the field. Fetched at the first Import.

import { mayReplace } from './ask-first.js';
import { loadWords, tableRefusalWords } from './words.js';

const $ = (id) => document.getElementById(id);

/**
 * Imports the panel's text into `board`, its words said by `t` (the page's); `done` is called
 * once a game is in.
 */
export async function importFromPanel(board, t, done) {
  const text = $('pgn-text').value;
  const note = $('pgn-note');
  await loadWords().catch(() => {});
  let games = [];
  try {
    games = await board.pgnGames(text);
  } catch {
    // The reader itself could not be fetched: the import below says why.
  }
  let picker = $('pgn-game');
  // A new text is a new list: the choice made for another text goes.
  if (picker && picker.dataset.text !== text) {
    picker.closest('label').remove();
    picker = null;
  }
  if (games.length > 1 && !picker) {
    picker = choice(games, t);
    picker.dataset.text = text;
    note.textContent = t('pgn_games_found', [games.length]);
    picker.focus();
    return;
  }
  const index = picker ? Number(picker.value) : 0;
  if (!(await mayReplace(board, t, t('confirm_import_title'), t('import')))) return;
  try {
    await board.importPgn(text, index);
    note.textContent = games.length > 1 ? t('imported_game_of', [index + 1, games.length]) : t('imported');
    done();
  } catch (err) {
    // Why the PGN does not import, in the page's language (the wasm's refusal words).
    note.textContent = tableRefusalWords(err, document.documentElement.lang);
  }
}

// A menu of the text's games, above the panel's buttons: "2. Morphy – Anderssen, Paris 1858, 1-0".
function choice(games, t) {
  const label = document.createElement('label');
  const span = document.createElement('span');
  span.textContent = t('pgn_game');
  const select = document.createElement('select');
  select.id = 'pgn-game';
  games.forEach((g, i) => {
    const where = [g.event, g.date].filter((x) => x && x !== '?' && !/^\?+\.\?+\.\?+$/.test(x)).join(', ');
    select.append(new Option(`${i + 1}. ${g.white} – ${g.black}${where ? `, ${where}` : ''}, ${g.result}`, String(i)));
  });
  label.append(span, ' ', select);
  $('pgn-text').after(label);
  return select;
}
