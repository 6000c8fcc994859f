// Claims and resigning, asked first: what a claim leads to, what a wrong one costs, and under
// which article, before it is made (the core rules on it once it is).

import { sideName, spanWords } from '../words.js';
import { ask } from './confirm.js';

const OTHER = { white: 'black', black: 'white' };

// What a claim made from its control leads to, said before it is made.
const CLAIM_WHAT = {
  repetition: 'The game is drawn if the arbiter finds the position repeated three times.',
  fifty_moves: 'The game is drawn if the last 50 moves of each player had no capture and no pawn move.',
  win_on_time: "The opponent's flag has fallen: the game is won, or drawn if you cannot checkmate.",
  illegal_move: "The opponent's illegal move is ruled on: the position before it is restored and the penalty applied.",
  touch_move: 'The touched piece must be moved: the opponent\'s other move is taken back.',
  quickplay_finish: 'The arbiter decides whether the opponent is making no effort to win by normal means.',
  quickplay_increment: 'The arbiter decides on five seconds added for each move, for both players.',
};

/**
 * A claim from the Claim menu (`ask`: asked first) or typed. A draw claim the core does not
 * list as open may be wrong, which gives the opponent time (2005 Art. 9.5 / 2023 Art. 9.5.3):
 * the player hears that before he makes it.
 */
export async function claim(g, kind, { ask: confirm = false } = {}) {
  const s = g.state;
  if (!s || s.result) return;
  const declared = kind.startsWith('declare:');
  const base = declared ? kind.slice('declare:'.length) : kind;
  const risky = base === 'repetition' || base === 'fifty_moves';
  if (confirm && risky) {
    const open = (s.claims ?? []).find((c) => c.claim === base && c.player === s.turn);
    if (!open || declared) {
      const cost = s.costs?.wrongClaim;
      const text = cost
        ? g.tr('If the claim is not correct, your opponent gets {span} and play goes on.', { span: spanWords(cost.ms, g.lang()) })
        : g.tr('If the claim is not correct, play goes on.');
      const yes = await ask(g.view.$('.board-wrap'), {
        title: g.tr(declared ? 'Declare a move and claim a draw?' : 'Claim a draw?'),
        text,
        law: cost?.law ?? '',
        choices: [{ value: 'yes', label: g.tr(declared ? 'Declare the move' : 'Claim') }],
        cancel: g.tr('Cancel'),
      });
      if (!yes || g.state?.result) return;
    }
  }
  if (declared) {
    g.declaring = base;
    g.card({ text: g.t('declare_now', { who: sideName(s.turn, g.lang()) }), law: `${s.setup.edition} Art. 9.2a, 9.3a` });
    g.render();
    return;
  }
  sendClaim(g, kind);
}

function sendClaim(g, kind, who = null) {
  const s = g.state;
  // A win on time is claimed by the player whose opponent's flag is down; the other claims
  // by whoever the core lists as able to claim, else the player on move.
  const open = (s.core.open_claims ?? []).find((c) => c.claim === kind);
  let player = who ?? open?.player ?? s.turn;
  if (kind === 'win_on_time' && !open) {
    player = s.clock.white.flag ? 'black' : s.clock.black.flag ? 'white' : s.turn;
  }
  g.send({ type: 'claim', player, claim: { kind } });
}

/**
 * A claim control of the claims panel (`[data-claim]`): the core says it is open to `player`;
 * it ends the game or hands it to the arbiter, so the player is asked first.
 */
export async function claimOpen(g, kind, player) {
  const s = g.state;
  if (!s || s.result) return;
  const open = (s.claims ?? s.core?.open_claims ?? []).find((c) => c.claim === kind && c.player === player);
  const yes = await ask(g.view.$('.board-wrap'), {
    title: g.tr('Make this claim?'),
    text: g.tr(CLAIM_WHAT[kind] ?? 'The claim is ruled on at once.'),
    law: open?.law ?? '',
    choices: [{ value: 'yes', label: g.tr('Claim') }],
    cancel: g.tr('Cancel'),
  });
  if (yes && !g.state?.result) sendClaim(g, kind, player);
}

// Resigning ends the game (2005 Art. 5.1b / 2023 Art. 5.1.2): asked first, and on a shared
// screen which player resigns (not simply whoever is on move).
export async function resign(g) {
  const s = g.state;
  if (!s || s.result) return;
  const me = g.me();
  const L = g.lang();
  const sides = me ? [me] : [s.turn, OTHER[s.turn]];
  const choice = await ask(g.view.$('.board-wrap'), {
    title: g.tr('Resign the game?'),
    text: g.tr('The game ends: the opponent wins (a draw if he cannot checkmate by any series of legal moves, 2023 Laws).'),
    choices: sides.map((c) => ({ value: c, label: g.tr('{who} resigns', { who: sideName(c, L) }) })),
    cancel: g.tr('Cancel'),
  });
  if (choice && !g.state?.result) g.send({ type: 'resign', player: choice });
}

