// The live page's own words (the bridge's board status), one table per language of the page,
// by message id; a language without the id says it in English.

import en from './en.js';
import de from './de.js';
import it from './it.js';
import pt from './pt.js';
import es from './es.js';
import fr from './fr.js';
import nl from './nl.js';

export const LIVE_WORDS = { en, de, it, pt, es, fr, nl };

/** The words of message `id` in `lang`. */
export function liveWords(id, lang) {
  return LIVE_WORDS[lang]?.[id] ?? en[id] ?? id;
}

/** The board status's words for a sealing stage the bridge names (`sealing`, `pieces_back`). */
export function sealingWords(stage, lang) {
  return liveWords(`board_${stage}`, lang);
}
