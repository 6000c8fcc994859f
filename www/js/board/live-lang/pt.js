// Português: the live page's own words (ids as in en.js; see ./index.js).

export default {
  // A sealed move made on the sensor board (2005 App. A1, A5): the board's status while the
  // bridge hides the pieces.
  board_sealing: 'Lance secreto: o lance feito no tabuleiro vai para o envelope, sem ser visto.',
  board_pieces_back: 'Selado: repor as peças como estavam antes do lance secreto.',
  // A seat's link without its key (or with an old one): the bridge seats the page as a spectator.
  seat_key_needed: 'Este ecrã apenas assiste: um lugar toma-se com a ligação que o árbitro dá, chave incluída. Peça ao árbitro a ligação do seu lugar.',
  // The hall's next round archived the game this page followed.
  round_archived: 'A ronda terminou: esta partida fica arquivada tal como estava. O tabuleiro joga agora a partida da ronda seguinte.',
};
