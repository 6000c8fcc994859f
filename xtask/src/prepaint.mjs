// The build's prepaint (run by dist.rs on each built page): every <arbiter-board> of the page
// gets its drawing in the HTML itself, as a declarative shadow root made by the element's own
// template (www/js/board/view.js `prepaint`), so the board and its clocks are seen at first
// paint, before a script or the wasm arrives, and nothing moves when the element takes over.
//
// node prepaint.mjs <www> <page.html>...   (rewrites each page in place)
//
// A board that names its own position (`fen`), mirrors a live game (`live`) or is turned
// (`orientation="black"`) is left for the element to draw: the start position would be wrong.
// A board that keeps its game (`persist`) has a line of script after it that takes the pieces
// away again when a saved game waits, before the first paint.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [www, ...pages] = process.argv.slice(2);
const load = (rel) => import(pathToFileURL(path.join(www, 'js', rel)).href);
const { prepaint } = await load('board/view.js');
const { parseTimeControl } = await load('time-control.js');
const tables = { en: (await load('lang/en.js')).default };

const attributes = (text) => Object.fromEntries(
  [...text.matchAll(/([\w-]+)(?:="([^"]*)")?/g)].map((m) => [m[1], m[2] ?? '']),
);
const words = async (lang) => {
  if (!tables[lang] && fs.existsSync(path.join(www, 'js', 'lang', `${lang}.js`))) {
    tables[lang] = (await load(`lang/${lang}.js`)).default;
  }
  const table = tables[lang] ?? tables.en;
  const say = (id) => {
    const entry = table[id] ?? tables.en[id];
    return typeof entry === 'function' ? entry({}) : entry;
  };
  return { toStart: say('to_start'), noMoves: say('no_moves_yet') };
};
const firstPeriod = (tc) => {
  try {
    return parseTimeControl(tc ?? '15+10')[0]?.time ?? NaN;
  } catch {
    return NaN;
  }
};
// Removes the painted pieces when a saved game will be restored instead, then itself (the
// page's text is words only).
const unpaintIfSaved = (key) => `<script>{const s=document.currentScript;try{if(localStorage.getItem(${JSON.stringify(key)})!==null)`
  + 'for(const q of s.previousElementSibling.shadowRoot.querySelectorAll("[data-placeholder]"))'
  + '{q.querySelector(".piece")?.remove();q.removeAttribute("data-piece");q.removeAttribute("data-placeholder")}}catch{}s.remove()}</script>';

// The built style sheets, put into each page with a painted board: a sheet fetched after the HTML costs a
// round trip, and on a slow line it shares the bandwidth with the scripts and the wasm, so the
// painted board would wait for it (measured: board visible at 1565 ms on the slow profile of
// tests/e2e/measure.mjs with the sheets linked). A sheet with a url() stays linked: inlined,
// its addresses would resolve against the page instead.
const sheet = (page, rel) => {
  const file = path.join(path.dirname(page), rel);
  if (!fs.existsSync(file)) return null;
  const css = fs.readFileSync(file, 'utf8');
  return /url\(/.test(css) || /<\/style/i.test(css) ? null : css.trim();
};
const inlineSheets = (page, html) => html.replace(
  /<link rel="stylesheet" href="(css\/[\w-]+\.css)">/g,
  (link, rel) => {
    const css = sheet(page, rel);
    return css === null ? link : `<style>${css}</style>`;
  },
);

for (const page of pages) {
  const html = fs.readFileSync(page, 'utf8');
  const boards = [...html.matchAll(/<arbiter-board\b([^>]*)><\/arbiter-board>/g)];
  let out = '';
  let at = 0;
  let painted = 0;
  for (const m of boards) {
    const a = attributes(m[1]);
    out += html.slice(at, m.index);
    at = m.index + m[0].length;
    if ('fen' in a || 'live' in a || a.orientation === 'black') {
      out += m[0];
      continue;
    }
    const lang = (a.lang || 'en').toLowerCase();
    const shadow = prepaint('css/arbiter-board.css', firstPeriod(a['time-control']), await words(lang));
    out += `<arbiter-board${m[1]}><template shadowrootmode="open">${shadow}</template></arbiter-board>`;
    if (a.persist) out += unpaintIfSaved(a.persist);
    painted++;
  }
  out += html.slice(at);
  if (painted) out = inlineSheets(page, out);
  // A painted board's sheet left linked (see `sheet`) sits in a shadow root, where the
  // browser's preload scanner does not look: asked for first in the head, it arrives before the
  // scripts and the wasm that would otherwise take the connections.
  if (painted && out.includes('href="css/arbiter-board.css"') && !out.includes('rel="preload" href="css/arbiter-board.css"')) {
    out = out.replace(/<link /, '<link rel="preload" href="css/arbiter-board.css" as="style">\n  <link ');
  }
  fs.writeFileSync(page, out);
  console.log(`prepaint: ${path.basename(page)}: ${painted} of ${boards.length} boards painted in`);
}
