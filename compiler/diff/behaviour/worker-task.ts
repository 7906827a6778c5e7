// A worker's task: some seeds of the games or of one trial, each played under both compiled versions
// (loaded once per worker from the folders the main thread wrote them to).
import { pathToFileURL } from "node:url";
import { join } from "node:path";
import type { AgentName, DeckSpec } from "../../../runtime/api.ts";
import { poolData } from "../../pool/run.ts";
import { compareSeed, playGameSeed, playTrialSeed, type Loaded, type SeedResult } from "./seeded.ts";

export interface WorkerSetup {
  readonly oldDir: string;
  readonly newDir: string;
  /** The decks both versions' games are played with (titles the old version declares). */
  readonly decks: readonly string[];
  /** Each seat's agent. */
  readonly agents: readonly AgentName[];
}

export interface Task {
  /** Which run of the plan the seeds are of. */
  readonly run: number;
  /** "game", or a trial's title. */
  readonly what: string;
  readonly seeds: readonly number[];
}

let loaded: Promise<[Loaded, Loaded]> | null = null;

function load(dir: string): Promise<Loaded> {
  return import(pathToFileURL(join(dir, "index.ts")).href) as Promise<Loaded>;
}

function seated(v: Loaded, titles: readonly string[]): DeckSpec[] {
  return titles.map((t) => v.decks.find((d) => d.title === t)!);
}

export default async function run(task: Task): Promise<SeedResult[]> {
  const setup = poolData<WorkerSetup>();
  loaded ??= Promise.all([load(setup.oldDir), load(setup.newDir)]);
  const [a, b] = await loaded;
  return task.seeds.map((seed) =>
    task.what === "game"
      ? compareSeed("game", seed, playGameSeed(a, seated(a, setup.decks), seed, setup.agents), playGameSeed(b, seated(b, setup.decks), seed, setup.agents))
      : compareSeed(task.what, seed, playTrialSeed(a, task.what, seed, setup.agents), playTrialSeed(b, task.what, seed, setup.agents)),
  );
}
