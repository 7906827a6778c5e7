// The texts the bench reads: every .l5r file of rules/, and a large synthetic input made from them
// (the card files repeated under new titles) for measuring how parsing and checking scale.
import { join } from "node:path";
import type { SourceInput } from "../compiler/compile.ts";
import { expandPath, readSource } from "../compiler/sources.ts";

/** Every .l5r file of the project at `root`, named as the compiler names them ("rules/duels.l5r"). */
export function rulesSources(root: string): SourceInput[] {
  return expandPath(join(root, "rules")).map((path) => readSource(path, root));
}

/**
 * The rules (without scenarios and decks, which name cards by title) and copies of every card file
 * with each title made new (" #2", " #3", ...), until the total is at least `bytes`.
 */
export function syntheticSources(root: string, bytes: number): SourceInput[] {
  const all = rulesSources(root);
  const base = all.filter((s) => !s.path.startsWith("rules/scenarios/") && !s.path.endsWith("decks.l5r"));
  const cards = base.filter((s) => s.path.startsWith("rules/cards/"));
  const out = [...base];
  let size = out.reduce((n, s) => n + s.text.length, 0);
  for (let copy = 2; size < bytes; copy++) {
    for (const c of cards) {
      const text = c.text.replace(/^card "([^"]*)"/gm, (_, title: string) => `card "${title} #${copy}"`);
      out.push({ path: c.path.replace(/\.l5r$/, `-${copy}.l5r`), text });
      size += text.length;
    }
  }
  return out;
}

export function sizeOf(inputs: readonly SourceInput[]): number {
  return inputs.reduce((n, s) => n + Buffer.byteLength(s.text, "utf8"), 0);
}

export function cardsIn(inputs: readonly SourceInput[]): number {
  return inputs.reduce((n, s) => n + (s.text.match(/^card "/gm)?.length ?? 0), 0);
}
