// Which phrases the scenarios exercise: every scenario is run, and each card ability resolved in one
// that passes counts for the phrases its text uses (IrAbility.phrases).  `l5r corpus` counts a card
// fully supported only when every phrase of its text is exercised so (test/cards/exercised.json keeps
// the set; a test checks it is the set a run gives).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { IrCard, IrProgram } from "../ir.ts";
import { projectRoot } from "../sources.ts";

export const EXERCISED_FILE = join(projectRoot, "test", "cards", "exercised.json");

export interface Exercised {
  readonly phrases: Set<string>;
  /** Scenarios that failed (their abilities count for nothing). */
  readonly failed: string[];
  readonly scenarios: number;
}

/** Runs every scenario of the program and gathers the phrases of the abilities that resolved. */
export async function exercisedBy(program: IrProgram): Promise<Exercised> {
  // (loaded here, not with the module: `l5r corpus` reads the kept set and never loads the code generator)
  const { loadCompiled } = await import("../commands/test.ts");
  const { bundle, scenarios } = await loadCompiled(program);
  const { runScenario } = await import("../../runtime/api.ts");
  const cards = new Map<string, IrCard>();
  const adhoc = new Map<string, Map<string, IrCard>>();
  for (const m of program.modules) {
    for (const d of m.decls) {
      if (d.kind === "card") cards.set(d.key, d);
      if (d.kind === "scenario") adhoc.set(d.location, new Map(d.adhocCards.map((c) => [c.key, c])));
    }
  }
  const phrases = new Set<string>();
  const failed: string[] = [];
  for (const s of scenarios) {
    const r = runScenario(bundle, s);
    if (r.failures.length) {
      failed.push(`${s.location}: ${s.title}`);
      continue;
    }
    const own = adhoc.get(s.location);
    for (const { card, ability, granted } of r.resolved) {
      const ir = own?.get(card.key) ?? cards.get(card.key);
      for (const p of (granted ? ir?.granted : ir?.abilities)?.[ability]?.phrases ?? []) phrases.add(p);
    }
  }
  return { phrases, failed, scenarios: scenarios.length };
}

/** The exercised phrases as kept in test/cards/exercised.json (none when it is missing). */
export function keptExercised(file = EXERCISED_FILE): Set<string> | null {
  try {
    const data = JSON.parse(readFileSync(file, "utf8")) as { phrases?: unknown };
    return Array.isArray(data.phrases) ? new Set(data.phrases.filter((p): p is string => typeof p === "string")) : null;
  } catch {
    return null;
  }
}

export function exercisedJson(phrases: Iterable<string>): string {
  return JSON.stringify({ note: "Phrases the scenarios of rules/ and test/cards/ exercise: written by `l5r coverage --write`, checked by test/cards/cards.test.ts.", phrases: [...phrases].sort() }, null, 2) + "\n";
}
