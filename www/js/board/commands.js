// The typed commands: what a player types in the move field (2005 App. F: a visually impaired
// player, or anyone at the keyboard) read into the board's intents. A command ("/time", "/s e4",
// "/claim repetition") is answered; anything else is read as a move in the position shown.

import { durationWords, loadSentences, refusalWords, sentenceLang, timeToldWords } from '../words.js';
import { clocksWords, commandList, lastMovePrefix, moveNumberWords, readCommand, CLAIM_WORDS } from '../hearing.js';

const OTHER = { white: 'black', black: 'white' };

// The commands that only ask: a screen that watches answers them.
const QUESTIONS = new Set(['time', 'board', 'number', 'last', 'square', 'pieces', 'from', 'again', 'help']);

export class Commands {
  constructor(game) {
    this.game = game;
  }

  /** Takes what a player typed: a command, or a move. */
  enter(text) {
    const g = this.game;
    const t = String(text ?? '').trim();
    if (!g.state) return;
    if (!t) {
      // Enter in the empty field presses the clock once a move is made (Space types a space).
      if (g.state.clock?.awaitingPress || g.liveByEar()) g.press();
      else g.announce([g.t('type_something')], { interrupt: true });
      return;
    }
    const cmd = readCommand(t);
    // A screen that watches answers questions; it makes no move, press, offer or claim.
    if (g.watching() && !(cmd && QUESTIONS.has(cmd.name))) {
      g.announce([g.t('watch_only')], { refused: true, interrupt: true });
      return;
    }
    if (cmd) {
      this.command(cmd.name, cmd.arg);
      return;
    }
    this.#typedMove(t);
  }

  #typedMove(text) {
    const g = this.game;
    const s = g.state;
    if (g.source.live) {
      this.#liveMove(text);
      return;
    }
    const me = g.me();
    // A visually impaired player's typed move is his announcement (2005 App. F2.1): the core
    // makes it, and he presses the clock when sure of it; typed while his opponent is on move,
    // it is his repetition of the opponent's move.
    if (me && !s.result && !g.declaring && g.sealing === null) {
      // The assistant of App. F2.9 types the sighted player's move too: he makes it on the board
      // (F2.9a) and announces it to the blind player (F2.9b); the sighted player presses.
      if (g.host.hasAttribute('assistant') && s.turn !== me) {
        this.#assistSighted(text);
        return;
      }
      this.announceMove(text, me === s.turn && !!s.core?.announced && !!s.clock?.awaitingPress);
      return;
    }
    if (!g.canMove() && !(g.host.hasAttribute('allow-illegal') && !s.result)) {
      g.announce([g.t(s.result ? 'table_game_over' : s.clock?.awaitingPress ? 'press_first' : 'no_move_now')], { refused: true });
      return;
    }
    const read = this.readTyped(text);
    if (!read) return;
    const declaring = !!g.declaring;
    g.playMove(read.uci);
    if (!declaring && g.state?.clock?.awaitingPress && !g.state.result) g.press();
  }

  /** A typed move read in this position, or null after saying why it is not one. */
  readTyped(text) {
    const g = this.game;
    try {
      return g.wasm.readMove(g.state.fen, text, g.state.setup.lang, g.form());
    } catch (err) {
      g.announce([g.t('not_a_move', { why: refusalWords(err, g.lang()) })], { refused: true, interrupt: true });
      return null;
    }
  }

  // Live with a seat: the move goes to the bridge's game. The assistant announces it for the
  // player on move (App. F2.9b); a player makes his move and presses his clock.
  #liveMove(text) {
    const g = this.game;
    const s = g.state;
    const seat = g.seat();
    if (g.liveByEar()) {
      // 2005 App. F2.1, F2.3, F2.6: this page's state is the bridge's game, so his words are
      // read as at a board of his own: an announcement on move (which makes the move; he
      // presses when sure of it), its correction before the press, or, not on move, his
      // repetition of the opponent's move, which the core reads in the position it belongs to.
      this.announceMove(text, seat === s.turn && !!s.core?.announced && !!s.clock?.awaitingPress);
      return;
    }
    const read = this.readTyped(text);
    if (!read) return;
    if (seat === 'assistant') {
      g.send({ type: 'announce', player: s.turn, text: read.uci });
      return;
    }
    // His move and his press; not on move, the bridge refuses the move (once, in his words).
    if (g.send({ type: 'move', move: read.uci }) && s.turn === seat) g.send({ type: 'press_clock', player: s.turn });
  }

  #assistSighted(text) {
    const g = this.game;
    const read = this.readTyped(text);
    if (!read) return;
    const player = g.state.turn;
    g.playMove(read.uci);
    if (g.state?.clock?.awaitingPress) g.send({ type: 'announce', player, text: read.uci });
  }

  /** App. F2.1 / F2.6: announce (or repeat, or correct) a move by the player of this screen. */
  announceMove(text, correcting) {
    const g = this.game;
    const me = g.me() ?? g.state.turn;
    const t = text.trim();
    if (!t) {
      g.announce([g.t('which_move', { example: '/correct Eva drei' })], { refused: true, interrupt: true });
      return;
    }
    const type = correcting ? 'correct_announcement' : me === g.state.turn ? 'announce' : 'repeat';
    // An announcement is of a move in the position shown: words that are no move there are
    // refused here, in the page's language (the core would refuse them too, in English).
    if (type === 'announce' && !this.readTyped(t)) return;
    if (!correcting && !g.ensureStarted()) return;
    // Not on move, his words repeat the opponent's move (F2.1): the core checks they agree.
    g.send({ type, player: me, text: t });
  }

  /** Answers the command `name` with its argument `arg`. */
  command(name, arg = '') {
    const g = this.game;
    const s = g.state;
    if (!s) return;
    const form = g.form();
    const lang = g.formLang();
    const refuse = (key, args) => g.announce([g.t(key, args)], { refused: true, interrupt: true });
    switch (name) {
      // Times are said only when asked (2005 App. F2.9d), as durations, at this instant.
      case 'time': {
        const me = g.me();
        if (me && !g.source.live && g.table.timeOnRequest) {
          // The player by ear asks: what the core says he is told (2005 App. F2.9d: time left
          // and used, moves completed), in his language; the App. F form is German throughout,
          // whose words may have to be fetched first.
          const l = form === 'appf' ? 'de' : g.lang();
          const told = g.table.timeOnRequest(me);
          const tell = () => g.answer(timeToldWords(told, l), l);
          if (sentenceLang(l) === l) return tell();
          loadSentences(l).then(tell, tell);
          return;
        }
        const now = g.source.live ? g.source.clocks() : g.table.state();
        if (!now) return g.answer(g.t('no_clocks_yet'));
        const l = g.lang();
        return g.answer(clocksWords(now, (ms) => durationWords(ms, l), me, l));
      }
      case 'board': return g.answer(g.wasm.sayBoard(s.fen, form), lang);
      case 'number': return g.answer(moveNumberWords(s, g.lang()));
      case 'last': {
        const prefix = lastMovePrefix(s, g.lang());
        if (!prefix) return g.answer(g.t('no_last_move'));
        return g.announce([prefix, [`${s.moves[s.moves.length - 1].said}.`, lang]], { interrupt: true });
      }
      case 'square': {
        const sq = arg.trim().toLowerCase();
        if (!/^[a-h][1-8]$/.test(sq)) return refuse('which_square', { example: '/s e4' });
        return g.answer(g.view.label(sq), lang);
      }
      case 'pieces': {
        const a = arg.trim();
        const both = a.startsWith('*');
        const letter = both ? a.slice(1) : a;
        if (!/^[KQRBNP]$/i.test(letter)) return refuse('which_piece', { example: '/p N' });
        try {
          return g.answer(g.wasm.sayPieces(s.fen, letter, both, form), lang);
        } catch (err) {
          return g.announce([String(err?.message ?? err)], { refused: true, interrupt: true });
        }
      }
      case 'from': {
        const sq = arg.trim().toLowerCase() || g.input.focus;
        if (!/^[a-h][1-8]$/.test(sq)) return refuse('which_square', { example: '/m g1' });
        if (!g.pieceOn(sq)) return g.answer(`${g.view.label(sq)}.`, lang);
        const targets = (s.legalMoves ?? []).filter((m) => m.startsWith(sq)).map((m) => m.slice(2, 4));
        const moves = [...new Set(targets)].sort();
        return g.announce([[`${g.view.label(sq)}:`, lang], g.t('can_go', { targets: moves.join(', ') })], { interrupt: true });
      }
      case 'press': {
        if (!s.clock?.awaitingPress && s.clock?.started) return refuse('make_move_first');
        return g.press();
      }
      // Typed, the offer is meant: it is made at once (the button asks first, against a misclick).
      case 'draw': return s.drawOffer && s.drawOffer !== s.turn
        ? g.action('accept')
        : g.send({ type: 'offer_draw', player: s.turn });
      case 'decline': return g.action('decline');
      case 'resign': return g.action('resign');
      case 'claim': return this.#typedClaim(arg);
      case 'correct': return this.announceMove(arg, true);
      case 'repeat': {
        const heard = g.source.live ? g.source.announced : null;
        if (!arg.trim() && heard && !heard.repeated) return g.action('repeat');
        if (!arg.trim()) return refuse('which_move', { example: '/r Eva fuenf' });
        return g.send({ type: 'repeat', player: g.me() ?? OTHER[s.turn], text: arg.trim() });
      }
      case 'again': {
        if (!g.announcer.again()) g.answer(g.t('nothing_announced'));
        return undefined;
      }
      // The commands themselves are English words in every language; what they do is not.
      case 'help': return g.answer(`${g.t('commands')} ${commandList().map((c) => `${c.keys[0]}, ${g.t(c.what)}`).join('; ')}.`);
      default: return refuse('unknown_command', { word: arg });
    }
  }

  // "/claim repetition", "/claim fifty", "/claim repetition Nf3" (declared move, Art. 9.2a).
  #typedClaim(arg) {
    const g = this.game;
    const [word = '', ...rest] = arg.trim().split(/\s+/);
    const kind = CLAIM_WORDS[word.toLowerCase()];
    const refuse = (key) => g.announce([g.t(key)], { refused: true, interrupt: true });
    if (!kind) return refuse('claim_what');
    const moveText = rest.join(' ');
    if (!moveText) {
      g.claim(kind);
      return undefined;
    }
    if (kind !== 'repetition' && kind !== 'fifty_moves') return refuse('only_declared');
    const read = this.readTyped(moveText);
    if (!read) return undefined;
    g.send({ type: 'claim', player: g.state.turn, claim: { kind, intended: read.uci } });
    return undefined;
  }
}
