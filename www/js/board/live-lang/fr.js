// Français: the live page's own words (ids as in en.js; see ./index.js).

export default {
  // A sealed move made on the sensor board (2005 App. A1, A5): the board's status while the
  // bridge hides the pieces.
  board_sealing: 'Coup sous enveloppe : le coup joué sur l’échiquier va dans l’enveloppe, sans être vu.',
  board_pieces_back: 'Sous enveloppe : replacer les pièces comme avant le coup sous enveloppe.',
  // A seat's link without its key (or with an old one): the bridge seats the page as a spectator.
  seat_key_needed: 'Cet écran regarde seulement : on prend une place avec le lien que donne l’arbitre, clé comprise. Demandez à l’arbitre le lien de votre place.',
  // The hall's next round archived the game this page followed.
  round_archived: 'La ronde est terminée : cette partie est archivée telle qu’elle était. L’échiquier joue maintenant la partie de la ronde suivante.',
};
