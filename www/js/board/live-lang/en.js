// English: the live page's own words (ids as in en.js; see ./index.js).

export default {
  // A sealed move made on the sensor board (2005 App. A1, A5): the board's status while the
  // bridge hides the pieces.
  board_sealing: 'Sealing: the move made on the board goes into the envelope, unseen.',
  board_pieces_back: 'Sealed: put the pieces back as they stood before the sealed move.',
  // A seat's link without its key (or with an old one): the bridge seats the page as a spectator.
  seat_key_needed: 'This screen watches: a seat is taken with the link the arbiter gives, key included. Ask the arbiter for your seat’s link.',
  // The hall's next round archived the game this page followed.
  round_archived: 'The round has ended: this game is archived as it stood. The board now plays the next round’s game.',
};
