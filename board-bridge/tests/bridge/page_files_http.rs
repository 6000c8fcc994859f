//! The bridge's front door and its page's files as a club's site meets them (issue: the page for
//! a newcomer and a webmaster), over real HTTP to a real bridge with no board: a language link
//! (`/?lang=it`) opens the live game for a spectator in that language, not a game on the screen;
//! the element's files are shared with the sites `--allow-origin` names, and another site is told
//! why they are not shared with it.

use crate::common;

use common::{Bridge, Scratch, free_port};

fn bridge_with_page(scratch: &Scratch) -> Bridge {
    let www = scratch.path("www");
    std::fs::create_dir_all(www.join("js")).expect("www");
    std::fs::write(
        www.join("index.html"),
        "<!doctype html><title>board</title>",
    )
    .expect("page");
    std::fs::write(www.join("js/arbiter-board.js"), "export {};\n").expect("script");
    let missing = scratch.path("no-board-here");
    Bridge::serve(
        free_port(),
        &[
            "--port",
            missing.to_str().expect("utf-8"),
            "--www",
            www.to_str().expect("utf-8"),
            "--allow-origin",
            "https://club.example",
        ],
    )
}

#[test]
fn a_language_link_opens_the_live_game_for_a_spectator_in_that_language() {
    let scratch = Scratch::new("front-door-lang");
    let bridge = bridge_with_page(&scratch);
    let (status, headers, _) = bridge.request("/?lang=it", &[]);
    assert_eq!(status, 303, "{headers:?}");
    // Before, a query of any kind was served as it was: `/?lang=it` opened a game on the screen.
    assert_eq!(
        headers.get("location").map(String::as_str),
        Some("/?seat=spectator&lang=it")
    );
    let (status, headers, _) = bridge.request("/", &[]);
    assert_eq!(status, 303);
    assert_eq!(
        headers.get("location").map(String::as_str),
        Some("/?seat=spectator")
    );
    // A seat or a game on this screen is a choice the link made: served as it is.
    for chosen in ["/?local&lang=it", "/?seat=white&lang=de", "/?lang=it&local"] {
        let (status, _, _) = bridge.request(chosen, &[]);
        assert_eq!(status, 200, "{chosen}");
    }
}

#[test]
fn the_elements_files_are_shared_with_the_allowed_site_and_another_is_told_why_not() {
    let scratch = Scratch::new("page-files-cors");
    let bridge = bridge_with_page(&scratch);
    let (status, headers, _) = bridge.request(
        "/js/arbiter-board.js",
        &[("Origin", "https://club.example")],
    );
    assert_eq!(status, 200);
    // Before, the page's files carried no CORS header: a club's page loading the element from
    // the bridge was blocked even with --allow-origin.
    assert_eq!(
        headers
            .get("access-control-allow-origin")
            .map(String::as_str),
        Some("https://club.example"),
        "{headers:?}"
    );
    assert!(
        headers.get("vary").is_some_and(|v| v.contains("origin")),
        "a cache keeps one copy per site: {headers:?}"
    );
    let (status, headers, _) = bridge.request(
        "/js/arbiter-board.js",
        &[("Origin", "https://elsewhere.example")],
    );
    assert_eq!(status, 200);
    assert!(!headers.contains_key("access-control-allow-origin"));
    let why = headers.get("x-arbiter-refused").expect("a reason");
    assert!(why.contains("--allow-origin"), "{why}");
    // The bridge's own page asks with no Origin at all, or its own: nothing changes for it.
    let (status, headers, _) = bridge.request("/js/arbiter-board.js", &[]);
    assert_eq!(status, 200);
    assert!(!headers.contains_key("x-arbiter-refused"));
}
