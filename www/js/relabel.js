// The controls' words in the language of the page or board. The page and the board are written
// in English, so an English page needs none of this; each static word carries its message id,
// and this says it again in another language (or back in English).
//
// The ids stand in the markup: a `data-t` attribute naming the message on an element whose
// whole text is that message, and `data-t-label`, `data-t-title`, `data-t-placeholder`,
// `data-t-content` for its aria-label, title, placeholder and content (a page's description). Words the code writes
// (the game's parts, the status, anything that changes) are written by the code in its
// language and carry no id here. The words come from `t` of words.js, passed in: words.js loads
// this file when first asked, so this file does not import it back.

const ATTRIBUTES = [
  ['data-t-label', 'aria-label'],
  ['data-t-title', 'title'],
  ['data-t-placeholder', 'placeholder'],
  ['data-t-content', 'content'],
];

/**
 * Puts the words marked with their ids under `root` (the document, or a shadow root) in `lang`,
 * each as `t(id, {}, lang)` says it.
 */
export function relabel(root, lang, t) {
  for (const el of root.querySelectorAll('[data-t]')) {
    const words = t(el.dataset.t, {}, lang);
    if (el.textContent !== words) el.textContent = words;
  }
  for (const [marker, attribute] of ATTRIBUTES) {
    for (const el of root.querySelectorAll(`[${marker}]`)) {
      const words = t(el.getAttribute(marker), {}, lang);
      if (el.getAttribute(attribute) !== words) el.setAttribute(attribute, words);
    }
  }
}
