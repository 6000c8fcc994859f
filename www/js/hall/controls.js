// The hall page's small pieces of form, the same in each of its panels: a button, and the line
// beside a control that says what came of it.

/** A button reading `text` that calls `onClick` (never a form's submit). */
export function button(text, onClick) {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = text;
  b.addEventListener('click', onClick);
  return b;
}

/** `el` says `text`; marked an error (for its colour and the tests) when `error`. */
export function say(el, text, error) {
  el.textContent = text;
  if (error) el.dataset.error = '';
  else delete el.dataset.error;
}
