// The arbiter's setting of a board's position from the hall (POST /board/N/position): a FEN he
// types, or the game made to match the pieces the board shows, with the side on move and the
// move number the pieces cannot tell. The core takes it before the first move only (2005
// Art. 7.1a / 2023 Art. 7.2.1); once a move is made the controls give way to a note naming what
// the arbiter does instead (the restore, or a new game for a wrong initial position), since a
// control the game would refuse is one he should not have to try. Every change asks first.

import { confirmAction } from './confirm.js';
import { button, say } from './controls.js';

/**
 * The position's rows for board `n`'s arbiter panel, given `w` (the hall's words), `title()`
 * (the board and its players), `article(id)` (in the event's edition), `send(body, answerEl,
 * doneText, refusal)` (POSTs to the position's address, says the answer; resolves whether it
 * was taken), `answer` (where answers are said), `cite(id)` (an article's span the panel
 * fills), `fenProblem(reply)` (a FEN's fault the bridge names, in the page's language).
 * Returns `{ rows, refresh(data) }`.
 */
export function positionRows({ n, w, title, article, send, answer, cite, fenProblem }) {
  const row = (kind, ...items) => {
    const r = document.createElement('div');
    r.dataset.position = kind;
    r.append(...items);
    return r;
  };

  // A FEN typed (or pasted from the pairing program's or an editor's position).
  const fen = document.createElement('input');
  fen.type = 'text';
  fen.className = 'fen';
  fen.dataset.field = 'fen';
  fen.spellcheck = false;
  fen.autocomplete = 'off';
  fen.setAttribute('autocapitalize', 'off');
  fen.setAttribute('aria-label', w('hall_position_fen_label'));
  // Not a position as placeholder: an empty field must not look like one holding the game's.
  fen.placeholder = 'FEN';
  const setFen = button(w('hall_position_set'), async () => {
    const typed = fen.value.trim();
    if (!typed) {
      say(answer, w('hall_position_fen_empty'), true);
      fen.focus();
      return;
    }
    const sure = await confirmAction(w, {
      n, kind: 'position', title: title(),
      lines: [w('hall_confirm_position', { fen: typed }), w('hall_confirm_position_after', { article: article('position') })],
      yes: w('hall_confirm_position_button'),
    });
    if (!sure) return;
    const done = await send({ fen: typed }, answer, () => w('hall_position_done', { article: article('position') }), refusal);
    if (done) fen.value = '';
  });
  setFen.dataset.control = 'set-position';
  const fenRow = row('fen', w('hall_position_row'), ' ', fen, setFen, cite('position'));

  // The board's pieces, with what they cannot say.
  const side = document.createElement('select');
  side.dataset.field = 'side';
  side.setAttribute('aria-label', w('hall_match_side_label'));
  for (const [c, id] of [['white', 'hall_match_white'], ['black', 'hall_match_black']]) {
    const o = document.createElement('option');
    o.value = c;
    o.textContent = w(id);
    side.append(o);
  }
  const number = document.createElement('input');
  number.type = 'text';
  number.inputMode = 'numeric';
  number.className = 'move-number';
  number.dataset.field = 'move_number';
  number.value = '1';
  number.setAttribute('aria-label', w('hall_match_number_label'));
  const numberLabel = document.createElement('label');
  numberLabel.append(w('hall_match_number'), ' ', number);
  const match = button(w('hall_match_button'), async () => {
    const moveNumber = Number(number.value.trim());
    if (!Number.isInteger(moveNumber) || moveNumber < 1 || moveNumber > 9999) {
      say(answer, w('hall_match_number_format'), true);
      number.focus();
      return;
    }
    const sure = await confirmAction(w, {
      n, kind: 'match', title: title(),
      lines: [w(side.value === 'black' ? 'hall_confirm_match_black' : 'hall_confirm_match_white', { number: moveNumber }), w('hall_confirm_position_after', { article: article('position') })],
      yes: w('hall_confirm_match_button'),
    });
    if (!sure) return;
    await send({ from_board: { side_to_move: side.value, move_number: moveNumber } }, answer,
      () => w('hall_match_done', { article: article('position') }), refusal);
  });
  match.dataset.control = 'match-board';
  const matchRow = row('match', w('hall_match_row'), ' ', side, numberLabel, match);

  // After the first move: what the arbiter does instead, with its articles.
  const note = document.createElement('p');
  note.className = 'note';
  note.dataset.note = 'position_moves_made';
  const noteRow = row('moves-made', note);

  /** The position's refusal in the page's words, with its article; `null` for one the hall's
   * general refusals say. */
  function refusal(status, reply) {
    if (status !== 409) return null;
    if (reply.id === 'table_moves_made') {
      return w('hall_position_moves_made', { restore: reply.restore ?? article('position_restore'), new_game: reply.new_game ?? article('position') });
    }
    if (reply.id === 'table_bad_fen') {
      // The core's reason as the catalogue says it in the page's language; its English words
      // only for a reason the catalogue does not name.
      const why = reply.problem ? fenProblem(reply) : String(reply.reason ?? '');
      return w('hall_position_bad_fen', { why, article: article('position') });
    }
    if (reply.id === 'board_not_shown') return w('hall_position_board_not_shown');
    return null;
  }

  return {
    rows: [fenRow, matchRow, noteRow],
    /** Offered before the first move of a game not over; after it, the note says why not. */
    refresh(data) {
      // A game both players forfeited is over without a result.
      const over = !!data.result || !!data.forfeit;
      const open = !over && !data.adjourned && data.plies === 0;
      fenRow.hidden = !open;
      matchRow.hidden = !open;
      noteRow.hidden = open || over;
      note.textContent = w('hall_position_moves_made', { restore: article('position_restore'), new_game: article('position') });
    },
  };
}

/**
 * What the arbiter sets up on board `n` once its game's position is set: the squares where the
 * board's pieces differ from the game's (`to_set`, before the first move), with the article;
 * `null` when there are none (or the board is not read).
 */
export function toSetNote(w, toSet, article) {
  if (!toSet?.length) return null;
  const p = document.createElement('p');
  p.className = 'to-set';
  p.dataset.toSet = toSet.map((s) => s.square).join(' ');
  p.textContent = w('hall_to_set', { squares: toSet.map((s) => s.square).join(', '), article });
  return p;
}
