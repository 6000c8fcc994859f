//! The WebSocket client of the board bridge (board-bridge's `/ws`, protocol v1), through
//! web-sys. The bridge sends a snapshot, then one message per event, each with a sequence
//! number; after a dropped connection the client says which number it holds (`hello` with
//! `last_seq`) and the bridge sends the tail. Messages already applied are dropped here, so the
//! page sees every event once and in order.

use std::cell::RefCell;
use std::rc::{Rc, Weak};

use js_sys::{Function, JSON, Reflect};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::WebSocket;

/// Waits before reconnecting, ms: quick at first, then every five seconds.
const RETRY_MS: [i32; 4] = [500, 1_000, 2_000, 5_000];

struct Inner {
    url: String,
    ws: Option<WebSocket>,
    last_seq: f64,
    attempt: usize,
    closed: bool,
    timer: Option<i32>,
    on_snapshot: Function,
    on_message: Function,
    on_status: Option<Function>,
    // Kept alive while their socket may call them.
    handlers: Vec<Closure<dyn FnMut(JsValue)>>,
    retry: Option<Closure<dyn FnMut()>>,
}

/// A connection to the board bridge that reconnects by itself.
#[wasm_bindgen]
pub struct BridgeClient {
    inner: Rc<RefCell<Inner>>,
}

fn field(obj: &JsValue, name: &str) -> JsValue {
    Reflect::get(obj, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED)
}

fn call(f: &Function, arg: &JsValue) {
    // A throwing page callback must not stop the stream: the next message is still delivered.
    let _ = f.call1(&JsValue::NULL, arg);
}

/// What the connection is doing, for `on.status(text, notice)`: `text` is English (the
/// fallback), `notice` is `{kind, url}` so the page can say it in its own language.
#[derive(Clone, Copy)]
enum Notice {
    Connecting,
    Lost,
    NotAnAddress,
}

impl Notice {
    fn kind(self) -> &'static str {
        match self {
            Notice::Connecting => "connecting",
            Notice::Lost => "lost",
            Notice::NotAnAddress => "not_an_address",
        }
    }

    fn english(self, url: &str) -> String {
        match self {
            Notice::Connecting => "Connecting to the board…".to_string(),
            Notice::Lost => "Connection to the board lost; reconnecting…".to_string(),
            Notice::NotAnAddress => format!("Not a WebSocket address: {url}"),
        }
    }
}

fn status(inner: &Rc<RefCell<Inner>>, notice: Notice) {
    let (f, url) = {
        let b = inner.borrow();
        (b.on_status.clone(), b.url.clone())
    };
    let Some(f) = f else { return };
    let detail = js_sys::Object::new();
    let _ = Reflect::set(&detail, &"kind".into(), &notice.kind().into());
    let _ = Reflect::set(&detail, &"url".into(), &url.as_str().into());
    let text = JsValue::from_str(&notice.english(&url));
    // A throwing page callback must not stop the connection.
    let _ = f.call2(&JsValue::NULL, &text, &detail);
}

fn open(inner: &Rc<RefCell<Inner>>) {
    if inner.borrow().closed {
        return;
    }
    status(inner, Notice::Connecting);
    let url = inner.borrow().url.clone();
    let ws = match WebSocket::new(&url) {
        Ok(ws) => ws,
        Err(_) => {
            status(inner, Notice::NotAnAddress);
            return;
        }
    };
    let weak = Rc::downgrade(inner);
    let on_open = Closure::<dyn FnMut(JsValue)>::new({
        let weak = weak.clone();
        move |_| {
            let Some(inner) = weak.upgrade() else { return };
            let mut b = inner.borrow_mut();
            b.attempt = 0;
            // Written by JSON.stringify: Rust's `{}` of an f64 would link float formatting
            // (10 KB of wasm) for this one number. The same text for a sequence number.
            let hello = js_sys::Object::new();
            let _ = Reflect::set(&hello, &"type".into(), &"hello".into());
            let _ = Reflect::set(&hello, &"last_seq".into(), &JsValue::from_f64(b.last_seq));
            let hello = JSON::stringify(&hello)
                .map(String::from)
                .unwrap_or_default();
            if let Some(ws) = &b.ws {
                let _ = ws.send_with_str(&hello);
            }
        }
    });
    let on_message = Closure::<dyn FnMut(JsValue)>::new({
        let weak = weak.clone();
        move |event: JsValue| {
            if let Some(inner) = weak.upgrade() {
                deliver(&inner, &field(&event, "data"));
            }
        }
    });
    let on_close = Closure::<dyn FnMut(JsValue)>::new(move |_| {
        if let Some(inner) = weak.upgrade() {
            lost(&inner);
        }
    });
    ws.set_onopen(Some(on_open.as_ref().unchecked_ref()));
    ws.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    ws.set_onclose(Some(on_close.as_ref().unchecked_ref()));
    let mut b = inner.borrow_mut();
    if let Some(old) = b.ws.replace(ws) {
        // The old socket is closed; it must not call handlers about to be dropped.
        old.set_onopen(None);
        old.set_onmessage(None);
        old.set_onclose(None);
    }
    b.handlers = vec![on_open, on_message, on_close];
}

/// One frame from the bridge: a snapshot resets the sequence; an event already applied (a tail
/// after reconnecting may repeat some) is dropped.
fn deliver(inner: &Rc<RefCell<Inner>>, data: &JsValue) {
    let Some(text) = data.as_string() else { return };
    // A broken frame is skipped; the next snapshot puts things right.
    let Ok(message) = JSON::parse(&text) else {
        return;
    };
    let kind = field(&message, "type").as_string().unwrap_or_default();
    let seq = field(&message, "seq").as_f64();
    let target = {
        let mut b = inner.borrow_mut();
        if kind == "snapshot" {
            if let Some(seq) = seq {
                b.last_seq = seq;
            }
            b.on_snapshot.clone()
        } else {
            if let Some(seq) = seq {
                if seq <= b.last_seq {
                    return;
                }
                b.last_seq = seq;
            }
            b.on_message.clone()
        }
    };
    call(&target, &message);
}

fn lost(inner: &Rc<RefCell<Inner>>) {
    if inner.borrow().closed {
        return;
    }
    status(inner, Notice::Lost);
    let delay = {
        let mut b = inner.borrow_mut();
        let d = RETRY_MS[b.attempt.min(RETRY_MS.len() - 1)];
        b.attempt += 1;
        d
    };
    let weak: Weak<RefCell<Inner>> = Rc::downgrade(inner);
    let retry = Closure::<dyn FnMut()>::new(move || {
        if let Some(inner) = weak.upgrade() {
            inner.borrow_mut().timer = None;
            open(&inner);
        }
    });
    let timer = web_sys::window().and_then(|w| {
        w.set_timeout_with_callback_and_timeout_and_arguments_0(
            retry.as_ref().unchecked_ref(),
            delay,
        )
        .ok()
    });
    let mut b = inner.borrow_mut();
    b.timer = timer;
    b.retry = Some(retry);
}

#[wasm_bindgen]
impl BridgeClient {
    /// Connects to `url` (`ws://host:port/ws`) and calls `on.snapshot(s)` for each snapshot,
    /// `on.message(m)` for each new event and `on.status(text, notice)` when the connection
    /// changes (`text` in English, `notice` = `{kind: "connecting" | "lost" | "not_an_address",
    /// url}` for the page's own words).
    #[wasm_bindgen(constructor)]
    pub fn new(
        url: &str,
        #[wasm_bindgen(
            unchecked_param_type = "{ snapshot: (s: any) => void; message: (m: any) => void; status?: (text: string, notice: { kind: \"connecting\" | \"lost\" | \"not_an_address\"; url: string }) => void }"
        )]
        on: JsValue,
    ) -> Result<BridgeClient, JsError> {
        let function = |name: &str| field(&on, name).dyn_into::<Function>().ok();
        let (Some(on_snapshot), Some(on_message)) = (function("snapshot"), function("message"))
        else {
            return Err(JsError::new(
                "BridgeClient needs on.snapshot and on.message functions",
            ));
        };
        let inner = Rc::new(RefCell::new(Inner {
            url: url.to_string(),
            ws: None,
            last_seq: 0.0,
            attempt: 0,
            closed: false,
            timer: None,
            on_snapshot,
            on_message,
            on_status: function("status"),
            handlers: Vec::new(),
            retry: None,
        }));
        open(&inner);
        Ok(BridgeClient { inner })
    }

    /// Sends a JSON value to the bridge (e.g. `{type: "event", event: {...}}`); returns whether
    /// the connection was open to take it.
    pub fn send(&self, message: JsValue) -> bool {
        let Ok(text) = JSON::stringify(&message) else {
            return false;
        };
        let b = self.inner.borrow();
        match &b.ws {
            Some(ws) if ws.ready_state() == WebSocket::OPEN => {
                ws.send_with_str(&String::from(text)).is_ok()
            }
            _ => false,
        }
    }

    /// The sequence number of the last event received.
    #[wasm_bindgen(js_name = lastSeq)]
    pub fn last_seq(&self) -> f64 {
        self.inner.borrow().last_seq
    }

    /// Closes the connection for good.
    pub fn close(&self) {
        let mut b = self.inner.borrow_mut();
        b.closed = true;
        if let (Some(t), Some(w)) = (b.timer.take(), web_sys::window()) {
            w.clear_timeout_with_handle(t);
        }
        if let Some(ws) = b.ws.take() {
            let _ = ws.close();
        }
    }
}
