// A worker's task for `l5r games`: some seeds, each played, checked and replayed on the rules the main
// thread compiled into a folder (loaded once per worker).
import { pathToFileURL } from "node:url";
import { join } from "node:path";
import type { DeckSpec, RulesBundle } from "../../runtime/api.ts";
import { poolData } from "../pool/run.ts";
import { playSeed, seatedDecks, type GameRecord, type GamesSetup } from "./record.ts";

export interface GamesWorkerData {
  /** The compiled rules' folder (its index.ts). */
  readonly dir: string;
  readonly setup: GamesSetup;
}

let loaded: Promise<{ bundle: RulesBundle; seated: DeckSpec[] }> | null = null;

async function load(data: GamesWorkerData): Promise<{ bundle: RulesBundle; seated: DeckSpec[] }> {
  const m = (await import(pathToFileURL(join(data.dir, "index.ts")).href)) as { bundle: RulesBundle; decks: readonly DeckSpec[] };
  return { bundle: m.bundle, seated: seatedDecks(m.decks, data.setup) };
}

export default async function run(seeds: readonly number[]): Promise<GameRecord[]> {
  const data = poolData<GamesWorkerData>();
  loaded ??= load(data);
  const { bundle, seated } = await loaded;
  return seeds.map((seed) => playSeed(bundle, seated, data.setup, seed));
}
