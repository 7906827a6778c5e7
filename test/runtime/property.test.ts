// Property: random seeded duels never throw, and every card is conserved, in exactly one place.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { createDuelGame } from "./duel-games.ts";

describe("random seeded duels", () => {
  it("never throw and conserve every card", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        const g = createDuelGame(seed);
        g.start(); // invariants are checked after every step (checkInvariants: true)
        expect(g.game.finished).toBe(true);
        expect(g.game.engine.state.cards.length).toBe(g.cardCount);
        expect(g.game.engine.state.checkInvariants()).toBeNull();
      }),
      { numRuns: 300 },
    );
  });
});
