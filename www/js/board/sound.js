// Sounds for a move, a capture, check, low time and the end of the game, made with Web Audio
// (no sound files to download). Muting is remembered in this browser for every board.

const STORE_KEY = 'arbiter.sound';

// Each sound: notes of [frequency Hz, start s, length s, loudness 0-1, wave].
const SOUNDS = {
  move: [[520, 0, 0.07, 0.35, 'triangle']],
  capture: [[300, 0, 0.09, 0.5, 'square'], [180, 0.03, 0.1, 0.35, 'triangle']],
  check: [[660, 0, 0.09, 0.35, 'triangle'], [880, 0.1, 0.12, 0.35, 'triangle']],
  low: [[990, 0, 0.08, 0.3, 'sine'], [990, 0.16, 0.08, 0.3, 'sine']],
  end: [[523, 0, 0.25, 0.3, 'sine'], [659, 0.12, 0.25, 0.3, 'sine'], [784, 0.24, 0.4, 0.3, 'sine']],
};

let context = null;
// Browsers let audio start only once the page has had a gesture. Before that nothing can be
// heard, so no context is made; after the first one the context is made when the page is idle,
// since making one can take a long task (hundreds of ms on a busy machine) and must not land on
// a ruling or a move.
let activated = false;

function makeContext() {
  try {
    context ??= new AudioContext();
  } catch {
    // No Web Audio here: the game goes on in silence.
  }
}

if (typeof window !== 'undefined') {
  const onGesture = () => {
    if (activated) return;
    activated = true;
    (window.requestIdleCallback ?? ((f) => setTimeout(f, 0)))(makeContext);
  };
  for (const type of ['pointerdown', 'keydown', 'touchstart']) {
    window.addEventListener(type, onGesture, { capture: true, passive: true });
  }
}

function remembered() {
  try {
    return localStorage.getItem(STORE_KEY) !== 'off';
  } catch {
    return true;
  }
}

export class Sounds {
  constructor() {
    this.on = remembered();
    /** The sounds played so far, newest last (what a listener heard; read by tests). */
    this.played = [];
  }

  /** Turns sound on or off, for this and later visits. */
  setOn(on) {
    this.on = on;
    try {
      localStorage.setItem(STORE_KEY, on ? 'on' : 'off');
    } catch {
      // no storage: the choice lasts for this page only
    }
  }

  /** Plays `name` (move, capture, check, low, end) unless muted. */
  play(name) {
    const notes = SOUNDS[name];
    if (!notes || !this.on) return;
    this.played.push(name);
    if (this.played.length > 100) this.played.shift();
    if (!activated) return; // no gesture yet: nothing could be heard
    makeContext();
    if (!context) return;
    try {
      if (context.state === 'suspended') context.resume().catch(() => {});
      const t0 = context.currentTime;
      for (const [freq, start, length, gain, wave] of notes) {
        const osc = context.createOscillator();
        const amp = context.createGain();
        osc.type = wave;
        osc.frequency.value = freq;
        amp.gain.setValueAtTime(0.0001, t0 + start);
        amp.gain.exponentialRampToValueAtTime(gain * 0.4, t0 + start + 0.01);
        amp.gain.exponentialRampToValueAtTime(0.0001, t0 + start + length);
        osc.connect(amp).connect(context.destination);
        osc.start(t0 + start);
        osc.stop(t0 + start + length + 0.02);
      }
    } catch {
      // No Web Audio here: the game goes on in silence.
    }
  }
}
