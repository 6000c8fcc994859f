// A board in the board bridge's game: the `LiveGame` source and what the page does with what
// the bridge says (the listener of source.js). The game is the bridge's, replayed in this page's
// core; this file only shows it: rulings as cards, the sensor board's health and how far the
// bridge's log is on its disk as a quiet status line, refusals in the page's words.

import { bridgeNoticeWords, restoreBoardWords, sealingWords, tableRefusalWords } from '../words.js';
import { inProgressPrefix, moveNumberWords } from '../hearing.js';
import { LiveGame } from './live-game.js';
import { batteryWords } from './battery.js';

/** Joins the bridge's game at `url` (ws:), as this element's seat, or watching. */
export function startLive(g, url) {
  g.source?.close();
  g.source = new LiveGame(g.wasm, url, g.seat(), {
    show: () => g.show(),
    faces: g.view.faceTimes(),
    listener: liveListener(g),
  });
}

/** The board's health line (for the arbiter): below the status, quiet, not a ruling. */
function healthLine(g) {
  let line = g.root.querySelector('.health');
  if (!line) {
    line = document.createElement('p');
    line.className = 'health';
    line.setAttribute('part', 'health');
    line.setAttribute('role', 'status');
    line.style.cssText = 'font-size:0.8em;opacity:0.75;margin:0.25em 0';
    g.root.querySelector('.status')?.after(line);
  }
  return line;
}

function liveListener(g) {
  const event = (name, detail) => g.host.dispatchEvent(new CustomEvent(name, { bubbles: true, composed: true, detail }));
  // What the health line says: the board's connection and counts, and the log's safety.
  const health = { board: null, safe: null };
  const paintHealth = () => {
    const parts = [];
    const b = health.board;
    if (b) {
      // The line says where the board stands; a board that goes while the page watches also
      // gets a card (below), one that was never there only this line.
      parts.push(b.connected ? g.t('board_connected', { port: b.port }) : g.t('no_board'));
      if (b.dropped) parts.push(g.t('health_dropped', { n: b.dropped }));
      if (b.resyncs) parts.push(g.t('health_resyncs', { n: b.resyncs }));
      if (b.sealing) parts.push(sealingWords(b.sealing, g.lang()));
      if (b.connected) parts.push(...batteryWords(b.battery, (id, a) => g.t(id, a)));
    }
    if (health.safe !== null) parts.push(g.t('health_safe', { n: health.safe }));
    const line = healthLine(g);
    line.textContent = parts.join(' ');
    line.dataset.connected = String(!!b?.connected);
    if (health.safe !== null) line.dataset.safeThrough = String(health.safe);
    if (b) Object.assign(line.dataset, { dropped: String(b.dropped), resyncs: String(b.resyncs) });
    if (b?.connected && b.battery?.percent != null) line.dataset.battery = String(b.battery.percent);
    else delete line.dataset.battery;
    if (b?.sealing) line.dataset.sealing = b.sealing;
    else delete line.dataset.sealing;
  };
  return {
    configured: (config) => seatByEar(g, config),
    rebuilt: () => {
      g.announcer.clearCards?.();
      g.refresh();
    },
    joined: ({ connected }) => {
      // Someone joining a game in progress hears where it stands, as he would ask it.
      const st = g.state;
      const last = st?.moves?.at(-1);
      if (last) {
        g.announce([inProgressPrefix(st, g.lang()), [`${last.said}.`, g.formLang()], moveNumberWords(st, g.lang())]);
      }
      // Heard, not shown again: the health line beside the clocks already says it on screen.
      if (!connected) g.announce([g.t('no_board')]);
    },
    moved: (detail) => {
      g.refresh();
      const last = g.state?.moves?.at(-1);
      if (last) g.sounds.play(g.state.check ? 'check' : /x|:/.test(last.san) ? 'capture' : 'move');
      if (last) g.announceMoved(last);
      event('move', detail);
    },
    changed: () => g.refresh(),
    // The rulings of the bridge's game, worded by this page's core in the page's language.
    rulings: (rulings) => g.announceAll(rulings),
    touched: (square) => g.view.paintTouched(square),
    restoreBoard: ({ squares, kind, law }) => {
      const words = { text: restoreBoardWords({ squares, kind }, g.lang()), law };
      g.card(words, true);
      event('ruling', words);
    },
    board: (b, fromSnapshot) => {
      const was = health.board;
      health.board = b;
      paintHealth();
      // The page around the board hears of it too (the front door of page.js: no board connected).
      event('sensorboard', { connected: !!b.connected, port: b.port ?? null });
      // Players hear of the board only when it goes, once (a snapshot's is said by `joined`).
      if (!fromSnapshot && was?.connected && !b.connected) g.card({ text: g.t('board_disconnected'), law: '' }, true);
    },
    safe: (through) => {
      health.safe = through;
      paintHealth();
    },
    refused: ({ reason, message, origin }) => {
      const text = reason === 'origin' ? g.t('bridge_refused_origin', { url: origin })
        : reason === 'full' ? g.t('bridge_refused_full')
          : message;
      g.card({ text, law: '' }, true);
      g.host.dataset.refused = reason;
      event('refused', { reason, message });
    },
    error: (reply) => {
      // A seat's link of a hall round that has ended: the page that hosts the board says so in
      // its own words (the hall's seat page); a page that does not, shows the key's refusal.
      if (reply?.id === 'seat_round_ended') event('seatroundended', { seat: reply.seat ?? null, round: reply.round ?? null });
      g.card({ text: replyWords(g, reply), law: '' }, true);
    },
    // An event taken as said before: nothing to show.
    unchanged: () => {},
    // The round ended and this game was archived: said plainly, in the page's language.
    archived: () => {
      const words = () => ({ text: g.t('round_archived'), law: '' });
      g.card(words(), false, words);
      event('archived', {});
    },
    status: (text, notice) => g.card({ text: bridgeNoticeWords(text, notice, g.lang()), law: '' }),
    failed: (err) => g.card({ text: g.t('error_live', { err: tableRefusalWords(err, g.lang()) }), law: '' }, true),
  };
}

// The bridge's answer to this page, by its id when it names one, in the page's language.
function replyWords(g, reply) {
  switch (reply?.id) {
    case 'seat_not_yours':
      return g.t('seat_not_yours', { seat: reply.seat, player: reply.player });
    case 'seat_watch_only':
      return g.t('watch_only');
    case 'seat_arbiter_only':
      return g.t('seat_arbiter_only');
    case 'seat_arbiter_not_player':
    case 'table_repeated_offer':
      return g.t(reply.id);
    case 'seat_key_needed':
    case 'seat_round_ended':
      // The link had no key (or an old one, or one of a round that has ended) for its seat:
      // this screen watches.
      g.host.dataset.seatRefused = reply.seat ?? '';
      return g.t('seat_key_needed');
    case 'page_too_fast':
      return g.t('page_too_fast');
    default:
      return String(reply?.message ?? '');
  }
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
