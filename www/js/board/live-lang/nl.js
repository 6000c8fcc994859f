// Nederlands: the live page's own words (ids as in en.js; see ./index.js).

export default {
  // A sealed move made on the sensor board (2005 App. A1, A5): the board's status while the
  // bridge hides the pieces.
  board_sealing: 'Afgeven: de zet op het bord gaat ongezien in de envelop.',
  board_pieces_back: 'Afgegeven: zet de stukken terug zoals ze voor de afgegeven zet stonden.',
  // A seat's link without its key (or with an old one): the bridge seats the page as a spectator.
  seat_key_needed: 'Dit scherm kijkt alleen mee: een plaats neem je met de link die de arbiter geeft, sleutel inbegrepen. Vraag de arbiter om de link van je plaats.',
  // The hall's next round archived the game this page followed.
  round_archived: 'De ronde is afgelopen: deze partij is gearchiveerd zoals ze stond. Het bord speelt nu de partij van de volgende ronde.',
};
