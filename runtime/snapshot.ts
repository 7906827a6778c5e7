// Saving a game and carrying it on later (or undoing answers).  A game is fully determined by its
// rules, set-up, seed and answers, so a snapshot is that set-up and the answers given, as JSON, with a
// digest of the log to check against: restoring replays the answers on the same rules and stops where
// the game stopped, so the game goes on exactly as the original would.
import type { DeckSpec, RulesBundle } from "./model.ts";
import type { Rt, Steps } from "./rt.ts";
import type { LogEntry } from "./log.ts";
import { createGame, type Game } from "./game.ts";
import { IllegalAnswer, RuleError } from "./errors.ts";

export interface GameSnapshot {
  readonly format: "l5r-game-snapshot/1";
  readonly players: readonly string[];
  readonly decks: readonly DeckSpec[] | null;
  readonly seed: number;
  readonly fullLog: boolean;
  readonly stepCap: number | null;
  /** Every answer given, in order (option indexes). */
  readonly answers: readonly number[];
  /** The log's length and a digest of it when the snapshot was taken (a restore must match both). */
  readonly logLength: number;
  readonly logDigest: string;
}

/** A digest of log entries (FNV-1a over their JSON): equal logs, equal digests. */
export function logDigest(entries: readonly LogEntry[]): string {
  let h = 0x811c9dc5;
  for (const e of entries) {
    const text = JSON.stringify(e);
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, "0");
}

export function snapshot(game: Game): GameSnapshot {
  const s = game.setup;
  return {
    format: "l5r-game-snapshot/1",
    players: [...s.players],
    decks: s.decks ? [...s.decks] : null,
    seed: s.seed,
    fullLog: s.fullLog ?? true,
    stepCap: s.stepCap ?? null,
    answers: [...game.answers],
    logLength: game.log.length,
    logDigest: logDigest(game.log),
  };
}

/**
 * The game a snapshot was taken of, at the same point, on these rules (`main`: the entry point the
 * game was started with).  It has no agents: set them, then answer its pending decision.  A snapshot
 * from other rules, or not a snapshot at all, is refused with a RuleError.
 */
export function restore(bundle: RulesBundle, main: (rt: Rt) => Steps<unknown>, snap: GameSnapshot, options: { readonly checkInvariants?: boolean } = {}): Game {
  if (typeof snap !== "object" || snap === null || snap.format !== "l5r-game-snapshot/1" || !Array.isArray(snap.answers)) throw new RuleError("not a game snapshot (l5r-game-snapshot/1)");
  const game = replay(bundle, main, snap, snap.answers, options.checkInvariants ?? false);
  if (game.log.length !== snap.logLength || logDigest(game.log) !== snap.logDigest) throw new RuleError("the restored game's log differs from the snapshot's: it was taken with other rules");
  return game;
}

/** The game as it was `answers` answers ago, waiting for that answer again. */
export function undo(bundle: RulesBundle, main: (rt: Rt) => Steps<unknown>, game: Game, answers = 1): Game {
  const snap = snapshot(game);
  return replay(bundle, main, snap, snap.answers.slice(0, Math.max(0, snap.answers.length - answers)), false);
}

/** A new game of the snapshot's set-up, started and given these answers through the pull API. */
function replay(bundle: RulesBundle, main: (rt: Rt) => Steps<unknown>, snap: GameSnapshot, answers: readonly number[], checkInvariants: boolean): Game {
  const game = createGame({
    bundle,
    players: snap.players,
    ...(snap.decks ? { decks: snap.decks } : {}),
    seed: snap.seed,
    fullLog: snap.fullLog,
    ...(snap.stepCap !== null ? { stepCap: snap.stepCap } : {}),
    checkInvariants,
  });
  game.start(main);
  for (const [i, option] of answers.entries()) {
    const d = game.pending();
    if (!d) throw new RuleError(`the snapshot has ${answers.length} answers, but the game ended after ${i}: it was taken with other rules`);
    try {
      game.answer({ decision: d.id, option });
    } catch (e) {
      if (e instanceof IllegalAnswer) throw new RuleError(`answer ${i + 1} of the snapshot does not fit its decision: it was taken with other rules or another set-up`);
      throw e;
    }
  }
  return game;
}
