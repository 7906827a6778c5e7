// The greedy agent (runtime/greedy-agent.ts with rules/advice.l5r): it plays to win, shown only its
// player's view, and knows no word of the game.  The figures over 1,000 games are measured with
// `l5r games --agent ...` (README); these samples keep the suite fast.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { bundle, decks } from "../../generated/index.ts";
import { playGame, verifyGame, type AgentName, type DeckSpec } from "../../runtime/api.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));

/** Seeded games with the two demo decks, seats and decks alternating from game to game. */
function play(count: number, agents: readonly [AgentName, AgentName]) {
  const out: { seed: number; winner: "first" | "second" | null; victory: string }[] = [];
  for (let seed = 1; seed <= count; seed++) {
    const swap = seed % 2 === 0;
    const seated: DeckSpec[] = swap ? [decks[1]!, decks[0]!] : [decks[0]!, decks[1]!];
    const o = playGame({ bundle, decks: seated, seed, names: ["first", "second"], agents, fullLog: false });
    expect(o.result, `seed ${seed} ends`).not.toBeNull();
    out.push({ seed, winner: o.result!.winner as "first" | "second" | null, victory: o.result!.victory });
  }
  return out;
}

describe("the greedy agent", () => {
  it("with greedy players on both seats, at least 95% of seeded games end in a victory, not the turn cap", () => {
    const games = play(40, ["greedy", "greedy"]);
    const won = games.filter((g) => g.winner !== null);
    expect(won.length / games.length).toBeGreaterThanOrEqual(0.95);
  });

  it("beats the random agent in at least 90% of seeded games", () => {
    const games = play(60, ["greedy", "random"]);
    const wins = games.filter((g) => g.winner === "first").length;
    expect(wins / games.length).toBeGreaterThanOrEqual(0.9);
  });

  it("plays games that replay identically from their seeds and answers, with every card in one place", () => {
    for (const seed of [1, 2, 3]) {
      const g = verifyGame({ bundle, decks: [decks[0]!, decks[1]!], seed, agents: ["greedy", "random"] });
      expect(g.problem).toBeNull();
      expect(g.result).not.toBeNull();
    }
  });

  it("knows no word of the game: its source names no card, zone, stat, value, flag, type or prompt the rules declare", () => {
    const code = readFileSync(`${root}runtime/greedy-agent.ts`, "utf8").replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g, "");
    const v = bundle.vocabulary;
    const words = [
      ...bundle.cards.map((c) => c.title),
      ...v.zones.map((z) => z.name),
      ...v.stats.map((s) => s.name),
      ...v.values.map((x) => x.name),
      ...v.flags,
      ...v.types.map((t) => t.name),
      ...(bundle.advice ?? []).flatMap((a) => [a.prompt, ...(a.label ? [a.label] : [])]),
    ];
    const named = words.filter((w) => new RegExp(`(^|[^A-Za-z0-9_])${w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^A-Za-z0-9_])`).test(code));
    expect(named).toEqual([]);
    // The rules give advice (the check above is not vacuous).
    expect(bundle.advice?.length).toBeGreaterThan(5);
  });
});
