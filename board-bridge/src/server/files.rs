//! The page's files and the route that opens the live game.

use axum::Router;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};

use super::gate::{Gate, request_host};

/// The page that opens the bridge's own game: `/` that names neither a seat nor `local` shows
/// the board's live game to a spectator (`/?seat=spectator`), keeping the rest of its query (a
/// language link, `/?lang=it`); a seat (`?seat=white`) or playing on this screen alone
/// (`?local`) is an explicit choice in the query, and is served the page as it is.
pub(super) async fn open_live_game(
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let uri = request.uri();
    if matches!(uri.path(), "/" | "/index.html") {
        let query = uri.query().unwrap_or("");
        let chosen = query
            .split('&')
            .any(|pair| matches!(pair.split('=').next(), Some("seat" | "local")));
        if !chosen {
            let rest = if query.is_empty() {
                String::new()
            } else {
                format!("&{query}")
            };
            return axum::response::Redirect::to(&format!("/?seat=spectator{rest}"))
                .into_response();
        }
    }
    next.run(request).await
}

/// The page's files (`--www`), which a site allowed by `--allow-origin` may load into its own
/// pages (the element is a module script, fetched with CORS): they carry that site's
/// `Access-Control-Allow-Origin`. Another site's page is told why it gets no such header, in a
/// header its developer tools show, since the browser hides the answer itself.
pub fn page_files(www: &std::path::Path, gate: Gate) -> Router {
    Router::new()
        .fallback_service(crate::assets::service(www))
        .layer(axum::middleware::from_fn_with_state(gate, share_files))
}

async fn share_files(
    State(gate): State<Gate>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let origin = request
        .headers()
        .get(header::ORIGIN)
        .and_then(|o| o.to_str().ok())
        .map(|o| o.trim_end_matches('/').to_owned());
    let host = request_host(&request);
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    if origin.is_some() {
        // What is shared depends on the asking site: a cache keeps one copy per site, beside
        // the one per encoding the files already vary by, in one Vary header.
        let vary = match headers.get(header::VARY).and_then(|v| v.to_str().ok()) {
            Some(v) if !v.is_empty() => format!("{v}, origin"),
            _ => "origin".to_owned(),
        };
        if let Ok(value) = header::HeaderValue::from_str(&vary) {
            headers.insert(header::VARY, value);
        }
    }
    match origin {
        Some(o) if gate.origin_ok(&o, host.as_deref()) => {
            if let Ok(value) = header::HeaderValue::from_str(&o) {
                headers.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, value);
            }
        }
        Some(_) => {
            headers.insert(
                header::HeaderName::from_static("x-arbiter-refused"),
                header::HeaderValue::from_static(
                    "this bridge shares its page's files only with the sites named by --allow-origin; \
                     start it with --allow-origin https://your.site, or copy www/dist to your site",
                ),
            );
        }
        None => {}
    }
    response
}
