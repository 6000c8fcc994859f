//! Who may reach the bridge: the `Host` a request names and the `Origin` of a page that acts.

use std::collections::HashSet;
use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};

use super::ServerSettings;

/// Who may reach the bridge's routes: the names a request's `Host` may give, and the sites
/// whose pages may open its stream or post to it.
///
/// A page of another site that resolves its own name to this machine (DNS rebinding) sends
/// that name as its `Host`: only an address, `localhost` or a host of an allowed site is
/// served. A page's `Origin` must be the bridge's own (the `Host` it asked) or an allowed site.
#[derive(Clone, Debug)]
pub struct Gate {
    origins: Arc<HashSet<String>>,
    names: Arc<HashSet<String>>,
    loopback: bool,
}

impl Gate {
    /// The gate of a bridge listening on `addr` with `settings`.
    pub fn new(addr: SocketAddr, settings: &ServerSettings) -> Gate {
        let origins: HashSet<String> = settings
            .allowed_origins
            .iter()
            .map(|o| o.trim_end_matches('/').to_ascii_lowercase())
            .collect();
        let mut names: HashSet<String> = origins
            .iter()
            .filter_map(|o| o.split_once("://").map(|(_, rest)| rest))
            .map(|h| strip_port(h).to_owned())
            .collect();
        names.insert("localhost".into());
        Gate {
            origins: Arc::new(origins),
            names: Arc::new(names),
            loopback: addr.ip().is_loopback(),
        }
    }

    /// Whether a request that says `Host: host` is meant for this bridge.
    pub fn host_ok(&self, host: &str) -> bool {
        let host = host.trim().to_ascii_lowercase();
        let name = strip_port(&host);
        let bare = name.trim_start_matches('[').trim_end_matches(']');
        bare.parse::<std::net::IpAddr>().is_ok() || self.names.contains(name)
    }

    /// Whether a page of `origin` may act on a bridge it reached as `host`: its own page, or
    /// an allowed site's.
    pub fn origin_ok(&self, origin: &str, host: Option<&str>) -> bool {
        let origin = origin.trim_end_matches('/').to_ascii_lowercase();
        if self.origins.contains(&origin) {
            return true;
        }
        host.is_some_and(|h| {
            let h = h.trim().to_ascii_lowercase();
            self.host_ok(&h)
                && (origin == format!("http://{h}") || origin == format!("https://{h}"))
        })
    }

    /// Whether the bridge is reached from its own machine only.
    pub fn loopback(&self) -> bool {
        self.loopback
    }
}

/// `host` without its `:port` (an IPv6 address keeps its brackets).
fn strip_port(host: &str) -> &str {
    if host.starts_with('[') {
        return host.split_inclusive(']').next().unwrap_or(host);
    }
    host.rsplit_once(':')
        .filter(|(_, port)| port.bytes().all(|b| b.is_ascii_digit()))
        .map_or(host, |(name, _)| name)
}

/// The `Host` of a request (HTTP/1.1's header, or HTTP/2's authority).
pub(super) fn request_host(request: &axum::extract::Request) -> Option<String> {
    request
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .map(str::to_owned)
        .or_else(|| request.uri().authority().map(|a| a.to_string()))
}

/// Refuses what is not meant for this bridge before any route sees it: a `Host` that is not
/// this machine's (403), a POST from another site's page (403) or not of JSON (415), so a
/// cross-site form cannot post.
pub async fn gatekeeper(
    State(gate): State<Gate>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let host = request_host(&request);
    if !host.as_deref().is_some_and(|h| gate.host_ok(h)) {
        return (
            StatusCode::FORBIDDEN,
            "this bridge answers requests addressed to it by an address or localhost (or a host of --allow-origin)",
        )
            .into_response();
    }
    if request.method() == axum::http::Method::POST {
        let origin = request
            .headers()
            .get(header::ORIGIN)
            .map(|o| o.to_str().unwrap_or(""));
        if let Some(origin) = origin
            && !gate.origin_ok(origin, host.as_deref())
        {
            return (
                StatusCode::FORBIDDEN,
                format!("this bridge does not take requests from pages of {origin}"),
            )
                .into_response();
        }
        let json = request
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|c| c.to_str().ok())
            .is_some_and(|c| {
                c.split(';')
                    .next()
                    .is_some_and(|m| m.trim().eq_ignore_ascii_case("application/json"))
            });
        if !json {
            return (
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "send JSON (Content-Type: application/json)",
            )
                .into_response();
        }
    }
    next.run(request).await
}
