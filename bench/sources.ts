// The texts the bench reads: every .l5r file of rules/, and a large synthetic input made from them
// (the card files repeated under new titles) for measuring how parsing and checking scale.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import type { SourceInput } from "../compiler/compile.ts";

export function rulesSources(root: string): SourceInput[] {
  const out: SourceInput[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith(".l5r")) out.push({ path: relative(root, path).replace(/\\/g, "/"), text: readFileSync(path, "utf8") });
    }
  };
  walk(join(root, "rules"));
  return out;
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
