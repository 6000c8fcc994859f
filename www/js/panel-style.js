// The look of the parts of the full page built when first opened (the new-game dialog, the
// arbiter's panel, the question asked before a game is replaced): added to the page with the
// first of them, so the first load's inline style sheet (css/page.css) carries none of it.

const CSS = `
label.check { flex-direction: row; align-items: center; gap: 8px; color: var(--ink); font-size: 14px; }
dialog {
  border: 0; border-radius: 14px; padding: 0; background: var(--panel); color: var(--ink);
  width: min(560px, calc(100vw - 24px)); box-shadow: 0 20px 60px rgba(0, 0, 0, 0.6);
}
dialog::backdrop { background: rgba(5, 6, 8, 0.6); }
dialog form { padding: 18px 20px; display: flex; flex-direction: column; gap: 12px; }
dialog h2 { margin: 0; }
fieldset { border: 1px solid #3a404c; border-radius: 10px; padding: 8px 12px 12px; margin: 0; }
legend { color: var(--ink-dim); font-size: 13px; padding: 0 4px; }
.form-error { margin: 0; color: #ffb4a8; font-weight: 600; }
.presets > label { flex-direction: row; align-items: center; gap: 8px; color: var(--ink); font-size: 14px; padding: 3px 0; }
.presets b { min-width: 10.5em; display: inline-block; }
.custom { display: none; grid-template-columns: repeat(auto-fit, minmax(120px, 1fr)); gap: 8px; margin-top: 8px; }
.presets:has(input[value="custom"]:checked) .custom { display: grid; }
.grid2 { display: grid; grid-template-columns: 1fr 1fr; gap: 10px 12px; }
@media (max-width: 480px) { .grid2 { grid-template-columns: 1fr; } }
fieldset.vi { margin-top: 12px; }
/* The arbiter's panel in its four groups, each control with a sentence on what it does. */
.groups { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 320px), 1fr)); gap: 12px; }
.groups fieldset .hint { margin: 0 0 8px; }
.groups legend { color: var(--ink); font-weight: 700; font-size: 14px; }
.pending { margin: 4px 0; font-size: 14px; }
#confirm-dialog p { margin: 0; line-height: 1.45; }
`;

/** Adds the parts' style sheet to the page, once. */
export function panelStyle() {
  if (document.getElementById('panel-style')) return;
  const style = document.createElement('style');
  style.id = 'panel-style';
  style.textContent = CSS;
  document.head.append(style);
}
