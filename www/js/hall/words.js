// The hall page's languages: the App. E languages the board speaks (en, de, fr, es, it, nl, pt).
// Its words are the catalogue's (www/messages/<lang>.json), said by the page's `t` (../words.js):
// results, reasons, sides and claims as the board page says them, and what only the hall says
// under ids `hall_*`, which the build compiles into a module of their own per language
// (../lang/hall-<lang>.js) so that the board page never loads them. The hall fetches its
// language's alone.

import HALL_LOADERS from '../lang/hall-index.js';
import { addWords, catalogueUrl, loadSentences, loadWords } from '../words.js';
import { importAnew, once } from '../once.js';

/** The languages the hall page is written in, each named in its own words. */
export const LANGUAGES = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  it: 'Italiano',
  nl: 'Nederlands',
  pt: 'Português',
};

// The hall's own words of one language, fetched once (and after a failure at a new URL,
// importAnew). Every language has every id (the build fails otherwise), so none needs English's
// beside it.
const HALL_WORDS = Object.fromEntries(Object.entries(HALL_LOADERS).map(([code, load]) => {
  const hall = importAnew(load, catalogueUrl(`hall-${code}`));
  return [code, once(() => hall().then((m) => m.default))];
}));

/**
 * Fetches what the hall says in `code` (an App. E code): the board page's words (all of
 * English too, as a German hall says a result from the start and English is their fallback)
 * and the hall's own, all at once. Resolves when every word can be said.
 */
export async function loadHallLanguage(code) {
  const lang = HALL_WORDS[code] ? code : 'en';
  const [, , hall] = await Promise.all([loadSentences(lang), loadWords(), HALL_WORDS[lang]()]);
  // Added once the language's table is here: loading it sets the table anew.
  addWords(lang, hall);
}

/**
 * The page's language: `?lang=` in the address, else the one chosen before (shared with the
 * board page), else the browser's first language the hall is written in, else English.
 */
export function chosenLanguage(search, stored, preferred) {
  const fromLink = new URLSearchParams(search).get('lang');
  if (fromLink && LANGUAGES[fromLink]) return fromLink;
  if (stored && LANGUAGES[stored]) return stored;
  for (const tag of preferred ?? []) {
    const code = String(tag).toLowerCase().split('-')[0];
    if (LANGUAGES[code]) return code;
  }
  return 'en';
}
