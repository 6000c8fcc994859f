//! The hall pages' stream (`/hall/ws`): the whole hall on connecting, then each change, to as
//! many pages as the bridge takes.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use axum::extract::State;
use axum::extract::ws::{Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use tokio::sync::broadcast::error::RecvError;

use super::HallApp;
use crate::hall::SharedHall;

/// One connected hall page, counted while its stream lives.
struct PageSlot(Arc<AtomicUsize>);

impl Drop for PageSlot {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

pub(super) async fn hall_ws(State(app): State<HallApp>, ws: WebSocketUpgrade) -> Response {
    // The hall page only listens: small buffers, and nothing it sends is read but a close.
    let ws = ws
        .max_message_size(crate::server::MAX_CLIENT_MESSAGE)
        .write_buffer_size(0);
    let open = app.pages.fetch_add(1, Ordering::Relaxed);
    let slot = PageSlot(app.pages.clone());
    if open >= app.max_pages {
        drop(slot);
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "this bridge already serves {} hall pages, the most it takes; try again later",
                app.max_pages
            ),
        )
            .into_response();
    }
    ws.on_upgrade(move |socket| async move {
        hall_stream(socket, app.hall).await;
        drop(slot);
    })
}

async fn send(socket: &mut WebSocket, text: &str) -> bool {
    socket
        .send(Message::Text(Utf8Bytes::from(text)))
        .await
        .is_ok()
}

async fn hall_stream(mut socket: WebSocket, hall: SharedHall) {
    let mut rx = hall.subscribe_pages();
    if !send(&mut socket, &hall.snapshot().await.to_string()).await {
        return;
    }
    loop {
        tokio::select! {
            received = rx.recv() => match received {
                Ok(text) => {
                    if !send(&mut socket, &text).await {
                        return;
                    }
                }
                // Behind the stream: the whole hall again is the shortest way back.
                Err(RecvError::Lagged(_)) => {
                    if !send(&mut socket, &hall.snapshot().await.to_string()).await {
                        return;
                    }
                }
                Err(RecvError::Closed) => return,
            },
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Close(_)) | Err(_)) | None => return,
                Some(Ok(_)) => {}
            },
        }
    }
}
