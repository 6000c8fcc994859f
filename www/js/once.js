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
