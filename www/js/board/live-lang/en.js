// English: the live page's own words (ids as in en.js; see ./index.js).

export default {
  // A sealed move made on the sensor board (2005 App. A1, A5): the board's status while the
  // bridge hides the pieces.
  board_sealing: 'Sealing: the move made on the board goes into the envelope, unseen.',
  board_pieces_back: 'Sealed: put the pieces back as they stood before the sealed move.',
};
