// `l5r games` on every core and across machines: a run shared out to worker threads, or played in
// shards (`--shard i/n --out FILE`) and merged (`--merge FILES`), prints exactly what one run on one
// thread prints; shards that do not make up one run are refused, saying why.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { mergeResults, readResults, resultsOf, type GamesResults } from "../compiler/games/results.ts";
import { parseShard, shardSeeds } from "../compiler/pool/shards.ts";
import type { GameRecord, GamesSetup } from "../compiler/games/record.ts";
import { agentNames } from "../compiler/cli/options.ts";

interface Ran {
  readonly code: number | null;
  readonly out: string;
  readonly err: string;
}

/** Runs `l5r` (several may run at once: most of each is compiling the rules). */
function l5r(...args: string[]): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "compiler/cli.ts", ...args], { env: { ...process.env, NO_COLOR: "1" } });
    let out = "";
    let err = "";
    child.stdout.on("data", (b: Buffer) => (out += b.toString()));
    child.stderr.on("data", (b: Buffer) => (err += b.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, out, err }));
  });
}

const scratch = mkdtempSync(join(tmpdir(), "l5r-games-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const at = (name: string) => join(scratch, name);

// Few games, so that the suite stays fast: greedy against random ends its games in some dozens of turns.
const RUN = ["--count", "5", "--seed", "11", "--agent", "greedy,random"];

describe("l5r games", () => {
  let one: Ran;
  let pooled: Ran;
  let shards: Ran[];
  beforeAll(async () => {
    const shardRuns = [1, 2].map((i) => l5r("games", ...RUN, "--threads", "1", "--shard", `${i}/2`, "--out", at(`shard-${i}.json`)));
    [one, pooled, ...shards] = await Promise.all([l5r("games", ...RUN, "--threads", "1", "--out", at("one.json")), l5r("games", ...RUN, "--threads", "2"), ...shardRuns]);
  });

  it("prints the totals, the agents of the seats and who won; how long it took goes to stderr", () => {
    expect(one.code).toBe(0);
    expect(one.out.split("\n")[0]).toBe("5 games (seeds 11-15), Crane Duelists (greedy) vs Lion Honor (random):");
    expect(one.out).toMatch(/^won: Crane Duelists \d+ \(\d+\.\d%\), Lion Honor \d+ \(\d+\.\d%\); no winner: \d+$/m);
    expect(one.out).toContain("every card in exactly one place at every step, and every replay identical: yes");
    expect(one.out).not.toMatch(/ s\b|games\/s|thread/);
    expect(one.err).toMatch(/^5 games played and replayed in \d+\.\d s on 1 thread \(\d+\.\d games\/s\)$/m);
    const results = readResults(at("one.json"));
    expect(results.setup.agents).toEqual(["greedy", "random"]);
    expect(results.games.map((g) => g.seed)).toEqual([11, 12, 13, 14, 15]);
  });

  it("on two worker threads prints the same, byte for byte", () => {
    expect(pooled.code).toBe(0);
    expect(pooled.err).toContain("on 2 threads");
    expect(pooled.out).toBe(one.out);
  });

  it("shards merged print exactly what one run prints, and write one run's JSON", async () => {
    expect(shards.map((r) => r.code)).toEqual([0, 0]);
    expect(shards[1]!.out.split("\n")[0]).toBe("3 games (seeds 13-15), Crane Duelists (greedy) vs Lion Honor (random):");
    const [merged, missing] = await Promise.all([l5r("games", "--merge", at("shard-2.json"), at("shard-1.json"), "--out", at("merged.json")), l5r("games", "--merge", at("shard-2.json"))]);
    expect(merged.code).toBe(0);
    expect(merged.out).toBe(one.out);
    expect(readFileSync(at("merged.json"), "utf8")).toBe(readFileSync(at("one.json"), "utf8"));
    expect(missing.code).toBe(2);
    expect(missing.err.trim()).toBe("l5r: shard 1/2 is missing");
  });
});

describe("shards", () => {
  const setup: GamesSetup = { rules: "abc", decks: ["A", "B"], players: ["A", "B"], agents: ["greedy", "random"], hostile: false, seed: 1, count: 10 };
  const game = (seed: number): GameRecord => ({ seed, outcome: "Honor victory", winner: "A", decisions: 3, rejected: 0, problem: null });
  const shard = (index: number, of: number, s: GamesSetup = setup): GamesResults => {
    const { first, count } = shardSeeds(s.seed, s.count, { index, of });
    return resultsOf(s, { index, of }, Array.from({ length: count }, (_, i) => game(first + i)));
  };
  const merging = (...parts: GamesResults[]) => () => mergeResults(parts.map((results, i) => ({ path: `s${i + 1}.json`, results })));

  it("are contiguous blocks that together hold every seed once", () => {
    const blocks = [1, 2, 3].map((index) => shardSeeds(5, 10, { index, of: 3 }));
    expect(blocks).toEqual([{ first: 5, count: 3 }, { first: 8, count: 3 }, { first: 11, count: 4 }]);
    expect(parseShard("2/3")).toEqual({ index: 2, of: 3 });
    for (const bad of ["0/3", "4/3", "1/0", "x", "1/3/4"]) expect(() => parseShard(bad)).toThrow(/--shard takes i\/n/);
  });

  it("merge into one run's results in the order of the seeds, or are refused saying why", () => {
    expect(merging(shard(3, 3), shard(1, 3), shard(2, 3))().games.map((g) => g.seed)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(merging(shard(1, 3), shard(3, 3))).toThrow("shard 2/3 is missing");
    expect(merging(shard(1, 3), shard(1, 3), shard(2, 3))).toThrow("shard 1/3 is given twice (s1.json and s2.json)");
    expect(merging(shard(1, 2), shard(2, 3))).toThrow("s2.json is shard 2/3, s1.json one of 2");
    expect(merging(shard(1, 2), shard(2, 2, { ...setup, agents: ["random", "random"] }))).toThrow("s2.json and s1.json are shards of different runs");
    const short = { ...shard(2, 2), games: shard(2, 2).games.slice(1) };
    expect(merging(shard(1, 2), short)).toThrow("s2.json does not hold the 5 games of shard 2/2 (seeds 6-10)");
  });

  it("files that are not results are refused, saying why", () => {
    writeFileSync(at("cut.json"), JSON.stringify(shard(1, 1)).slice(0, 40));
    expect(() => readResults(at("cut.json"))).toThrow(`${at("cut.json")} is not JSON (a file written by l5r games --out)`);
    writeFileSync(at("other.json"), JSON.stringify({ kind: "something else" }));
    expect(() => readResults(at("other.json"))).toThrow(`${at("other.json")} is not a file written by l5r games --out`);
    expect(() => readResults(at("none.json"))).toThrow(`cannot read ${at("none.json")}: ENOENT`);
  });

  it("--agent names an agent for each seat", () => {
    expect(agentNames("greedy,random")).toEqual(["greedy", "random"]);
    expect(() => agentNames("greedy,frog")).toThrow("--agent takes random or greedy for each seat, separated by commas, not 'frog'");
  });
});
