// What a board does only when a player asks for it: typed moves and commands (commands.js, with
// hearing.js), claims, offers and resignation with their confirmations (claims.js, confirm.js),
// the promotion chooser and the help panel. None of it is needed to draw the board and play the
// first moves by hand, so it is fetched at the player's first gesture toward the board, with
// the words it says (game.js `withWords`), and a request made before it is here waits for it.

export { Commands } from './commands.js';
export { claim, claimOpen, offerDraw, resign } from './claims.js';
export { choosePromotion } from './promotion.js';
export { helpContent } from './help.js';
