// What the bench child process runs (bundled by bench/run.ts): one group of suites, results as JSON on
// stdout.  Run as a worker thread, it plays games for the games suite and posts what it measured.
import { isMainThread, parentPort, workerData } from "node:worker_threads";
import { fileURLToPath } from "node:url";
import { benchDuels } from "./suites/duels.ts";
import { benchParsing } from "./suites/parsing.ts";
import { benchCompiling } from "./suites/compiling.ts";
import { benchGames, playGames } from "./suites/games.ts";
import { benchMemory } from "./suites/memory.ts";
import { benchCorpus } from "./suites/corpus.ts";
import { benchAgents } from "./suites/agents.ts";
import { benchPool } from "./suites/pool.ts";

async function main(): Promise<void> {
  const [group, mode, root] = process.argv.slice(2);
  const quick = mode === "quick";
  const results: Record<string, unknown> = {};
  // The compile suite runs first in its own process: its cold figures are really cold.
  if (group === "compile") results.compiling = await benchCompiling(root!, quick);
  if (group === "parse") {
    results.parsing = benchParsing(root!, quick);
    results.corpus = benchCorpus(root!);
  }
  if (group === "run") {
    results.duels = benchDuels(quick);
    results.games = await benchGames(fileURLToPath(import.meta.url), quick);
  }
  if (group === "agents") results.agents = benchAgents(quick);
  if (group === "pool") results.pool = benchPool(root!, quick);
  if (group === "memory") results.memory = benchMemory(quick);
  results.peakRssMB = Math.round(process.resourceUsage().maxRSS / 1024);
  process.stdout.write(JSON.stringify(results) + "\n");
}

if (isMainThread) {
  main().catch((e: unknown) => {
    process.stderr.write(`${e instanceof Error ? e.stack ?? e.message : String(e)}\n`);
    process.exit(1);
  });
} else {
  const { first, count, warm } = workerData as { first: number; count: number; warm: number };
  playGames(1_000_000 + first, warm);
  parentPort!.postMessage("warm");
  parentPort!.once("message", () => parentPort!.postMessage(playGames(first, count)));
}
