// Scenarios a card author can trust: a loop that never ends stops at the step cap with an error that
// names it; \`take\` obeys the legality a game applies and \`force\` does not; a scenario sets its seed;
// \`(last duel)\` is none before any duel; unused answers are reported whatever else failed; an ability
// left out of a card is named when a scenario uses it.  The scenarios below are compiled once, with the
// rules and the demo cards, and each is run and its failures compared with what it must report.
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { compileSources, type SourceInput } from "../../compiler/compile.ts";
import { loadCompiled } from "../../compiler/commands/test.ts";
import { runScenario, type RulesBundle, type ScenarioDef, type ScenarioResult } from "../../runtime/api.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));
const read = (dir: string): SourceInput[] =>
  readdirSync(`${root}${dir}`)
    .filter((f) => f.endsWith(".l5r"))
    .sort()
    .map((f) => ({ path: `${dir}/${f}`, text: readFileSync(`${root}${dir}/${f}`, "utf8") }));

const TEST = "test.l5r";
const SOURCE = `rules "Scenarios a card author can trust"

effect spin() {
  let n = 0
  while n >= 0 {
    n = n + 1
  }
}

scenario "loop: a scenario loop that never ends" {
  players p1, p2
  while true {
  }
}

scenario "loop: a scenario loop that never ends and keeps growing a list" {
  players p1, p2
  let xs: list[number] = []
  while true {
    add 1 to xs
  }
}

scenario "loop: a rules loop that never ends" {
  players p1, p2
  spin()
}

scenario "take: a Limited action by a player whose turn it is not" {
  players p1, p2
  put s = Stronghold { goldProduction 5 } in p2.home
  put c = "Counsel of the Elders" in p2.hand
  take c by p2
}

scenario "force: a Limited action by a player whose turn it is not" {
  players p1, p2
  put s = Stronghold { goldProduction 5 } in p2.home
  put c = "Counsel of the Elders" in p2.hand
  put x = Strategy in p2.fateDeck
  force c by p2
  expect x in p2.hand
}

scenario "take: a Battle action outside a battle" {
  players p1, p2
  put a = Personality in p1.home
  put f = "Inspired Charge" in p1.hand
  take f by p1
}

scenario "take: an Action card its player cannot pay for" {
  players p1, p2
  put a = Personality in p2.home
  put b = "Ambush" in p1.hand
  take b by p1
}

scenario "take: another player's card" {
  players p1, p2
  put a = Personality in p2.home
  put r = "Rally" in p2.hand
  take r by p1
}

scenario "take: an action without a target" {
  players p1, p2
  put r = "Rally" in p1.hand
  take r by p1
}

scenario "take: a Reaction" {
  players p1, p2
  put r = "Ring of Fire" in p1.hand
  take r by p1
}

scenario "take: an Open action by a player whose turn it is not, at his opportunity" {
  players p1, p2
  put a = Personality in p2.home
  put r = "Rally" in p2.hand
  bow(a)
  take r by p2
  expect not a.bowed
  expect r in p2.fateDiscard
}

scenario "take: an ability already used this turn" {
  players p1, p2
  put c = Personality { text {
    Limited: Gain 1 Honor.
  } } in p1.home
  take c by p1
  take c by p1
}

scenario "seed: a scenario's game is played with its seed" seed 7 {
  players p1, p2
  let n = random from [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
  expect n == 8
}

scenario "last: a sequence's last frame is none before it runs" {
  players p1, p2
  put a = Personality { chi 3 } in p1.home
  put b = Personality { chi 2 } in p2.home
  expect (last duel) == none
  challengeTo(a, b)
  expect (last duel) != none and (last duel).winners == [a]
}

scenario "answers: an unused answer is reported beside another failure" {
  players p1, p2
  answer p1: "yes"
  expect p1.honor == 1
}

scenario "left out: taking an ability the compiler left out names it and why" {
  players p1, p2
  put c = Strategy "Frog Show" { text {
    Limited: Juggle three frogs.
    Open: Gain 1 Honor.
  } } in p1.hand
  take c by p1 ability 2
  expect p1.honor == 1
  take c by p1
}

scenario "loop: an endless loop around a loop that ends" {
  players p1, p2
  while true {
    repeat 2 {
    }
  }
}
`;

/** Where a line of the test source starts its text (1-based line and column of \`needle\`). */
function at(needle: string, nth = 1): string {
  let i = -1;
  for (let k = 0; k < nth; k++) i = SOURCE.indexOf(needle, i + 1);
  const before = SOURCE.slice(0, i);
  const line = before.split("\n").length;
  const column = i - before.lastIndexOf("\n");
  return `${TEST}:${line}:${column}`;
}

let bundle: RulesBundle;
let scenarios: readonly ScenarioDef[];
beforeAll(async () => {
  const result = compileSources([...read("rules"), ...read("rules/cards"), { path: TEST, text: SOURCE }]);
  expect(result.diagnostics.filter((d) => d.severity === "error").map((d) => `${d.code}: ${d.message}`)).toEqual([]);
  ({ bundle, scenarios } = await loadCompiled(result.program!));
});

function run(title: string): ScenarioResult {
  const def = scenarios.find((s) => s.title === title);
  if (!def) throw new Error(`no scenario "${title}"`);
  return runScenario(bundle, def);
}

function failures(title: string): string[] {
  return run(title).failures.map((f) => `${f.expectation}: ${f.detail}`);
}

describe("take obeys the legality a game applies; force does not", () => {
  /** How a take a game would not allow fails (\`step\`: the game's steps before it). */
  const refused = (why: string, step = 0) => [`the scenario runs without error: ${why} (\`force\` takes it without the legality checks) (seed 1, step ${step})`];
  it("who may act: a Limited action by the player whose turn it is not", () => {
    expect(failures("take: a Limited action by a player whose turn it is not")).toEqual(refused("p2 cannot take Counsel of the Elders's ability now: the rules do not allow p2 a Limited action at this opportunity"));
  });
  it("force takes the same action without the checks", () => {
    expect(failures("force: a Limited action by a player whose turn it is not")).toEqual([]);
  });
  it("timing: a Battle action outside a battle", () => {
    expect(failures("take: a Battle action outside a battle")).toEqual(refused("p1 cannot take Inspired Charge's ability now: the rules do not allow p1 a Battle action at this opportunity"));
  });
  it("Gold: an Action card its player cannot pay for", () => {
    expect(failures("take: an Action card its player cannot pay for")).toEqual(refused("p1 cannot take Ambush's ability now: the rules do not let p1 use Ambush where it is now (hand of p1)"));
  });
  it("whose card: another player's Action card", () => {
    expect(failures("take: another player's card")).toEqual(refused("p1 cannot take Rally's ability now: the rules do not let p1 use Rally where it is now (hand of p2)"));
  });
  it("targets: an action with nothing to target", () => {
    expect(failures("take: an action without a target")).toEqual(refused("p1 cannot take Rally's ability now: its conditions, costs or targets cannot be met now"));
  });
  it("a Reaction is taken when its trigger happens, not by take", () => {
    expect(failures("take: a Reaction")).toEqual(refused('p1 cannot take Ring of Fire\'s ability now: it is a Reaction, which a player takes when its trigger happens and the rules offer it (answer "react" then)'));
  });
  it("the rules' limits on using abilities: an ability already used this turn", () => {
    expect(failures("take: an ability already used this turn")).toEqual(refused("p1 cannot take Personality c's ability now: it has been used this turn (an ability is used once per turn unless it is Repeatable)", 7));
  });
  it("a legal action is taken: an Open action at another player's opportunity", () => {
    expect(failures("take: an Open action by a player whose turn it is not, at his opportunity")).toEqual([]);
  });
});

describe("scenarios an author can trust", () => {
  it("a scenario sets its seed", () => {
    expect(failures("seed: a scenario's game is played with its seed")).toEqual([]);
    const def = scenarios.find((s) => s.title === "seed: a scenario's game is played with its seed")!;
    expect(def.seed).toBe(7);
    // With the default seed the same scenario draws another number.
    expect(runScenario(bundle, { ...def, seed: undefined }).failures.map((f) => f.detail)).toEqual(["n is 1"]);
  });
  it("(last duel) is none before any duel", () => {
    expect(failures("last: a sequence's last frame is none before it runs")).toEqual([]);
  });
  it("an unused scripted answer is reported even when something else failed", () => {
    expect(failures("answers: an unused answer is reported beside another failure")).toEqual([
      "p1.honor == 1: p1.honor is 0",
      'every scripted answer is used: never asked: answer p1: "yes" (a choice with one option is made without asking)',
    ]);
  });
  it("an ability left out for an unsupported phrase is named, with why, when a scenario takes it", () => {
    const [failure, ...rest] = failures("left out: taking an ability the compiler left out names it and why");
    expect(rest).toEqual([]);
    expect(failure).toMatch(/^the scenario runs without error: Frog Show's ability \("Limited: Juggle three frogs\."\) was left out of the compiled card: "Juggle three frogs" is not a phrase the rules declare \(Frog Show\); this ability is left out/);
  });
});

describe("a loop that never ends stops at the step cap with an error naming the loop", () => {
  it("a scenario's `while true { }`", () => {
    const r = run("loop: a scenario loop that never ends");
    expect(r.failures.map((f) => f.detail)).toEqual([`the game reached its step cap of 100000 in the loop at ${at("while true")} (repeated 100000 times) (seed 1, step 100001)`]);
  });

  it("a scenario loop that grows a list stops before the heap is exhausted", () => {
    const r = run("loop: a scenario loop that never ends and keeps growing a list");
    expect(r.failures.map((f) => f.detail)).toEqual([`the game reached its step cap of 100000 in the loop at ${at("while true", 2)} (repeated 100000 times) (seed 1, step 100001)`]);
  });

  it("a loop in the rules a scenario calls", () => {
    const r = run("loop: a rules loop that never ends");
    expect(r.failures.map((f) => f.detail)).toEqual([`the game reached its step cap of 100000 in the loop at ${at("while n >= 0")} (repeated 100000 times) (seed 1, step 100001)`]);
  });

  it("every loop running is named, innermost first", () => {
    const [failure] = run("loop: an endless loop around a loop that ends").failures;
    expect(failure!.detail).toMatch(new RegExp(`^the game reached its step cap of 100000 in the loop at ${at("repeat 2")} \\(repeated \\d times?\\), inside the loop at ${at("while true", 3)} \\(repeated \\d+ times\\) \\(seed 1, step 100001\\)$`));
  });
});
