// No import circle among the page's modules (issue 35): a module never imports, statically or
// when asked (`import('./x.js')`), one that leads back to it. A circle makes the order in which
// modules run depend on which is loaded first, and an import line placed only to steer the
// bundle's chunks is how one creeps in; the build groups the chunks itself (xtask's dist).
// The imports are esbuild's own reading of the sources (its metafile), not a pattern over them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROOT = process.env.ARBITER_ROOT ?? path.resolve(here, '..', '..');
const WWW = path.join(ROOT, 'www');

/** Module -> the modules it imports (both named from www/), statically or when asked. */
async function importGraph() {
  const modules = fs.readdirSync(path.join(WWW, 'js'), { recursive: true })
    .filter((f) => f.endsWith('.js'))
    .map((f) => `js/${f.split(path.sep).join('/')}`);
  const { metafile } = await esbuild.build({
    absWorkingDir: WWW,
    entryPoints: modules,
    bundle: true,
    splitting: true,
    format: 'esm',
    outdir: 'out',
    write: false,
    metafile: true,
    logLevel: 'error',
    plugins: [{
      name: 'outside',
      setup(build) {
        // The wasm glue (built into www/pkg/, maybe not yet) is not a module of ours.
        build.onResolve({ filter: /(^|\/)pkg\// }, (args) => ({ path: args.path, external: true }));
      },
    }],
  });
  const graph = new Map();
  for (const [module, { imports }] of Object.entries(metafile.inputs)) {
    graph.set(module, imports.filter((i) => !i.external).map((i) => i.path));
  }
  return graph;
}

/** The circles of `graph`: each a path of modules back to its first, one per circle found. */
function circles(graph) {
  const found = [];
  const done = new Set();
  const onPath = [];
  const visit = (module) => {
    const at = onPath.indexOf(module);
    if (at >= 0) {
      found.push([...onPath.slice(at), module]);
      return;
    }
    if (done.has(module)) return;
    onPath.push(module);
    for (const next of graph.get(module) ?? []) visit(next);
    onPath.pop();
    done.add(module);
  };
  for (const module of [...graph.keys()].sort()) visit(module);
  return found;
}

test('a circle is found, through a lazy import too', () => {
  const graph = new Map([
    ['js/a.js', ['js/b.js']],
    ['js/b.js', ['js/c.js']],
    ['js/c.js', ['js/a.js']],
    ['js/d.js', ['js/a.js']],
  ]);
  assert.deepEqual(circles(graph), [['js/a.js', 'js/b.js', 'js/c.js', 'js/a.js']]);
  assert.deepEqual(circles(new Map([['js/a.js', ['js/b.js']], ['js/b.js', []]])), []);
});

test('no module of www/js imports one that leads back to it', async () => {
  const graph = await importGraph();
  assert.ok(graph.has('js/arbiter-board.js') && graph.has('js/lang/en.js'), [...graph.keys()].join(' '));
  const found = circles(graph);
  assert.deepEqual(found, [], `import circles:\n${found.map((c) => c.join(' -> ')).join('\n')}`);
});
