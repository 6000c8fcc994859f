// The promotion chooser (Art. 3.7e): which piece the pawn becomes.

import { pieceSvg } from '../pieces.js';

// The chooser opens on the promotion square, the four pieces in a column towards the
// centre, as on the boards players know; Escape or a click beside it closes it.
export function choosePromotion(g, from, to) {
  const promo = g.view.$('.promo');
  const box = promo.querySelector('.choices');
  const color = g.state.turn;
  box.replaceChildren();
  let armed = false;
  box.onpointerdown = () => {
    armed = true;
  };
  const close = () => {
    promo.hidden = true;
    g.view.squares.get(to)?.focus({ preventScroll: true });
  };
  for (const [letter, piece, name] of [['q', 'queen', 'promote_queen'], ['r', 'rook', 'promote_rook'], ['b', 'bishop', 'promote_bishop'], ['n', 'knight', 'promote_knight']]) {
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset.promote = letter;
    b.setAttribute('aria-label', g.t(name));
    b.innerHTML = pieceSvg(color, piece);
    b.addEventListener('click', (e) => {
      // A tap's compatibility click lands on the chooser that the tap itself opened: only a
      // click pressed on the chooser (or by keyboard, detail 0) picks a piece.
      if (!armed && e.detail !== 0) return;
      promo.hidden = true;
      g.playMove(from + to + letter);
    });
    box.append(b);
  }
  const wrap = g.view.$('.board-wrap').getBoundingClientRect();
  const sq = g.view.squares.get(to).getBoundingClientRect();
  const fromTop = sq.top - wrap.top < wrap.height / 2;
  box.style.left = `${sq.left - wrap.left}px`;
  box.style.width = `${sq.width}px`;
  box.style.top = fromTop ? `${sq.top - wrap.top}px` : '';
  box.style.bottom = fromTop ? '' : `${wrap.bottom - sq.bottom}px`;
  box.classList.toggle('up', !fromTop);
  promo.hidden = false;
  // On the press, not the click: the tap that opened the chooser ends with a click on it.
  promo.onpointerdown = (e) => {
    if (e.target === promo) close();
  };
  g.closePromotion = () => {
    if (promo.hidden) return false;
    close();
    return true;
  };
  box.querySelector('button').focus();
}

