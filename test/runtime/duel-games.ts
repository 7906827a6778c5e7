// Seeded random duels between two players, built from the compiled rules and demo cards: a Personality
// each (random Chi and Force, sometimes a Duelist or one who wins tied duels), Fate decks mixing the
// demo Focus Effect cards with plain cards, and Reaction cards in hand.
import { createGame, randomAgent, type CardDef, type Game, type Player, type Rt, type Steps } from "../../runtime/api.ts";
import { createRng } from "../../runtime/rng.ts";
import { bundle } from "../../generated/index.ts";
import { challengeTo } from "../../generated/rules/duels.ts";

const byTitle = new Map(bundle.cards.map((c) => [c.title, c]));
const fateTitles = bundle.cards.filter((c) => c.type === "Strategy").map((c) => c.title);
const personalities = ["Kakita Steelheart", "Matsu Ironhand"];

function plain(focusValue: number): CardDef {
  return { key: `plain-${focusValue}`, title: `Plain ${focusValue}`, type: "Strategy", clans: [], stats: { goldCost: 0, focusValue }, keywords: [], abilities: [], text: "" };
}

function adhocPersonality(chi: number, force: number, keywords: string[], i: number): CardDef {
  return { key: `p-${i}`, title: `Samurai ${i}`, type: "Personality", clans: [], stats: { chi, force, personalHonor: 2 }, keywords, abilities: [], text: "" };
}

export interface DuelGame {
  readonly game: Game;
  /** How many cards the game holds (they must all still be somewhere at the end). */
  readonly cardCount: number;
  start(): void;
}

export function createDuelGame(seed: number, duels = 3): DuelGame {
  const rng = createRng(seed ^ 0x5eed);
  const game = createGame({ bundle, players: ["p1", "p2"], seed, checkInvariants: true, stepCap: 200_000 });
  const engine = game.engine;
  const [p1, p2] = game.players as [Player, Player];
  engine.setActive(p1);
  const people = [p1, p2].map((p, i) => {
    const def =
      rng.below(4) === 0
        ? byTitle.get(personalities[rng.below(personalities.length)]!)!
        : adhocPersonality(1 + rng.below(6), 1 + rng.below(6), rng.below(3) === 0 ? ["Duelist", "Samurai"] : ["Samurai", "Yojimbo"], i);
    return engine.createCard(def, p, engine.zone("home", p), true);
  });
  // A second Personality sometimes, so that substitution has someone to bring in.
  for (const p of [p1, p2]) if (rng.below(2) === 0) engine.createCard(adhocPersonality(2 + rng.below(4), 2, ["Yojimbo"], 9), p, engine.zone("home", p), true);
  for (const p of [p1, p2]) {
    const deckSize = rng.below(9);
    for (let i = 0; i < deckSize; i++) {
      const def = rng.below(2) === 0 ? byTitle.get(fateTitles[rng.below(fateTitles.length)]!)! : plain(rng.below(5));
      engine.createCard(def, p, engine.zone("fateDeck", p), false);
    }
    for (let i = rng.below(3); i > 0; i--) engine.createCard(byTitle.get(fateTitles[rng.below(fateTitles.length)]!)!, p, engine.zone("hand", p), false);
  }
  game.setAgent(null, randomAgent(seed));
  const cardCount = engine.state.cards.length;
  function* main(rt: Rt): Steps {
    for (let i = 0; i < duels; i++) {
      const [a, b] = people as [typeof people[0], typeof people[0]];
      if (!rt.inPlay(a) || !rt.inPlay(b)) break;
      yield* challengeTo(rt, a, b, rng.below(2) === 0, null);
    }
  }
  return { game, cardCount, start: () => game.start(main) };
}
