// A board in the board bridge's game: the `LiveGame` source and what the page does with what
// the bridge says (the listener of source.js).

import { bridgeNoticeWords, restoreBoardWords, tableRefusalWords } from '../words.js';
import { inProgressPrefix, moveNumberWords } from '../hearing.js';
import { LiveGame } from './source.js';

/** Joins the bridge's game at `url` (ws:), as this element's seat, or watching. */
export function startLive(g, url) {
  g.source?.close();
  g.source = new LiveGame(g.wasm, url, g.seat(), {
    // The bridge's setup, when it sends one; the page's notation language when it names none.
    setup: (bridge) => {
      const own = g.setupFromAttributes();
      return bridge ? { ...bridge, language: bridge.language ?? own.language } : own;
    },
    show: () => g.show(),
    listener: liveListener(g),
  });
}

function liveListener(g) {
  const event = (name, detail) => g.host.dispatchEvent(new CustomEvent(name, { bubbles: true, composed: true, detail }));
  return {
    configured: (config) => seatByEar(g, config),
    rebuilt: () => g.refresh(),
    joined: ({ connected }) => {
      // Someone joining a game in progress hears where it stands, as he would ask it.
      const st = g.state;
      const last = st?.moves?.at(-1);
      if (last) {
        g.announce([inProgressPrefix(st, g.lang()), [`${last.said}.`, g.formLang()], moveNumberWords(st, g.lang())]);
      }
      if (!connected) g.card({ text: g.t('no_board'), law: '' }, true);
    },
    moved: (detail) => {
      const last = g.state?.moves?.at(-1);
      if (last) g.sounds.play(g.state.check ? 'check' : /x|:/.test(last.san) ? 'capture' : 'move');
      if (last) g.announceMoved(last);
      event('move', detail);
    },
    touched: (square) => g.view.paintTouched(square),
    clock: (faces) => g.view.paintLiveClock(faces),
    ruling: (ruling) => {
      // A ruling of the bridge's Laws engine: the same words as a local game's.
      g.announceAll([ruling]);
      if (g.state) g.view.paintActions(g.state);
    },
    restoreBoard: ({ squares, kind, law }) => {
      const words = { text: restoreBoardWords({ squares, kind }, g.lang()), law };
      g.card(words, true);
      event('ruling', words);
    },
    board: ({ connected, port }) => g.card({ text: connected ? g.t('board_connected', { port }) : g.t('board_disconnected'), law: '' }, !connected),
    error: (message) => g.card({ text: message, law: '' }, true),
    status: (text, notice) => g.card({ text: bridgeNoticeWords(text, notice, g.lang()), law: '' }),
    failed: (err) => g.card({ text: g.t('error_live', { err: tableRefusalWords(err, g.lang()) }), law: '' }, true),
  };
}

// 2005 App. F1 / 2023 App. D.1: when the bridge's game names this seat's player as visually
// impaired, his screen plays by ear without his having to choose it; the page hears of it.
function seatByEar(g, config) {
  const seat = g.seat();
  if ((seat !== 'white' && seat !== 'black') || g.host.getAttribute('player') === seat) return;
  const impaired = config?.visually_impaired;
  if (!Array.isArray(impaired) || !impaired.some((i) => i?.player === seat)) return;
  g.host.setAttribute('player', seat);
  g.host.toggleAttribute('accessible', true);
  g.host.dispatchEvent(new CustomEvent('byear', { bubbles: true, composed: true, detail: { player: seat } }));
}

