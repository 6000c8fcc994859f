//! A seat's link drawn as a QR code, for the arbiter to show a player's phone: made here, on
//! the bridge, by the `qrcode` crate, so the link and its key never leave the hall's network
//! to be drawn elsewhere.

use qrcode::render::svg;
use qrcode::types::QrError;
use qrcode::{EcLevel, QrCode};

/// The side of one module in the SVG's own units: the page scales it, and a whole number keeps
/// the modules' edges on the grid.
const MODULE: u32 = 4;

/// `link` as an SVG QR code, black on white whatever the page's colours (a dark scheme's light
/// modules on dark would not scan), with its quiet zone.
///
/// # Errors
/// The link is too long for any QR code.
pub fn svg(link: &str) -> Result<String, QrError> {
    // Level M: a phone held at an angle, or a screen's glare, still reads it; a link of ~80
    // characters stays a small code (version 5 or so).
    let code = QrCode::with_error_correction_level(link.as_bytes(), EcLevel::M)?;
    Ok(code
        .render::<svg::Color>()
        .module_dimensions(MODULE, MODULE)
        .dark_color(svg::Color("#000"))
        .light_color(svg::Color("#fff"))
        .quiet_zone(true)
        .build())
}

#[cfg(test)]
mod tests {
    use super::svg;

    #[test]
    fn a_link_is_drawn_and_another_link_draws_another_code() {
        let one =
            svg("http://192.168.1.20:8080/board/1?seat=white&key=0123456789abcdef0123456789abcdef")
                .expect("a link fits");
        let two =
            svg("http://192.168.1.20:8080/board/1?seat=white&key=fedcba9876543210fedcba9876543210")
                .expect("a link fits");
        assert!(one.contains("<svg") && one.ends_with("</svg>"), "{one}");
        assert_ne!(one, two);
    }

    #[test]
    fn a_link_too_long_for_any_code_is_an_error_not_a_panic() {
        assert!(svg(&"x".repeat(8000)).is_err());
    }
}
