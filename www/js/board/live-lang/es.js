// Español: the live page's own words (ids as in en.js; see ./index.js).

export default {
  // A sealed move made on the sensor board (2005 App. A1, A5): the board's status while the
  // bridge hides the pieces.
  board_sealing: 'Jugada secreta: la jugada hecha en el tablero va al sobre, sin verse.',
  board_pieces_back: 'Sellada: devolver las piezas a donde estaban antes de la jugada secreta.',
  // A seat's link without its key (or with an old one): the bridge seats the page as a spectator.
  seat_key_needed: 'Esta pantalla solo mira: un puesto se toma con el enlace que da el árbitro, clave incluida. Pida al árbitro el enlace de su puesto.',
  // The hall's next round archived the game this page followed.
  round_archived: 'La ronda ha terminado: esta partida queda archivada tal como estaba. El tablero juega ahora la partida de la ronda siguiente.',
};
