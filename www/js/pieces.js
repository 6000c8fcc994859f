// Chess piece drawings, made for Arbiter and released with it under MIT OR Apache-2.0
// (see www/ASSETS.md). Plain SVG, no font: a board looks the same on every machine.

const OUTLINE = { white: '#1d1d1f', black: '#0b0b0c' };
const FILL = { white: '#fbfaf7', black: '#2a2a2e' };
const DETAIL = { white: '#1d1d1f', black: '#e9e6df' };

// Each shape sits in a 45 x 45 box, base line near y = 39, so all pieces share a foot.
const SHAPES = {
  pawn: () => `
    <path d="M13 39h19c0-3.5-1.6-5.2-4.6-6-1.7-3.1-2.5-6.3-2-9.3h2.3v-2.6h-2.9a6.2 6.2 0 1 0-5.6 0h-2.9v2.6h2.3c.5 3-.3 6.2-2 9.3-3 .8-4.6 2.5-4.6 6z"/>`,
  rook: (c) => `
    <path d="M11 39h23v-3.2l-2.4-2.3H13.4L11 35.8z"/>
    <path d="M14.6 33.5h15.8l-1.4-13.6H16z"/>
    <path d="M13 19.9h19l1-10.4h-4.3v3.3h-3.4V9.5h-5.6v3.3h-3.4V9.5H12z"/>
    <path d="M16 19.9h13M15.4 33.4h14.2" fill="none" stroke="${DETAIL[c]}" stroke-width="1.2"/>`,
  knight: (c) => `
    <path d="M13 39h21c.3-8.4-1.4-15.3-5.2-20.3-1.7-2.3-2.4-4.9-2.6-7.5l-2.3 2.2-.8-5.1-3 4.5c-4 1.2-7 4.2-8.6 8.5l-2.6 4.7c-.5 1-.2 2.3.7 2.9l1.3.9c.9.6 2 .4 2.7-.3l1.8-1.9c1.8.1 3.6-.6 5.1-2 .2 3.3-2 5.9-4.6 8.6C14.2 32.8 13 35.6 13 39z"/>
    <circle cx="19.2" cy="17.4" r="1.3" fill="${DETAIL[c]}" stroke="none"/>
    <path d="M11.9 25.4l1.6-.9" fill="none" stroke="${DETAIL[c]}" stroke-width="1.1" stroke-linecap="round"/>`,
  bishop: (c) => `
    <path d="M12 39h21v-2.4c0-1.9-1.4-3.3-3.2-3.3H15.2c-1.8 0-3.2 1.4-3.2 3.3z"/>
    <path d="M15.4 33.3c-2.1-6.4.4-13 7.1-18.7 6.7 5.7 9.2 12.3 7.1 18.7z"/>
    <circle cx="22.5" cy="11.2" r="3"/>
    <path d="M26.2 19.6l-5.2 6.1M19.4 29.8h6.2" fill="none" stroke="${DETAIL[c]}" stroke-width="1.3" stroke-linecap="round"/>`,
  queen: (c) => `
    <path d="M12 39h21v-2.6c0-1.3-1-2.3-2.3-2.3H14.3c-1.3 0-2.3 1-2.3 2.3z"/>
    <path d="M13.3 34.1h18.4l3.2-17.2-6.3 9.6-1.6-13.2-4.5 12.4-4.5-12.4-1.6 13.2-6.3-9.6z"/>
    <circle cx="10.1" cy="15.4" r="2.3"/><circle cx="16.4" cy="11.6" r="2.3"/>
    <circle cx="22.5" cy="10.2" r="2.3"/><circle cx="28.6" cy="11.6" r="2.3"/>
    <circle cx="34.9" cy="15.4" r="2.3"/>
    <path d="M14.6 30.6h15.8" fill="none" stroke="${DETAIL[c]}" stroke-width="1.2"/>`,
  king: (c) => `
    <path d="M12 39h21v-2.6c0-1.3-1-2.3-2.3-2.3H14.3c-1.3 0-2.3 1-2.3 2.3z"/>
    <path d="M13.2 34.1h18.6l2.4-7.4c1.6-4.8-.8-9.4-5.3-9.4-2.8 0-4.9 1.9-6.4 4.7-1.5-2.8-3.6-4.7-6.4-4.7-4.5 0-6.9 4.6-5.3 9.4z"/>
    <path d="M21.3 5.6h2.4v3.1h3v2.3h-3v5.8h-2.4V11h-3V8.7h3z"/>
    <path d="M22.5 22v11.5M14.6 30.4h15.8" fill="none" stroke="${DETAIL[c]}" stroke-width="1.2"/>`,
};

/** SVG markup of one piece: `color` is "white" | "black", `piece` a name from SHAPES. */
export function pieceSvg(color, piece) {
  const shape = SHAPES[piece];
  if (!shape) return '';
  return `<svg viewBox="0 0 45 45" aria-hidden="true" focusable="false">` +
    `<g fill="${FILL[color]}" stroke="${OUTLINE[color]}" stroke-width="1.5" stroke-linejoin="round">` +
    `${shape(color)}</g></svg>`;
}
