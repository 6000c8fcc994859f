// The page's scripts bundled by esbuild's own options, through its JS API:
//
//   node esbuild.mjs <folder whose node_modules hold esbuild> <www> <www/dist> <metafile> <entry>...
//
// - Entries keep their names and places (`entryNames`), and so does every module of ours a
//   script loads when asked (`import('./lang/de.js')`), made an entry too: what is loaded when
//   asked for stays a file of its own under its name. The code they share goes into
//   `js/chunk.<hash>.js` (`chunkNames`, esbuild's content hash), which the bridge serves as
//   immutable.
// - The wasm glue in `pkg/` stays out of the bundle: a test or a page importing
//   `pkg/arbiter_wasm.js` gets the instance the element uses. The chunks are all in `js/`, so the
//   glue is named from there. esbuild does not follow `new URL('…', import.meta.url)` (the Worker,
//   the element's stylesheet): such a URL is written in a module of `js/` itself, which names
//   the same file from a chunk.
// - Few chunks on a first load. esbuild puts each module into the chunk of the set of entries
//   that reach it, and a module loaded when asked is an entry of its own: a lazy part sharing one
//   small file with the element would put that file in a chunk of its own, which every first
//   load would fetch (each script of a cold load costs the page's thread a share of the cores
//   before the board is ready; `caching.test.mjs` fails past four). So a module loaded when
//   asked is bundled as a part of what is loaded already wherever its loader runs: what every
//   entry reaching the loader imports statically (plugin `parts`, which adds those imports to
//   the lazy module as esbuild reads it, from a first pass's metafile). The sources say nothing
//   of chunks and hold no import circle.
// - The metafile goes to the caller (xtask's dist), which reads the names of what was written
//   from it, the modulepreload lists and the check that every import names a built file.

import { createRequire } from 'node:module';
import fs from 'node:fs/promises';
import path from 'node:path';

const [from, www, dist, metafile, ...entryPoints] = process.argv.slice(2);
const esbuild = createRequire(path.resolve(from, 'package.json'))('esbuild');

// The glue in www/pkg/, named as the chunks in js/ see it.
const glue = {
  name: 'glue',
  setup(build) {
    build.onResolve({ filter: /(^|\/)pkg\// }, (args) => ({
      path: path.relative(path.join(www, 'js'), path.join(args.resolveDir, args.path)),
      external: true,
    }));
  },
};

const options = {
  absWorkingDir: www,
  entryPoints,
  bundle: true,
  splitting: true,
  format: 'esm',
  minify: true,
  // Accented words stay UTF-8 instead of \u escapes (smaller; the page is UTF-8).
  charset: 'utf8',
  outbase: '.',
  outdir: dist,
  entryNames: '[dir]/[name]',
  chunkNames: 'js/chunk.[hash]',
  metafile: true,
  logLevel: 'warning',
};

// Pass one: the import graph, nothing written.
const { metafile: graph } = await esbuild.build({ ...options, write: false, plugins: [glue] });
const inputs = graph.inputs;
const staticClosure = (start) => {
  const seen = new Set();
  const visit = (module) => {
    if (seen.has(module)) return;
    seen.add(module);
    for (const i of inputs[module]?.imports ?? []) {
      if (i.kind === 'import-statement' && !i.external) visit(i.path);
    }
  };
  visit(start);
  return seen;
};
const reach = entryPoints.map(staticClosure);

// Lazy module (absolute path) -> the modules, loaded already, it is bundled as importing.
const partOf = new Map();
for (const [loader, { imports }] of Object.entries(inputs)) {
  for (const lazy of imports) {
    if (lazy.kind !== 'dynamic-import' || lazy.external) continue;
    const within = reach.filter((r) => r.has(loader));
    if (within.length === 0) continue;
    // An entry no other entry reaches keeps its code in its own file: made a part of a lazy
    // module, it would move into a chunk of its own.
    const loaded = [...within[0]].filter((m) => within.every((r) => r.has(m))
      && !(entryPoints.includes(m) && reach.filter((r) => r.has(m)).length === 1));
    const key = path.join(www, lazy.path);
    partOf.set(key, new Set([...(partOf.get(key) ?? []), ...loaded.map((m) => path.join(www, m))]));
  }
}
const parts = {
  name: 'parts',
  setup(build) {
    build.onLoad({ filter: /\.js$/ }, async (args) => {
      const loaded = partOf.get(args.path);
      if (!loaded) return undefined;
      const imports = [...loaded].map((m) => `import ${JSON.stringify(m)};\n`).join('');
      return {
        contents: imports + await fs.readFile(args.path, 'utf8'),
        loader: 'js',
        resolveDir: path.dirname(args.path),
      };
    });
  },
};

// Pass two: the bundle, the lazy modules among its entries.
const lazy = [...partOf.keys()].map((m) => path.relative(www, m).split(path.sep).join('/'));
const result = await esbuild.build({
  ...options,
  entryPoints: [...new Set([...entryPoints, ...lazy])],
  plugins: [glue, parts],
});
await fs.writeFile(metafile, JSON.stringify(result.metafile));
