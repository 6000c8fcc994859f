// The hall page's own words, by message id, one table per language of the page (lang/*.js:
// the App. E languages the board speaks, en, de, fr, es, it, nl, pt). Results, reasons, sides and claims
// are the board's words (../words.js and ../lang/*.js), so the hall says a game's end exactly
// as the board page does; what only the hall says is here. Entries are plain texts, `{name}`
// marking a value to fill in; the tables' test checks that every language has every id with
// the same values to fill. Each table is a few KB, so all seven come with the page: a
// language chosen from the header shows at once.

import en from './lang/en.js';
import de from './lang/de.js';
import fr from './lang/fr.js';
import es from './lang/es.js';
import it from './lang/it.js';
import nl from './lang/nl.js';
import pt from './lang/pt.js';

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

/** Every language's table, by App. E code. */
export const TABLES = { en, de, fr, es, it, nl, pt };

/**
 * The hall's message `id` in `lang`, `params` filled in; English for a language without a
 * table, the id itself only for an id no table has (which the tables' test forbids).
 */
export function words(id, params = {}, lang = 'en') {
  const entry = (TABLES[lang] ?? en)[id] ?? en[id];
  if (entry === undefined) return String(id);
  return entry.replace(/\{(\w+)\}/g, (_, k) => String(params[k] ?? ''));
}

/**
 * The page's language: `?lang=` in the address, else the one chosen before (shared with the
 * board page), else the browser's first language the hall is written in, else English.
 */
export function chosenLanguage(search, stored, preferred) {
  const fromLink = new URLSearchParams(search).get('lang');
  if (fromLink && TABLES[fromLink]) return fromLink;
  if (stored && TABLES[stored]) return stored;
  for (const tag of preferred ?? []) {
    const code = String(tag).toLowerCase().split('-')[0];
    if (TABLES[code]) return code;
  }
  return 'en';
}
