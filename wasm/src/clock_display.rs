//! The clock faces, redrawn on every animation frame from the core's clock at
//! `performance.now()`. Nothing accumulates ticks: each frame asks the core how much time is
//! left at this instant, so the display cannot drift from the clock by more than the frame it is
//! drawn in. The same loop calls the game at its deadlines, so a flag falls on time (2005
//! Art. 6.9) even when nobody touches the page.

use std::cell::RefCell;
use std::rc::Rc;

use arbiter_core::Color;
use arbiter_core::dead::{Budget, quick_pass};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

use crate::face::face_text;
use crate::table::{Table, TableInner};

type FrameCallback = Closure<dyn FnMut(f64)>;

/// Below this a face shows the low-time warning (as lichess and DGT clocks do in the last
/// seconds; the faces show tenths from here too).
const LOW_TIME_MS: u64 = 10_000;

/// Once the running side is low on time, the display runs the flag-fall ruling's quick pass
/// this many times, small, on frames apart (every `WARM_EVERY`th), and forgets the answers. The
/// browser compiles a module's code lazily and optimises only what has run: the first quick
/// pass of a page ran in baseline code, three to five times slower than afterwards (10-35 ms
/// against 3-7 on the hard composed positions in Chromium), and that first one was the flag's
/// own frame. Warmed, the ruling's frame runs optimised code. The game is not touched.
const WARM_PASSES: u8 = 4;
const WARM_EVERY: u64 = 8;
const WARM_NODES: u64 = 1_500;

struct Loop {
    table: Rc<RefCell<TableInner>>,
    white: web_sys::Element,
    black: web_sys::Element,
    on_change: js_sys::Function,
    shown: [String; 2],
    /// Whether each face shows the low-time warning now.
    low: [bool; 2],
    frame: Option<i32>,
    callback: Option<FrameCallback>,
    /// Frames drawn, and the last frame's game instant: for tests and the drift measurement.
    frames: u64,
    last_drawn_at: f64,
    /// Whether this display fires the game's deadlines; not for a game another core keeps (the
    /// bridge's), whose flag falls come in its event stream.
    deadlines: bool,
    /// Warm-up quick passes run so far (`WARM_PASSES` at most).
    warmed: u8,
}

/// Draws both clock faces on every animation frame and fires the game's deadlines.
#[wasm_bindgen]
pub struct ClockDisplay {
    state: Rc<RefCell<Loop>>,
}

#[wasm_bindgen]
impl ClockDisplay {
    /// `white` and `black` are the elements whose text shows each side's time; `on_change` is
    /// called with the rulings (an array) whenever a deadline changed the game.
    #[wasm_bindgen(constructor)]
    pub fn new(
        table: &Table,
        white: web_sys::Element,
        black: web_sys::Element,
        #[wasm_bindgen(unchecked_param_type = "(rulings: Ruling[]) => void")]
        on_change: js_sys::Function,
    ) -> ClockDisplay {
        let state = Loop {
            table: table.inner.clone(),
            white,
            black,
            on_change,
            shown: [String::new(), String::new()],
            low: [false, false],
            frame: None,
            callback: None,
            frames: 0,
            last_drawn_at: -1.0,
            deadlines: true,
            warmed: 0,
        };
        ClockDisplay {
            state: Rc::new(RefCell::new(state)),
        }
    }

    /// Starts the frame loop (and draws at once).
    pub fn start(&self) {
        if self.state.borrow().callback.is_some() {
            return;
        }
        let weak = Rc::downgrade(&self.state);
        let callback: FrameCallback = Closure::new(move |_t: f64| {
            // A stopped loop (its callback taken) draws no more.
            if let Some(state) = weak.upgrade().filter(|s| s.borrow().callback.is_some()) {
                draw(&state);
                request_frame(&state);
            }
        });
        self.state.borrow_mut().callback = Some(callback);
        draw(&self.state);
        request_frame(&self.state);
    }

    /// Stops the loop; the faces keep their last text.
    pub fn stop(&self) {
        let mut s = self.state.borrow_mut();
        let pending = s.frame.take();
        if let (Some(id), Some(w)) = (pending, web_sys::window()) {
            let _ = w.cancel_animation_frame(id);
        }
        // A frame was asked for: a timer that does not honour the cancel (Playwright's fake
        // clock does not) may still call it, and a dropped closure would throw. It is kept (a
        // few bytes per stopped display); it finds its loop stopped and returns.
        if let Some(callback) = s.callback.take()
            && pending.is_some()
        {
            callback.forget();
        }
    }

    /// Only draws: the game's deadlines are left to the core that keeps the game (the board
    /// bridge's, whose flag falls reach this table as its logged ticks), so the mirror never
    /// logs a tick of its own that the bridge's events would then contradict.
    #[wasm_bindgen(js_name = watchOnly)]
    pub fn watch_only(&self) {
        self.state.borrow_mut().deadlines = false;
    }

    /// Draws now, outside the frame loop (after an event, so the faces never lag a move).
    pub fn draw(&self) {
        draw(&self.state);
    }

    /// Frames drawn so far.
    #[wasm_bindgen(getter)]
    pub fn frames(&self) -> f64 {
        self.state.borrow().frames as f64
    }

    /// How many warm-up quick passes the display has run (see `WARM_PASSES`).
    #[wasm_bindgen(getter, js_name = warmPasses)]
    pub fn warm_passes(&self) -> f64 {
        f64::from(self.state.borrow().warmed)
    }

    /// The game instant (ms) the faces were last drawn for.
    #[wasm_bindgen(getter, js_name = lastDrawnAt)]
    pub fn last_drawn_at(&self) -> f64 {
        self.state.borrow().last_drawn_at
    }
}

impl Drop for ClockDisplay {
    fn drop(&mut self) {
        self.stop();
    }
}

fn request_frame(state: &Rc<RefCell<Loop>>) {
    let mut s = state.borrow_mut();
    let Some(window) = web_sys::window() else {
        return;
    };
    let Some(cb) = s.callback.as_ref() else {
        return;
    };
    s.frame = window
        .request_animation_frame(cb.as_ref().unchecked_ref())
        .ok();
}

fn draw(state: &Rc<RefCell<Loop>>) {
    let (rulings, callback) = {
        let mut s = state.borrow_mut();
        let table = s.table.clone();
        let mut t = table.borrow_mut();
        let now = t.now();
        let due = s.deadlines && t.game.poll_deadline().is_some_and(|d| d <= now);
        let rulings = if due {
            t.handle_deadline(now)
        } else {
            Vec::new()
        };
        // Worded while the game is at hand (their moves in its notation, messages.rs).
        let rulings = (!rulings.is_empty()).then(|| crate::table::rulings_js(&rulings, &t));
        let clock = t.game.clock();
        let left = [Color::White, Color::Black].map(|c| clock.remaining(c, now).0);
        if s.deadlines
            && !due
            && s.warmed < WARM_PASSES
            && s.frames.is_multiple_of(WARM_EVERY)
            && let Some((running, _)) = clock.running()
            && left[running as usize] < LOW_TIME_MS
        {
            // The answer is not kept: only the code it ran matters (see WARM_PASSES).
            let _ = quick_pass(
                t.game.board().board(),
                !running,
                Budget { nodes: WARM_NODES },
            );
            s.warmed += 1;
        }
        drop(t);
        for (i, ms) in left.into_iter().enumerate() {
            let el = if i == 0 {
                s.white.clone()
            } else {
                s.black.clone()
            };
            let text = face_text(ms);
            if s.shown[i] != text {
                el.set_text_content(Some(&text));
                s.shown[i] = text;
            }
            // The warning follows the tick, not the page's redraws: set on the face itself.
            let low = ms > 0 && ms < LOW_TIME_MS;
            if s.low[i] != low {
                if let Some(face) = el.parent_element() {
                    let _ = if low {
                        face.set_attribute("data-low", "")
                    } else {
                        face.remove_attribute("data-low")
                    };
                }
                s.low[i] = low;
            }
        }
        s.frames += 1;
        s.last_drawn_at = now.0 as f64;
        (rulings, s.on_change.clone())
    };
    // Called with no borrow held: the page's handler reads the table again.
    if let Some(list) = rulings {
        let _ = callback.call1(&JsValue::NULL, &list);
    }
}
