// What a player's view shows beyond which cards they see: each card's stats as the game works them out
// now, each zone's place (in play or not) and who sees it, as the rules declare them.
import { describe, expect, it } from "vitest";
import { bundle, decks } from "../../generated/index.ts";
import { createGame, randomAgent, type Card, type Game, type PlayerAgent, type PlayerView } from "../../runtime/api.ts";

/** A seeded game played at random until `enough` says the view it is shown is the one to check; `look`
 *  reads the game then. */
function viewWhen<T>(seed: number, enough: (v: PlayerView) => boolean, look: (g: Game, v: PlayerView) => T): { view: PlayerView; seen: T } {
  const game = createGame({ bundle, players: ["Crane", "Lion"], decks: [decks[0]!, decks[1]!], seed });
  const random = randomAgent(seed);
  let found: { view: PlayerView; seen: T } | null = null;
  const looking: PlayerAgent = {
    seesOnly: "view",
    decide(d, view) {
      if (!found) {
        const v = view();
        if (enough(v)) found = { view: v, seen: look(game, v) };
      }
      return random.decide(d, view);
    },
  };
  game.setAgent(null, looking);
  game.start(bundle.entries.game!);
  expect(found, "the game reached a view to check").not.toBeNull();
  return found!;
}

const cardOf = (g: Game, id: number): Card => g.engine.state.cards[id - 1]!;

/** Each card's stats as the game works them out (by card id), and its printed stats' names. */
function statsNow(g: Game, v: PlayerView): Map<number, { printed: string[]; now: Record<string, number> }> {
  const out = new Map<number, { printed: string[]; now: Record<string, number> }>();
  for (const z of v.zones) {
    for (const c of z.cards) {
      const card = cardOf(g, c.id);
      const printed = Object.keys(card.def.stats).sort();
      out.set(c.id, { printed, now: Object.fromEntries(printed.map((s) => [s, g.engine.stat(card, s)])) });
    }
  }
  return out;
}

describe("a player's view", () => {
  it("shows each card with its stats as the game works them out, and each zone as in play or not and who sees it", () => {
    // A view once units with attachments are in play: their Force includes what the attachments give.
    const { view, seen } = viewWhen(3, (v) => v.zones.some((z) => z.inPlay && z.cards.some((c) => c.attachedTo !== null)), statsNow);
    const kinds = new Map(bundle.vocabulary.zones.map((z) => [z.name, z]));
    let checked = 0;
    for (const z of view.zones) {
      expect(z.inPlay).toBe(kinds.get(z.kind)!.inPlay);
      expect(z.visibility).toBe(kinds.get(z.kind)!.visibility);
      for (const c of z.cards) {
        const expected = seen.get(c.id)!;
        expect(Object.keys(c.stats).sort()).toEqual(expected.printed);
        expect(c.stats, `${c.title}'s stats`).toEqual(expected.now);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(10);
    // Among them a unit with an attachment that has Force (his Force is worked out with it).
    const bearers = view.zones.flatMap((z) => z.cards).filter((c) => c.type === "Personality" && view.zones.some((z) => z.cards.some((a) => a.attachedTo === c.id && a.stats.force)));
    expect(bearers.length).toBeGreaterThan(0);
    expect(view.zones.some((z) => z.inPlay)).toBe(true);
    expect(view.zones.some((z) => z.visibility === "hidden" && z.cards.length === 0 && z.count > 0)).toBe(true);
  });

  it("shows each option of its own decision with the worth the rules' advice gives it (rules/advice.l5r), and null without advice", () => {
    const game = createGame({ bundle, players: ["Crane", "Lion"], decks: [decks[0]!, decks[1]!], seed: 5 });
    const random = randomAgent(5);
    const seen: { label: string; type: string | null; stats: Record<string, number>; advice: number | null }[][] = [];
    const looking: PlayerAgent = {
      seesOnly: "view",
      decide(d, view) {
        if (d.prompt === "Bring a card into play from your Provinces?") seen.push(d.options!.map((o) => ({ label: o.label, type: o.card?.type ?? null, stats: { ...(o.card?.stats ?? {}) }, advice: o.advice })));
        return random.decide(d, view);
      },
    };
    game.setAgent(null, looking);
    game.start(bundle.entries.game!);
    const options = seen.flat();
    expect(options.some((o) => o.type === "Personality")).toBe(true);
    for (const o of options) {
      if (o.label === "done") expect(o.advice).toBeNull();
      else expect(o.advice).toBe(o.type === "Personality" ? 10 + o.stats.force! : o.type === "Holding" ? (o.stats.goldProduction ?? 0) : 1);
    }
  });
});
