// Whole games from the rules: the demo decks played to a winner or a stated draw by seeded random
// agents, every card in exactly one place at every step, each replayed from its seed and answers to
// the identical log (`l5r games` runs a thousand of these); decks that break construction rules.
// Games are played in the rules' direct form and replayed with their generators (the pull API's).
import { describe, expect, it } from "vitest";
import { bundle, decks } from "../../generated/index.ts";
import { createGame, firstDifference, playGame, randomAgent, verifyGame, RuleError, type DeckSpec } from "../../runtime/api.ts";

const crane = decks.find((d) => d.title === "Crane Duelists")!;
const lion = decks.find((d) => d.title === "Lion Honor")!;

/** A copy of a deck with one part's cards changed. */
function withCards(deck: DeckSpec, zone: string, change: (cards: DeckSpec["parts"][number]["cards"]) => DeckSpec["parts"][number]["cards"]): DeckSpec {
  return { title: `${deck.title} (changed)`, parts: deck.parts.map((p) => (p.zone === zone ? { zone, cards: change(p.cards) } : p)) };
}

describe("whole games", () => {
  it("the demo decks are two Samurai 40/40 decks", () => {
    for (const d of [crane, lion]) {
      const size = (zone: string) => d.parts.find((p) => p.zone === zone)!.cards.reduce((n, c) => n + c.copies, 0);
      expect(size("dynastyDeck")).toBe(40);
      expect(size("fateDeck")).toBe(40);
      expect(size("home")).toBe(1);
    }
  });

  for (let seed = 1; seed <= 24; seed++) {
    it(`seed ${seed}: the game ends with a winner or a stated draw, every card always in one place, and replays identically`, () => {
      const g = verifyGame({ bundle, decks: [crane, lion], seed });
      expect(g.problem).toBeNull();
      expect(g.refused).toBeNull();
      expect(g.result).not.toBeNull();
      if (g.result!.winner === null) expect(g.result!.victory).toBe("turn cap");
      else expect(["Crane Duelists", "Lion Honor"]).toContain(g.result!.winner);
    });
  }

  it("attacks happen: some of the seeded games end in a Military victory", () => {
    // (Which seeds end so depends on every shuffle and every Reaction the rules offer: fixing who may take
    // a "you" Reaction left none of seeds 1-24 ending so, and 7 of seeds 1-60.)
    const seeds = Array.from({ length: 40 }, (_, i) => i + 1);
    const military = seeds.filter((seed) => playGame({ bundle, decks: [crane, lion], seed, fullLog: false }).result?.victory === "Military");
    expect(military.length).toBeGreaterThan(0);
  });

  it("three players: attacks invite allies, and the game is played to a winner or a stated draw", () => {
    const o = playGame({ bundle, decks: [crane, lion, crane], seed: 4 });
    expect(o.game.log.some((e) => e.kind === "event" && e.event === "becomesAlly")).toBe(true);
    expect(o.result).not.toBeNull();
  });

  it("three players: the game is played to a winner with the others eliminated or outlasted", () => {
    for (const seed of [1, 2, 3]) {
      const g = verifyGame({ bundle, decks: [crane, lion, crane], seed });
      expect(g.problem).toBeNull();
      expect(g.result).not.toBeNull();
    }
  });

  it("the game ends with the winner and the kind of victory in the log", () => {
    const o = playGame({ bundle, decks: [crane, lion], seed: 5 });
    const last = o.game.log[o.game.log.length - 1]!;
    expect(last.kind).toBe("game over");
    expect(last.winner).toBe(o.result!.winner);
    expect(last.victory).toBe(o.result!.victory);
  });

  it("a Dynasty deck of 39 cards is refused by the Samurai 40/40 rule", () => {
    const short = withCards(crane, "dynastyDeck", (cards) => cards.map((c, i) => (i === 0 ? { ...c, copies: c.copies - 1 } : c)));
    const o = playGame({ bundle, decks: [short, lion], seed: 1 });
    expect(o.result).toBeNull();
    expect(o.refused).toMatch(/^Samurai 40\/40: the Dynasty deck must hold at least 40 cards/);
  });

  it("four copies of a title are refused by the three-copies rule, naming the card", () => {
    const four = withCards(lion, "fateDeck", (cards) => cards.map((c) => (c.title === "Ambush" ? { ...c, copies: 4 } : c)));
    const o = playGame({ bundle, decks: [crane, four], seed: 1 });
    expect(o.refused).toMatch(/^no more than three copies of a card by title \(.* has 4 of Ambush\)/);
  });

  it("a second copy of an Event is refused by the one-copy rule", () => {
    const twice = withCards(crane, "dynastyDeck", (cards) => cards.map((c) => (c.title === "Imperial Gift" ? { ...c, copies: 2 } : c)));
    const o = playGame({ bundle, decks: [twice, lion], seed: 1 });
    expect(o.refused).toMatch(/^no more than one copy of each Event, Ring and Unique card/);
  });

  it("a deck naming a card the rules do not have is a clear error before the game starts", () => {
    const bad = withCards(crane, "fateDeck", (cards) => [...cards, { copies: 1, title: "No Such Card" }]);
    expect(() => createGame({ bundle, players: ["a", "b"], decks: [bad, lion], seed: 1 })).toThrow(RuleError);
    expect(() => createGame({ bundle, players: ["a", "b"], decks: [bad, lion], seed: 1 })).toThrow(/no card is titled "No Such Card"/);
  });

  it("the rules' direct form and their generators play the same games: the same log, answers and result, whoever plays", () => {
    for (const agents of [["random"], ["greedy", "random"]] as const) {
      for (const seed of [3, 8]) {
        const direct = playGame({ bundle, decks: [crane, lion], seed, agents, form: "direct" });
        const generators = playGame({ bundle, decks: [crane, lion], seed, agents, form: "generators" });
        expect(direct.game.log.length).toBeGreaterThan(1000);
        expect(firstDifference(direct.game.log, generators.game.log)).toBeNull();
        expect(direct.game.answers).toEqual(generators.game.answers);
        expect(direct.result).toEqual(generators.result);
      }
    }
  });

  it("a game run directly stops with a clear error at a decision no agent answers, and keeps no log then", () => {
    const game = createGame({ bundle, players: ["Crane", "Lion"], decks: [crane, lion], seed: 2, fullLog: false, keepDecisions: false });
    game.setAgent(game.players[1]!, randomAgent(2));
    expect(() => game.run(bundle.direct!.game!)).toThrow(/no agent answers for Crane: a game run directly needs an agent for every player/);
    expect(game.finished).toBe(true);
    expect(game.log).toEqual([]);
    expect(() => game.start(bundle.entries.game!)).toThrow(/already started/);
  });

  it("an engine can drive a whole game through the pull API", () => {
    const game = createGame({ bundle, players: ["Crane", "Lion"], decks: [crane, lion], seed: 11 });
    game.start(bundle.entries.game!);
    // The engine's own choices: a small linear congruential generator.
    let x = 12345;
    for (let d = game.pending(); d; d = game.pending()) {
      x = (x * 1103515245 + 12345) % 2147483648;
      game.answer({ decision: d.id, option: x % d.options.length, player: d.player.name });
    }
    expect(game.finished).toBe(true);
    expect(game.result).not.toBeNull();
  });
});
