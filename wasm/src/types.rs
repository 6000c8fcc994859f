//! TypeScript shapes of the plain objects that cross the boundary, for the generated `.d.ts`.
//! They mirror the core's serde types (`GameConfig`, `Event`, `Ruling`) and the page state built
//! in `table.rs`; `core` in `PageState` is the core's `State` unchanged.

use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = r#"
export type Color = "white" | "black";
export type Timing =
  | { kind: "none" }
  | { kind: "increment" | "delay" | "bronstein"; ms: number };
/** One period of a time control: `moves` moves (null = the rest of the game) in `time` ms. */
export interface Period { moves: number | null; time: number; timing: Timing }
/** The core's GameConfig. */
export interface GameConfig {
  edition: "2005" | "2023";
  time_control: Period[];
  white?: string;
  black?: string;
  /** Defaults to true. */
  arbiter_present?: boolean;
  fen?: string | null;
  quickplay_finish?: boolean;
  /** 2005 App. F: the visually impaired players; `tactile_board` when he has his own board. */
  visually_impaired?: { player: Color; tactile_board?: boolean }[];
  /** Notation language announced moves may be said in (App. F2.1 understands the spoken form always). */
  language?: string | null;
  mode?: "standard" | "rapid" | "blitz" | null;
}
/** Display options: App. E notation language; how moves are heard (`appf`: 2005 App. F2). */
export interface ShowOptions { lang?: "en" | "it" | "pt" | "es" | "fr" | "de" | "nl" | "fig"; speech?: "appf" | "en" | "it" | "pt" | "es" | "fr" | "de" | "nl" }
/** A move read from typed text: coordinates, the notation language, and the words to hear. */
export interface ReadMove { uci: string; san: string; said: string }
export type ClaimKind = "repetition" | "fifty_moves" | "win_on_time" | "illegal_move" | "touch_move" | "quickplay_finish";
/** The core's Event, as JSON (`move` in coordinates, castling as the king's move: "e1g1"). */
export type TableEvent =
  | { type: "start" | "tick" | "resume" }
  | { type: "lift" | "adjust"; square: string }
  | { type: "place"; square: string; piece?: string | null }
  | { type: "move"; move: string }
  | { type: "press_clock" | "offer_draw" | "accept_draw" | "decline_draw" | "resign" | "arrive"; player: Color }
  | { type: "claim"; player: Color; claim: { kind: ClaimKind; intended?: string | null } }
  /** 2005 App. F2.1 / F2.6: a move said (announced by the mover, repeated by the opponent, corrected). */
  | { type: "announce" | "repeat" | "correct_announcement"; player: Color; text: string }
  /** The answer to the pending analysis a ruling waits for (`Table.pendingAnalysis`). */
  | { type: "analysis"; side: Color; fen: string; can_mate: boolean }
  | { type: "arbiter"; decision:
      | { kind: "accept" | "reject" | "postpone" | "stop_clock" | "start_clock" }
      | { kind: "add_time"; player: Color; ms: number }
      | { kind: "set_clock"; white: number; black: number }
      /** Back to the position after `ply` half-moves, clocks as they stood then (Art. 6.14 / 7.5). */
      | { kind: "restore"; ply: number; cause?: "arbiter" | "displaced" } };
/** A ruling: when (ms on the game's time line), the Law ("2005 Art. 7.4b") and the verdict. */
export interface Ruling { at: number; law: string; verdict: { kind: string; player?: Color; [field: string]: unknown } }
/** A clock face's caption as data: period (1-based, when there are several), the next move, the move the control falls at, and what each move adds or delays. */
export interface Caption { period: number | null; move: number; controlAt: number | null; timing: { kind: "increment" | "delay" | "bronstein"; ms: number } | null }
export interface SideClock { remaining: number; moves: number; period: number; flag: boolean; caption: Caption }
/** Everything the page draws at one instant. */
export interface PageState {
  fen: string;
  turn: Color;
  pieces: Record<string, [Color, "pawn" | "knight" | "bishop" | "rook" | "queen" | "king"]>;
  legalMoves: string[];
  check: string | null;
  lastMove: { from: string; to: string } | null;
  moves: { ply: number; number: number; side: Color; san: string; uci: string; said: string }[];
  ply: number;
  /** The number of the move to be made now (the position's fullmove number). */
  moveNumber: number;
  clock: { white: SideClock; black: SideClock; running: Color | null; awaitingPress: boolean; started: boolean };
  players: { white: string; black: string };
  touched: string | null;
  obligations: { kind: string; square: string | null; text: string; law: string }[];
  drawOffer: Color | null;
  result: { result: "1-0" | "0-1" | "1/2-1/2"; reason: string; law: string } | null;
  setup: { edition: "2005" | "2023"; timeControl: Period[]; lang: string; speech: string };
  core: Record<string, unknown>;
}
/** `Table.stateSince`: while `movesRevision` is the revision asked with, `moves` are only the moves after those the page holds; else the whole list. */
export interface PageStateSince extends PageState { movesRevision: number }
/** A ruling that waits for the analysis of whether `side` can still mate in `fen` (clocks stopped). */
export interface PendingAnalysis { side: Color; fen: string; ruling: "flag_fall" | "illegal_moves" | "resignation"; law: { edition: string; article: string }; since: number }
export interface CanMateAnswer { answer: "yes" | "no" | "undetermined"; line: string[] }
/** One clock as a blind player is told it (2005 App. F2.9d / 2023 App. D.2.10), in ms. */
export interface TimeTold { remaining: number; used: number; moves: number }
export interface TimeOnRequest { own: TimeTold; theirs: TimeTold }
"#;
