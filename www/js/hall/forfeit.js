// A game lost by forfeit, as the arbiter records it: who was absent when the default time was
// up (White, Black or both), chosen in the confirm dialog that names the board, the players and
// the article (the core's, in the event's edition). The bridge and the core decide what the
// forfeit gives; this asks the arbiter and says it.

/** The marks a forfeit's result is written with, `+` won and `-` lost by forfeit, as the
 * pairing programs' lists write them (the bridge's `result` of a forfeit). */
export const FORFEIT_MARKS = { white: '-/+', black: '+/-', both: '-/-' };

/** A forfeit's marks as the page shows them: a true minus sign. */
export const shownMarks = (marks) => marks.replaceAll('-', '−');

/**
 * Asks who was absent. `w` says a hall message, `confirm(options)` is confirm.js's dialog, `n`
 * the board (for the dialog's ids), `title` names the board and its players, `white` and
 * `black` the players' names, `article` the forfeit's article, `before` the result the game has
 * now (or null). Resolves 'white', 'black' or 'both', or null when the arbiter cancels.
 */
export async function askForfeit({ w, confirm, n, title, white, black, article, before }) {
  const fieldset = document.createElement('fieldset');
  fieldset.className = 'forfeit';
  const legend = document.createElement('legend');
  legend.textContent = w('hall_forfeit_question');
  fieldset.append(legend);
  const choices = [
    ['white', w('hall_forfeit_white', { name: white })],
    ['black', w('hall_forfeit_black', { name: black })],
    ['both', w('hall_forfeit_both')],
  ].map(([absent, text]) => {
    const label = document.createElement('label');
    const radio = document.createElement('input');
    radio.type = 'radio';
    radio.name = `forfeit-${n}`;
    radio.value = absent;
    // The dialog's form is not sent until one is chosen.
    radio.required = true;
    label.append(radio, ` ${text}`);
    fieldset.append(label);
    return radio;
  });
  const lines = [w('hall_forfeit_confirm', { article })];
  if (before) lines.push(w('hall_forfeit_replaces', { before }));
  const sure = await confirm({
    n,
    kind: 'forfeit',
    title,
    lines,
    yes: w('hall_forfeit_yes'),
    fields: [fieldset],
  });
  if (!sure) return null;
  return choices.find((c) => c.checked)?.value ?? null;
}
