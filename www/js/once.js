// What the page fetches once (a wasm module, a words table, a part built when first opened).

/**
 * `load` behind one shared promise: calls while it runs share it, a success is kept for the
 * page's life (and as `.value`, for a caller that must act in the same task), and a failure, a
 * network blip, is forgotten so that the next call fetches again.
 */
export function once(load) {
  let pending = null;
  const get = () => {
    pending ??= load().then((value) => {
      get.value = value;
      return value;
    }, (err) => {
      pending = null;
      throw err;
    });
    return pending;
  };
  get.value = undefined;
  return get;
}

/**
 * The built URL of the page's module at `path` from js/ (`./board/asked.js`), for a retry of its
 * import (`importAnew`). Written here, in js/, where such a URL names the same file from a chunk
 * of the bundle; a module of a folder below (board/) cannot make it itself, as its code may be
 * bundled into a chunk of js/. The build keeps the names of the modules loaded when asked.
 */
export const moduleUrl = (path) => new URL(path, import.meta.url);

// How many imports of each module (by its built URL) have failed, shared by every copy of this
// file a page holds (the bundle's, and the one importable by name that tests and embedders
// load): all of them then import a module at the same URL, and so get the same instance.
const FAILED = (globalThis[Symbol.for('arbiter.failedImports')] ??= new Map());

/**
 * A dynamic import that a failure does not end for the page's life. `first` is the import as
 * written for the build (`() => import('./lang/en.js')`: esbuild follows it, bundles the module
 * and rewrites its path); `url` names the same file as built, made with `new URL(…,
 * import.meta.url)` in a module of js/ itself, where such a URL names the same file from a
 * chunk. After a failure the next call imports `url` with `?retry=N`: a browser may keep a
 * module's failed fetch in its module map for the page's life (Chromium 148 does: a second
 * `import()` of the URL fails at once, fetching nothing), and a network blip would then last
 * until a reload. A new URL is a new module, so only a failed import moves on to the next one:
 * once a URL succeeds every later call imports that URL again, which the module map answers
 * with the same instance (the page never holds two copies of a module).
 */
export function importAnew(first, url) {
  return () => {
    const failures = FAILED.get(url.href) ?? 0;
    // `url` names a file of the page, which has no query of its own.
    const again = `${url.href}?retry=${failures}`;
    const load = failures > 0 ? () => import(again) : first;
    // Calls failing together count one failure: the next tries one new URL, not several.
    return load().catch((err) => {
      FAILED.set(url.href, Math.max(FAILED.get(url.href) ?? 0, failures + 1));
      throw err;
    });
  };
}
