//! Values from JavaScript are read as JSON text, by the same serde_json code that reads the
//! event log.
//!
//! Why not serde-wasm-bindgen's deserializer here: every type read would then be compiled
//! twice, once for the log and once for JS values, and the core's internally tagged `Event`
//! enum is the largest function in the module (measured: the second copy cost 20 KB gzipped).
//! `JSON.stringify` is native and fast. Values going out still use serde-wasm-bindgen.

use serde::Serialize;
use serde::de::DeserializeOwned;
use wasm_bindgen::JsValue;

/// A plain JS object (fields read with a dot) from a Rust value; `null` if it cannot be encoded.
pub fn to_js<T: Serialize>(value: &T) -> JsValue {
    // Plain objects rather than ES Maps, so the page can read fields with a dot.
    let ser = serde_wasm_bindgen::Serializer::json_compatible();
    value.serialize(&ser).unwrap_or(JsValue::NULL)
}

/// A Rust value from a JS value, with serde's message (field and reason) when it does not fit.
pub fn from_js<T: DeserializeOwned>(value: JsValue) -> Result<T, String> {
    // `undefined` has no JSON text: read it as `null`, as serde-wasm-bindgen does.
    let text = js_sys::JSON::stringify(&value)
        .ok()
        .and_then(|text| text.as_string())
        .unwrap_or_else(|| "null".to_string());
    serde_json::from_str(&text).map_err(|e| e.to_string())
}
