// The arbiter's list of the boards the bridge found on the hall's ports (GET /hall/detected:
// port, family, serial number, the hall's board each is assigned to), each assignable to a board
// of the hall (POST /hall/assign) without editing the hall file. Asked when the panel is opened,
// on "Look again" and after an assignment; what the bridge answers is said in the page's
// language: a refusal beside the control that asked, an assignment done above the list (a board
// linked to its hall board leaves the list at the next scan, its row with it).

const $ = (id) => document.getElementById(id);

/**
 * Sets up the panel (hall.html's #detected, in #detected-section). `w` says a hall message in the page's language,
 * `token()` is the arbiter's token now, `hallBoards()` the hall's boards as the stream gives
 * them, `refusal(status, answer)` the bridge's refusal in words. Returns `redraw()`, for a
 * new language or token.
 */
export function setUpDetected({ w, token, hallBoards, refusal }) {
  const panel = $('detected');
  const list = $('detected-list');
  const said = $('detected-said');
  /** The last list the bridge gave, or null before one came. */
  let found = null;
  /** Serial number → the hall board chosen in its select (kept across redraws). */
  const chosen = new Map();
  /** Serial number → its answer: () => [text, error]; the panel's own answer likewise. */
  const answers = new Map();
  let panelAnswer = null;

  const auth = () => ({ Authorization: `Bearer ${token()}` });

  async function load() {
    if (!token()) return;
    try {
      const r = await fetch('/hall/detected', { headers: auth() });
      const answer = await r.json().catch(() => ({}));
      if (!r.ok) {
        panelAnswer = () => [refusal(r.status, answer), true];
      } else {
        found = Array.isArray(answer.boards) ? answer.boards : [];
        // An earlier failure to ask is over; an assignment's answer stays said.
        if (panelAnswer?.()[1]) panelAnswer = null;
      }
    } catch {
      panelAnswer = () => [w('hall_no_answer'), true];
    }
    draw();
  }

  /** The hall board whose serial number is `serial`, as the stream says it. */
  function boardOf(serial) {
    const bare = (s) => String(s ?? '').trim().replace(/^0+/, '');
    return hallBoards().find((b) => b.serial != null && bare(b.serial) === bare(serial))?.number;
  }

  async function assign(serial, n) {
    answers.delete(serial);
    try {
      const r = await fetch('/hall/assign', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...auth() },
        body: JSON.stringify({ board: n, serial }),
      });
      const answer = await r.json().catch(() => ({}));
      if (r.ok) {
        panelAnswer = () => [w('hall_assigned', { serial, n }), false];
        // The list again, with the board now named beside its port.
        await load();
        return;
      }
      if (r.status === 409 && answer.id === 'assign_refused_taken' && answer.other != null) {
        // The bridge names the board that has it: said in the page's language by its id.
        const words = { serial: answer.serial ?? serial, other: answer.other };
        answers.set(serial, () => [w('hall_assign_refused_taken', words), true]);
      } else if (r.status === 409) {
        const other = boardOf(serial) ?? found?.find((f) => f.serial === serial)?.board;
        answers.set(serial, () => [other == null ? w('hall_assign_refused_taken_any', { serial })
          : w('hall_assign_refused_taken', { serial, other }), true]);
      } else {
        answers.set(serial, () => [refusal(r.status, answer), true]);
      }
    } catch {
      answers.set(serial, () => [w('hall_no_answer'), true]);
    }
    draw();
  }

  function say(el, answer) {
    const [text, error] = answer ? answer() : ['', false];
    el.textContent = text;
    if (error) el.dataset.error = '';
    else delete el.dataset.error;
  }

  function field(label, value, key) {
    const group = document.createElement('div');
    group.dataset.field = key;
    const dt = document.createElement('dt');
    dt.textContent = label;
    const dd = document.createElement('dd');
    dd.textContent = value;
    group.append(dt, dd);
    return group;
  }

  function draw() {
    $('detected-section').hidden = !token();
    say(said, panelAnswer);
    if (!found) {
      list.replaceChildren();
      return;
    }
    if (!found.length) {
      const none = document.createElement('p');
      none.dataset.none = '';
      none.textContent = w('hall_detected_none');
      list.replaceChildren(none);
      return;
    }
    const boards = [...hallBoards()].sort((a, b) => a.number - b.number);
    const ul = document.createElement('ul');
    ul.className = 'detected-list';
    for (const f of found) {
      const li = document.createElement('li');
      li.dataset.port = f.port;
      if (f.serial != null) li.dataset.serial = f.serial;
      const dl = document.createElement('dl');
      dl.append(
        field(w('hall_detected_port'), f.port, 'port'),
        field(w('hall_detected_family'), f.family, 'family'),
        field(w('hall_detected_serial'), f.serial ?? w('hall_detected_no_serial'), 'serial'),
        field(w('hall_detected_board'), f.board == null ? w('hall_detected_unassigned') : w('hall_board', { n: f.board }), 'board'),
      );
      if (f.serial == null) {
        // A family that tells no serial number (Millennium, Certabo) cannot be looked for by
        // one: the hall file names its port instead.
        const note = document.createElement('p');
        note.className = 'assign';
        note.textContent = w('hall_detected_by_port');
        li.append(dl, note);
        ul.append(li);
        continue;
      }
      const controls = document.createElement('div');
      controls.className = 'assign';
      const select = document.createElement('select');
      select.setAttribute('aria-label', w('hall_assign_select', { serial: f.serial }));
      for (const b of boards) {
        const o = document.createElement('option');
        o.value = String(b.number);
        o.textContent = w('hall_confirm_title', { n: b.number, white: b.white, black: b.black });
        select.append(o);
      }
      const pick = chosen.get(f.serial) ?? f.board ?? boards[0]?.number;
      if (pick != null) select.value = String(pick);
      select.addEventListener('change', () => chosen.set(f.serial, Number(select.value)));
      const go = document.createElement('button');
      go.type = 'button';
      go.textContent = w('hall_assign_button');
      go.setAttribute('aria-label', w('hall_assign_button_label', { serial: f.serial }));
      go.addEventListener('click', () => assign(f.serial, Number(select.value)));
      const answer = document.createElement('span');
      answer.className = 'answer';
      answer.setAttribute('role', 'status');
      say(answer, answers.get(f.serial));
      controls.append(select, go, answer);
      li.append(dl, controls);
      ul.append(li);
    }
    list.replaceChildren(ul);
  }

  panel.addEventListener('toggle', () => {
    if (panel.open) load();
  });
  $('detected-again').addEventListener('click', () => load());

  return {
    redraw: () => {
      if (!token()) {
        found = null;
        panelAnswer = null;
        answers.clear();
        panel.open = false;
      }
      draw();
    },
  };
}
