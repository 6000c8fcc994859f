//! Speech for announcements (2005 App. F: moves are announced; times only on request, F2.9d):
//! the browser's speech synthesis through web-sys. Best effort: without speech (or without a
//! voice) the page still writes every announcement to its live region, which screen readers read.

use wasm_bindgen::prelude::*;
use web_sys::{SpeechSynthesis, SpeechSynthesisUtterance};

/// Says texts aloud, one after the other, each in its own language.
#[wasm_bindgen]
pub struct Speaker {
    synth: Option<SpeechSynthesis>,
    rate: f32,
}

#[wasm_bindgen]
impl Speaker {
    /// A speaker at `rate` (1 = normal; blind players often choose faster speech).
    #[wasm_bindgen(constructor)]
    pub fn new(rate: f32) -> Speaker {
        let synth = web_sys::window().and_then(|w| w.speech_synthesis().ok());
        Speaker {
            synth,
            rate: if rate.is_finite() && rate > 0.0 {
                rate.clamp(0.5, 4.0)
            } else {
                1.0
            },
        }
    }

    /// Whether this browser can speak at all.
    pub fn available(&self) -> bool {
        self.synth.is_some()
    }

    /// Queues `text` in language `lang` (BCP 47: `"en"`, `"de"`). Returns whether it was queued.
    pub fn say(&self, text: &str, lang: &str) -> bool {
        let Some(synth) = &self.synth else {
            return false;
        };
        let Ok(u) = SpeechSynthesisUtterance::new_with_text(text) else {
            return false;
        };
        u.set_lang(lang);
        u.set_rate(self.rate);
        synth.speak(&u);
        true
    }

    /// Stops what is being said and says `text` now: an answer to a question should not wait
    /// behind older announcements.
    pub fn interrupt(&self, text: &str, lang: &str) -> bool {
        if let Some(synth) = &self.synth {
            synth.cancel();
        }
        self.say(text, lang)
    }

    /// Stops all speech.
    pub fn hush(&self) {
        if let Some(synth) = &self.synth {
            synth.cancel();
        }
    }
}
