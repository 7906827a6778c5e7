// One seeded game as `l5r games` keeps it: played and checked at every step, replayed and compared
// (runtime verifyGame), then reduced to what the totals and a balance study read.
import { verifyGame, type AgentName, type DeckSpec, type RulesBundle } from "../../runtime/api.ts";

/** What every game of a run shares (a shard file carries it, so that shards of different runs are not
 *  merged). */
export interface GamesSetup {
  /** A digest of the rules' sources. */
  readonly rules: string;
  /** Each seat's deck title, in turn order. */
  readonly decks: readonly string[];
  readonly players: readonly string[];
  /** Each seat's agent. */
  readonly agents: readonly AgentName[];
  /** Players of every other game also answer illegally. */
  readonly hostile: boolean;
  /** The run's seeds: `count` from `seed`. */
  readonly seed: number;
  readonly count: number;
}

export interface GameRecord {
  readonly seed: number;
  /** How it ended, as the totals print it ("Honor victory", "draw: turn cap", "failed", "refused: ..."). */
  readonly outcome: string;
  /** The winner's name, or null (a draw, a refused deck, a failure). */
  readonly winner: string | null;
  readonly decisions: number;
  /** Illegal answers the game rejected (hostile players). */
  readonly rejected: number;
  /** What went wrong (a thrown error, an unended game, a replay that differs), or null. */
  readonly problem: string | null;
}

export function playSeed(bundle: RulesBundle, seated: readonly DeckSpec[], setup: GamesSetup, seed: number): GameRecord {
  // With --hostile, every other game of the run (counted from its first seed) has hostile players.
  const hostile = setup.hostile && (seed - setup.seed) % 2 === 0;
  const g = verifyGame({ bundle, decks: seated, seed, names: setup.players, agents: setup.agents, hostile });
  const outcome = g.problem ? "failed" : g.refused ? `refused: ${g.refused}` : g.result!.winner ? `${g.result!.victory} victory` : `draw: ${g.result!.victory}`;
  return { seed, outcome, winner: g.problem ? null : (g.result?.winner ?? null), decisions: g.decisions, rejected: g.rejected, problem: g.problem };
}

/** The decks of a set-up, from the decks the rules declare. */
export function seatedDecks(declared: readonly DeckSpec[], setup: GamesSetup): DeckSpec[] {
  return setup.decks.map((t) => declared.find((d) => d.title === t)!);
}
