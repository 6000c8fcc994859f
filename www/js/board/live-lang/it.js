// Italiano: the live page's own words (ids as in en.js; see ./index.js).

export default {
  // A sealed move made on the sensor board (2005 App. A1, A5): the board's status while the
  // bridge hides the pieces.
  board_sealing: 'Mossa in busta: la mossa fatta sulla scacchiera va nella busta, non vista.',
  board_pieces_back: 'In busta: rimettere i pezzi come erano prima della mossa in busta.',
};
