// Memory: the heap each live game holds (1,000 games created and played to mid-game, answered through
// the pull API) and the peak resident set of the process.  Needs node --expose-gc.
import { bundle, decks } from "../../generated/index.ts";
import { createGame, type Game } from "../../runtime/api.ts";
import { createRng } from "../../runtime/rng.ts";

export interface MemoryResult {
  readonly liveGames: number;
  readonly decisionsEach: number;
  readonly bytesPerGame: number;
  readonly peakRssMB: number;
}

export function benchMemory(quick: boolean): MemoryResult {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error("the memory bench needs node --expose-gc");
  const liveGames = quick ? 20 : 1000;
  const decisionsEach = 200;
  gc();
  const before = process.memoryUsage().heapUsed;
  const games: Game[] = [];
  const rng = createRng(7);
  for (let i = 0; i < liveGames; i++) {
    const g = createGame({ bundle, players: ["Crane", "Lion"], decks: [decks[0]!, decks[1]!], seed: i + 1, fullLog: false });
    g.start(bundle.entries.game!);
    for (let n = 0; n < decisionsEach; n++) {
      const d = g.pending();
      if (!d) break;
      g.answer({ decision: d.id, option: rng.below(d.options.length) });
    }
    games.push(g);
  }
  gc();
  const after = process.memoryUsage().heapUsed;
  const bytesPerGame = Math.round((after - before) / games.length);
  return { liveGames, decisionsEach, bytesPerGame, peakRssMB: Math.round(process.resourceUsage().maxRSS / 1024) };
}
