// The page's words in the language chosen (page.js): the board's `lang`, <html lang> (which
// page.js speaks in and screen readers take their voice from), the controls relabelled, the
// next game's notation, the choice remembered. Only a page that changes language fetches this.
import { loadSentences, relabel, SENTENCE_LANGS } from './words.js';

/** Shows the page and `board` in `code` once its table is loaded; `redraw` redraws page.js's words. */
export async function showLang(code, board, redraw) {
  if (!SENTENCE_LANGS.includes(code)) return;
  board.setAttribute('lang', code);
  document.getElementById('page-lang').value = code;
  // The new-game dialog, once built, offers this notation (built later, it takes the board's).
  const notation = document.querySelector('#new-game-form select[name="lang"]');
  if (notation) notation.value = code;
  await loadSentences(code);
  // A later choice made while this one loaded wins.
  if (board.getAttribute('lang') !== code) return;
  document.documentElement.lang = code;
  relabel(document, code);
  redraw();
  try {
    localStorage.setItem('arbiter.lang', code);
  } catch {
    // private mode: the choice lasts for this visit only
  }
}
