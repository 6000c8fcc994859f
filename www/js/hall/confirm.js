// The hall's "are you sure" for the arbiter's decisions that change a game (a result, a
// restore, the clocks, an undo): a modal alert dialog on the page's body (a card redrawn by the
// stream meanwhile never closes it), naming the board and its players as its title and saying
// what follows, with the article it rests on. Escape or Cancel decides nothing.

/**
 * Asks the arbiter to confirm. `title` names the board and players, `lines` say what follows
 * (each a paragraph), `yes` is the confirming button's label, `w` the hall's words; `fields`,
 * elements the arbiter may fill in before confirming (read by the caller once it resolves).
 * Resolves `true` when confirmed, `false` otherwise.
 */
export function confirmAction(w, { n, title, lines, yes, kind = 'confirm', fields = [] }) {
  return new Promise((resolve) => {
    const dialog = document.createElement('dialog');
    dialog.className = 'seal confirm';
    dialog.dataset.board = String(n);
    dialog.dataset.confirm = kind;
    dialog.setAttribute('role', 'alertdialog');
    const form = document.createElement('form');
    form.method = 'dialog';
    const heading = document.createElement('h2');
    heading.id = `confirm-title-${n}`;
    heading.textContent = title;
    dialog.setAttribute('aria-labelledby', heading.id);
    const said = lines.map((text, i) => {
      const p = document.createElement('p');
      p.id = `confirm-line-${n}-${i}`;
      p.textContent = text;
      return p;
    });
    dialog.setAttribute('aria-describedby', said.map((p) => p.id).join(' '));
    const ok = document.createElement('button');
    ok.type = 'submit';
    ok.value = 'yes';
    ok.textContent = yes;
    const cancel = document.createElement('button');
    cancel.type = 'button';
    cancel.textContent = w('cancel');
    cancel.addEventListener('click', () => dialog.close('cancel'));
    const buttons = document.createElement('div');
    buttons.className = 'seal-row';
    buttons.append(ok, cancel);
    form.append(heading, ...said, ...fields, buttons);
    dialog.append(form);
    dialog.addEventListener('close', () => {
      const yesSaid = dialog.returnValue === 'yes';
      dialog.remove();
      resolve(yesSaid);
    });
    document.body.append(dialog);
    dialog.showModal();
    // The safe answer has the focus: Enter on an unread dialog decides nothing.
    cancel.focus();
  });
}
