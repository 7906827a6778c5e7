// Shards: `--shard i/n` plays the i-th of n contiguous blocks of the seeds (1-based, as test runners
// number them), so n machines together play exactly the seeds one run would; their files are merged
// only when they make up one run.
import { UsageError } from "../sources.ts";
import type { AgentName } from "../../runtime/api.ts";

export interface Shard {
  /** 1 to `of`. */
  readonly index: number;
  readonly of: number;
}

export const WHOLE: Shard = { index: 1, of: 1 };

/** How a command's seeded run is played and where its results go (`l5r games`, `l5r diff --behavior`). */
export interface SeededRunOptions {
  /** Each seat's agent, repeated to seat every player (default: random). */
  readonly agents: readonly AgentName[] | null;
  /** Worker threads (default: every core). */
  readonly threads: number | null;
  readonly shard: Shard | null;
  /** Where the JSON results go, and whether they go to stdout (instead of the totals). */
  readonly out: string | null;
  readonly json: boolean;
}

/** Reads `--shard 2/8`. */
export function parseShard(text: string): Shard {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  const index = m ? Number(m[1]) : NaN;
  const of = m ? Number(m[2]) : NaN;
  if (!m || !Number.isSafeInteger(of) || of < 1 || index < 1 || index > of) throw new UsageError(`--shard takes i/n with 1 <= i <= n (the i-th of n parts), not '${text}'`);
  return { index, of };
}

/** The seeds shard `s` plays of `count` games from seed `first`: a contiguous block. */
export function shardSeeds(first: number, count: number, s: Shard): { readonly first: number; readonly count: number } {
  const from = Math.floor(((s.index - 1) * count) / s.of);
  const to = Math.floor((s.index * count) / s.of);
  return { first: first + from, count: to - from };
}

/** A block of seeds a shard played (the games, each trial): the run's seeds and the ones it holds. */
export interface SeedBlock {
  readonly what: string;
  readonly first: number;
  readonly count: number;
  readonly seeds: readonly number[];
}

/** One file of a sharded run: its path and what it holds (its run's set-up and which shard it is). */
export interface ShardFile<R extends { readonly setup: unknown; readonly shard: Shard }> {
  readonly path: string;
  readonly results: R;
}

/**
 * The files' results in shard order, when they are the shards of one run: the same set-up in each, each
 * shard of the n exactly once, each with exactly its seeds of every block (`blocks` reads them).
 * Otherwise a usage error that says which file and why.
 */
export function inShardOrder<R extends { readonly setup: unknown; readonly shard: Shard }>(files: readonly ShardFile<R>[], blocks: (r: R) => readonly SeedBlock[]): R[] {
  if (files.length === 0) throw new UsageError("--merge takes the files the shards wrote");
  const head = files[0]!;
  const setup = JSON.stringify(head.results.setup);
  const of = head.results.shard.of;
  const byIndex = new Map<number, ShardFile<R>>();
  for (const f of files) {
    const { index } = f.results.shard;
    if (JSON.stringify(f.results.setup) !== setup) throw new UsageError(`${f.path} and ${head.path} are shards of different runs (the rules, decks, agents, seeds or count differ)`);
    if (f.results.shard.of !== of) throw new UsageError(`${f.path} is shard ${index}/${f.results.shard.of}, ${head.path} one of ${of}`);
    const twice = byIndex.get(index);
    if (twice) throw new UsageError(`shard ${index}/${of} is given twice (${twice.path} and ${f.path})`);
    byIndex.set(index, f);
    for (const b of blocks(f.results)) {
      const want = shardSeeds(b.first, b.count, f.results.shard);
      if (b.seeds.length !== want.count || b.seeds.some((s, i) => s !== want.first + i)) {
        throw new UsageError(`${f.path} does not hold the ${want.count} ${b.what} of shard ${index}/${of} (seeds ${want.first}-${want.first + want.count - 1})`);
      }
    }
  }
  const missing = Array.from({ length: of }, (_, i) => i + 1).filter((i) => !byIndex.has(i));
  if (missing.length) throw new UsageError(`shard${missing.length > 1 ? "s" : ""} ${missing.map((i) => `${i}/${of}`).join(", ")} ${missing.length > 1 ? "are" : "is"} missing`);
  return Array.from({ length: of }, (_, i) => byIndex.get(i + 1)!.results);
}
