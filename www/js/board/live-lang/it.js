// Italiano: the live page's own words (ids as in en.js; see ./index.js).

export default {
  // A sealed move made on the sensor board (2005 App. A1, A5): the board's status while the
  // bridge hides the pieces.
  board_sealing: 'Mossa in busta: la mossa fatta sulla scacchiera va nella busta, non vista.',
  board_pieces_back: 'In busta: rimettere i pezzi come erano prima della mossa in busta.',
  // A seat's link without its key (or with an old one): the bridge seats the page as a spectator.
  seat_key_needed: 'Questo schermo guarda soltanto: un posto si prende con il link che dà l’arbitro, chiave compresa. Chiedi all’arbitro il link del tuo posto.',
  // The hall's next round archived the game this page followed.
  round_archived: 'Il turno è finito: questa partita è archiviata così com’era. La scacchiera gioca ora la partita del turno successivo.',
};
