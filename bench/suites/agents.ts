// The agents: how the greedy agent plays (runtime/greedy-agent.ts with rules/advice.l5r) against
// itself and against the random one, and how long games last.  Seeded games between the demo decks,
// the decks and seats alternating from game to game; a game's turns are its players' turns taken.
import { bundle, decks } from "../../generated/index.ts";
import { playGame, type AgentName } from "../../runtime/api.ts";

export interface AgentsResult {
  readonly games: number;
  /** Greedy on both seats: the share of games won, not drawn at the turn cap. */
  readonly victoryShare: number;
  /** Greedy against random: the share of games greedy wins. */
  readonly winRateVsRandom: number;
  /** Average turns a game, by who plays. */
  readonly turns: { readonly random: number; readonly greedyVsRandom: number; readonly greedy: number };
  /** Greedy on both seats, on one core (played once, not replayed). */
  readonly greedyGamesPerSecond: number;
}

interface Played {
  readonly won: number;
  readonly firstWon: number;
  readonly turns: number;
  readonly seconds: number;
}

function playMany(count: number, agents: readonly [AgentName, AgentName]): Played {
  let won = 0;
  let firstWon = 0;
  let turns = 0;
  const start = performance.now();
  for (let seed = 1; seed <= count; seed++) {
    const seated = seed % 2 === 0 ? [decks[1]!, decks[0]!] : [decks[0]!, decks[1]!];
    const o = playGame({ bundle, decks: seated, seed, names: ["first", "second"], agents, fullLog: false });
    if (o.result?.winner) won++;
    if (o.result?.winner === "first") firstWon++;
    for (const p of o.game.players) turns += p.values.turnsTaken ?? 0;
  }
  return { won, firstWon, turns, seconds: (performance.now() - start) / 1000 };
}

export function benchAgents(quick: boolean): AgentsResult {
  const count = quick ? 4 : 300;
  const random = playMany(count, ["random", "random"]);
  const mixed = playMany(count, ["greedy", "random"]);
  const greedy = playMany(count, ["greedy", "greedy"]);
  const share = (n: number) => Math.round((1000 * n) / count) / 10;
  const avg = (p: Played) => Math.round((10 * p.turns) / count) / 10;
  return {
    games: count,
    victoryShare: share(greedy.won),
    winRateVsRandom: share(mixed.firstWon),
    turns: { random: avg(random), greedyVsRandom: avg(mixed), greedy: avg(greedy) },
    greedyGamesPerSecond: Math.round((10 * count) / greedy.seconds) / 10,
  };
}
