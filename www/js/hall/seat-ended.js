// A player's seat link of a hall round that has ended (the bridge told his screen
// `seat_round_ended`, and it came here, to the board's own page, as a spectator): said plainly
// in his language, the board's game of the new round shown to him as it is to anyone, and a
// field for the new round's link or key, which takes him to his new seat. The old key is not
// carried here: it seats no one any more.

/** A key as the bridge draws them (hex), with no link around it. */
const BARE_KEY = /^[0-9a-f]{16,128}$/i;

// What the notice says of each seat, by message id (the build finds the ids the page names).
const SEAT_WORDS = {
  white: 'hall_seat_ended_white',
  black: 'hall_seat_ended_black',
  assistant: 'hall_seat_ended_assistant',
};

/**
 * Where the typed `text` seats its holder: `{board, seat, key}` from a seat's link (its
 * `/board/N?seat=…&key=…`), or a bare key for `seat` on board `n`; `null` when it is neither.
 */
export function seatFromText(text, n, seat, base) {
  const typed = text.trim();
  if (BARE_KEY.test(typed)) return { board: n, seat, key: typed };
  let url;
  try {
    url = new URL(typed, base);
  } catch {
    return null;
  }
  const board = /^\/board\/(\d+)\/?$/.exec(url.pathname)?.[1];
  const asked = url.searchParams.get('seat');
  const key = url.searchParams.get('key');
  if (!board || !['white', 'black', 'assistant'].includes(asked ?? '') || !key || !BARE_KEY.test(key)) return null;
  return { board, seat: asked, key };
}

/**
 * Shows the notice on board `n`'s page (in `place`, first): `seat` was the link's seat in
 * `round`. `w` says the hall's words in the page's language, `lang()` is that language.
 * Returns `redraw()`, for another language.
 */
export function showSeatEnded(w, { n, seat, round, lang, place }) {
  const section = document.createElement('section');
  section.className = 'seat-ended';
  section.dataset.seatEnded = seat;
  // Said as the page opens: the player came for a game and is told at once why he watches.
  section.setAttribute('role', 'alert');
  const title = document.createElement('h2');
  title.id = 'seat-ended-title';
  section.setAttribute('aria-labelledby', title.id);
  const said = document.createElement('p');
  const next = document.createElement('p');
  const form = document.createElement('form');
  const label = document.createElement('label');
  const labelText = document.createElement('span');
  const input = document.createElement('input');
  input.type = 'text';
  input.id = 'seat-ended-key';
  input.name = 'key';
  input.autocomplete = 'off';
  input.spellcheck = false;
  input.setAttribute('autocapitalize', 'off');
  label.append(labelText, input);
  const go = document.createElement('button');
  go.type = 'submit';
  const answer = document.createElement('p');
  answer.className = 'answer';
  answer.id = 'seat-ended-answer';
  answer.setAttribute('role', 'status');
  input.setAttribute('aria-describedby', answer.id);
  form.append(label, go);
  section.append(title, said, next, form, answer);
  place.prepend(section);
  let problem = null;
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (!input.value.trim()) {
      problem = 'hall_seat_ended_empty';
    } else {
      const to = seatFromText(input.value, n, seat, location.href);
      problem = to ? null : 'hall_seat_ended_bad';
      if (to) {
        const q = new URLSearchParams({ seat: to.seat, key: to.key });
        if (lang() !== 'en') q.set('lang', lang());
        location.assign(`/board/${to.board}?${q}`);
        return;
      }
    }
    redraw();
    input.focus();
  });
  function redraw() {
    title.textContent = w('hall_seat_ended_title', { round });
    said.textContent = w(SEAT_WORDS[seat], { n, round });
    next.textContent = w('hall_seat_ended_new');
    labelText.textContent = w('hall_seat_ended_label');
    go.textContent = w('hall_seat_ended_go');
    answer.textContent = problem ? w(problem) : '';
    if (problem) answer.dataset.error = '';
    else delete answer.dataset.error;
  }
  redraw();
  return redraw;
}
