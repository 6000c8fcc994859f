// Claims and resigning, asked first: what a claim leads to, what a wrong one costs, and under
// which article, before it is made (the core rules on it once it is).

import { sideName, spanWords } from '../words.js';
import { ask } from './confirm.js';

const OTHER = { white: 'black', black: 'white' };

// What a claim made from its control leads to, said before it is made (message ids).
const CLAIM_WHAT = {
  repetition: 'claim_what_repetition',
  fifty_moves: 'claim_what_fifty_moves',
  win_on_time: 'claim_what_win_on_time',
  illegal_move: 'claim_what_illegal_move',
  touch_move: 'claim_what_touch_move',
  quickplay_finish: 'claim_what_quickplay_finish',
  quickplay_increment: 'claim_what_quickplay_increment',
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
        ? g.t('confirm_claim_cost', { span: spanWords(cost.ms, g.lang()) })
        : g.t('confirm_claim_free');
      const yes = await ask(g.view.$('.board-wrap'), {
        title: g.t(declared ? 'confirm_declare_title' : 'confirm_draw_title'),
        text,
        law: cost?.law ?? '',
        choices: [{ value: 'yes', label: g.t(declared ? 'confirm_declare_do' : 'claim_label') }],
        cancel: g.t('cancel'),
      });
      if (!yes || g.state?.result) return;
    }
  }
  if (declared) {
    g.declaring = base;
    // The article of the claim declared (2005 Art. 9.2a or 9.3a), as the core names it.
    const law = s.laws?.[base === 'repetition' ? 'repetition_intended' : 'fifty_moves_intended'] ?? '';
    g.card({ text: g.t('declare_now', { who: sideName(s.turn, g.lang()) }), law });
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
    title: g.t('confirm_claim_title'),
    text: g.t(CLAIM_WHAT[kind] ?? 'claim_what_other'),
    law: open?.law ?? '',
    choices: [{ value: 'yes', label: g.t('claim_label') }],
    cancel: g.t('cancel'),
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
    title: g.t('confirm_resign_title'),
    // Under the 2023 Laws a resignation is a draw when the opponent cannot mate (the core rules
    // so); under the 2005 Laws the opponent simply wins.
    text: g.t(s.setup?.edition === '2005' ? 'confirm_resign_body_2005' : 'confirm_resign_body'),
    law: s.laws?.resignation ?? '',
    choices: sides.map((c) => ({ value: c, label: g.t('confirm_resign_do', { who: sideName(c, L) }) })),
    cancel: g.t('cancel'),
  });
  if (choice && !g.state?.result) g.send({ type: 'resign', player: choice });
}


// A draw offer cannot be withdrawn (2005 Art. 9.1b / 2023 Art. 9.1.2): asked first, as
// resigning is, and said under its article.
export async function offerDraw(g, player) {
  const s = g.state;
  if (!s || s.result) return;
  const yes = await ask(g.view.$('.board-wrap'), {
    title: g.t('confirm_offer_title'),
    text: g.t('confirm_offer_body'),
    law: s.laws?.draw_offer ?? '',
    choices: [{ value: 'yes', label: g.t('offer_draw') }],
    cancel: g.t('cancel'),
  });
  if (yes && !g.state?.result) g.send({ type: 'offer_draw', player });
}
