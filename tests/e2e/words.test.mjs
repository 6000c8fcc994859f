// The plain-words layer, in the browser that runs it: rulings from the core become sentences
// that always carry their Law.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setUp, freshPage } from './harness.mjs';

const env = setUp();

test('art7_4b an illegal move and its penalty read as one sentence with the article', async () => {
  const page = await freshPage(env.browser);
  await page.goto(`${env.server.url}/embed.html`);
  const out = await page.evaluate(async () => {
    const w = await import('/js/words.js');
    return {
      illegal: w.rulingsWords([
        { at: 5000, law: '2005 Art. 7.4b', verdict: { kind: 'illegal_move', player: 'black', move: 'e8e6', count: 1 } },
        { at: 5000, law: '2005 Art. 7.4b', verdict: { kind: 'time_added', player: 'white', ms: 120000 } },
      ]),
      mate: w.rulingsWords([{ at: 1, law: '2005 Art. 5.1a', verdict: { kind: 'game_over', result: '1-0', reason: 'checkmate' } }]),
      flag: w.rulingsWords([{ at: 2, law: '2005 Art. 6.10', verdict: { kind: 'game_over', result: '1/2-1/2', reason: 'time_but_cannot_mate' } }]),
      period: w.rulingsWords([{ at: 3, law: '2005 Art. 6.2b', verdict: { kind: 'period_started', player: 'white', period: 1, ms: 1800000 } }]),
    };
  });
  assert.equal(out.illegal.length, 1);
  assert.equal(out.illegal[0].text, 'Illegal move e8e6 by Black: White gets 2 minutes.');
  assert.equal(out.illegal[0].law, '2005 Art. 7.4b');
  assert.equal(out.mate[0].text, '1-0: White wins by checkmate.');
  assert.equal(out.flag[0].text, '½-½: drawn by time, but the opponent cannot mate.');
  assert.equal(out.period[0].text, 'White enters period 2: 30 minutes added.');
});
