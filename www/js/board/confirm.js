// Asking first: a step that cannot be undone or that can cost time (resigning, a claim that
// gives the opponent minutes when it is wrong, a draw offer) is confirmed in an alert dialog
// that says what follows and under which article. Drawn in the board's own box, so an embedded
// board asks where the player is looking.

/**
 * Shows the question in `host` (the board's wrap) and resolves to the chosen answer's `value`,
 * or null when he cancels (the Cancel button, Escape, or a click beside the dialog).
 * `{title, text, law, choices: [{value, label}], cancel}` are the words, already in the page's
 * language.
 */
export function ask(host, { title, text, law = '', choices, cancel }) {
  host.querySelector('.confirm')?.dispatchEvent(new Event('cancel'));
  return new Promise((resolve) => {
    const back = document.createElement('div');
    back.className = 'confirm';
    const box = document.createElement('div');
    box.className = 'confirm-box';
    box.setAttribute('role', 'alertdialog');
    box.setAttribute('aria-modal', 'true');
    const id = `confirm-${Math.random().toString(36).slice(2, 8)}`;
    box.setAttribute('aria-labelledby', `${id}-t`);
    box.setAttribute('aria-describedby', `${id}-d`);
    const h = document.createElement('p');
    h.className = 'confirm-title';
    h.id = `${id}-t`;
    h.textContent = title;
    const p = document.createElement('p');
    p.id = `${id}-d`;
    p.textContent = law ? `${text} (${law})` : text;
    const row = document.createElement('div');
    row.className = 'confirm-row';
    const no = document.createElement('button');
    no.type = 'button';
    no.dataset.confirm = 'no';
    no.textContent = cancel;
    const yes = choices.map(({ value, label }) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.confirm = value;
      b.className = 'warn';
      b.textContent = label;
      b.addEventListener('click', () => done(value));
      return b;
    });
    row.append(no, ...yes);
    const buttons = [no, ...yes];
    box.append(h, p, row);
    back.append(box);
    const before = host.getRootNode().activeElement;
    // Called by the buttons' handlers above, once the dialog is shown.
    const done = (answer) => {
      back.remove();
      before?.focus?.({ preventScroll: true });
      resolve(answer);
    };
    no.addEventListener('click', () => done(null));
    back.addEventListener('cancel', () => done(null));
    back.addEventListener('click', (e) => {
      if (e.target === back) done(null);
    });
    box.addEventListener('keydown', (e) => {
      // The space bar and arrows stay in the dialog: nothing reaches the board behind it.
      e.stopPropagation();
      if (e.key === 'Escape') {
        e.preventDefault();
        done(null);
      } else if (e.key === 'Tab') {
        // Focus stays on the dialog's buttons while the question is open.
        e.preventDefault();
        const i = buttons.indexOf(box.getRootNode().activeElement);
        buttons[(i + (e.shiftKey ? buttons.length - 1 : 1)) % buttons.length].focus();
      }
    });
    host.append(back);
    // The safe answer has the focus: Enter by habit does not resign.
    no.focus();
  });
}
