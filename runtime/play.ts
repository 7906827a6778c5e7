// A whole game between decks with seeded agents (random by default, or named per seat): what `l5r play`,
// `l5r games` and the property tests run.  Generic: the rules bundle's `game` entry point is the game.
import type { DeckSpec, RulesBundle } from "./model.ts";
import type { LogEntry } from "./log.ts";
import { createGame, type Game, type GameResult } from "./game.ts";
import { hostileAgent, PLAYING_AGENTS, randomAgent, replayAgent, type AgentName } from "./agents.ts";
import { RuleError } from "./errors.ts";

export interface PlaySetup {
  readonly bundle: RulesBundle;
  /** One deck per player, in turn order as seated. */
  readonly decks: readonly DeckSpec[];
  readonly seed: number;
  /** Player names (default: each deck's title, numbered when a deck is used twice). */
  readonly names?: readonly string[];
  readonly fullLog?: boolean;
  /** With `fullLog` false, keep the decisions in the log (default); false keeps no log at all. */
  readonly keepDecisions?: boolean;
  /** Check after every decision that every card is in exactly one place. */
  readonly checkInvariants?: boolean;
  /** Players who also give illegal answers (which the game must reject and survive). */
  readonly hostile?: boolean;
  /** The agent of each seat, in turn order, repeated to seat every player (default: random). */
  readonly agents?: readonly AgentName[];
  /** Which form of the compiled rules plays (default: the direct form, when the rules have one). */
  readonly form?: RulesForm;
}

/** The compiled rules' two forms: generators, which suspend at each decision (what the pull API needs),
 *  and the direct form, plain functions that have each decision answered at once by an agent. */
export type RulesForm = "direct" | "generators";

export interface PlayOutcome {
  readonly game: Game;
  /** The winner and victory, a draw, or null when a deck was refused. */
  readonly result: GameResult | null;
  readonly refused: string | null;
}

export function playerNames(decks: readonly DeckSpec[]): string[] {
  const seen = new Map<string, number>();
  return decks.map((d) => {
    const n = (seen.get(d.title) ?? 0) + 1;
    seen.set(d.title, n);
    return n === 1 ? d.title : `${d.title} ${n}`;
  });
}

/** A whole game's step cap: far above any game the turn cap lets finish. */
const STEP_CAP = 5_000_000;

/** The game a setup describes, not yet started (the same for a first run and its replay). */
function gameOf(setup: PlaySetup): { game: Game; main: NonNullable<RulesBundle["entries"]["game"]> } {
  const main = setup.bundle.entries.game;
  if (!main) throw new RuleError("the rules declare no `entry game`: there is no game to play");
  const game = createGame({
    bundle: setup.bundle,
    players: setup.names ?? playerNames(setup.decks),
    decks: setup.decks,
    seed: setup.seed,
    fullLog: setup.fullLog ?? true,
    keepDecisions: setup.keepDecisions ?? true,
    checkInvariants: setup.checkInvariants ?? false,
    stepCap: STEP_CAP,
  });
  return { game, main };
}

export function playGame(setup: PlaySetup): PlayOutcome {
  const { game, main } = gameOf(setup);
  seatAgents(game, setup);
  // Every seat has an agent that answers at once: the direct form plays, when the rules have one.
  const direct = setup.form === "generators" ? undefined : setup.bundle.direct?.game;
  if (direct) game.run(direct);
  else game.start(main);
  return { game, result: game.result, refused: game.refused };
}

/** The agents draw from their own streams, so the game's shuffles do not depend on how they answer.
 *  Random players on every seat share one stream (as they always have: the same seeds play the same
 *  games); otherwise each seat has its own. */
function seatAgents(game: Game, setup: PlaySetup): void {
  const salted = setup.seed ^ AGENT_SALT;
  const names = setup.agents?.length ? setup.agents : (["random"] as const);
  if (names.every((n) => n === "random")) {
    game.setAgent(null, setup.hostile ? hostileAgent(salted) : randomAgent(salted));
    return;
  }
  game.players.forEach((p, i) => {
    const honest = PLAYING_AGENTS[names[i % names.length]!](salted + i + 1);
    game.setAgent(p, setup.hostile ? hostileAgent(salted + i + 1, undefined, honest) : honest);
  });
}

const AGENT_SALT = 0x5bd1e995;

export interface VerifiedGame {
  readonly seed: number;
  readonly result: GameResult | null;
  readonly refused: string | null;
  readonly decisions: number;
  /** Illegal answers the game rejected (hostile players). */
  readonly rejected: number;
  /** What went wrong (a thrown error, an unended game, a replay that differs), or null. */
  readonly problem: string | null;
}

/**
 * Plays a seeded game checking at every step that each card is in exactly one place, then replays it
 * from its seed and recorded answers and compares the two logs entry by entry.  The game is played in
 * the rules' direct form (unless the setup says otherwise) and replayed with their generators, as the
 * pull API runs them: the two forms must take the same steps.
 */
export function verifyGame(setup: Omit<PlaySetup, "fullLog" | "checkInvariants">): VerifiedGame {
  const base = { seed: setup.seed, result: null, refused: null, decisions: 0, rejected: 0 };
  let first: PlayOutcome;
  try {
    first = playGame({ ...setup, fullLog: true, checkInvariants: true });
  } catch (e) {
    return { ...base, problem: e instanceof Error ? e.message : String(e) };
  }
  const { game } = first;
  const report = { ...base, result: first.result, refused: first.refused, decisions: game.answers.length, rejected: game.rejections.length };
  if (!first.result && !first.refused) return { ...report, problem: "the game stopped without a winner, a draw or a refused deck" };
  const { game: replay, main } = gameOf({ ...setup, fullLog: true });
  replay.setAgent(null, replayAgent(game.answers));
  try {
    replay.start(main);
  } catch (e) {
    return { ...report, problem: `the replay failed: ${e instanceof Error ? e.message : String(e)}` };
  }
  const at = firstDifference(game.log, replay.log);
  if (at !== null) return { ...report, problem: `the replay differs at log entry ${at}: ${JSON.stringify(game.log[at])} vs ${JSON.stringify(replay.log[at])}` };
  return { ...report, problem: null };
}

/** The first entry at which two logs differ, or null when they are the same. */
export function firstDifference(a: readonly LogEntry[], b: readonly LogEntry[]): number | null {
  for (let i = 0; i < Math.max(a.length, b.length); i++) if (JSON.stringify(a[i]) !== JSON.stringify(b[i])) return i;
  return null;
}
