// The controls' words in another language than English: the page and the board are written in
// English, so only a page in another language needs this (words.js fetches it with the table).

import { tr } from './words.js';

// The English each relabelled text or attribute had, kept so a page can switch back (and
// forth) at any time: `{en, shown}`; a text the code has changed since is English again.
const ORIGINAL = new WeakMap();

function relabelOne(item, lang) {
  const now = item.nodeValue;
  let o = ORIGINAL.get(item);
  if (!o || o.shown !== now) o = { en: now, shown: now };
  const key = o.en.trim();
  if (!key) return;
  o.shown = o.en.replace(key, tr(lang, key));
  ORIGINAL.set(item, o);
  if (o.shown !== now) item.nodeValue = o.shown;
}

// The parts whose words are the game's (sentences, moves, names, times), already said in its
// language, or written by the code in the right one: in a board, and in the page around it.
const GAME_PARTS = {
  board: '.announce,.rulings,.status,.moves,.board,.time,.meta,.name,.help-body',
  page: '#game-title,#pgn-note,#restore-ply,#ng-error',
};

/**
 * Puts the words of the controls under `root` (the document, or a board's shadow root) into
 * `lang`: texts, aria-labels, titles and placeholders. The game's parts, and anything marked
 * translate="no", are left alone.
 */
export function relabel(root, lang) {
  // Inline style sheets and scripts hold no words (the built pages carry their sheets inline).
  const not = `[translate=no],style,script,${root === document ? GAME_PARTS.page : GAME_PARTS.board}`;
  const texts = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = texts.nextNode(); n; n = texts.nextNode()) {
    if (!n.parentElement?.closest(not)) relabelOne(n, lang);
  }
  // A skipped part's own name is a control's word; only what is inside it is the game's.
  // The page's description too: search engines and link previews read it in <html lang>.
  const description = root === document && document.querySelector('meta[name="description"]');
  if (description) relabelOne(description.getAttributeNode('content'), lang);
  for (const el of root.querySelectorAll('[aria-label],[title],[placeholder]')) {
    if (el.matches('[translate=no]') || el.parentElement?.closest(not)) continue;
    for (const a of ['aria-label', 'title', 'placeholder']) {
      const attr = el.getAttributeNode(a);
      if (attr) relabelOne(attr, lang);
    }
  }
}
