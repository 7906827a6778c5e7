// `l5r demo` (npm start): compiles rules/ into generated/ and plays a seeded demo game between the two
// demo decks with random agents, printed turn by turn, the winner last.
import { pathToFileURL } from "node:url";
import { join } from "node:path";
import { generatedRoot } from "../sources.ts";
import { compile } from "./compile.ts";
import type { Output } from "./check.ts";
import { chooseDecks, printGame } from "./play.ts";
import type { DeckSpec, RulesBundle } from "../../runtime/api.ts";

export async function demo(io: Output, seed = 2026): Promise<number> {
  const compiled = await compile(io);
  if (compiled !== 0) return compiled;
  const { bundle, decks } = (await import(pathToFileURL(join(generatedRoot, "index.ts")).href)) as { bundle: RulesBundle; decks: readonly DeckSpec[] };
  const { playGame } = await import("../../runtime/api.ts");
  const seated = chooseDecks(decks, null, 2);
  const outcome = playGame({ bundle, decks: seated, seed });
  printGame(outcome, seated, bundle, seed, io);
  return outcome.refused ? 1 : 0;
}
