// Deutsch: the live page's own words (ids as in en.js; see ./index.js).

export default {
  // A sealed move made on the sensor board (2005 App. A1, A5): the board's status while the
  // bridge hides the pieces.
  board_sealing: 'Abgabe: der auf dem Brett ausgeführte Zug kommt ungesehen in den Umschlag.',
  board_pieces_back: 'Abgegeben: die Figuren wieder so stellen wie vor dem abgegebenen Zug.',
  // A seat's link without its key (or with an old one): the bridge seats the page as a spectator.
  seat_key_needed: 'Dieser Bildschirm schaut nur zu: einen Platz nimmt man mit dem Link, den der Schiedsrichter gibt, samt Schlüssel. Bitte den Schiedsrichter um den Link deines Platzes.',
  // The hall's next round archived the game this page followed.
  round_archived: 'Die Runde ist zu Ende: Diese Partie ist so archiviert, wie sie stand. Das Brett spielt jetzt die Partie der nächsten Runde.',
};
