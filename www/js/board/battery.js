// The words for what a sensor board (and the DGT clock cabled to it) said of their batteries,
// for the board's status line on the page: the bridge's board (`board` messages) and a board the
// page reads itself. The percent is the board's own figure; nothing is said while it says nothing.

/** The sentences for `battery` (`{percent?, charging, clock_low}`), or none. */
export function batteryWords(battery, t) {
  const words = [];
  if (battery?.percent != null) {
    words.push(t(battery.charging ? 'board_battery_charging' : 'board_battery', { percent: battery.percent }));
  } else if (battery?.charging) {
    // A board that says when it is on charge but tells no percent (ChessUp).
    words.push(t('board_charging'));
  }
  if (battery?.clock_low) words.push(t('board_clock_battery_low'));
  return words;
}
