// Diagnostics: every stable code fires on the mistake it names, with its severity, and with a range
// that covers the offending token or phrase (and nothing else).  Each program holds exactly one
// mistake, because the driver stops between stages when there are errors.
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { compileSources, type CompileResult, type SourceInput } from "../../compiler/compile.ts";
import { formatDiagnostic, LineMap, type Diagnostic, type Severity } from "../../compiler/diagnostics.ts";
import type { IrCard } from "../../compiler/ir.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));
const rulesFile = (name: string): SourceInput => ({ path: `rules/${name}.l5r`, text: readFileSync(`${root}rules/${name}.l5r`, "utf8") });

/** The real rules (every file of rules/ but the cards and scenarios). */
const RULES: SourceInput[] = readdirSync(`${root}rules`)
  .filter((f) => f.endsWith(".l5r"))
  .sort()
  .map((f) => rulesFile(f.replace(/\.l5r$/, "")));
const TEST = "test.l5r";

function compile(text: string, base: readonly SourceInput[] = RULES): CompileResult {
  return compileSources([...base, { path: TEST, text }]);
}

interface Expected {
  code: string;
  severity?: Severity;
  /** The exact text the range must cover. */
  snippet: string;
  /** Look for the snippet only after the first occurrence of this text. */
  after?: string;
  /** Words the message must contain (the offending name). */
  mentions: string[];
  base?: readonly SourceInput[];
}

function rangeIn(text: string, snippet: string, after?: string): { start: number; end: number } {
  const at = after === undefined ? 0 : text.indexOf(after);
  expect(at, `"${after}" is in the test text`).toBeGreaterThanOrEqual(0);
  const start = text.indexOf(snippet, after === undefined ? 0 : at + after.length);
  expect(start, `"${snippet}" is in the test text`).toBeGreaterThanOrEqual(0);
  return { start, end: start + snippet.length };
}

/** Compiles `text` with the rules and checks it yields exactly one diagnostic of `code`, as expected. */
function expectOnly(text: string, e: Expected): { diag: Diagnostic; result: CompileResult } {
  const result = compile(text, e.base);
  const severity = e.severity ?? "error";
  const ofCode = result.diagnostics.filter((d) => d.code === e.code);
  expect(ofCode.map((d) => formatDiagnostic(d, (f) => result.lines.get(f) ?? null))).toHaveLength(1);
  const diag = ofCode[0]!;
  // The one mistake is the only one: no other errors (and, for errors, nothing else at all).
  const others = result.diagnostics.filter((d) => d !== diag && (severity === "error" || d.severity === "error"));
  expect(others.map((d) => `${d.code}: ${d.message}`)).toEqual([]);
  expect(diag.code).toBe(e.code);
  expect(diag.severity).toBe(severity);
  expect(diag.file).toBe(TEST);
  expect(diag.range).toEqual(rangeIn(text, e.snippet, e.after));
  for (const m of e.mentions) expect(diag.message.toLowerCase()).toContain(m.toLowerCase());
  if (severity === "error") expect(result.program).toBeNull();
  return { diag, result };
}

function card(title: string, lines: string, type = "Strategy"): string {
  return `card "${title}" {\n  type ${type}\n  goldCost 0\n  focusValue 1\n  text {\n${lines}\n  }\n}\n`;
}

// ================================================================ the baseline
describe("the baseline", () => {
  it("the rules the tests build on compile without diagnostics", () => {
    const r = compile(`rules "Test"\n`);
    expect(r.diagnostics).toEqual([]);
    expect(r.program).not.toBeNull();
  });

  it("a diagnostic is formatted as file:line:col: severity code: message", () => {
    const text = `rules "Test"\nfunction f(): number = bogus\n`;
    const r = compile(text);
    expect(r.diagnostics).toHaveLength(1);
    expect(formatDiagnostic(r.diagnostics[0]!, (f) => r.lines.get(f) ?? null)).toBe("test.l5r:2:24: error name/unknown: unknown name 'bogus'");
    expect(new LineMap(text).position(r.diagnostics[0]!.range.start)).toEqual({ line: 2, column: 24 });
  });
});

// ================================================================ syntax
describe("syntax", () => {
  it("syntax/missing-token", () => {
    expectOnly(`value debt "Debt" 0\n`, { code: "syntax/missing-token", snippet: "0", mentions: ["'='", "'0'"] });
  });

  it("syntax/unexpected-token", () => {
    expectOnly(`value debt "Debt" = )\n`, { code: "syntax/unexpected-token", snippet: ")", mentions: ["')'", "expression"] });
  });

  it("syntax/invalid-character", () => {
    expectOnly(`stat speed "Speed" # short "S"\n`, { code: "syntax/invalid-character", snippet: "#", mentions: ['"#"'] });
  });

  it("syntax/unterminated-string", () => {
    const text = `stat speed "Speed\n`;
    const r = compile(text);
    const d = r.diagnostics.find((x) => x.code === "syntax/unterminated-string")!;
    expect(d).toBeDefined();
    expect(d.severity).toBe("error");
    expect(d.file).toBe(TEST);
    expect(d.range).toEqual(rangeIn(text, `"`));
    expect(d.message).toBe("unterminated string");
    // The lexer skips the stray quote and reads on, so the parser also misses the label it cut off.
    expect(r.diagnostics.map((x) => x.code)).toEqual(["syntax/unterminated-string", "syntax/missing-token"]);
    expect(r.program).toBeNull();
  });

  it("a syntax error stops the compiler before it checks names", () => {
    const r = compile(`value debt "Debt" 0\nfunction f(): number = bogus\n`);
    expect(r.diagnostics.map((d) => d.code)).toEqual(["syntax/missing-token"]);
    expect(r.files.map((f) => f.path)).not.toContain(TEST);
  });
});

// ================================================================ names
describe("names", () => {
  it("name/duplicate", () => {
    const text = `event croaks(c: card) "{c} croaks"\nevent croaks(c: card) "{c} croaks again"\n`;
    const { diag } = expectOnly(text, { code: "name/duplicate", snippet: "croaks", after: "\nevent", mentions: ["croaks", "already declared"] });
    expect(diag.related).toEqual([{ file: TEST, range: rangeIn(text, "croaks"), message: "first declared here" }]);
  });

  it("name/duplicate: the first declaration may be in another file", () => {
    const text = `stat force "Force" short "F"\n`;
    const { diag } = expectOnly(text, { code: "name/duplicate", snippet: "force", mentions: ["force"] });
    const vocabulary = RULES.find((r) => r.path === "rules/vocabulary.l5r")!.text;
    const first = vocabulary.indexOf("stat force") + "stat ".length;
    expect(diag.related).toEqual([{ file: "rules/vocabulary.l5r", range: { start: first, end: first + "force".length }, message: "first declared here" }]);
  });

  it("name/duplicate: a function, an effect and a sequence share one namespace", () => {
    const text = `function bow(c: card): bool = true\n`;
    const { diag } = expectOnly(text, { code: "name/duplicate", snippet: "bow", mentions: ["bow", "effect"] });
    expect(diag.related[0]!.file).toBe("rules/effects.l5r");
    const effects = RULES.find((r) => r.path === "rules/effects.l5r")!.text;
    const first = effects.indexOf("effect bow(") + "effect ".length;
    expect(diag.related[0]!.range).toEqual({ start: first, end: first + 3 });
  });
  // and the generated module declares the heading function `s__A` twice (not valid TypeScript).
  it("name/duplicate: two headings of a sequence with the same label", () => {
    const text = `sequence s "S" () {\n  heading A "First" { }\n  heading A "Second" { }\n}\n`;
    expectOnly(text, { code: "name/duplicate", snippet: "A", after: `"First" { }\n  heading `, mentions: ["A"] });
  });

  it("name/unknown", () => {
    expectOnly(`function f(c: card): number = c.force + bogus\n`, { code: "name/unknown", snippet: "bogus", mentions: ["bogus"] });
  });

  it("name/unknown-member", () => {
    expectOnly(`function f(c: card): number = c.bogus\n`, { code: "name/unknown-member", snippet: "bogus", mentions: ["bogus", "card"] });
  });

  it("name/unknown-function", () => {
    expectOnly(`function f(): number = nothing(1)\n`, { code: "name/unknown-function", snippet: "nothing", mentions: ["nothing"] });
  });

  it("name/unknown-type", () => {
    expectOnly(`function f(c: card): bool = c is Bogus\n`, { code: "name/unknown-type", snippet: "Bogus", mentions: ["Bogus"] });
  });

  it("name/unknown-keyword", () => {
    expectOnly(`function f(c: card): bool = c has Bogus\n`, { code: "name/unknown-keyword", snippet: "Bogus", mentions: ["Bogus"] });
  });

  it("name/unknown-sequence", () => {
    expectOnly(`scenario "s" {\n  players p1, p2\n  expect (last bogus).aborted\n}\n`, { code: "name/unknown-sequence", snippet: "bogus", mentions: ["bogus"] });
  });

  it("name/unknown-ability-kind", () => {
    expectOnly(`effect e(p: player) {\n  for u in uses bogus for p { }\n}\n`, { code: "name/unknown-ability-kind", snippet: "bogus", mentions: ["bogus"] });
  });

  it("name/unknown-stat", () => {
    expectOnly(`effect e(c: card) {\n  end modifiers bogus of c\n}\n`, { code: "name/unknown-stat", snippet: "bogus", mentions: ["bogus"] });
  });

  it("a misspelt name in rules names what it misspells (locals, members, functions, types, keywords, sequences, ability kinds, stats, zones)", () => {
    const cases: [string, Expected][] = [
      [`effect e(c: card) {\n  let wasBowed = c.bowed\n  if wasBowd { }\n}\n`, { code: "name/unknown", snippet: "wasBowd", mentions: ["did you mean 'wasBowed'?"] }],
      [`effect e(c: card) {\n  let total = 0\n  set totl = 1\n}\n`, { code: "name/unknown", snippet: "totl", mentions: ["did you mean 'total'?"] }],
      [`function f(c: card): number = c.forse\n`, { code: "name/unknown-member", snippet: "forse", mentions: ["did you mean 'force'?"] }],
      [`function f(p: player): zone = p.fatedeck\n`, { code: "name/unknown-member", snippet: "fatedeck", mentions: ["did you mean 'fateDeck'?"] }],
      [`effect e(c: card) {\n  bwo(c)\n}\n`, { code: "name/unknown-function", snippet: "bwo", mentions: ["did you mean 'bow'?"] }],
      [`function f(c: card): bool = c is Personalty\n`, { code: "name/unknown-type", snippet: "Personalty", mentions: ["did you mean 'Personality'?"] }],
      [`function f(c: card): bool = c has Duellist\n`, { code: "name/unknown-keyword", snippet: "Duellist", mentions: ["did you mean 'Duelist'?"] }],
      [`scenario "s" {\n  players p1, p2\n  expect (last duels).aborted\n}\n`, { code: "name/unknown-sequence", snippet: "duels", mentions: ["did you mean 'duel'?"] }],
      [`effect e(c: card) {\n  end modifiers forse of c\n}\n`, { code: "name/unknown-stat", snippet: "forse", mentions: ["did you mean 'force'?"] }],
    ];
    for (const [text, e] of cases) expectOnly(text, e);
    expect(compile(`function f(c: card): number = c.force + bogus\n`).diagnostics[0]!.message).not.toContain("did you mean");
  });

  it("name/zone-owner", () => {
    expectOnly(`function f(): zone = hand\n`, { code: "name/zone-owner", snippet: "hand", after: "=", mentions: ["hand", "player"] });
  });

  it("name/module-collision", () => {
    const r = compileSources([...RULES, { path: "a/test.l5r", text: `rules "A"\n` }, { path: "b/test.l5r", text: `rules "B"\n` }]);
    expect(r.diagnostics).toHaveLength(1);
    const d = r.diagnostics[0]!;
    expect(d).toMatchObject({ code: "name/module-collision", severity: "error", file: "b/test.l5r", range: { start: 0, end: 0 } });
    expect(d.message).toContain("a/test.l5r");
    expect(d.message).toContain("generated/extra/test.ts");
  });
});

// ================================================================ types
describe("types", () => {
  it("type/mismatch", () => {
    expectOnly(`function f(): number = "seven"\n`, { code: "type/mismatch", snippet: `"seven"`, mentions: ["f", "number", "text"] });
  });

  it("type/mismatch: the value of a typed let", () => {
    expectOnly(`effect e(c: card) {\n  let x: number = c\n}\n`, { code: "type/mismatch", snippet: "c", after: "= ", mentions: ["'x'", "card"] });
  });

  it("type/nullable", () => {
    expectOnly(`function f(c: card?): player = c.controller\n`, { code: "type/nullable", snippet: "c", after: "= ", mentions: ["'c'", "card?"] });
  });

  it("type/nullable: an argument that may be none", () => {
    expectOnly(`effect e(c: card?) {\n  bow(c)\n}\n`, { code: "type/nullable", snippet: "c", after: "bow(", mentions: ["c", "card?"] });
  });

  it("type/nullable: a list literal with an item that may be none, where its items may not be", () => {
    expectOnly(`function n(xs: list[stat]): number = count(xs)\nfunction f(s: stat, t: stat?): number = n([s, t])\n`, { code: "type/nullable", snippet: "[s, t]", mentions: ["item", "list[stat?]", "list[stat]"] });
  });

  it("type/nullable: lists joined by '+' keep an item that may be none", () => {
    expectOnly(`effect e(s: stat, t: stat?) {\n  let xs: list[stat] = [s] + [t]\n}\n`, { code: "type/nullable", snippet: "[s] + [t]", mentions: ["item", "list[stat?]"] });
  });

  it("type/nullable: a choice from a list whose items may be none (none is what choosing nothing gives)", () => {
    expectOnly(`effect e(p: player, s: stat, t: stat?) {\n  let x = choose p "Which?" from [s, t]\n}\n`, { code: "type/nullable", snippet: "[s, t]", mentions: ["choose", "list[stat?]"] });
  });

  it("type/nullable: a function's result, a list whose items may be none where they may not", () => {
    expectOnly(`function f(s: stat, t: stat?): list[stat] = [s, t]\n`, { code: "type/nullable", snippet: "[s, t]", mentions: ["item", "result of f", "list[stat?]"] });
  });

  it("type/mismatch: sum() of a list whose items may be none says so", () => {
    expectOnly(`function f(n: number, m: number?): number = sum([n, m])\n`, { code: "type/mismatch", snippet: "sum([n, m])", mentions: ["sum()", "may be none", "list[number?]"] });
  });

  it("type/not-a-list", () => {
    expectOnly(`function f(n: number): bool = 1 in n\n`, { code: "type/not-a-list", snippet: "n", after: " in ", mentions: ["number"] });
  });

  it("type/not-a-list: a comprehension over a number", () => {
    expectOnly(`function f(): number = count([x for x in 3])\n`, { code: "type/not-a-list", snippet: "3", mentions: ["number"] });
  });

  it("type/unknown-type", () => {
    expectOnly(`function f(x: widget): number = 1\n`, { code: "type/unknown-type", snippet: "widget", mentions: ["widget"] });
  });

  it("type/needs-annotation", () => {
    expectOnly(`effect e() {\n  let pile = []\n}\n`, { code: "type/needs-annotation", snippet: "pile", mentions: ["pile"] });
  });

  it("type/not-comparable", () => {
    expectOnly(`function f(c: card): bool = c == 3\n`, { code: "type/not-comparable", snippet: "c == 3", mentions: ["card", "number"] });
  });
});

// ================================================================ calls
describe("calls", () => {
  const g = `function g(a: number): number = a\n`;

  it("call/missing-argument", () => {
    expectOnly(`${g}function f(): number = g()\n`, { code: "call/missing-argument", snippet: "g()", mentions: ["g", "'a'"] });
  });

  it("call/missing-argument: an effect's default that has no meaning in the rules", () => {
    // gainHonor(p: player = you, n: number): `you` exists only in card text.
    expectOnly(`effect e() {\n  gainHonor(n: 2)\n}\n`, { code: "call/missing-argument", snippet: "gainHonor(n: 2)", mentions: ["gainHonor", "'p'", "you"] });
  });

  it("call/too-many-arguments", () => {
    expectOnly(`${g}function f(): number = g(1, 2)\n`, { code: "call/too-many-arguments", snippet: "2", after: "g(1", mentions: ["g", "1 argument"] });
  });

  it("call/unknown-argument", () => {
    expectOnly(`${g}function f(): number = g(1, b: 2)\n`, { code: "call/unknown-argument", snippet: "b", after: "g(1", mentions: ["g", "'b'"] });
  });

  it("call/duplicate-argument", () => {
    expectOnly(`${g}function f(): number = g(a: 1, a: 2)\n`, { code: "call/duplicate-argument", snippet: "a: 2", mentions: ["'a'"] });
  });

  it("call/not-called", () => {
    expectOnly(`function f(): number = bow\n`, { code: "call/not-called", snippet: "bow", mentions: ["bow", "effect"] });
  });

  it("call/not-callable", () => {
    expectOnly(`function f(c: card): player = c.controller(1)\n`, { code: "call/not-callable", snippet: "c.controller", after: "= ", mentions: ["declared names"] });
  });

  it("call/arity", () => {
    expectOnly(`effect e() {\n  emit bows()\n}\n`, { code: "call/arity", snippet: "emit bows()", mentions: ["bows", "1 argument"] });
  });
});

// ================================================================ events and rule parameters
describe("events and rule parameters", () => {
  it("event/unknown", () => {
    expectOnly(`effect e() {\n  emit croaks()\n}\n`, { code: "event/unknown", snippet: "croaks", mentions: ["croaks"] });
  });

  it("event/unknown: an abort when", () => {
    expectOnly(`sequence s "S" () {\n  abort when croaks(c)\n}\n`, { code: "event/unknown", snippet: "croaks", mentions: ["croaks"] });
  });

  it("event/unknown: a scenario's on", () => {
    expectOnly(`scenario "s" {\n  players p1, p2\n  on croaks(c) { }\n}\n`, { code: "event/unknown", snippet: "croaks", mentions: ["croaks"] });
  });

  it("param/unknown", () => {
    expectOnly(`effect e() {\n  override duelSpeed(any) = 1\n}\n`, { code: "param/unknown", snippet: "duelSpeed", mentions: ["duelSpeed"] });
  });

  it("param/unknown: a function is not a rule parameter", () => {
    expectOnly(`effect e() {\n  override opposite(any) = "win"\n}\n`, { code: "param/unknown", snippet: "opposite", mentions: ["opposite"] });
  });

  it("param/arity", () => {
    expectOnly(`effect e() {\n  override duelStat(any, any) = chi\n}\n`, { code: "param/arity", snippet: "override duelStat(any, any) = chi", mentions: ["duelStat", "1 argument"] });
  });
});

// ================================================================ rules bodies
describe("rules bodies", () => {
  it("rules/decision-in-pure-context", () => {
    expectOnly(`function f(p: player): bool = ask p "Really?"\n`, { code: "rules/decision-in-pure-context", snippet: `ask p "Really?"`, mentions: ["question", "a function"] });
  });

  it("rules/decision-in-pure-context: a sequence started from a function", () => {
    expectOnly(`function f(c: card): duel = duel(c, c, none)\n`, { code: "rules/decision-in-pure-context", snippet: "duel(c, c, none)", mentions: ["duel", "a function"] });
  });

  it("rules/decision-in-pure-context: an action taken inside a scenario's look at an event", () => {
    const src = `card "C" {\n  type Strategy\n  text {\n    Limited: Gain 1 Honor.\n  }\n}\nscenario "s" {\n  players p1, p2\n  put c = "C" in p1.hand\n  on gainsHonor(p, n) {\n    force c by p1\n  }\n  take c by p1\n}\n`;
    expectOnly(src, { code: "rules/decision-in-pure-context", snippet: "force c by p1", mentions: ["'force'", "look at an event"] });
  });

  it("rules/stop-outside-sequence", () => {
    expectOnly(`effect e() {\n  stop\n}\n`, { code: "rules/stop-outside-sequence", snippet: "stop", mentions: ["'stop'"] });
  });

  it("rules/return-outside-effect", () => {
    expectOnly(`sequence s "S" () {\n  heading A "a" {\n    return\n  }\n}\n`, { code: "rules/return-outside-effect", snippet: "return", mentions: ["return", "stop"] });
  });

  it("rules/effect-has-no-value", () => {
    expectOnly(`effect e(c: card) {\n  let x = bow(c)\n}\n`, { code: "rules/effect-has-no-value", snippet: "bow(c)", mentions: ["'bow'"] });
  });

  it("rules/scenario-only", () => {
    expectOnly(`function f(): number = emitted bows\n`, { code: "rules/scenario-only", snippet: "emitted bows", mentions: ["emitted"] });
  });

  it("rules/scenario-only: a scenario statement in an effect", () => {
    expectOnly(`effect e() {\n  expect true\n}\n`, { code: "rules/scenario-only", snippet: "expect true", mentions: ["expect"] });
  });

  it("rules/not-assignable", () => {
    expectOnly(`effect e(c: card) {\n  set c.owner = c.controller\n}\n`, { code: "rules/not-assignable", snippet: "c.owner", mentions: ["c.owner"] });
  });

  it("rules/not-a-hook", () => {
    expectOnly(`effect e(c: card) {\n  run c()\n}\n`, { code: "rules/not-a-hook", snippet: "c", after: "run ", mentions: ["'c'"] });
  });

  it("rules/hook-call", () => {
    expectOnly(`sequence s "S" (c: card) {\n  hook lose(loser: card)\n  heading A "a" {\n    lose(c)\n  }\n}\n`, {
      code: "rules/hook-call", snippet: "lose(c)", mentions: ["'lose'", "run lose"],
    });
  });

  it("rules/not-an-area", () => {
    expectOnly(`effect e(p: player) {\n  create p.hand\n}\n`, { code: "rules/not-an-area", snippet: "p.hand", mentions: ["hand"] });
  });

  it("rules/endless-loop: a loop whose condition is always true and that nothing leaves", () => {
    const text = `effect e(p: player) {\n  while true {\n    gainHonor(p, 1)\n  }\n}\n`;
    expectOnly(text, { code: "rules/endless-loop", severity: "warning", snippet: "while true {\n    gainHonor(p, 1)\n  }", mentions: ["always true", "step cap"] });
  });

  it("rules/endless-loop: not for a loop that a break, return or stop leaves (a break of an inner loop does not leave it)", () => {
    for (const leave of ["break", "return", "if p.honor > 3 {\n      return\n    }"]) {
      const r = compile(`effect e(p: player) {\n  while true {\n    gainHonor(p, 1)\n    ${leave}\n  }\n}\n`);
      expect(r.diagnostics.map((d) => d.code)).toEqual([]);
    }
    const inner = compile(`effect e(p: player) {\n  while true {\n    while true {\n      break\n    }\n  }\n}\n`);
    expect(inner.diagnostics.map((d) => d.code)).toEqual(["rules/endless-loop"]);
    expect(inner.diagnostics[0]!.range.start).toBe(`effect e(p: player) {\n  `.length);
  });
});

// ================================================================ vocabulary
describe("vocabulary", () => {
  it("vocab/unknown-stat", () => {
    expectOnly(`type Widget "Widgets" { goldCost speed }\n`, { code: "vocab/unknown-stat", snippet: "speed", mentions: ["speed"] });
  });

  it("vocab/unknown-kind", () => {
    expectOnly(`type Widget "Widgets" is fate, gadget { }\n`, { code: "vocab/unknown-kind", snippet: "gadget", mentions: ["gadget"] });
  });

  it("vocab/unknown-zone: played from", () => {
    expectOnly(`type Widget "Widgets" is fate played from pocket { }\n`, { code: "vocab/unknown-zone", snippet: "pocket", mentions: ["pocket"] });
  });

  it("vocab/unknown-zone: an ability kind used from", () => {
    expectOnly(`ability idle "While idle" () from hand, pocket\n`, { code: "vocab/unknown-zone", snippet: "pocket", mentions: ["pocket"] });
  });

  it("event/unknown: a duration until an event the rules do not declare", () => {
    expectOnly(`duration "until the frog croaks" = until frogCroaks(you)\n`, { code: "event/unknown", snippet: "frogCroaks", mentions: ["frogCroaks"] });
  });

  it("vocab/unknown-timing: a reference for abilities of a timing the rules do not declare", () => {
    expectOnly(`reference "the frog" for Croak = none\n`, { code: "vocab/unknown-timing", snippet: "Croak", mentions: ["Croak"] });
  });

  it("vocab/entry-shape: the actionKeyword entry is a function of a use and a text", () => {
    const base = RULES.filter((r) => r.path !== "rules/trigger-text.l5r");
    expectOnly(`entry actionKeyword = frogKeyword\nfunction frogKeyword(c: card, k: text): bool = true\n`, { code: "vocab/entry-shape", snippet: "frogKeyword", mentions: ["a function of a use and a text"], base });
  });

  it("vocab/bad-owner", () => {
    expectOnly(`zone shelf "shelf" per clan\n`, { code: "vocab/bad-owner", snippet: "clan", mentions: ["clan"] });
  });

  it("vocab/unknown-sequence", () => {
    expectOnly(`later "after the feast" = end of feast\n`, { code: "vocab/unknown-sequence", snippet: "feast", after: "end of", mentions: ["feast"] });
  });

  it("vocab/unknown-entry", () => {
    expectOnly(`entry upkeep = takeAction\n`, { code: "vocab/unknown-entry", snippet: "upkeep", mentions: ["upkeep"] });
  });

  it("vocab/unknown-effect", () => {
    // Without rules/actions.l5r, which declares `entry actions`.
    expectOnly(`entry actions = doAction\n`, { code: "vocab/unknown-effect", snippet: "doAction", mentions: ["doAction"], base: RULES.filter((r) => r.path !== "rules/actions.l5r") });
  });

  it("vocab/not-constant", () => {
    expectOnly(`value debt "Debt" = 1 + 1\n`, { code: "vocab/not-constant", snippet: "1 + 1", mentions: ["debt"] });
  });

  it("phrase/unknown-slot", () => {
    expectOnly(`event croaks(c: card) "{frog} croaks"\n`, { code: "phrase/unknown-slot", snippet: "{frog}", mentions: ["frog"] });
  });

  it("phrase/unknown-slot: an effect phrase", () => {
    expectOnly(`effect hop(c: card) "{c} hops over {d}" { }\n`, { code: "phrase/unknown-slot", snippet: "{d}", mentions: ["{d}"] });
  });

  it("phrase/unknown-slot: a condition phrase", () => {
    expectOnly(`condition "{c} is as short as {q}" (c: card) = c.force < 3\n`, { code: "phrase/unknown-slot", snippet: "{q}", mentions: ["{q}"] });
  });

  it("phrase/missing-slot: a condition parameter its phrase does not name", () => {
    expectOnly(`condition "the card is tall" (c: card) = c.force > 3\n`, { code: "phrase/missing-slot", snippet: `"the card is tall"`, mentions: ["{c}", "the card is tall"] });
  });

  it("phrase/missing-slot: a qualifier's number, while a card it compares with may go unsaid", () => {
    expectOnly(`qualifier "with a lot of {s}" (c: card, s: stat, n: number) = statOf(c, s) > n\nqualifier "with less {s}" (c: card, s: stat, o: card) = statOf(c, s) < statOf(o, s)\n`, { code: "phrase/missing-slot", snippet: `"with a lot of {s}"`, mentions: ["{n}"] });
  });

  it("phrase/target-type: only a card parameter can be a phrase's target", () => {
    expectOnly(`effect hop(n: number) "hop" (n = target "a Personality") { }\n`, { code: "phrase/target-type", snippet: "n", after: '"hop" (', mentions: ["card", "number"] });
  });

  it("phrase/word-list: a condition's text parameter names a list of strings, and only a condition's does", () => {
    expectOnly(`function size(): number = 3\ncondition "it is {w}" (w: text from size()) = w == "x"\n`, { code: "phrase/word-list", snippet: "size()", after: "(w: text from ", mentions: ["w", "list of strings"] });
    expectOnly(`function words(): list[text] = ["x"]\nfunction f(w: text from words()): bool = true\n`, { code: "phrase/word-list", snippet: "words()", after: "(w: text from ", mentions: ["condition"] });
  });

  it("phrase/bracket-setting: a condition's parameter an alternative sets has a default", () => {
    expectOnly(`condition "it is [late|early (early = true)]" (early: bool) = early\n`, { code: "phrase/bracket-setting", snippet: "early", after: "early (", mentions: ["early", "default"] });
  });

  it("phrase/bracket-setting: a qualifier's parameter an alternative sets has a default, and is one of its parameters", () => {
    expectOnly(`qualifier "that is [late|early (early = true)]" (c: card, early: bool) = early\n`, { code: "phrase/bracket-setting", snippet: "early", after: "early (", mentions: ["early", "default"] });
    expectOnly(`qualifier "that is [late|early (soon = true)]" (c: card, early: bool = false) = early\n`, { code: "phrase/unknown-slot", snippet: "soon", after: "early (", mentions: ["qualifier", "soon"] });
  });

  it("phrase/bracket-setting: a later's or a duration's parameter has a default, and an ability kind's lead sets only its parameters", () => {
    expectOnly(`event e(n: number)\nlater "soon [again (n = 2)|]" (n: number) = once e(n)\n`, { code: "phrase/bracket-setting", snippet: "n", after: "again (", mentions: ["n", "default"] });
    expectOnly(`event e(n: number)\nduration "a while [longer (m = 2)|]" (n: number = 1) = until e(n)\n`, { code: "phrase/unknown-slot", snippet: "m", after: "longer (", mentions: ["duration", "m"] });
    expectOnly(`ability hops "You may hop [twice (times = 2)|]" (times: number)\n`, { code: "phrase/bracket-setting", snippet: "times", after: "twice (", mentions: ["times", "default"] });
  });

  it("phrase/bracket-setting: an event's parameter an alternative sets has a default, and is one of its parameters", () => {
    expectOnly(`event e(c: card, n: number) "{c} hops [twice (n = 2)|]"\n`, { code: "phrase/bracket-setting", snippet: "n", after: "twice (", mentions: ["n", "default"] });
    expectOnly(`event e(c: card, n: number = 1) "{c} hops [twice (m = 2)|]"\n`, { code: "phrase/unknown-slot", snippet: "m", after: "twice (", mentions: ["event", "m"] });
  });

  it("phrase/word-list: a text slot's words are a list of strings", () => {
    expectOnly(`function size(): number = 3\neffect hop(w: text) "hop {w}" (w from size()) { }\n`, { code: "phrase/word-list", snippet: "size()", after: "(w from ", mentions: ["w", "list of strings"] });
  });

  it("phrase/slot-case: a slot named in capitals is never read", () => {
    expectOnly(`effect hop(bigFrog: card) "{bigFrog} hops" { }\n`, { code: "phrase/slot-case", snippet: "{bigFrog}", mentions: ["{bigFrog}", "lower case"] });
  });

  it("phrase/unknown-slot: a phrase setting", () => {
    expectOnly(`effect hop(c: card) "{c} hops" (height = 2) { }\n`, { code: "phrase/unknown-slot", snippet: "height", mentions: ["hop", "height"] });
  });

  it("rules/not-cacheable: a cached function that reads a running sequence", () => {
    expectOnly(`cached function f(p: player): bool = current duel? != none\n`, { code: "rules/not-cacheable", snippet: "current duel? != none", mentions: ["cached", "current"] });
  });

  it("rules/not-cacheable: a cached function that takes a use", () => {
    expectOnly(`cached function f(u: use): bool = true\n`, { code: "rules/not-cacheable", snippet: "f", after: "cached function ", mentions: ["cached", "use"] });
  });

  it("vocab/unknown-type: a pronoun for a type that is not declared", () => {
    expectOnly(`pronoun "zog" for Frog\n`, { code: "vocab/unknown-type", snippet: "Frog", mentions: ["Frog"] });
  });

  it("vocab/entry-shape: an entry point whose target takes the wrong parameters", () => {
    const base = RULES.filter((r) => r.path !== "rules/game.l5r" && r.path !== "rules/card-text.l5r" && r.path !== "rules/trigger-text.l5r" && r.path !== "rules/zone-text.l5r" && r.path !== "rules/turn-delays.l5r");
    expectOnly(`entry game = bow\n`, { code: "vocab/entry-shape", snippet: "bow", mentions: ["game", "bow", "no parameters"], base });
  });

  it("vocab/entry-shape: card text's eachPlayer entry names a sequence of the players with a hook for each", () => {
    const player = RULES.find((r) => r.path === "rules/player.l5r")!;
    const base = [...RULES.filter((r) => r !== player), { ...player, text: player.text.replace("entry eachPlayer = simultaneously", "") }];
    const text = `sequence both "Both" (a: player, b: player) {\n  hook effect(p: player)\n}\nentry eachPlayer = both\n`;
    expectOnly(text, { code: "vocab/entry-shape", snippet: "both", after: "entry eachPlayer = ", mentions: ["eachPlayer", "list[player]", "hook"], base });
    expectOnly(`entry eachPlayer = bow\n`, { code: "vocab/unknown-sequence", snippet: "bow", mentions: ["eachPlayer", "bow"], base });
  });

  it("deck/unknown-zone: a deck part that is not a zone each player has", () => {
    expectOnly(`deck "D" {\n  frogs { 1 "Ambush" }\n}\n`, { code: "deck/unknown-zone", snippet: "frogs", mentions: ["frogs"], base: [...RULES, rulesFile("cards/demo-set")] });
  });

  it("deck/unknown-card: a deck naming a card the rules do not have", () => {
    expectOnly(`deck "D" {\n  fateDeck { 2 "No Such Card" }\n}\n`, { code: "deck/unknown-card", snippet: `"No Such Card"`, mentions: ["No Such Card"] });
  });
});

// ================================================================ card headers
describe("card headers", () => {
  it("card/missing-type", () => {
    expectOnly(`card "Nameless" {\n  goldCost 0\n}\n`, { code: "card/missing-type", snippet: `"Nameless"`, mentions: ["Nameless"] });
  });

  it("card/unknown-type", () => {
    expectOnly(`card "W" {\n  type Widget\n}\n`, { code: "card/unknown-type", snippet: "Widget", mentions: ["Widget"] });
  });

  it("card/stat-not-on-type", () => {
    // The message names the stat by its label ("Force").
    expectOnly(`card "S" {\n  type Strategy\n  goldCost 0\n  force 2\n}\n`, { code: "card/stat-not-on-type", snippet: "force", mentions: ["Strategy", "Force"] });
  });

  it("card/unknown-stat", () => {
    expectOnly(`card "P" {\n  type Personality\n  speed 3\n}\n`, { code: "card/unknown-stat", snippet: "speed", mentions: ["speed"] });
  });

  it("card/duplicate-stat", () => {
    expectOnly(`card "P" {\n  type Personality\n  chi 2\n  chi 3\n}\n`, { code: "card/duplicate-stat", snippet: "chi", after: "chi 2", mentions: ["chi"] });
  });

  it("card/unknown-keyword", () => {
    expectOnly(`card "S" {\n  type Strategy\n  keywords Kharmic, Gadget\n}\n`, { code: "card/unknown-keyword", snippet: "Gadget", mentions: ["Gadget"] });
  });

  it("card/unknown-clan", () => {
    expectOnly(`card "P" {\n  type Personality\n  clan Badger\n}\n`, { code: "card/unknown-clan", snippet: "Badger", mentions: ["Badger"] });
  });

  it("an unknown name a known one misspells names it (ignoring case, one edit for every four letters)", () => {
    const cases: [string, Expected][] = [
      [`card "W" {\n  type Personalty\n}\n`, { code: "card/unknown-type", snippet: "Personalty", mentions: ["did you mean 'Personality'?"] }],
      [`card "P" {\n  type Personality\n  CHI 3\n}\n`, { code: "card/unknown-stat", snippet: "CHI", mentions: ["did you mean 'chi'?"] }],
      [`card "S" {\n  type Strategy\n  keywords Kharmic, Samuari\n}\n`, { code: "card/unknown-keyword", snippet: "Samuari", mentions: ["did you mean 'Samurai'?"] }],
      [`card "P" {\n  type Personality\n  clan Cranee\n}\n`, { code: "card/unknown-clan", snippet: "Cranee", mentions: ["did you mean 'Crane'?"] }],
      [card("S", `    Samuari Limited: Gain 1 Honor.`), { code: "unsupported/keyword", severity: "warning", snippet: "Samuari", mentions: ["did you mean 'Samurai'?"] }],
      [`deck "D" {\n  fateDeck { 2 "Sanctioned Duell" }\n}\n`, { code: "deck/unknown-card", snippet: `"Sanctioned Duell"`, mentions: [`did you mean "Sanctioned Duel"?`], base: [...RULES, rulesFile("cards/duel-cards")] }],
      [`scenario "s" {\n  players p1, p2\n  put x = "Sanctioned Dule" in p1.hand\n}\n`, { code: "scenario/unknown-card", snippet: `"Sanctioned Dule"`, mentions: [`did you mean "Sanctioned Duel"?`], base: [...RULES, rulesFile("cards/duel-cards")] }],
    ];
    for (const [text, e] of cases) expectOnly(text, e);
    // Too far from every known name: no guess.
    for (const [text, code] of [
      [`card "W" {\n  type Widget\n}\n`, "card/unknown-type"],
      [`card "P" {\n  type Personality\n  clan Badger\n}\n`, "card/unknown-clan"],
      [`card "P" {\n  type Personality\n  speed 3\n}\n`, "card/unknown-stat"],
    ] as const) {
      const d = compile(text).diagnostics.find((x) => x.code === code)!;
      expect(d.message).not.toContain("did you mean");
    }
  });

  it("unsupported/keyword: a printed keyword the rules give no meaning yet is named on the card", () => {
    const { result } = expectOnly(`card "P" {\n  type Personality\n  keywords Unique, Singular\n}\n`, { code: "unsupported/keyword", severity: "warning", snippet: "Singular", mentions: ["Singular", "no rules behind it"] });
    expect(result.program).not.toBeNull();
  });

  it("a trait is a free name: no diagnostic, however it is spelt", () => {
    expect(compile(`card "P" {\n  type Personality\n  traits Frobnicator, "Crane Clan"\n}\n`).diagnostics).toEqual([]);
  });

  it("vocab/keyword-text: a keyword that gives text is declared alone", () => {
    expectOnly(`keyword Sticky, Slippery text {\n  After this card enters play, draw a card.\n}\n`, { code: "vocab/keyword-text", snippet: "Slippery", mentions: ["alone"] });
  });

  it("card/unknown-type: an ad-hoc card in a scenario", () => {
    expectOnly(`scenario "s" {\n  players p1, p2\n  put w = Widget in p1.home\n}\n`, { code: "card/unknown-type", snippet: "Widget", mentions: ["Widget"] });
  });
});

// ================================================================ card text
describe("card text", () => {
  it("unsupported/timing", () => {
    expectOnly(card("S", `    Upkeep: Gain 1 Honor.`), { code: "unsupported/timing", severity: "warning", snippet: "Upkeep", mentions: ["Upkeep"] });
  });

  it("unsupported/timing: the last word of a slash group", () => {
    expectOnly(card("S", `    Battle/Upkeep: Gain 1 Honor.`), { code: "unsupported/timing", severity: "warning", snippet: "Upkeep", mentions: ["Upkeep"] });
  });

  it("unsupported/keyword", () => {
    expectOnly(card("S", `    Sneaky Limited: Gain 1 Honor.`), { code: "unsupported/keyword", severity: "warning", snippet: "Sneaky", mentions: ["Sneaky"] });
  });

  it("unsupported/target", () => {
    expectOnly(card("S", `    Limited: Target an enemy Honor: Bow this card.`), { code: "unsupported/target", severity: "warning", snippet: "Target an enemy Honor", mentions: ["an enemy Honor"] });
  });

  it("unsupported/target: the pronoun of a failed target is not reported again (the target is the one thing that fails)", () => {
    const text = card("S", `    Limited: Target an enemy Honor: Bow it.`);
    const r = compile(text);
    expect(r.diagnostics.map((d) => [d.code, text.slice(d.range.start, d.range.end)])).toEqual([
      ["unsupported/target", "Target an enemy Honor"],
    ]);
  });
  // the same words, wholeCardPhrase returns the first complete reading, the reference, and a reference
  // cannot be targeted.  The noun phrase reading (adjective "your" + noun Personality) should win.
  it("unsupported/target does not fire on a noun phrase that a reference also reads", () => {
    const r = compile(card("S", `    Limited: Target your Personality: Bow him.`));
    expect(r.diagnostics).toEqual([]);
  });

  it("unsupported/cost", () => {
    const text = `cost effect payJade(n: number) "pay {n} Jade" { }\n` + card("S", `    Limited: Pay 2 Jade.`);
    expectOnly(text, { code: "unsupported/cost", severity: "warning", snippet: "Pay 2 Jade", mentions: ["Pay 2 Jade", "cost"] });
  });

  it("unsupported/cost: the same phrase before the colon is a cost", () => {
    const text = `cost effect payJade(n: number) "pay {n} Jade" { }\n` + card("S", `    Limited: Pay 2 Jade: Gain 1 Honor.`);
    const r = compile(text);
    expect(r.diagnostics).toEqual([]);
    const c = r.program!.modules.find((m) => m.source === TEST)!.decls.find((d) => d.kind === "card") as IrCard;
    expect(c.abilities).toHaveLength(1);
    expect(c.abilities[0]!.costs).toHaveLength(1);
    expect(c.abilities[0]!.effects).toHaveLength(1);
  });

  it("unsupported/trigger", () => {
    const frog = expectOnly(card("S", `    After a frog croaks, gain 1 Honor.`), { code: "unsupported/trigger", severity: "warning", snippet: "a frog croaks", mentions: ["a frog croaks"] });
    expect(frog.diag.related).toEqual([]);
  });

  it("unsupported/trigger: a \"When ...\" Reaction (Twenty Festivals' \"When\" triggers) no event announced as it happens reads is named as such", () => {
    expectOnly(card("S", `    Reaction: When another player would assign a unit to attack one of your provinces, gain 1 Honor.`), {
      code: "unsupported/trigger",
      severity: "warning",
      snippet: "another player would assign a unit to attack one of your provinces",
      mentions: ['"When ..." trigger'],
    });
  });

  it("unsupported/trigger names the closest declared events", () => {
    // (The closest first; how many others are close enough depends on the weights of all declared words.)
    const { diag } = expectOnly(card("S", `    After Ohsuki enters play, gain 1 Honor.`), { code: "unsupported/trigger", severity: "warning", snippet: "Ohsuki enters play", mentions: ['declared phrase', '"{c} enters play"'] });
    expect(diag.message).toMatch(/the closest declared phrases? (is|are) "\{c\} enters play"/);
    expect(diag.related.map((r) => [r.file, r.message])[0]).toEqual(["rules/card-types.l5r", 'the declared phrase "{c} enters play"']);
  });

  it("unsupported/trigger", () => {
    expectOnly(card("S", `    Reaction: Gain 1 Honor.`), { code: "unsupported/trigger", severity: "warning", snippet: "Reaction: Gain 1 Honor.", mentions: ["Reaction"] });
  });

  it("unsupported/reference: 'the action' names an action only in the abilities its reference is for (an Interrupt)", () => {
    expectOnly(card("S", `    Limited: Negate the action.`), { code: "unsupported/reference", severity: "warning", snippet: "the action", mentions: ["Interrupt"] });
  });

  it("unsupported/action: a description of an action among effects needs an action to name (an Interrupt's)", () => {
    expectOnly(card("S", `    Limited: Negate the effects of a Battle action.`), { code: "unsupported/action", severity: "warning", snippet: "a Battle action", mentions: ["Interrupt"] });
  });

  it("name/unknown: a reference naming what no context provides", () => {
    expectOnly(`reference "the frog" = frog\n`, { code: "name/unknown", snippet: "frog", after: "= ", mentions: ["frog"] });
  });

  it("unsupported/phrase: a choice of costs where an alternative names two cards to choose (one is chosen with its alternative)", () => {
    expectOnly(card("S", `    Limited: Bow this card or bow one of your Personalities and one of your Followers: Gain 1 Honor.`), {
      code: "unsupported/phrase",
      severity: "warning",
      snippet: "Bow this card or bow one of your Personalities and one of your Followers",
      mentions: ["only some choose a card"],
    });
  });

  it("unsupported/phrase: a choice of effects that each target a different card (both would be chosen when announced)", () => {
    expectOnly(card("S", `    Limited: Target and bow your Samurai or one of his Weapons. Gain 1 Honor.`), {
      code: "unsupported/phrase",
      severity: "warning",
      snippet: "Target and bow your Samurai or one of his Weapons",
      mentions: ["choice between effects"],
    });
  });

  it("unsupported/pronoun", () => {
    expectOnly(card("S", `    Limited: Bow him.`), { code: "unsupported/pronoun", severity: "warning", snippet: "him", mentions: ["him"] });
  });

  it("unsupported/pronoun: 'his' in the second of two cards sharing a verb is not the first's loop variable", () => {
    expectOnly(card("S", `    Limited: Give each Personality and each Follower in his unit +1F.`), { code: "unsupported/pronoun", severity: "warning", snippet: "his", mentions: ["his"] });
  });

  it("unsupported/pronoun: a pronoun after several cards created at once stands for no one of them", () => {
    expectOnly(card("S", `    Limited: Create two 1F / 1C / 0PH Personalities. Bow him.`), { code: "unsupported/pronoun", severity: "warning", snippet: "him", after: "Bow ", mentions: ["several cards created"] });
  });

  it("unsupported/pronoun: 'it' after an effect that picks 'a card' itself, of which the rules keep no record, names no earlier card", () => {
    // ("discard a card" is recorded: rules/scenarios/pronouns.l5r reads its Focus Value)
    expectOnly(card("S", `    Limited: Target a Follower. Draw a card. Gain Honor equal to its Focus Value.`), { code: "unsupported/pronoun", severity: "warning", snippet: "its", mentions: ["picked itself"] });
  });

  it("unsupported/reference", () => {
    // A reference whose expression has no meaning where the card uses it.
    const text = `reference "the frog" = nothing()\n` + card("S", `    Limited: Destroy the frog.`);
    expectOnly(text, { code: "unsupported/reference", severity: "warning", snippet: "the frog", after: "Destroy", mentions: ["the frog"] });
  });

  it("unsupported/reference: a condition naming a reference whose context the ability lacks", () => {
    // "your Personality" is the duel's: outside a duel it names nothing, and the card still checks.
    const text = card("S", `    Limited: Gain 1 Honor. If your Personality is a Shugenja, gain 1 Honor.`);
    expectOnly(text, { code: "unsupported/reference", severity: "warning", snippet: "your Personality", mentions: ["duel"] });
  });

  it("unsupported/trigger: a trigger before something that is not a heading", () => {
    expectOnly(card("S", `    Before the frog croaks, gain 1 Honor.`), { code: "unsupported/trigger", severity: "warning", snippet: "the frog croaks", mentions: ["the frog croaks"] });
  });

  it("a trigger before a heading's title is a timing point", () => {
    const r = compile(card("S", `    Before Focus Effects resolve, gain 1 Honor.`));
    expect(r.diagnostics).toEqual([]);
    const c = r.program!.modules.find((m) => m.source === TEST)!.decls.find((d) => d.kind === "card") as IrCard;
    expect(c.abilities[0]!.trigger?.event).toBe("before:duel.F");
  });

  it("a quoted ability given to a card is compiled on its own, among the card's granted abilities", () => {
    const r = compile(card("Kakita Giver", `    Limited: Give your target Personality the ability, "Battle: Bow a target enemy Personality." Gain 1 Honor.`));
    expect(r.diagnostics).toEqual([]);
    const c = r.program!.modules.find((m) => m.source === TEST)!.decls.find((d) => d.kind === "card") as IrCard;
    expect(c.abilities.map((a) => a.text)).toEqual(['Limited: Give your target Personality the ability, "Battle: Bow a target enemy Personality." Gain 1 Honor.']);
    expect(c.granted.map((a) => [a.kind, a.timings, a.text])).toEqual([["action", ["Battle"], "Battle: Bow a target enemy Personality."]]);
  });

  it("unsupported/phrase: in an ability given to another card, the giving card's name is not that card", () => {
    expectOnly(card("Kakita Giver", `    Limited: Give your target Personality the ability, "Limited: Bow Giver."`), { code: "unsupported/phrase", severity: "warning", snippet: "Bow Giver", mentions: ["Kakita Giver"] });
  });

  it("color text printed in roman type: a sentence of the card itself doing what no rules word names does nothing, the effects after it run", () => {
    const r = compile(card("Kakita Giver", `    Limited: Giver sings a song to the crowd. Gain 1 Honor.`));
    expect(r.diagnostics).toEqual([]);
    const c = r.program!.modules.find((m) => m.source === TEST)!.decls.find((d) => d.kind === "card") as IrCard;
    expect(c.abilities).toHaveLength(1);
    expect(c.abilities[0]!.phrases).toContain('construct "<color text sentence>"');
    expect(c.abilities[0]!.phrases).toContain('effect "gain {n} Honor"');
  });

  it("unsupported/phrase: a sentence like color text whose verb or object the rules know, or that says something of the game, is rules text", () => {
    for (const sentence of ["Giver bows the crowd", "Giver sings to the enemy", "Giver sings to the Fortunes", "Giver sings two songs", "Giver sings, and dances"]) {
      expectOnly(card("Kakita Giver", `    Limited: ${sentence}. Gain 1 Honor.`), { code: "unsupported/phrase", severity: "warning", snippet: sentence, mentions: [sentence] });
    }
    // (a modal: read as what a player may do)
    expectOnly(card("Kakita Giver", `    Limited: Giver may sing a song. Gain 1 Honor.`), { code: "unsupported/phrase", severity: "warning", snippet: "sing a song", mentions: ["sing a song"] });
  });

  it("unsupported: color text is never all the effects say, and its subject is the card or a card the text names", () => {
    expectOnly(card("Kakita Giver", `    Limited: Giver sings a song.`), { code: "unsupported/phrase", severity: "warning", snippet: "Giver sings a song", mentions: ["Giver sings a song"] });
    // ("he" names no card in a Strategy's text that names none)
    expectOnly(card("Kakita Giver", `    Limited: He sings a song. Gain 1 Honor.`), { code: "unsupported/phrase", severity: "warning", snippet: "He sings a song", mentions: ["He sings a song"] });
  });

  it("'it' in a condition where the text names no action is the card named (not an action's keyword test)", () => {
    expect(compile(card("S", `    Battle: Target an enemy card. If it is Cavalry, destroy it.`)).diagnostics).toEqual([]);
    expect(compile(card("S", `    Battle: Target an enemy card. If it has no attachments, and is bowed or Cavalry, destroy it.`)).diagnostics).toEqual([]);
  });

  it("a pronoun in a leading condition with nothing before it stands for the target the effect names first (cataphora)", () => {
    const r = compile(card("S", `    Battle: If he would be opposed, move your target Personality at home to the current battlefield.`));
    expect(r.diagnostics).toEqual([]);
    const c = r.program!.modules.find((m) => m.source === TEST)!.decls.find((d) => d.kind === "card") as IrCard;
    expect(c.abilities[0]!.phrases).toContain('construct "If <condition with a pronoun for the effect\'s target>, <effect>"');
    // ("it" of "it is your turn" is no pronoun)
    const turn = compile(card("S", `    Open: If it is your turn or you control a Courtier, give a target Personality -2F.`));
    expect(turn.diagnostics).toEqual([]);
    const t = turn.program!.modules.find((m) => m.source === TEST)!.decls.find((d) => d.kind === "card") as IrCard;
    expect(t.abilities[0]!.phrases.filter((p) => p.includes("pronoun for the effect"))).toEqual([]);
  });

  it("unsupported/pronoun: a leading condition's pronoun stands for nothing when the effect's first card is not a target it can be", () => {
    expectOnly(card("S", `    Battle: If he would be opposed, destroy this card and bow a target Personality.`), { code: "unsupported/pronoun", severity: "warning", snippet: "he", after: "If ", mentions: ["he"] });
    expectOnly(card("S", `    Battle: If he would be opposed, bow a target Holding.`), { code: "unsupported/pronoun", severity: "warning", snippet: "he", after: "If ", mentions: ["he"] });
  });

  it("unsupported/granted: a continuous trait given to a card", () => {
    expectOnly(card("S", `    Limited: Give your target Personality the ability, "This Personality has +2F."`), { code: "unsupported/granted", severity: "warning", snippet: '"This Personality has +2F."', mentions: ["continuous trait"] });
  });

  it("unsupported/phrase", () => {
    const text = card("S", `    Limited: Gain 2 Honor.\n    Limited: Juggle three frogs.\n    Open: Gain 1 Honor.`);
    const { result } = expectOnly(text, { code: "unsupported/phrase", severity: "warning", snippet: "Juggle three frogs", mentions: ["Juggle three frogs", "S"] });
    // A warning: the program compiles, without that ability.
    expect(result.program).not.toBeNull();
    const c = result.program!.modules.find((m) => m.source === TEST)!.decls.find((d) => d.kind === "card") as IrCard;
    expect(c.title).toBe("S");
    expect(c.abilities).toHaveLength(2);
    expect(c.abilities.map((a) => [a.timings, a.text])).toEqual([
      [["Limited"], "Limited: Gain 2 Honor."],
      [["Open"], "Open: Gain 1 Honor."],
    ]);
  });

  it("unsupported/phrase names the closest declared phrases and where each is declared", () => {
    const effects = readFileSync(`${root}rules/effects.l5r`, "utf8");
    const text = card("S", `    Limited: Bowe target Personality.`);
    const { diag, result } = expectOnly(text, { code: "unsupported/phrase", severity: "warning", snippet: "Bowe target Personality", mentions: ['the closest declared phrase is "bow {c}"'] });
    expect(diag.related).toEqual([{ file: "rules/effects.l5r", range: rangeIn(effects, '"bow {c}"'), message: 'the declared phrase "bow {c}"' }]);
    // Printed under the warning as a note at the declaration.
    const pos = new LineMap(effects).position(diag.related[0]!.range.start);
    expect(formatDiagnostic(diag, (f) => result.lines.get(f) ?? null).split("\n")[1]).toBe(`  rules/effects.l5r:${pos.line}:${pos.column}: note: the declared phrase "bow {c}"`);
  });

  it("unsupported/phrase: a misspelt word still finds its phrase; a clause like none names none", () => {
    const honour = expectOnly(card("S", `    Limited: Gain 2 Honour.`), { code: "unsupported/phrase", severity: "warning", snippet: "Gain 2 Honour", mentions: ['"gain {n} Honor"'] });
    expect(honour.diag.related.map((r) => r.message)).toContain('the declared phrase "gain {n} Honor"');
    const frogs = expectOnly(card("S", `    Limited: Juggle three frogs.`), { code: "unsupported/phrase", severity: "warning", snippet: "Juggle three frogs", mentions: [] });
    expect(frogs.diag.related).toEqual([]);
    expect(frogs.diag.message).not.toContain("closest");
  });

  it("unsupported/icon: an icon the rules give no meaning", () => {
    const text = card("S", `    Limited, :frog:: Gain 1 Honor.\n    Open: Gain 1 Honor.`);
    const { result } = expectOnly(text, { code: "unsupported/icon", severity: "warning", snippet: ":frog:", mentions: [":frog:"] });
    const c = result.program!.modules.find((m) => m.source === TEST)!.decls.find((d) => d.kind === "card") as IrCard;
    expect(c.abilities.map((a) => a.timings)).toEqual([["Open"]]);
  });

  it("an icon is the cost its declaration names: ':g2:' pays 2 Gold", () => {
    const r = compile(card("S", `    Limited, :g2:: Gain 1 Honor.`));
    expect(r.diagnostics).toEqual([]);
    const c = r.program!.modules.find((m) => m.source === TEST)!.decls.find((d) => d.kind === "card") as IrCard;
    expect(JSON.stringify(c.abilities[0]!.costs)).toContain('"payGold"');
    expect(JSON.stringify(c.abilities[0]!.costs)).toContain('"v":2');
  });

  it("vocab/bad-icon: an icon's phrase uses a number the icon does not have", () => {
    expectOnly(`icon ":g:" "pay {n} Gold"\n`, { code: "vocab/bad-icon", snippet: `"pay {n} Gold"`, mentions: ["{n}"] });
  });
});

// ================================================================ advice
describe("advice", () => {
  // A version of the rules may take a decision away: advice that names none is a warning and left out.
  it("advice/unknown-decision: a prompt no decision puts, with the closest one (a warning; the advice is left out)", () => {
    const { result } = expectOnly(`advise "Declare an atack?" "yes" (p: player) = 1\n`, { code: "advice/unknown-decision", severity: "warning", snippet: `"Declare an atack?"`, mentions: ["Declare an atack?", "did you mean \"Declare an attack?\"", "left out"] });
    expect(result.program!.vocabulary.advice.some((a) => a.prompt === "Declare an atack?")).toBe(false);
  });

  it("advice/option: an option the decision does not offer, with its options (a warning; the advice is left out)", () => {
    expectOnly(`advise "Invite a player to ally with you?" "maybe" (p: player) = 1\n`, { code: "advice/option", severity: "warning", snippet: `"maybe"`, mentions: ["maybe", `"done", "invite"`, "left out"] });
  });

  it("advice/option: the items of a list are not named by a label", () => {
    expectOnly(`advise "Choose the next battlefield" "first" (p: player, z: zone) = 1\n`, { code: "advice/option", snippet: `"first"`, mentions: ["items of a list"] });
  });

  it("advice/option: a decision of named options needs the option's label", () => {
    expectOnly(`advise "Invite a player to ally with you?" (p: player) = 1\n`, { code: "advice/option", snippet: `"Invite a player to ally with you?"`, mentions: ["say which one"] });
  });

  it("advice/params: the deciding player and what the option names, of its type", () => {
    expectOnly(`advise "Choose the next battlefield" (p: player, c: card) = 1\n`, { code: "advice/params", snippet: "p: player, c: card", mentions: ["(p: player, x: zone)"] });
    expectOnly(`advise "Invite a player to ally with you?" "done" (p: player, q: player) = 1\n`, { code: "advice/params", snippet: "p: player, q: player", mentions: ["(p: player)"] });
  });

  it("type/mismatch: advice is a number", () => {
    expectOnly(`advise "Choose the next battlefield" (p: player, z: zone) = z == none\n`, { code: "type/mismatch", snippet: "z == none", mentions: ["number", "bool"] });
  });

  it("name/duplicate: one option advised twice", () => {
    const once = `advise "Invite a player to ally with you?" "done" (p: player) = 1\n`;
    expectOnly(once + once, { code: "name/duplicate", snippet: `"Invite a player to ally with you?"`, after: once, mentions: ["Invite a player to ally with you?", "twice"] });
  });
});

// ================================================================ scenarios
describe("scenarios", () => {
  it("scenario/unknown-card", () => {
    expectOnly(`scenario "s" {\n  players p1, p2\n  put x = "No Such Card" in p1.hand\n}\n`, { code: "scenario/unknown-card", snippet: `"No Such Card"`, mentions: ["No Such Card"] });
  });

  it("scenario/unscripted-mode", () => {
    expectOnly(`scenario "s" {\n  players p1, p2\n  unscripted sometimes\n}\n`, { code: "scenario/unscripted-mode", snippet: "sometimes", mentions: ["fail", "first"] });
  });

  it(`timing/unknown-point: a scenario's on "..." names no sequence`, () => {
    const text = `scenario "s" {\n  players p1, p2\n  on "before:feast.F" { }\n}\n`;
    const r = compile(text);
    expect(r.diagnostics.map((d) => [d.code, d.severity])).toEqual([["timing/unknown-point", "error"]]);
    expect(r.diagnostics[0]!.message).toContain("before:feast.F");
    expect(r.diagnostics[0]!.range.start).toBe(text.indexOf(`"before:feast.F"`));
  });

  it(`timing/unknown-point: the range of a scenario's on "..." is the string`, () => {
    expectOnly(`scenario "s" {\n  players p1, p2\n  on "before:feast.F" { }\n}\n`, { code: "timing/unknown-point", snippet: `"before:feast.F"`, mentions: ["before:feast.F"] });
  });
  // ("duel.Z") is accepted, and the scenario then waits for a point that never happens.
  it(`timing/unknown-point: a scenario's on "..." names a heading the sequence does not have`, () => {
    const r = compile(`scenario "s" {\n  players p1, p2\n  on "before:duel.Z" { }\n}\n`);
    expect(r.diagnostics.map((d) => d.code)).toEqual(["timing/unknown-point"]);
  });
});
