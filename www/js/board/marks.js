// The marks of a tactile clock (App. F2.4), said when the element's `time-marks` attribute asks
// for them: every five minutes, then every minute of the last five. The core's `laws::blind`
// finds them (`tactileMarkPassed`); this module only polls the clock and says what passed.

import { durationWords, sideName } from '../words.js';

export class TactileMarks {
  #timer = null;

  constructor(game) {
    this.game = game;
  }

  /** Starts (or, with `on` false, stops) watching the clocks for passed marks. */
  watch(on = true) {
    clearInterval(this.#timer);
    const g = this.game;
    let before = null;
    if (!on || !g.host.hasAttribute('time-marks')) return;
    this.#timer = setInterval(() => {
      const c = g.table?.state()?.clock;
      if (!c || !g.wasm) return;
      const left = { white: c.white.remaining, black: c.black.remaining };
      const was = before;
      before = left;
      if (!was || !c.running) return;
      const me = g.me();
      for (const color of ['white', 'black']) {
        const mark = g.wasm.tactileMarkPassed(was[color], left[color]);
        if (!mark) continue;
        const key = !me ? 'mark_side' : color === me ? 'mark_you' : 'mark_opponent';
        const l = g.lang();
        g.announce([g.t(key, { who: sideName(color, l), span: durationWords(mark.remaining, l) })]);
      }
    }, 500);
  }
}
