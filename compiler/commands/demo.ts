// `l5r demo` (npm start): compiles rules/ into generated/ and plays a seeded demo duel between two of
// the demo Personalities with random agents, printing it as it happened.
import { pathToFileURL } from "node:url";
import { join } from "node:path";
import { generatedRoot } from "../sources.ts";
import { compile } from "./compile.ts";
import type { Output } from "./check.ts";
import { readableLog } from "./readable-log.ts";
import type { CardDef, RulesBundle } from "../../runtime/api.ts";

export async function demo(io: Output, seed = 2026): Promise<number> {
  const compiled = await compile(io);
  if (compiled !== 0) return compiled;
  const { bundle } = (await import(pathToFileURL(join(generatedRoot, "index.ts")).href)) as { bundle: RulesBundle };
  const { challengeTo } = (await import(pathToFileURL(join(generatedRoot, "rules", "duels.ts")).href)) as {
    challengeTo: (rt: unknown, a: unknown, b: unknown, refusable: boolean, stat: string | null) => Generator;
  };
  const runtime = await import("../../runtime/api.ts");
  const game = runtime.createGame({ bundle, players: ["Crane player", "Lion player"], seed });
  const engine = game.engine;
  const [crane, lion] = game.players;
  engine.setActive(crane!);
  const byTitle = (t: string): CardDef => bundle.cards.find((c) => c.title === t)!;
  const a = engine.createCard(byTitle("Kakita Steelheart"), crane!, engine.zone("home", crane!), true);
  const b = engine.createCard(byTitle("Matsu Ironhand"), lion!, engine.zone("home", lion!), true);
  const fate = bundle.cards.filter((c) => c.type === "Strategy");
  for (const p of [crane!, lion!]) for (let i = 0; i < 6; i++) engine.createCard(fate[(i * 5 + p.id * 3) % fate.length]!, p, engine.zone("fateDeck", p), false);
  game.setAgent(null, runtime.randomAgent(seed));
  game.start((rt) => challengeTo(rt, a, b, false, null) as never);
  io.out(`A demo duel (seed ${seed}): Kakita Steelheart challenges Matsu Ironhand; both win tied duels.`);
  for (const line of readableLog(game.log)) io.out(line);
  const duel = engine.last<{ winners: { def: CardDef }[]; aborted: boolean } & import("../../runtime/api.ts").Frame>("duel");
  io.out(duel?.aborted ? "The duel ended without resolution." : `Winner: ${duel?.winners.map((w) => w.def.title).join(" and ") || "nobody (both lose)"}.`);
  return 0;
}
