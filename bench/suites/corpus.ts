// The whole dev corpus as `l5r corpus ../shared/cards/oracle-cards.dev.json --legal Samurai,Celestial,Emperor`
// runs it: the records read and imported, the rules checked once, every card checked on its own, the
// report made (its output thrown away).  Skipped (null) when ../shared/cards is not beside the project.
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { corpus } from "../../compiler/commands/corpus.ts";

export interface CorpusResult {
  readonly cards: number;
  readonly supported: number;
  readonly ms: number;
}

export function benchCorpus(root: string): CorpusResult | null {
  const file = resolve(root, "../shared/cards/oracle-cards.dev.json");
  if (!existsSync(file)) return null;
  let last = "";
  const start = performance.now();
  corpus({ file, legal: "Samurai,Celestial,Emperor", json: false, clusters: 25 }, { out: (l) => (last = l), err: () => {} });
  const ms = performance.now() - start;
  const m = /^fully supported: (\d+) of (\d+)/.exec(last);
  if (!m) throw new Error(`l5r corpus did not end with its supported line: ${last}`);
  return { cards: Number(m[2]), supported: Number(m[1]), ms: Math.round(ms) };
}
