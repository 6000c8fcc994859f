// The arbiter's request, from the hall, for the sealed move made on the sensor board (2005
// App. A1): the player on move makes it on the board, the bridge puts it in the envelope
// unseen, and the envelope is opened later with the passphrase asked for here. The passphrase
// is asked in a dialog of its own (a modal on the page's body, so a card redrawn by the
// stream meanwhile never closes it) and is not kept by the page once sent.

/**
 * Asks for the envelope's passphrase for board `n` in a modal alert dialog, in the hall's words
 * `w`: `title` names the board and its players, `explain` says what follows (with the article
 * of the event's edition), `ask` labels the button that goes on. Resolves with the passphrase
 * (blank, for a seal, when the bridge is to make one), or `null` when the arbiter cancels
 * (Escape, or the button).
 */
export function askPassphrase(w, { n, title: titleText, explain: explainText, ask: askText, kind = 'seal' }) {
  return new Promise((resolve) => {
    const dialog = document.createElement('dialog');
    dialog.className = 'seal';
    dialog.dataset.board = String(n);
    dialog.dataset.confirm = kind;
    // It asks before the game changes: an alert dialog, its words read as it opens.
    dialog.setAttribute('role', 'alertdialog');
    const form = document.createElement('form');
    form.method = 'dialog';
    const title = document.createElement('h2');
    title.id = `seal-title-${n}`;
    title.textContent = titleText;
    dialog.setAttribute('aria-labelledby', title.id);
    const explain = document.createElement('p');
    explain.id = `seal-explain-${n}`;
    explain.textContent = explainText;
    dialog.setAttribute('aria-describedby', explain.id);
    const label = document.createElement('label');
    label.textContent = `${w('hall_seal_passphrase')} `;
    const input = document.createElement('input');
    // Not shown on a screen others may see; the browser offers no stored value for it.
    input.type = 'password';
    input.autocomplete = 'off';
    // The seal may leave it blank: the bridge then makes one and shows it once. Opening needs it.
    input.required = kind !== 'seal';
    input.name = 'passphrase';
    label.append(input);
    const blank = document.createElement('p');
    blank.id = `seal-blank-${n}`;
    blank.className = 'hint';
    blank.textContent = w('hall_seal_blank');
    blank.hidden = kind !== 'seal';
    input.setAttribute('aria-describedby', blank.id);
    const ask = document.createElement('button');
    ask.type = 'submit';
    ask.value = 'seal';
    ask.textContent = askText;
    const cancel = document.createElement('button');
    cancel.type = 'button';
    cancel.value = 'cancel';
    cancel.textContent = w('cancel');
    cancel.addEventListener('click', () => dialog.close('cancel'));
    const buttons = document.createElement('div');
    buttons.className = 'seal-row';
    buttons.append(ask, cancel);
    form.append(title, explain, label, blank, buttons);
    dialog.append(form);
    dialog.addEventListener('close', () => {
      const asked = dialog.returnValue === 'seal' && (input.value || kind === 'seal');
      const passphrase = asked ? input.value : null;
      dialog.remove();
      resolve(passphrase);
    });
    document.body.append(dialog);
    dialog.showModal();
    input.focus();
  });
}

/** What the card says of a sealing under way: its stage's words, or nothing. */
export function sealingWords(w, stage, side) {
  if (stage === 'sealing') return w('hall_seal_under_way', { side });
  if (stage === 'pieces_back') return w('hall_seal_pieces_back');
  return '';
}

/**
 * Shows board `n`'s passphrase the bridge made for the arbiter, this once (the bridge keeps
 * it nowhere he can ask again), in a modal alert dialog he closes when he has written it down.
 * Resolves when it is closed.
 */
export function showPassphrase(w, { n, passphrase }) {
  return new Promise((resolve) => {
    const dialog = document.createElement('dialog');
    dialog.className = 'seal';
    dialog.dataset.board = String(n);
    dialog.dataset.confirm = 'passphrase';
    dialog.setAttribute('role', 'alertdialog');
    const form = document.createElement('form');
    form.method = 'dialog';
    const title = document.createElement('h2');
    title.id = `made-title-${n}`;
    title.textContent = w('hall_seal_made_title', { n });
    dialog.setAttribute('aria-labelledby', title.id);
    const explain = document.createElement('p');
    explain.id = `made-explain-${n}`;
    explain.textContent = w('hall_seal_made');
    const shown = document.createElement('p');
    shown.id = `made-passphrase-${n}`;
    shown.className = 'passphrase';
    shown.textContent = passphrase;
    dialog.setAttribute('aria-describedby', `${explain.id} ${shown.id}`);
    const ok = document.createElement('button');
    ok.type = 'submit';
    ok.value = 'ok';
    ok.textContent = w('hall_seal_made_ok');
    const buttons = document.createElement('div');
    buttons.className = 'seal-row';
    buttons.append(ok);
    form.append(title, explain, shown, buttons);
    dialog.append(form);
    dialog.addEventListener('close', () => {
      // Not kept on the page once read.
      dialog.remove();
      resolve();
    });
    document.body.append(dialog);
    dialog.showModal();
    ok.focus();
  });
}
