// `l5r games [--count N] [--seed S] [--decks "A,B"] [--players N]`: plays N seeded games between
// declared decks with random agents, checking at every step that each card is in exactly one place,
// and replays each from its seed and answers to compare the logs.  Prints how the games ended; exit 1
// when any game threw, did not end, replayed differently, or a deck was refused (as `l5r play`).
import type { VerifiedGame } from "../../runtime/api.ts";
import type { Output } from "./check.ts";
import { chooseDecks, loadRulesAndDecks } from "./play.ts";
import { progressBar } from "./progress.ts";

export interface GamesOptions {
  readonly paths: readonly string[];
  readonly count: number;
  readonly seed: number;
  readonly decks: readonly string[] | null;
  readonly players: number | null;
  /** Players who also answer illegally (the game must reject every such answer and go on). */
  readonly hostile: boolean;
}

export async function games(opts: GamesOptions, io: Output, progressTo: NodeJS.WriteStream | null = null): Promise<number> {
  const loaded = await loadRulesAndDecks(opts.paths, io);
  if (!loaded) return 1;
  const { bundle, decks } = loaded;
  const seated = chooseDecks(decks, opts.decks, opts.players);
  const { verifyGame } = await import("../../runtime/api.ts");
  const started = performance.now();
  const outcomes = new Map<string, number>();
  const problems: VerifiedGame[] = [];
  let decisions = 0;
  let rejected = 0;
  let refused = 0;
  const bar = progressBar(progressTo, "games");
  for (let i = 0; i < opts.count; i++) {
    bar?.update(i, opts.count);
    // With --hostile, every other game has players who also answer illegally.
    const g = verifyGame({ bundle, decks: seated, seed: opts.seed + i, hostile: opts.hostile && i % 2 === 0 });
    rejected += g.rejected;
    decisions += g.decisions;
    if (g.problem) problems.push(g);
    if (g.refused) refused++;
    const key = g.problem ? "failed" : g.refused ? `refused: ${g.refused}` : g.result!.winner ? `${g.result!.victory} victory` : `draw: ${g.result!.victory}`;
    outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
  }
  bar?.stop();
  const seconds = (performance.now() - started) / 1000;
  io.out(`${opts.count} games (seeds ${opts.seed}-${opts.seed + opts.count - 1}), ${seated.map((d) => d.title).join(" vs ")}:`);
  for (const [k, n] of [...outcomes].sort((a, b) => b[1] - a[1])) io.out(`  ${k}: ${n}`);
  io.out(`every card in exactly one place at every step, and every replay identical: ${problems.length === 0 ? "yes" : "NO"}`);
  for (const p of problems.slice(0, 10)) io.out(`  seed ${p.seed}: ${p.problem}`);
  if (opts.hostile) io.out(`illegal answers rejected (the games went on): ${rejected}`);
  io.out(`${decisions} decisions in ${seconds.toFixed(1)} s (${(opts.count / seconds).toFixed(1)} games/s, each played and replayed)`);
  if (refused) io.out(`decks refused: ${refused} game(s) were not played`);
  return problems.length || refused ? 1 : 0;
}
