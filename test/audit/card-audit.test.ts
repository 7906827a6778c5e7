// The card audit (test/audit/card-audit.ts) kept working: a few supported corpus cards of several types in
// two audit decks, a few seeded games with both agents, and what it records of each ability.
import { describe, expect, it, vi } from "vitest";
import { existsSync } from "node:fs";
import { DEV_CORPUS } from "../../compiler/corpus/card-scenarios.ts";
import { auditDecks, leads, main, runAudit, supportedCards } from "./card-audit.ts";

const present = existsSync(DEV_CORPUS);
const LEGAL = "Samurai,Celestial,Emperor";
const TITLES = ["Agasha Kodo", "Ageless Shrine", "Disgrace", "Jurojin's Blessing", "Foothills Keep", "Deep Snows", "Elephant Cavalry", "Conflagration", "Satoshi's Dual Warfans", "Stone-Hewed Shrine", "False Ring of Fire"];

describe.skipIf(!present)("the card audit (skipped: ../shared/cards/oracle-cards.dev.json is not there)", () => {
  it("builds legal 40/40 audit decks around the demo decks", () => {
    const cards = supportedCards(DEV_CORPUS, LEGAL).filter((c) => TITLES.includes(c.title));
    expect(cards.map((c) => c.title).sort()).toEqual([...TITLES].sort());
    const text = auditDecks(cards, null);
    expect(text).toContain('deck "Audit 1"');
    // The supported Stronghold replaces the demo deck's own.
    expect(text).toContain('home { 1 "Foothills Keep" }');
  });

  it("plays seeded games and records where each ability was, whether it was offered and whether it resolved", async () => {
    const report = await runAudit({ corpus: DEV_CORPUS, legal: LEGAL, gamesPerDeck: 2, seed: 1, only: TITLES });
    expect(report.cards).toBe(TITLES.length);
    expect(report.games).toBe(report.decks * 2);
    expect(report.failures).toEqual([]);
    expect(Object.keys(report.outcomes).filter((k) => k.startsWith("refused") || k === "failed")).toEqual([]);
    expect(new Set(report.abilities.map((r) => r.title))).toEqual(new Set(TITLES));
    // A Stronghold is in play in every game its deck plays.
    const keep = report.abilities.filter((r) => r.title === "Foothills Keep");
    expect(keep.every((r) => r.present >= 2)).toBe(true);
    expect(report.abilities.some((r) => r.offered > 0)).toBe(true);
    expect(report.abilities.some((r) => r.resolved > 0)).toBe(true);
    for (const r of report.abilities) expect(r.group).toMatch(/^(action \S+|Reaction|Interrupt|triggered trait|trait|[a-z]\w*)/);
    // Leads are abilities whose cards were there and that were never offered or resolved.
    for (const list of leads(report, 1).values()) for (const r of list) expect(r.present).toBeGreaterThanOrEqual(1);
  });
});

it("the audit skips, saying so, when the corpus is not there", async () => {
  const log = vi.spyOn(console, "log").mockImplementation(() => {});
  try {
    expect(await main(["--corpus", "no-such-corpus.json"])).toBe(0);
    expect(log.mock.calls.flat().join("\n")).toMatch(/card audit skipped: no corpus file/);
  } finally {
    log.mockRestore();
  }
});
