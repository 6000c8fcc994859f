// The help panel's content: the keys of the board's grid and the commands of the move field.

import { commandList, GRID_KEYS } from '../hearing.js';

// The keys of the grid and the commands of the move field, for the help panel, in the words
// `t` gives for a message id. The whole panel is written in the board's language here, so
// relabel.js leaves it alone (one of the board's game parts).
export function helpContent(t) {
  const frag = document.createDocumentFragment();
  const line = (tag, text, className) => {
    const el = document.createElement(tag);
    el.textContent = text;
    if (className) el.className = className;
    return el;
  };
  // Not headings: the element cannot know the heading levels of the page it is embedded in.
  const keys = document.createElement('dl');
  for (const [key, what] of GRID_KEYS) keys.append(line('dt', key.startsWith('key_') ? t(key) : key), line('dd', t(what)));
  const cmds = document.createElement('dl');
  cmds.className = 'stack';
  for (const c of commandList()) {
    // The commands are English words in every language.
    const dt = line('dt', c.keys.join(' '));
    dt.translate = false;
    cmds.append(dt, line('dd', t(c.what)));
  }
  frag.append(line('p', t('help_on_board'), 'help-title'), keys, line('p', t('help_in_field'), 'help-title'), cmds, line('p', t('help_typed_move')));
  return frag;
}
