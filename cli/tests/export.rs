//! `arbiter export`: contract tests on the built binary (the Braille score, row B-09).

mod common;

const LOG: &str = r#"{"schema":"arbiter-log","version":1,"config":{"edition":"2023","white":"Anna","black":"Bella","time_control":[{"moves":null,"time":600000,"timing":{"kind":"increment","ms":5000}}]}}
{"at":0,"event":{"type":"start"}}
{"at":3000,"event":{"type":"move","move":"f2f3"}}
{"at":3500,"event":{"type":"press_clock","player":"white"}}
{"at":6000,"event":{"type":"move","move":"e7e5"}}
{"at":6400,"event":{"type":"press_clock","player":"black"}}
{"at":9000,"event":{"type":"move","move":"g2g4"}}
{"at":9200,"event":{"type":"press_clock","player":"white"}}
{"at":12000,"event":{"type":"move","move":"d8h4"}}
{"at":12300,"event":{"type":"press_clock","player":"black"}}
"#;

fn export(args: &[&str]) -> (i32, Vec<u8>, String) {
    common::arbiter_on_file("export", args, LOG)
}

#[test]
fn b09_export_brf_writes_the_braille_score() {
    let (code, out, err) = export(&["--brf"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        b"WHITE ANNA\r\nBLACK BELLA\r\n\r\n1 F3 E5\r\n2 G4 ,QH4\r\nRESULT BLACK WINS\r\n"
    );
}

#[test]
fn export_pgn_and_a_format_is_required() {
    let (code, out, _) = export(&["--pgn"]);
    assert_eq!(code, 0);
    assert!(
        String::from_utf8_lossy(&out).contains("2. g4 {[%clk 0:10:03]} Qh4# {[%clk 0:10:04]} 0-1")
    );
    let (code, _, _) = export(&[]);
    assert_eq!(code, 2, "either --brf or --pgn");
}

#[test]
fn export_pgn_has_the_seven_tag_roster_then_the_time_control() {
    let (code, out, err) = export(&["--pgn"]);
    assert_eq!(code, 0, "{err}");
    let text = String::from_utf8_lossy(&out);
    let tags: Vec<&str> = text.lines().take_while(|l| l.starts_with('[')).collect();
    assert_eq!(
        tags,
        [
            "[Event \"?\"]",
            "[Site \"?\"]",
            "[Date \"????.??.??\"]",
            "[Round \"?\"]",
            "[White \"Anna\"]",
            "[Black \"Bella\"]",
            "[Result \"0-1\"]",
            "[TimeControl \"600+5\"]",
        ],
        "{text}"
    );
    // What we export, our own checker reads as one clean game.
    let checked = common::arbiter(&["check", "-"], text.as_bytes());
    let lines = common::json_lines(&checked);
    assert_eq!(lines[0]["error"], serde_json::Value::Null, "{lines:?}");
    assert_eq!(lines[0]["moves"], 4);
}
