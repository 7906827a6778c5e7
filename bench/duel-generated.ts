// Duels played by the compiled rules (generated/) on the generic runtime, with a seeded random agent.
// Each player has a Personality and a Fate deck of plain cards; after each duel the discarded cards
// go back under the Fate deck, so any number of duels can be played in one game.
import { createGame, type CardDef, type Card, type Player, type Rt, type RulesForm, type Steps } from "../runtime/api.ts";
import { createRng } from "../runtime/rng.ts";
import { bundle } from "../generated/index.ts";
import { challengeTo, challengeTo$direct, type DuelFrame } from "../generated/rules/duels.ts";

export interface DuelOutcome {
  /** "challenger", "challenged", "both" (both won) or "none" (both lost). */
  readonly winner: "challenger" | "challenged" | "both" | "none";
  readonly challengerScore: number;
  readonly challengedScore: number;
}

export interface DuelSetup {
  readonly challengerChi: number;
  readonly challengedChi: number;
  /** Focus Values of each player's Fate deck, top first. */
  readonly challengerDeck: readonly number[];
  readonly challengedDeck: readonly number[];
}

export const defaultSetup: DuelSetup = {
  challengerChi: 3,
  challengedChi: 4,
  challengerDeck: [0, 1, 2, 3, 4, 1, 2, 3, 0, 2],
  challengedDeck: [1, 3, 0, 2, 4, 1, 0, 3, 2, 1],
};

function strategy(focusValue: number, i: number): CardDef {
  return { key: `focus-${i}`, title: `Focus ${focusValue}`, type: "Strategy", clans: [], stats: { goldCost: 0, focusValue }, keywords: [], abilities: [], text: "" };
}

function personality(chi: number, name: string): CardDef {
  return { key: name, title: name, type: "Personality", clans: [], stats: { chi, force: 2 }, keywords: [], abilities: [], text: "" };
}

function outcomeOf(d: DuelFrame): DuelOutcome {
  const w = d.winners;
  const winner = w.length === 2 ? "both" : w.length === 0 ? "none" : w[0] === d.challenger ? "challenger" : "challenged";
  return { winner, challengerScore: d.challengerScore, challengedScore: d.challengedScore };
}

/** Plays `count` duels with a random agent seeded `seed`, in the rules' direct form (the agent answers
 *  at once) or with their generators; returns their outcomes and the decisions made. */
export function runGeneratedDuels(count: number, seed: number, setup: DuelSetup = defaultSetup, form: RulesForm = "direct"): { outcomes: DuelOutcome[]; decisions: number } {
  const game = createGame({ bundle, players: ["p1", "p2"], seed, fullLog: false, keepDecisions: false, stepCap: Number.MAX_SAFE_INTEGER });
  const engine = game.engine;
  const [p1, p2] = game.players as [Player, Player];
  engine.setActive(p1);
  const a = engine.createCard(personality(setup.challengerChi, "Challenger"), p1, engine.zone("home", p1), true);
  const b = engine.createCard(personality(setup.challengedChi, "Challenged"), p2, engine.zone("home", p2), true);
  setup.challengerDeck.forEach((v, i) => engine.createCard(strategy(v, i), p1, engine.zone("fateDeck", p1), false));
  setup.challengedDeck.forEach((v, i) => engine.createCard(strategy(v, i), p2, engine.zone("fateDeck", p2), false));
  // The seeded random answers of randomAgent, handed the decision itself: the bench measures the rules,
  // not the making of each player's view of a decision.
  const rng = createRng(seed);
  game.setAgent(null, { decide: (d) => rng.below(d.options.length) });
  const outcomes: DuelOutcome[] = [];
  const ended = (rt: Rt): void => {
    outcomes.push(outcomeOf(rt.last<DuelFrame>("duel")!));
    recycle(rt, [p1, p2]);
  };
  function* main(rt: Rt): Steps {
    for (let i = 0; i < count; i++) {
      yield* challengeTo(rt, a, b, false, null);
      ended(rt);
    }
  }
  function direct(rt: Rt): void {
    for (let i = 0; i < count; i++) {
      challengeTo$direct(rt, a, b, false, null);
      ended(rt);
    }
  }
  if (form === "direct") game.run(direct);
  else game.start(main);
  return { outcomes, decisions: game.answers.length };
}

function recycle(rt: Rt, players: Player[]): void {
  for (const p of players) {
    const deck = rt.zone("fateDeck", p);
    for (const c of rt.cards(rt.zone("fateDiscard", p))) rt.move(c as Card, deck, "bottom", false);
  }
}
