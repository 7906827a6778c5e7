// Runtime faults: illegal answers are rejected with a clear message and change nothing, a game that
// reaches its step cap stops with an error naming its seed, a corrupted answer record fails its replay
// at the decision it corrupts, and hostile players never break a game.
import { describe, expect, it } from "vitest";
import { bundle, decks } from "../../generated/index.ts";
import { createGame, firstDifference, hostileAgent, IllegalAnswer, playGame, randomAgent, replayAgent, ReplayMismatch, RuleError, verifyGame, type CardDef, type Game, type Rt, type RulesBundle, type Steps } from "../../runtime/api.ts";

const seated = [decks[0]!, decks[1]!];

/** A game run through the pull API until its first pending decision. */
function pulled(seed: number): Game {
  const g = createGame({ bundle, players: ["Crane", "Lion"], decks: seated, seed });
  g.start(bundle.entries.game!);
  expect(g.pending()).not.toBeNull();
  return g;
}

describe("illegal answers", () => {
  const cases: [string, (g: Game) => unknown, RegExp][] = [
    ["an option out of range", (g) => ({ decision: g.pending()!.id, option: g.pending()!.options.length }), /takes an option from 0 to/],
    ["a negative option", (g) => ({ decision: g.pending()!.id, option: -1 }), /takes an option from 0 to/],
    ["a fraction", (g) => ({ decision: g.pending()!.id, option: 0.5 }), /not 0.5/],
    ["the wrong kind", (g) => ({ decision: g.pending()!.id, option: "0" }), /not "0"/],
    ["the wrong player", (g) => ({ decision: g.pending()!.id, option: 0, player: g.pending()!.player.name === "Crane" ? "Lion" : "Crane" }), /is for (Crane|Lion), not (Crane|Lion)/],
    ["a stale decision", (g) => ({ decision: g.pending()!.id - 1, option: 0 }), /is not the pending decision/],
    ["garbage", () => null, /an answer must name a decision and an option/],
    ["a missing option", (g) => ({ decision: g.pending()!.id }), /takes an option from 0 to/],
  ];
  for (const [name, answer, message] of cases) {
    it(`${name}: rejected with a clear message, the state unchanged, and the game goes on`, () => {
      const g = pulled(3);
      const before = { log: JSON.stringify(g.log), pending: g.pending()!.id, answers: g.answers.length };
      expect(() => g.answer(answer(g) as never)).toThrow(IllegalAnswer);
      expect(() => g.answer(answer(g) as never)).toThrow(message);
      expect({ log: JSON.stringify(g.log), pending: g.pending()!.id, answers: g.answers.length }).toEqual(before);
      g.answer({ decision: g.pending()!.id, option: 0 });
      expect(g.answers.length).toBe(before.answers + 1);
    });
  }

  it("answering a finished game is rejected", () => {
    const g = createGame({ bundle, players: ["Crane", "Lion"], decks: seated, seed: 1 });
    g.setAgent(null, randomAgent(1));
    g.start(bundle.entries.game!);
    expect(g.finished).toBe(true);
    expect(() => g.answer({ decision: 1, option: 0 })).toThrow(/the game is over/);
  });
});

describe("hostile players", () => {
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    it(`seed ${seed}: every illegal answer is rejected, the game ends, every card stays in one place, and it replays`, () => {
      const g = verifyGame({ bundle, decks: seated, seed, hostile: true });
      expect(g.problem).toBeNull();
      expect(g.rejected).toBeGreaterThan(0);
      expect(g.result).not.toBeNull();
    });
  }

  it("a hostile agent mixes illegal answers with legal ones", () => {
    const o = playGame({ bundle, decks: seated, seed: 9, hostile: true });
    expect(o.game.rejections.length).toBeGreaterThan(0);
    expect(o.game.rejections.every((r) => /decision \d+ takes an option from 0 to \d+, not /.test(r))).toBe(true);
    void hostileAgent;
  });
});

describe("the step cap", () => {
  it("a game that reaches its step cap stops with an error naming its seed and step", () => {
    const g = createGame({ bundle, players: ["Crane", "Lion"], decks: seated, seed: 77, stepCap: 500 });
    g.setAgent(null, randomAgent(77));
    expect(() => g.start(bundle.entries.game!)).toThrow(RuleError);
    const again = createGame({ bundle, players: ["Crane", "Lion"], decks: seated, seed: 77, stepCap: 500 });
    again.setAgent(null, randomAgent(77));
    // It names the loops running then, innermost first (the turn loop of the sequence of play among them).
    expect(() => again.start(bundle.entries.game!)).toThrow(/reached its step cap of 500 in the loop at (\S+ \(repeated \d+ times?\), inside the loop at )*rules\/game\.l5r:\d+:\d+ \(repeated \d+ times?\) \(seed 77, step 501\)$/);
  });

  it("an action window a player keeps acting in stops at the step cap, whatever the agent answers", () => {
    // An action with no cost and no limit (the rules print none, but a window must end all the same).
    const endless: CardDef = {
      key: "endless",
      title: "Endless",
      type: "Rulebook",
      clans: [],
      stats: {},
      keywords: [],
      text: "Open: Nothing.",
      abilities: [{ kind: "action", text: "Open: Nothing.", timings: ["Open"], keywords: [], *resolve() {} }],
    };
    const rules: RulesBundle = { vocabulary: bundle.vocabulary, cards: [endless], entries: { usableFrom: () => true } };
    const g = createGame({ bundle: rules, players: ["Crane", "Lion"], seed: 1, stepCap: 1000 });
    g.setAgent(null, { decide: (d) => d.options.length - 1 });
    const main = function* (rt: Rt): Steps {
      const p = rt.players[0]!;
      rt.newCard("Endless", rt.zone("abilities", p));
      yield* rt.window(p, [{ timings: ["Open"], when: null }]);
    };
    expect(() => g.start(main)).toThrow(/reached its step cap of 1000 \(seed 1, step 1001\)$/);
    expect(g.answers.length).toBeGreaterThan(400);
  });
});

describe("replay of a corrupted record", () => {
  it("an answer that is not an option fails the replay at that decision", () => {
    const first = playGame({ bundle, decks: seated, seed: 4 });
    const answers = [...first.game.answers];
    answers[37] = 9999;
    const replay = createGame({ bundle, players: first.game.players.map((p) => p.name), decks: seated, seed: 4 });
    replay.setAgent(null, replayAgent(answers));
    expect(() => replay.start(bundle.entries.game!)).toThrow(ReplayMismatch);
    const again = createGame({ bundle, players: first.game.players.map((p) => p.name), decks: seated, seed: 4 });
    again.setAgent(null, replayAgent(answers));
    expect(() => again.start(bundle.entries.game!)).toThrow(/replay fails at decision 38: recorded answer 9999 is not one of the \d+ options/);
  });

  it("a changed but legal answer makes the log differ from the decision it changes on", () => {
    const first = playGame({ bundle, decks: seated, seed: 4 });
    const answers = [...first.game.answers];
    const k = answers.findIndex((a, i) => i > 20 && a === 0);
    answers[k] = 1;
    const replay = createGame({ bundle, players: first.game.players.map((p) => p.name), decks: seated, seed: 4 });
    replay.setAgent(null, { decide: (d) => (replay.answers.length < answers.length ? answers[replay.answers.length]! % d.options.length : 0) });
    replay.start(bundle.entries.game!);
    const at = firstDifference(first.game.log, replay.log);
    expect(at).not.toBeNull();
    const decisionsBefore = first.game.log.slice(0, at!).filter((e) => e.kind === "decision").length;
    expect(decisionsBefore).toBe(k);
  });
});

describe("invariants", () => {
  it("a value below the minimum the rules declare is an invariant violation", () => {
    const g = createGame({ bundle, players: ["Crane", "Lion"], decks: seated, seed: 1, checkInvariants: true });
    g.engine.setValue(g.players[0]!, "favor", -1);
    expect(g.engine.state.checkInvariants()).toBe("Crane's controls the Imperial Favor is -1, below its minimum 0");
    g.engine.setValue(g.players[0]!, "honor", -30);
    g.engine.setValue(g.players[0]!, "favor", 0);
    // Family Honor may be negative: no minimum.
    expect(g.engine.state.checkInvariants()).toBeNull();
  });

  it("a card in two places is an invariant violation", () => {
    const g = createGame({ bundle, players: ["Crane", "Lion"], decks: seated, seed: 1 });
    const c = g.engine.state.cards[0]!;
    g.engine.zone("hand", g.players[0]!).cards.push(c);
    expect(g.engine.state.checkInvariants()).toMatch(/is in two places|thinks it is in/);
  });
});
