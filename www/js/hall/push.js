// The broadcast's state in sentences, as an arbiter reads it: when the round last reached
// Lichess, whether pushing fails now (since when, how often, what Lichess said, when it is
// tried again), and each game Lichess cannot read, from its first refusal until it reads it.
// The bridge (board-bridge/src/hall/push.rs) keeps that state; this only words it.

/** A time of day in `lang`: 14:05:09. */
function timeOfDay(unixMs, lang) {
  return new Intl.DateTimeFormat(lang, { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(new Date(unixMs));
}

/** How long ago, in `lang`: "12 seconds ago", "vor 3 Minuten". */
function ago(unixMs, now, lang) {
  const s = Math.max(0, Math.round((now - unixMs) / 1000));
  const rtf = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' });
  if (s < 60) return rtf.format(-s, 'second');
  if (s < 3600) return rtf.format(-Math.floor(s / 60), 'minute');
  return rtf.format(-Math.floor(s / 3600), 'hour');
}

/**
 * The lines of the push's state `push` (the bridge's PushStatus) at the bridge's time `now`
 * (Unix ms), through `w` (the hall's words), times in the locale `lang`: `{state: [{text, title?, error?}],
 * games: [{text, board}]}`.
 */
export function pushLines(push, now, lang, w) {
  const state = [];
  // The hall went on to a round no Lichess round was given for: nothing more is pushed.
  if (push.stopped_after != null) state.push({ text: w('hall_push_stopped', { round: push.stopped_after }), error: true });
  const at = (ms) => ({ time: timeOfDay(ms, lang), ago: ago(ms, now, lang) });
  if (push.ok) {
    state.push({ text: w('hall_push_ok', { ...at(push.last_success_unix_ms), games: push.games }) });
  } else if (push.failures_in_a_row) {
    // The next attempt, counted down from the failed one.
    const next = (push.last_attempt_unix_ms ?? now) + (push.retry_in_ms ?? 0);
    state.push({
      text: w('hall_push_failing', {
        time: timeOfDay(push.failing_since_unix_ms ?? now, lang),
        count: push.failures_in_a_row,
        s: Math.max(0, Math.ceil((next - now) / 1000)),
      }),
      error: true,
    });
    // What went wrong: Lichess's own words, or (for the arbiter who asks) the network's.
    state.push(push.status != null
      ? { text: push.answer ? w('hall_push_refused', { status: push.status, said: push.answer }) : w('hall_push_refused_status', { status: push.status }), error: true }
      : { text: w('hall_push_no_answer'), title: push.error ?? '', error: true });
    state.push({ text: push.last_success_unix_ms ? w('hall_push_last_ok', at(push.last_success_unix_ms)) : w('hall_push_never_ok') });
  } else {
    state.push({ text: w('hall_push_waiting') });
  }
  state.push({ text: w('hall_push_totals', { pushed: push.pushed, failed: push.failed }) });
  const games = (push.game_errors ?? []).map((e) => ({
    board: e.board ?? null,
    text: e.board != null
      ? w('hall_push_game_error', { n: e.board, time: timeOfDay(e.since_unix_ms, lang), error: e.error })
      : w('hall_push_game_error_round', { round: e.round, time: timeOfDay(e.since_unix_ms, lang), error: e.error }),
  }));
  return { state, games };
}
