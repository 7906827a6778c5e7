// The grammar: every construct of the .l5r language parses to the AST shape grammar/ast.ts describes,
// and syntax errors are reported (all of them, where they are) instead of a half-read file.
import { describe, expect, it } from "vitest";
import { parse } from "../../grammar/index.ts";
import type {
  AbilityText,
  CardText,
  Decl,
  Expr,
  SequenceDecl,
  SourceFile,
  Stmt,
  TextElement,
} from "../../grammar/index.ts";
import { LineMap } from "../../compiler/diagnostics.ts";
import { L5rParser } from "../../grammar/parser.ts";

// ---------------------------------------------------------------- helpers
function parseOk(text: string): SourceFile {
  const r = parse(text, "test.l5r");
  expect(r.errors).toEqual([]);
  expect(r.file).not.toBeNull();
  return r.file!;
}

/** The single declaration of a text, checked to be of the given kind. */
function declOf<K extends Decl["kind"]>(text: string, kind: K): Extract<Decl, { kind: K }> {
  const file = parseOk(text);
  expect(file.decls).toHaveLength(1);
  expect(file.decls[0]!.kind).toBe(kind);
  return file.decls[0] as Extract<Decl, { kind: K }>;
}

/** The statements of an effect body. */
function stmtsOf(body: string): Stmt[] {
  return declOf(`effect t() {\n${body}\n}`, "EffectDecl").body;
}

function stmtOf<K extends Stmt["kind"]>(body: string, kind: K): Extract<Stmt, { kind: K }> {
  const list = stmtsOf(body);
  expect(list).toHaveLength(1);
  expect(list[0]!.kind).toBe(kind);
  return list[0] as Extract<Stmt, { kind: K }>;
}

/** The statements of a scenario body. */
function scenarioStmts(body: string): Stmt[] {
  return declOf(`scenario "s" {\n${body}\n}`, "ScenarioDecl").body;
}

/** An expression, as the body of a function. */
function exprOf(src: string): Expr {
  return declOf(`function t(): number = ${src}`, "FunctionDecl").body;
}

function textOf(lines: string): CardText {
  const card = declOf(`card "X" {\n  type Strategy\n  text {\n${lines}\n  }\n}`, "CardDecl");
  expect(card.body.text).not.toBeNull();
  return card.body.text!;
}

/** A compact, readable picture of card-text elements: words, numbers, icons, punctuation, (paren), "quote". */
function show(elements: readonly TextElement[]): string[] {
  return elements.map((e) => {
    switch (e.kind) {
      case "TextWord":
        return e.text;
      case "TextNumber":
        return `#${e.text}`;
      case "TextIcon":
        return `:${e.name}:`;
      case "TextPunct":
        return e.text;
      case "TextParen":
        return `(${e.text})`;
      case "TextColor":
        return `_${e.text}_`;
      case "TextQuoted":
        return `"…"`;
    }
  });
}

function headerOf(a: AbilityText): { groups: string[][]; icons: string[] } | null {
  if (!a.header) return null;
  return { groups: a.header.groups.map((g) => g.map((w) => w.text)), icons: a.header.icons.map((i) => i.name) };
}

/** Sentences of each segment, as word lists. */
function segmentsOf(a: AbilityText): string[][][] {
  return a.segments.map((s) => s.sentences.map((x) => show(x.elements)));
}

const rangeOf = (text: string, snippet: string, from = 0) => {
  const start = text.indexOf(snippet, from);
  expect(start).toBeGreaterThanOrEqual(0);
  return { start, end: start + snippet.length };
};

describe("the grammar itself", () => {
  it("builds with Chevrotain's validations on (no ambiguity, no empty alternative)", () => {
    expect(() => new L5rParser(true, true)).not.toThrow();
  });
});

// ================================================================ declarations
describe("declarations", () => {
  it("rules: the file's title", () => {
    const file = parseOk(`rules "Challenges and Duels"\nrules "Second title"`);
    expect(file.kind).toBe("File");
    expect(file.path).toBe("test.l5r");
    expect(file.title).toBe("Challenges and Duels");
    expect(file.decls.map((d) => d.kind)).toEqual(["RulesDecl", "RulesDecl"]);
    expect(file.decls[1]).toMatchObject({ kind: "RulesDecl", title: "Second title" });
  });

  it("value: a player value with a label and a starting value", () => {
    const text = `value honor "Family Honor" = 0`;
    const d = declOf(text, "ValueDecl");
    expect(d.name).toEqual({ kind: "Name", range: rangeOf(text, "honor"), text: "honor" });
    expect(d.label).toBe("Family Honor");
    expect(d.init).toMatchObject({ kind: "Number", value: 0 });
    expect(d.range).toEqual({ start: 0, end: text.length });
    expect(d.annotations).toEqual([]);
  });

  it("value: a negative starting value", () => {
    const d = declOf(`value debt "Debt" = -3`, "ValueDecl");
    expect(d.init).toMatchObject({ kind: "Unary", op: "-", operand: { kind: "Number", value: 3 } });
  });

  it("stat: with and without a short name", () => {
    const file = parseOk(`stat force "Force" short "F"\nstat chi "Chi"`);
    expect(file.decls[0]).toMatchObject({ kind: "StatDecl", name: { text: "force" }, label: "Force", short: "F" });
    expect(file.decls[1]).toMatchObject({ kind: "StatDecl", name: { text: "chi" }, label: "Chi", short: null });
  });

  it("flag: the yes and no words", () => {
    const d = declOf(`flag bowed "bowed" / "unbowed"`, "FlagDecl");
    expect(d).toMatchObject({ name: { text: "bowed" }, yes: "bowed", no: "unbowed" });
  });

  it("kind: a kind of card type", () => {
    const d = declOf(`kind fate "Fate card"`, "KindDecl");
    expect(d).toMatchObject({ name: { text: "fate" }, label: "Fate card" });
  });

  it("type: `is` kinds and its stats", () => {
    const d = declOf(`type Follower "Followers" is fate, attachment { force honorRequirement goldCost focusValue }`, "TypeDecl");
    expect(d.name.text).toBe("Follower");
    expect(d.plural).toBe("Followers");
    expect(d.kinds.map((k) => k.text)).toEqual(["fate", "attachment"]);
    expect(d.playedFrom).toBeNull();
    expect(d.stats.map((s) => s.text)).toEqual(["force", "honorRequirement", "goldCost", "focusValue"]);
  });

  it("type: `played from` a zone", () => {
    const d = declOf(`type Strategy "Strategies" is fate played from hand { goldCost focusValue }`, "TypeDecl");
    expect(d.kinds.map((k) => k.text)).toEqual(["fate"]);
    expect(d.playedFrom?.text).toBe("hand");
    expect(d.stats.map((s) => s.text)).toEqual(["goldCost", "focusValue"]);
  });

  it("type: no kinds and no stats", () => {
    const d = declOf(`type Stronghold "Strongholds" { }`, "TypeDecl");
    expect(d.kinds).toEqual([]);
    expect(d.playedFrom).toBeNull();
    expect(d.stats).toEqual([]);
  });

  it("zone: per player, hidden, private, ordered", () => {
    const file = parseOk(
      [
        `zone hand "hand" per player private`,
        `zone fateDeck "Fate deck" per player hidden ordered`,
        `zone removed "removed from the game"`,
      ].join("\n"),
    );
    expect(file.decls[0]).toMatchObject({
      kind: "ZoneDecl", name: { text: "hand" }, label: "hand", isArea: false, per: { text: "player" },
      hidden: false, private: true, ordered: false, inPlay: false,
    });
    expect(file.decls[1]).toMatchObject({
      kind: "ZoneDecl", name: { text: "fateDeck" }, label: "Fate deck", isArea: false, per: { text: "player" },
      hidden: true, private: false, ordered: true, inPlay: false,
    });
    expect(file.decls[2]).toMatchObject({
      kind: "ZoneDecl", name: { text: "removed" }, per: null, hidden: false, private: false, ordered: false, inPlay: false,
    });
  });

  it("zone: in play", () => {
    const d = declOf(`zone home "home" per player in play`, "ZoneDecl");
    expect(d).toMatchObject({ isArea: false, per: { text: "player" }, inPlay: true, hidden: false, private: false, ordered: false });
  });

  it("area: an area per card, and one per player private ordered", () => {
    const file = parseOk(`area resolutionArea "resolution area" per card\narea focusPool "focus pool" per player private ordered`);
    expect(file.decls[0]).toMatchObject({ kind: "ZoneDecl", isArea: true, name: { text: "resolutionArea" }, per: { text: "card" }, private: false, ordered: false });
    expect(file.decls[1]).toMatchObject({ kind: "ZoneDecl", isArea: true, name: { text: "focusPool" }, label: "focus pool", per: { text: "player" }, private: true, ordered: true, inPlay: false });
  });

  it("keyword: names and a quoted multi-word keyword", () => {
    const text = `keyword Duelist, Samurai, "Clan Champion"`;
    const d = declOf(text, "KeywordDecl");
    expect(d.names.map((n) => n.text)).toEqual(["Duelist", "Samurai", "Clan Champion"]);
    expect(d.names[0]!.range).toEqual(rangeOf(text, "Duelist"));
    expect(d.names[2]!.range).toEqual(rangeOf(text, `"Clan Champion"`));
  });

  it("timing: a list of timings", () => {
    const d = declOf(`timing Limited, Open, Battle, Reaction`, "TimingDecl");
    expect(d.names.map((n) => n.text)).toEqual(["Limited", "Open", "Battle", "Reaction"]);
  });

  it("clan: a list of clans", () => {
    const d = declOf(`clan Crane, Lion`, "ClanDecl");
    expect(d.names.map((n) => n.text)).toEqual(["Crane", "Lion"]);
  });

  it("adjective: phrases, the parameter and the condition", () => {
    const text = `adjective "enemy" "opposing" (c: card) = c.controller != you`;
    const d = declOf(text, "AdjectiveDecl");
    expect(d.phrases.map((p) => p.text)).toEqual(["enemy", "opposing"]);
    expect(d.phrases[0]).toEqual({ kind: "PhraseText", range: rangeOf(text, `"enemy"`), text: "enemy" });
    expect(d.param).toMatchObject({ kind: "Param", name: { text: "c" }, type: { name: { text: "card" }, nullable: false }, init: null });
    expect(d.body).toMatchObject({
      kind: "Binary", op: "!=",
      left: { kind: "Member", object: { kind: "NameRef", name: "c" }, member: { text: "controller" } },
      right: { kind: "NameRef", name: "you" },
    });
  });

  it("reference: several phrases for one expression", () => {
    const d = declOf(`reference "the loser" "the duel's loser" "the loser of the duel" = loser`, "ReferenceDecl");
    expect(d.phrases.map((p) => p.text)).toEqual(["the loser", "the duel's loser", "the loser of the duel"]);
    expect(d.body).toMatchObject({ kind: "NameRef", name: "loser" });
  });

  it("event: parameters and phrases", () => {
    const d = declOf(`event gainsHonor(p: player, n: number) "{p} gains Honor" "you gain Honor"`, "EventDecl");
    expect(d.name.text).toBe("gainsHonor");
    expect(d.params.map((p) => [p.name.text, p.type.name.text])).toEqual([["p", "player"], ["n", "number"]]);
    expect(d.phrases.map((p) => p.text)).toEqual(["{p} gains Honor", "you gain Honor"]);
  });

  it("event: no phrases", () => {
    const d = declOf(`event ticks()`, "EventDecl");
    expect(d.params).toEqual([]);
    expect(d.phrases).toEqual([]);
  });

  it("function: parameters, result type and body", () => {
    const d = declOf(`function opposite(o: text): text = if o == "win" then "lose" else "win"`, "FunctionDecl");
    expect(d.name.text).toBe("opposite");
    expect(d.params).toHaveLength(1);
    expect(d.params[0]).toMatchObject({ name: { text: "o" }, type: { name: { text: "text" } } });
    expect(d.returnType).toMatchObject({ kind: "TypeRef", name: { text: "text" }, arg: null, nullable: false });
    expect(d.body).toMatchObject({
      kind: "IfExpr",
      condition: { kind: "Binary", op: "==" },
      then: { kind: "String", value: "lose" },
      else: { kind: "String", value: "win" },
    });
  });

  it("function: list and nullable types", () => {
    const d = declOf(`function f(d: duel?, xs: list[list[card]]): card? = none`, "FunctionDecl");
    expect(d.params[0]!.type).toMatchObject({ name: { text: "duel" }, arg: null, nullable: true });
    expect(d.params[1]!.type).toMatchObject({ name: { text: "list" }, arg: { name: { text: "list" }, arg: { name: { text: "card" } } }, nullable: false });
    expect(d.returnType).toMatchObject({ name: { text: "card" }, nullable: true });
  });

  it("param: a rule parameter with its default", () => {
    const d = declOf(`param duelStat(p: card): stat = chi`, "ParamDecl");
    expect(d.name.text).toBe("duelStat");
    expect(d.params.map((p) => p.name.text)).toEqual(["p"]);
    expect(d.type.name.text).toBe("stat");
    expect(d.init).toMatchObject({ kind: "NameRef", name: "chi" });
  });

  it("effect: parameters with defaults, phrases and a body", () => {
    const d = declOf(
      `effect gainHonor(p: player = you, n: number) "{p} gains {n} Honor" "gain {n} Honor" {
        if n > 0 { set p.honor = p.honor + n  emit gainsHonor(p, n) }
      }`,
      "EffectDecl",
    );
    expect(d.name.text).toBe("gainHonor");
    expect(d.costOnly).toBe(false);
    expect(d.payable).toBeNull();
    expect(d.params[0]).toMatchObject({ name: { text: "p" }, type: { name: { text: "player" } }, init: { kind: "NameRef", name: "you" } });
    expect(d.params[1]).toMatchObject({ name: { text: "n" }, init: null });
    expect(d.phrases.map((p) => p.text.text)).toEqual(["{p} gains {n} Honor", "gain {n} Honor"]);
    expect(d.phrases.every((p) => p.kind === "Phrase" && p.settings.length === 0)).toBe(true);
    expect(d.hooks).toEqual([]);
    expect(d.body).toHaveLength(1);
    const ifs = d.body[0]!;
    expect(ifs.kind).toBe("If");
    if (ifs.kind === "If") expect(ifs.then.map((s) => s.kind)).toEqual(["Assign", "Emit"]);
  });

  it("effect: a phrase that sets parameters", () => {
    const d = declOf(
      `effect challengeTo(a: card, b: card, refusable: bool = false, n: number = 0)
        "{a} challenges {b}"
        "{a} challenges {b} who may refuse" (refusable = true)
        "{a} twice challenges {b}" (refusable = true, n = 2)
      { }`,
      "EffectDecl",
    );
    expect(d.phrases).toHaveLength(3);
    expect(d.phrases[0]!.settings).toEqual([]);
    expect(d.phrases[1]!.text.text).toBe("{a} challenges {b} who may refuse");
    expect(d.phrases[1]!.settings).toHaveLength(1);
    expect(d.phrases[1]!.settings[0]).toMatchObject({ kind: "Setting", name: { text: "refusable" }, value: { kind: "Bool", value: true } });
    expect(d.phrases[2]!.settings.map((s) => s.name.text)).toEqual(["refusable", "n"]);
    expect(d.phrases[2]!.settings[1]!.value).toMatchObject({ kind: "Number", value: 2 });
    expect(d.body).toEqual([]);
  });

  it("effect: a phrase that names a target for a card parameter", () => {
    const d = declOf(`effect rangedAttack(c: card, n: number) "Ranged {n} Attack" (c = target "a Follower in the enemy army") { }`, "EffectDecl");
    expect(d.phrases[0]!.settings[0]).toMatchObject({ kind: "Setting", name: { text: "c" }, value: null, target: { kind: "PhraseText", text: "a Follower in the enemy army" } });
    // `target` is still a name where a name is expected
    const f = declOf(`function f(target: card): card = target`, "FunctionDecl");
    expect(f.params[0]!.name.text).toBe("target");
  });

  it("effect: hooks with and without lead phrases, before the statements", () => {
    const d = declOf(
      `effect challengeTo(a: card, b: card) "{a} challenges {b}" {
        hook refused() "if he refuses" "if he does"
        hook lose(loser: card, duel: duel)
        let c = challenge(a, b, refused: refused)
      }`,
      "EffectDecl",
    );
    expect(d.hooks).toHaveLength(2);
    expect(d.hooks[0]).toMatchObject({ kind: "HookDecl", name: { text: "refused" }, params: [] });
    expect(d.hooks[0]!.leads.map((l) => l.text)).toEqual(["if he refuses", "if he does"]);
    expect(d.hooks[1]!.name.text).toBe("lose");
    expect(d.hooks[1]!.params.map((p) => [p.name.text, p.type.name.text])).toEqual([["loser", "card"], ["duel", "duel"]]);
    expect(d.hooks[1]!.leads).toEqual([]);
    expect(d.body.map((s) => s.kind)).toEqual(["Let"]);
  });

  it("cost effect: cost-only with a payable condition", () => {
    const d = declOf(`cost effect payGold(n: number) "pay {n} Gold" payable you.gold >= n { }`, "EffectDecl");
    expect(d.costOnly).toBe(true);
    expect(d.name.text).toBe("payGold");
    expect(d.phrases.map((p) => p.text.text)).toEqual(["pay {n} Gold"]);
    expect(d.payable).toMatchObject({
      kind: "Binary", op: ">=",
      left: { kind: "Member", object: { kind: "NameRef", name: "you" }, member: { text: "gold" } },
      right: { kind: "NameRef", name: "n" },
    });
  });

  it("effect: payable without `cost`", () => {
    const d = declOf(`effect e() payable true { }`, "EffectDecl");
    expect(d.costOnly).toBe(false);
    expect(d.payable).toMatchObject({ kind: "Bool", value: true });
  });

  describe("sequence", () => {
    const text = `sequence duel "Duels" (challenger: card, challenged: card, stat: stat?) {
  hook lose(loser: card, duel: duel)
  state winners: list[card] = []
  state decided: bool = false
  abort when leavesPlay(c) if (c == challenger or c == challenged) and not decided
  abort when endsTurn()
  heading A "The duel begins" {
    emit entersDuel(challenger)
  }
  heading "A heading without a letter" { }
  heading 3 "A numbered heading" { }
  @changed 2008-03-06 "order changed"
  always heading J "Duel resolution ends" {
    @added 2007-07-24
    clause "Discard all cards in focusing areas." {
      stop
    }
  }
}`;
    const seq = (): SequenceDecl => declOf(text, "SequenceDecl");

    it("name, title and parameters (soft keywords as names and types)", () => {
      const d = seq();
      expect(d.name.text).toBe("duel");
      expect(d.title).toBe("Duels");
      expect(d.params.map((p) => p.name.text)).toEqual(["challenger", "challenged", "stat"]);
      expect(d.params[2]!.type).toMatchObject({ name: { text: "stat" }, nullable: true });
    });

    it("hooks", () => {
      const d = seq();
      expect(d.hooks).toHaveLength(1);
      expect(d.hooks[0]).toMatchObject({ kind: "HookDecl", name: { text: "lose" }, leads: [], annotations: [] });
      expect(d.hooks[0]!.params.map((p) => p.name.text)).toEqual(["loser", "duel"]);
    });

    it("state", () => {
      const d = seq();
      expect(d.states).toHaveLength(2);
      expect(d.states[0]).toMatchObject({
        kind: "StateDecl", name: { text: "winners" },
        type: { name: { text: "list" }, arg: { name: { text: "card" } } },
        init: { kind: "List", items: [] },
      });
      expect(d.states[1]).toMatchObject({ name: { text: "decided" }, type: { name: { text: "bool" } }, init: { kind: "Bool", value: false } });
    });

    it("abort when, with and without a condition", () => {
      const d = seq();
      expect(d.aborts).toHaveLength(2);
      expect(d.aborts[0]).toMatchObject({
        kind: "AbortDecl",
        event: { text: "leavesPlay" },
        condition: {
          kind: "Binary", op: "and",
          left: { kind: "Binary", op: "or" },
          right: { kind: "Unary", op: "not", operand: { kind: "NameRef", name: "decided" } },
        },
      });
      expect(d.aborts[0]!.binders.map((b) => b.text)).toEqual(["c"]);
      expect(d.aborts[1]).toMatchObject({ event: { text: "endsTurn" }, binders: [], condition: null });
    });

    it("headings: lettered, unlettered, numbered and always, in order", () => {
      const d = seq();
      expect(d.headings.map((h) => [h.label?.text ?? null, h.title.text, h.always])).toEqual([
        ["A", "The duel begins", false],
        [null, "A heading without a letter", false],
        ["3", "A numbered heading", false],
        ["J", "Duel resolution ends", true],
      ]);
      expect(d.headings[0]!.kind).toBe("HeadingDecl");
      expect(d.headings[0]!.body).toMatchObject([{ kind: "Emit", event: { text: "entersDuel" } }]);
      expect(d.headings[1]!.body).toEqual([]);
    });

    it("a clause inside a heading", () => {
      const j = seq().headings[3]!;
      expect(j.body).toHaveLength(1);
      expect(j.body[0]).toMatchObject({ kind: "Clause", title: { text: "Discard all cards in focusing areas." }, body: [{ kind: "Stop" }] });
    });
  });

  it("ability kind: lead phrase, parameters and where it is used from", () => {
    const file = parseOk(
      `ability focusEffect "As a Focus Effect" (duel: duel) from focusingArea
ability insteadOfFocusing "Instead of focusing" (duel: duel) from hand, play
ability anywhere "Whenever" "Each time" () measures produce`,
    );
    expect(file.decls[0]).toMatchObject({ kind: "AbilityKindDecl", name: { text: "focusEffect" }, leads: [{ text: "As a Focus Effect" }], measures: null });
    const [a, b, c] = file.decls as Extract<Decl, { kind: "AbilityKindDecl" }>[];
    expect(a!.params.map((p) => [p.name.text, p.type.name.text])).toEqual([["duel", "duel"]]);
    expect(a!.from.map((f) => f.text)).toEqual(["focusingArea"]);
    expect(b!.from.map((f) => f.text)).toEqual(["hand", "play"]);
    expect(c!.params).toEqual([]);
    expect(c!.from).toEqual([]);
    expect(c!.leads.map((l) => l.text)).toEqual(["Whenever", "Each time"]);
    expect(c!.measures?.text).toBe("produce");
  });

  it("later: phrases and the sequence it waits for", () => {
    const d = declOf(`later "after this duel ends" "after it ends" = end of duel`, "LaterDecl");
    expect(d.phrases.map((p) => p.text)).toEqual(["after this duel ends", "after it ends"]);
    expect(d.sequence?.text).toBe("duel");
    expect(d.onceEvent).toBeNull();
  });

  it("later: the event it waits for, once, with its arguments", () => {
    const d = declOf(`later "before your turn ends" = once turnEnds(you)`, "LaterDecl");
    expect(d.phrases.map((p) => p.text)).toEqual(["before your turn ends"]);
    expect(d.sequence).toBeNull();
    expect(d.onceEvent?.event.text).toBe("turnEnds");
    expect(d.onceEvent?.args.length).toBe(1);
  });

  it("entry: an entry point and its effect", () => {
    const d = declOf(`entry actions = takeAction`, "EntryDecl");
    expect(d.name.text).toBe("actions");
    expect(d.target.text).toBe("takeAction");
  });

  it("card: type, clan, stats, keywords and text", () => {
    const text = `card "Kakita Steelheart" {
  type Personality
  clan Crane
  force 2
  chi 4
  keywords Duelist, Samurai, "Clan Champion"
  text {
    This Personality wins tied duels.
  }
}`;
    const d = declOf(text, "CardDecl");
    expect(d.title).toEqual({ kind: "PhraseText", range: rangeOf(text, `"Kakita Steelheart"`), text: "Kakita Steelheart" });
    expect(d.body.kind).toBe("CardBody");
    expect(d.body.type?.text).toBe("Personality");
    expect(d.body.clans.map((c) => c.text)).toEqual(["Crane"]);
    expect(d.body.stats.map((s) => [s.name.text, s.value, s.signed])).toEqual([["force", 2, false], ["chi", 4, false]]);
    expect(d.body.stats[0]!.kind).toBe("CardStat");
    expect(d.body.keywords.map((k) => k.text)).toEqual(["Duelist", "Samurai", "Clan Champion"]);
    expect(d.body.text?.kind).toBe("CardText");
    expect(d.body.text!.abilities).toHaveLength(1);
    expect(segmentsOf(d.body.text!.abilities[0]!)).toEqual([[["This", "Personality", "wins", "tied", "duels"]]]);
  });

  it("card: signed stats (a Follower's bonus)", () => {
    const d = declOf(`card "Bonus" { type Follower force +2 chi -1 goldCost 3 }`, "CardDecl");
    expect(d.body.stats.map((s) => [s.name.text, s.value, s.signed])).toEqual([
      ["force", 2, true],
      ["chi", -1, true],
      ["goldCost", 3, false],
    ]);
    expect(d.body.clans).toEqual([]);
    expect(d.body.keywords).toEqual([]);
    expect(d.body.text).toBeNull();
  });

  it("icon: an icon and the phrase it stands for; a keyword with the text it gives", () => {
    const file = parseOk(`icon ":g{n}:" "pay {n} Gold"\nkeyword Expendable text {\n  After this card is destroyed, draw a card.\n}`);
    expect(file.decls[0]).toMatchObject({ kind: "IconDecl", icon: { text: ":g{n}:" }, phrase: { text: "pay {n} Gold" } });
    const k = file.decls[1] as Extract<Decl, { kind: "KeywordDecl" }>;
    expect(k.names.map((n) => n.text)).toEqual(["Expendable"]);
    expect(k.text!.abilities).toHaveLength(1);
  });

  it("card: an empty body", () => {
    const d = declOf(`card "Blank" { }`, "CardDecl");
    expect(d.body).toMatchObject({ type: null, clans: [], stats: [], keywords: [], traits: [], text: null });
  });

  it("card: stats printed '-' (none), '*' (set by text) and '+*', several clans, keywords apart from traits", () => {
    const text = `card "Real" {
  type Personality
  clan Scorpion, "Toturi's Army"
  force +*
  honorRequirement -
  goldCost *
  chi -1
  keywords Unique, "Experienced 2"
  traits Courtier, "Scorpion Clan"
}`;
    const d = declOf(text, "CardDecl");
    expect(d.body.clans.map((c) => c.text)).toEqual(["Scorpion", "Toturi's Army"]);
    expect(d.body.clans[1]!.range).toEqual(rangeOf(text, `"Toturi's Army"`));
    expect(d.body.stats.map((s) => [s.name.text, s.value, s.signed, s.printed])).toEqual([
      ["force", 0, true, "star"],
      ["honorRequirement", 0, false, "none"],
      ["goldCost", 0, false, "star"],
      ["chi", -1, true, "number"],
    ]);
    expect(d.body.stats[1]!.range).toEqual(rangeOf(text, "honorRequirement -"));
    expect(d.body.keywords.map((k) => k.text)).toEqual(["Unique", "Experienced 2"]);
    expect(d.body.traits.map((t) => t.text)).toEqual(["Courtier", "Scorpion Clan"]);
    expect(d.body.traits[1]!.range).toEqual(rangeOf(text, `"Scorpion Clan"`));
  });

  it("scenario: a title and statements", () => {
    const d = declOf(`scenario "duel H: a tie makes both lose" {\n  players p1, p2\n  expect true\n}`, "ScenarioDecl");
    expect(d.title.text).toBe("duel H: a tie makes both lose");
    expect(d.body.map((s) => s.kind)).toEqual(["Players", "Expect"]);
    expect(d.seed).toBeNull();
  });

  it("scenario: a seed after the title", () => {
    const d = declOf(`scenario "seeded" seed 42 {
  players p1, p2
}`, "ScenarioDecl");
    expect(d.seed).toBe(42);
    expect(d.body.map((s) => s.kind)).toEqual(["Players"]);
  });

  it("every declaration's range covers it, and several declarations keep source order", () => {
    const text = `stat force "Force"\n\n// a comment\n/* a block\n comment */ flag bowed "bowed" / "unbowed"`;
    const file = parseOk(text);
    expect(file.decls.map((d) => d.kind)).toEqual(["StatDecl", "FlagDecl"]);
    expect(file.decls[0]!.range).toEqual(rangeOf(text, `stat force "Force"`));
    expect(file.decls[1]!.range).toEqual(rangeOf(text, `flag bowed "bowed" / "unbowed"`));
    expect(file.range).toEqual({ start: 0, end: text.length });
  });
});

// ================================================================ annotations
describe("whole-game declarations", () => {
  it("event: `before` marks an event announced before what it names", () => {
    const d = declOf(`event losingHonor(p: player, loss: honorLoss) before "{p} loses Honor" "{p} lose Honor"`, "EventDecl");
    expect(d.before).toBe(true);
    expect(d.phrases.map((p) => p.text)).toEqual(["{p} loses Honor", "{p} lose Honor"]);
    expect(declOf(`event e(c: card) "{c} bows"`, "EventDecl").before).toBe(false);
  });

  it("pronoun: words and the card types or kinds they stand for", () => {
    const d = declOf(`pronoun "he" "him" for Personality, attachment`, "PronounDecl");
    expect(d.words.map((w) => w.text)).toEqual(["he", "him"]);
    expect(d.types.map((t) => t.text)).toEqual(["Personality", "attachment"]);
  });

  it("condition: phrases, parameters and a filter", () => {
    const d = declOf(`condition "you have {n} Honor" "if you have {n} Honor" (n: number) = you.honor >= n`, "ConditionDecl");
    expect(d.phrases.map((p) => p.text)).toEqual(["you have {n} Honor", "if you have {n} Honor"]);
    expect(d.params.map((p) => p.name.text)).toEqual(["n"]);
    expect(d.filter).toMatchObject({ kind: "Binary", op: ">=" });
    expect(d.domain).toBeNull();
  });

  it("condition: a domain of cards instead of a filter", () => {
    const d = declOf(`condition "performed by {c}" (c: card) domain targetsOf(loss.cause)`, "ConditionDecl");
    expect(d.filter).toBeNull();
    expect(d.domain).toMatchObject({ kind: "Call", callee: { name: "targetsOf" } });
  });

  it("qualifier: a filter, or a domain", () => {
    const f = declOf(`qualifier "with {s} of {n} or higher" (c: card, s: stat, n: number) = statOf(c, s) >= n`, "QualifierDecl");
    expect(f.filter).toMatchObject({ kind: "Binary", op: ">=" });
    expect(f.domain).toBeNull();
    const d = declOf(`qualifier "from your hand" (c: card) domain cardsIn(you.hand)`, "QualifierDecl");
    expect(d.filter).toBeNull();
    expect(d.domain).toMatchObject({ kind: "Call" });
  });

  it("search: a phrase, its card and where it looks", () => {
    const d = declOf(`search "search your deck for {c}" (c: card) in cardsIn(you.dynastyDeck)`, "SearchDecl");
    expect(d.phrases.map((p) => p.text)).toEqual(["search your deck for {c}"]);
    expect(d.domain).toMatchObject({ kind: "Call", callee: { name: "cardsIn" } });
  });

  it("statrule: how a stat is worked out from its raw value", () => {
    const d = declOf(`statrule force(c: card, raw: number): number = max(0, raw)`, "StatruleDecl");
    expect(d.name.text).toBe("force");
    expect(d.params.map((p) => p.name.text)).toEqual(["c", "raw"]);
  });

  it("advise: a decision's prompt, the option's label (none for the items of a list), the player and what the option names", () => {
    const d = declOf(`advise "Declare an attack?" "yes" (p: player) = 2 * p.honor - 1`, "AdviceDecl");
    expect([d.prompt.text, d.label?.text]).toEqual(["Declare an attack?", "yes"]);
    expect(d.params.map((p) => p.name.text)).toEqual(["p"]);
    expect(d.body).toMatchObject({ kind: "Binary", op: "-" });
    const items = declOf(`advise "Discard a card" (p: player, c: card) = 0 - c.goldCost`, "AdviceDecl");
    expect(items.label).toBeNull();
    expect(items.params.map((p) => p.type.name.text)).toEqual(["player", "card"]);
  });

  it("deck: parts named by zones, each with copies and titles", () => {
    const d = declOf(`deck "Crane" {\n  home { 1 "Kyuden Kakita" }\n  dynastyDeck { 3 "A", 1 "B" }\n  fateDeck { }\n}`, "DeckDecl");
    expect(d.title.text).toBe("Crane");
    expect(d.parts.map((p) => p.zone.text)).toEqual(["home", "dynastyDeck", "fateDeck"]);
    expect(d.parts[1]!.entries.map((e) => [e.copies, e.title.text])).toEqual([[3, "A"], [1, "B"]]);
    expect(d.parts[2]!.entries).toEqual([]);
  });

  it("zone: many per owner, with values; a zone per another zone", () => {
    const file = parseOk(`zone province "province" per player many ordered { strength }\nzone regions "Regions" per province in play`);
    expect(file.decls[0]).toMatchObject({ kind: "ZoneDecl", many: true, ordered: true, values: [{ text: "strength" }] });
    expect(file.decls[1]).toMatchObject({ kind: "ZoneDecl", per: { text: "province" }, inPlay: true });
  });

  it("type: traits as an ability kind", () => {
    const d = declOf(`type Event "Events" is dynasty traits as eventEffect { }`, "TypeDecl");
    expect(d.traitsAs?.text).toBe("eventEffect");
  });

  it("value: a minimum the value may not go below", () => {
    expect(declOf(`value favor "the Favor" = 0 minimum 0`, "ValueDecl").minimum).toBe(0);
    expect(declOf(`value honor "Family Honor" = 0`, "ValueDecl").minimum).toBeNull();
  });

  it("cached function", () => {
    expect(declOf(`cached function gold(p: player): number = 1`, "FunctionDecl").cached).toBe(true);
    expect(declOf(`function gold(p: player): number = 1`, "FunctionDecl").cached).toBe(false);
  });

  it("param: summed", () => {
    expect(declOf(`param adj(p: player): number = 0 summed`, "ParamDecl").summed).toBe(true);
  });
});

describe("whole-game statements", () => {
  it("declare winner and declare draw", () => {
    const [w, d] = stmtsOf(`declare winner p "Honor"\ndeclare draw "turn cap"`);
    expect(w).toMatchObject({ kind: "Declare" });
    expect(d).toMatchObject({ kind: "Declare" });
  });

  it("eliminate, refuse, shuffle, remember", () => {
    expect(stmtsOf(`eliminate p "Dishonor"\nrefuse "too few cards"\nshuffle p.fateDeck\nremember "x"`).map((s) => s.kind)).toEqual(["Eliminate", "Refuse", "Shuffle", "Remember"]);
  });

  it("attach and detach", () => {
    expect(stmtsOf(`attach a to c\ndetach a`).map((s) => s.kind)).toEqual(["Attach", "Detach"]);
  });

  it("break out of a loop, and set active", () => {
    expect(stmtsOf(`while true {\n  break\n}\nset active = p`).map((s) => s.kind)).toEqual(["While", "Assign"]);
  });

  it("a window with its allow rules", () => {
    const s = stmtOf(`window from p {\n  allow Limited, Open if player == p\n  allow Open\n}`, "Window");
    expect(s.rules).toHaveLength(2);
    expect(s.once).toBe(false);
  });

  it("a window of one opportunity, with a rule on the card", () => {
    const s = stmtOf(`window from p once {\n  allow Battle if card == c\n}`, "Window");
    expect(s.once).toBe(true);
    expect(s.rules[0]!.condition).toMatchObject({ kind: "Binary", left: { kind: "NameRef", name: "card" } });
  });

  it("scenario result: a winner with a victory, a draw, a refused deck", () => {
    const [w, d, r] = scenarioStmts(`result winner p1 "Honor"\nresult draw "turn cap"\nresult refused "Samurai 40/40"`);
    expect(w).toMatchObject({ kind: "Result", how: "winner", player: { kind: "NameRef", name: "p1" }, text: { text: "Honor" } });
    expect(d).toMatchObject({ kind: "Result", how: "draw", player: null, text: { text: "turn cap" } });
    expect(r).toMatchObject({ kind: "Result", how: "refused", text: { text: "Samurai 40/40" } });
  });

  it("`result` is still a name where no result statement follows", () => {
    const [s] = stmtsOf(`result = 3`);
    expect(s).toMatchObject({ kind: "Assign" });
  });
});

describe("whole-game expressions", () => {
  it("random from, new ... for, all ... of, current, remembered", () => {
    expect(exprOf(`random from xs`)).toMatchObject({ kind: "Random" });
    expect(exprOf(`new province for p`)).toMatchObject({ kind: "NewZone" });
    expect(exprOf(`all province of p`)).toMatchObject({ kind: "AllZones" });
    expect(exprOf(`current duel`)).toMatchObject({ kind: "Current", optional: false });
    expect(exprOf(`current battle?`)).toMatchObject({ kind: "Current", optional: true });
    expect(exprOf(`remembered "x"`)).toMatchObject({ kind: "Remembered" });
  });
});

describe("annotations", () => {
  it("on a declaration: @added with a date, @changed with a date and a note", () => {
    const text = `@added 2007-07-24\n@changed 2008-03-06 "order changed"\nstat force "Force"`;
    const d = declOf(text, "StatDecl");
    expect(d.annotations).toHaveLength(2);
    expect(d.annotations[0]).toEqual({
      kind: "Annotation",
      range: rangeOf(text, "@added 2007-07-24"),
      name: { kind: "Name", range: rangeOf(text, "added"), text: "added" },
      date: "2007-07-24",
      note: null,
      former: null,
    });
    expect(d.annotations[1]).toMatchObject({ name: { text: "changed" }, date: "2008-03-06", note: "order changed" });
    // The declaration's range starts at its first annotation.
    expect(d.range.start).toBe(0);
  });

  it("@clarified with a note only", () => {
    const d = declOf(`@clarified "see the FAQ"\nflag bowed "bowed" / "unbowed"`, "FlagDecl");
    expect(d.annotations).toEqual([expect.objectContaining({ name: expect.objectContaining({ text: "clarified" }), date: null, note: "see the FAQ" })]);
  });

  it("on a heading and on a clause", () => {
    const d = declOf(
      `sequence s "S" () {
  @changed 2008-03-06 "order changed"
  @changed 2008-05-29 "separated"
  always heading J "Ends" {
    @added 2007-09-13
    clause "Still carried out." { }
  }
  heading K "No annotations" { }
}`,
      "SequenceDecl",
    );
    const [j, k] = d.headings;
    expect(j!.annotations.map((a) => [a.name.text, a.date, a.note])).toEqual([
      ["changed", "2008-03-06", "order changed"],
      ["changed", "2008-05-29", "separated"],
    ]);
    expect(j!.body[0]).toMatchObject({ kind: "Clause", annotations: [{ name: { text: "added" }, date: "2007-09-13", note: null }] });
    expect(k!.annotations).toEqual([]);
  });

  it("on a hook, a state and an abort in a sequence", () => {
    const d = declOf(
      `sequence s "S" () {
  @added 2001-01-01
  hook h()
  @added 2002-02-02
  state x: number = 0
  @added 2003-03-03
  abort when e()
}`,
      "SequenceDecl",
    );
    expect(d.hooks[0]!.annotations[0]!.date).toBe("2001-01-01");
    expect(d.states[0]!.annotations[0]!.date).toBe("2002-02-02");
    expect(d.aborts[0]!.annotations[0]!.date).toBe("2003-03-03");
  });
});

// ================================================================ statements
describe("statements", () => {
  it("let without a type", () => {
    const s = stmtOf(`let x = 1`, "Let");
    expect(s).toMatchObject({ name: { text: "x" }, type: null, init: { kind: "Number", value: 1 }, annotations: [] });
  });

  it("let with a type", () => {
    const s = stmtOf(`let done: list[card] = []`, "Let");
    expect(s.name.text).toBe("done");
    expect(s.type).toMatchObject({ kind: "TypeRef", name: { text: "list" }, arg: { name: { text: "card" } }, nullable: false });
    expect(s.init).toMatchObject({ kind: "List", items: [] });
  });

  it("set", () => {
    const s = stmtOf(`set c.bowed = true`, "Assign");
    expect(s.target).toMatchObject({ kind: "Member", object: { kind: "NameRef", name: "c" }, member: { text: "bowed" } });
    expect(s.value).toMatchObject({ kind: "Bool", value: true });
  });

  it("assignment without set", () => {
    const s = stmtOf(`chooser = otherDuellist(self, chooser)`, "Assign");
    expect(s.target).toMatchObject({ kind: "NameRef", name: "chooser" });
    expect(s.value).toMatchObject({ kind: "Call", callee: { kind: "NameRef", name: "otherDuellist" } });
  });

  it("if / else if / else", () => {
    const s = stmtOf(`if a > b { x = 1 } else if b > a { x = 2 } else { x = 3  y = 4 }`, "If");
    expect(s.condition).toMatchObject({ kind: "Binary", op: ">" });
    expect(s.then.map((t) => t.kind)).toEqual(["Assign"]);
    expect(s.else).toHaveLength(1);
    const elseIf = s.else![0]!;
    expect(elseIf.kind).toBe("If");
    if (elseIf.kind !== "If") return;
    expect(elseIf.condition).toMatchObject({ kind: "Binary", op: ">", left: { name: "b" } });
    expect(elseIf.else?.map((t) => t.kind)).toEqual(["Assign", "Assign"]);
  });

  it("if without else", () => {
    expect(stmtOf(`if done { }`, "If")).toMatchObject({ condition: { kind: "NameRef", name: "done" }, then: [], else: null });
  });

  it("for", () => {
    const s = stmtOf(`for p in [challengerPlayer, challengedPlayer] { create p.focusPool }`, "For");
    expect(s.binder.text).toBe("p");
    expect(s.source).toMatchObject({ kind: "List", items: [{ name: "challengerPlayer" }, { name: "challengedPlayer" }] });
    expect(s.orderedBy).toBeNull();
    expect(s.body.map((b) => b.kind)).toEqual(["Create"]);
  });

  it("for ... ordered by", () => {
    const s = stmtOf(`for c in p.focusPool ordered by p { }`, "For");
    expect(s.source).toMatchObject({ kind: "Member", member: { text: "focusPool" } });
    expect(s.orderedBy).toMatchObject({ kind: "NameRef", name: "p" });
    expect(s.orderPrompt).toBeNull();
  });

  it("for ... ordered by with its prompt", () => {
    const s = stmtOf(`for c in losers ordered by active "Choose whose losing consequences apply next" { }`, "For");
    expect(s.orderedBy).toMatchObject({ kind: "NameRef", name: "active" });
    expect(s.orderPrompt).toMatchObject({ text: "Choose whose losing consequences apply next" });
  });

  it("while", () => {
    const s = stmtOf(`while struck == none { stop }`, "While");
    expect(s.condition).toMatchObject({ kind: "Binary", op: "==", right: { kind: "None" } });
    expect(s.body.map((b) => b.kind)).toEqual(["Stop"]);
  });

  it("repeat", () => {
    const s = stmtOf(`repeat n { draw(p) }`, "Repeat");
    expect(s.count).toMatchObject({ kind: "NameRef", name: "n" });
    expect(s.body.map((b) => b.kind)).toEqual(["ExprStmt"]);
  });

  it("return and stop", () => {
    expect(stmtsOf(`return\nstop`).map((s) => s.kind)).toEqual(["Return", "Stop"]);
  });

  it("abort", () => {
    expect(stmtOf(`abort d`, "Abort").frame).toMatchObject({ kind: "NameRef", name: "d" });
  });

  it("emit", () => {
    const s = stmtOf(`emit gainsHonor(p, n)`, "Emit");
    expect(s.event.text).toBe("gainsHonor");
    expect(s.args.map((a) => [a.kind, a.name, (a.value as { name: string }).name])).toEqual([["Argument", null, "p"], ["Argument", null, "n"]]);
    expect(stmtOf(`emit ticks()`, "Emit").args).toEqual([]);
  });

  it("run", () => {
    const s = stmtOf(`run lose(c, self)`, "Run");
    expect(s.call).toMatchObject({ kind: "Call", callee: { kind: "NameRef", name: "lose" }, args: [{ value: { name: "c" } }, { value: { name: "self" } }] });
  });

  it("move with top of / bottom of and face up / face down", () => {
    const [a, b, c, d] = stmtsOf(
      `move c to top of p.fateDeck face down
move c to bottom of p.fateDeck face up
move c to p.hand
move u.card to u.card.resolutionArea face up`,
    );
    expect(a).toMatchObject({ kind: "Move", card: { name: "c" }, destination: { kind: "Member", member: { text: "fateDeck" } }, position: "top", facing: "down" });
    expect(b).toMatchObject({ kind: "Move", position: "bottom", facing: "up" });
    expect(c).toMatchObject({ kind: "Move", destination: { kind: "Member", member: { text: "hand" } }, position: null, facing: null });
    expect(d).toMatchObject({ kind: "Move", card: { kind: "Member", member: { text: "card" } }, position: null, facing: "up" });
  });

  it("create and cease", () => {
    const [a, b] = stmtsOf(`create p.focusPool\ncease u.card.resolutionArea`);
    expect(a).toMatchObject({ kind: "Create", zone: { kind: "Member", member: { text: "focusPool" } } });
    expect(b).toMatchObject({ kind: "Cease", zone: { kind: "Member", object: { kind: "Member", member: { text: "card" } }, member: { text: "resolutionArea" } } });
  });

  it("modify, with and without until", () => {
    const [a, b] = stmtsOf(`modify c.force by 2 until end of d\nmodify c by bonus`);
    expect(a).toMatchObject({ kind: "Modify", target: { kind: "Member", member: { text: "force" } }, amount: { kind: "Number", value: 2 }, until: { kind: "NameRef", name: "d" } });
    expect(b).toMatchObject({ kind: "Modify", target: { kind: "NameRef", name: "c" }, amount: { kind: "NameRef", name: "bonus" }, until: null });
  });

  it("end modifiers", () => {
    const s = stmtOf(`end modifiers focusValue of c`, "EndModifiers");
    expect(s.stat.text).toBe("focusValue");
    expect(s.card).toMatchObject({ kind: "NameRef", name: "c" });
  });

  it("override with `any` and until", () => {
    const [a, b] = stmtsOf(`override duelStat(any) = stat until end of self\noverride winsTiedDuels(c, any) = true`);
    expect(a).toMatchObject({ kind: "Override", param: { text: "duelStat" }, args: [null], value: { kind: "NameRef", name: "stat" }, until: { kind: "NameRef", name: "self" } });
    expect(b).toMatchObject({ kind: "Override", param: { text: "winsTiedDuels" }, until: null, value: { kind: "Bool", value: true } });
    if (b?.kind === "Override") {
      expect(b.args).toHaveLength(2);
      expect(b.args[0]).toMatchObject({ kind: "NameRef", name: "c" });
      expect(b.args[1]).toBeNull();
    }
  });

  it("add and remove", () => {
    const [a, b] = stmtsOf(`add chooser to handFocused\nremove c from d.losers`);
    expect(a).toMatchObject({ kind: "Add", item: { name: "chooser" }, list: { name: "handFocused" } });
    expect(b).toMatchObject({ kind: "Remove", item: { name: "c" }, list: { kind: "Member", member: { text: "losers" } } });
  });

  it("resolve", () => {
    expect(stmtOf(`resolve u`, "Resolve").use).toMatchObject({ kind: "NameRef", name: "u" });
  });

  it("clause", () => {
    const s = stmtOf(`clause "1. Apply any consequences." { for c in losers { } }`, "Clause");
    expect(s.title.text).toBe("1. Apply any consequences.");
    expect(s.body.map((b) => b.kind)).toEqual(["For"]);
  });

  it("choose with options: label only, binder + source, binder + source + if", () => {
    const s = stmtOf(
      `choose chooser "Focus or strike?" {
  "strike" { set struck = chooser }
  "focus" c in chooser.focusPool { focusCard(chooser, c, self) }
  "focus from hand" c in chooser.hand if count(handFocused) < 1 { add chooser to handFocused }
}`,
      "Choose",
    );
    expect(s.player).toMatchObject({ kind: "NameRef", name: "chooser" });
    expect(s.prompt.text).toBe("Focus or strike?");
    expect(s.options).toHaveLength(3);
    expect(s.options[0]).toMatchObject({ kind: "ChooseOption", label: { text: "strike" }, binder: null, source: null, filter: null });
    expect(s.options[0]!.body.map((b) => b.kind)).toEqual(["Assign"]);
    expect(s.options[1]).toMatchObject({ label: { text: "focus" }, binder: { text: "c" }, source: { kind: "Member", member: { text: "focusPool" } }, filter: null });
    expect(s.options[2]).toMatchObject({
      label: { text: "focus from hand" }, binder: { text: "c" }, source: { kind: "Member", member: { text: "hand" } },
      filter: { kind: "Binary", op: "<", left: { kind: "Call" } },
    });
    expect(s.options[2]!.body.map((b) => b.kind)).toEqual(["Add"]);
  });

  it("choose with an option over uses of an ability kind", () => {
    const s = stmtOf(`choose p "Act?" { "instead of focusing" u in uses insteadOfFocusing for p (duel: self) { resolve u } }`, "Choose");
    expect(s.options[0]).toMatchObject({ binder: { text: "u" }, source: { kind: "Uses", abilityKind: { text: "insteadOfFocusing" }, bindings: [{ name: { text: "duel" } }] } });
  });

  it("at end of", () => {
    const s = stmtOf(`at end of d { gainHonor(p, 1) }`, "AtEnd");
    expect(s.frame).toMatchObject({ kind: "NameRef", name: "d" });
    expect(s.body.map((b) => b.kind)).toEqual(["ExprStmt"]);
  });

  it("an effect call as a statement, with a named hook argument", () => {
    const s = stmtOf(`challengeTo(a, b, lose: do (x: card) { bow(x) })`, "ExprStmt");
    expect(s.expr).toMatchObject({ kind: "Call", callee: { name: "challengeTo" } });
    if (s.expr.kind !== "Call") return;
    expect(s.expr.args.map((a) => a.name?.text ?? null)).toEqual([null, null, "lose"]);
    expect(s.expr.args[2]!.value).toMatchObject({ kind: "Closure", params: [{ name: { text: "x" }, type: { name: { text: "card" } } }] });
  });

  it("an annotation on a statement", () => {
    const s = stmtOf(`@added 2007-07-24\nset revealed = true`, "Assign");
    expect(s.annotations).toMatchObject([{ name: { text: "added" }, date: "2007-07-24" }]);
  });

  it("statement ranges cover the statement", () => {
    const text = `effect t() {\n  move c to top of p.fateDeck face down\n}`;
    const s = declOf(text, "EffectDecl").body[0]!;
    expect(s.range).toEqual(rangeOf(text, "move c to top of p.fateDeck face down"));
  });

  describe("scenario statements", () => {
    it("players", () => {
      const [s] = scenarioStmts(`players p1, p2, p3`);
      expect(s).toMatchObject({ kind: "Players" });
      if (s?.kind === "Players") expect(s.names.map((n) => n.text)).toEqual(["p1", "p2", "p3"]);
    });

    it("put a card by title", () => {
      const [s] = scenarioStmts(`put s = "Sanctioned Duel" in p1.hand`);
      expect(s).toMatchObject({
        kind: "Put", binder: { text: "s" }, copies: 1, title: { text: "Sanctioned Duel" },
        adhocType: null, adhocTitle: null, adhocBody: null,
        zone: { kind: "Member", object: { name: "p1" }, member: { text: "hand" } },
      });
    });

    it("put an ad-hoc card: a type, a body, and a title", () => {
      const [a, b, c] = scenarioStmts(
        `put a = Personality { chi 3 keywords Duelist } in p1.home
put h = Holding in p2.home
put n = Personality "Named One" { force 2 } in p1.home`,
      );
      expect(a).toMatchObject({ kind: "Put", binder: { text: "a" }, title: null, adhocType: { text: "Personality" }, adhocTitle: null });
      if (a?.kind === "Put") {
        expect(a.adhocBody?.stats.map((s) => [s.name.text, s.value])).toEqual([["chi", 3]]);
        expect(a.adhocBody?.keywords.map((k) => k.text)).toEqual(["Duelist"]);
      }
      expect(b).toMatchObject({ kind: "Put", binder: { text: "h" }, adhocType: { text: "Holding" }, adhocTitle: null, adhocBody: null });
      expect(c).toMatchObject({ kind: "Put", adhocType: { text: "Personality" }, adhocTitle: { text: "Named One" } });
      if (c?.kind === "Put") expect(c.adhocBody?.stats.map((s) => s.name.text)).toEqual(["force"]);
    });

    it("put `3 of` a card, without a binder", () => {
      const [s] = scenarioStmts(`put 3 of Strategy { focusValue 1 } in p2.fateDeck`);
      expect(s).toMatchObject({ kind: "Put", binder: null, copies: 3, adhocType: { text: "Strategy" } });
    });

    it("answer: labels, cards and players", () => {
      const [s] = scenarioStmts(`answer p2: "focus", f, p1`);
      expect(s).toMatchObject({ kind: "Answer", player: { kind: "NameRef", name: "p2" } });
      if (s?.kind === "Answer") expect(s.parts).toMatchObject([{ kind: "String", value: "focus" }, { kind: "NameRef", name: "f" }, { kind: "NameRef", name: "p1" }]);
    });

    it("take, with and without an ability number", () => {
      const [a, b] = scenarioStmts(`take s by p1\ntake s by p1 ability 2`);
      expect(a).toMatchObject({ kind: "Take", forced: false, card: { name: "s" }, player: { name: "p1" }, ability: null });
      expect(b).toMatchObject({ kind: "Take", forced: false, ability: 2 });
    });

    it("force: an action taken without the legality checks; force is still a name elsewhere", () => {
      const [a, b] = scenarioStmts(`force s by p1 ability 2\nexpect c.force == 2`);
      expect(a).toMatchObject({ kind: "Take", forced: true, card: { name: "s" }, player: { name: "p1" }, ability: 2 });
      expect(b).toMatchObject({ kind: "Expect", expr: { kind: "Binary", left: { kind: "Member", member: { text: "force" } } } });
    });

    it("expect", () => {
      const [s] = scenarioStmts(`expect not f.faceUp`);
      expect(s).toMatchObject({ kind: "Expect", expr: { kind: "Unary", op: "not", operand: { kind: "Member", member: { text: "faceUp" } } } });
    });

    it("unscripted", () => {
      const [s] = scenarioStmts(`unscripted first`);
      expect(s).toMatchObject({ kind: "Unscripted", mode: { text: "first" } });
    });

    it("on event(binders)", () => {
      const [s] = scenarioStmts(`on strikes(p) { expect not f.faceUp }`);
      expect(s).toMatchObject({ kind: "On", event: { text: "strikes" }, isPoint: false });
      if (s?.kind === "On") {
        expect(s.binders.map((b) => b.text)).toEqual(["p"]);
        expect(s.body.map((b) => b.kind)).toEqual(["Expect"]);
      }
    });

    it("on an event without binders", () => {
      const [s] = scenarioStmts(`on strikes { }`);
      expect(s).toMatchObject({ kind: "On", event: { text: "strikes" }, isPoint: false, binders: [], body: [] });
    });

    it(`on "before:duel.F"`, () => {
      const [s] = scenarioStmts(`on "before:duel.F" { expect true }`);
      expect(s).toMatchObject({ kind: "On", event: { text: "before:duel.F" }, isPoint: true, binders: [] });
    });

    it("any rules statement inside a scenario", () => {
      const list = scenarioStmts(`challengeTo(a, b)\nlet x = 1`);
      expect(list.map((s) => s.kind)).toEqual(["ExprStmt", "Let"]);
    });
  });
});

// ================================================================ expressions
describe("expressions", () => {
  it("literals", () => {
    expect(exprOf(`42`)).toMatchObject({ kind: "Number", value: 42 });
    expect(exprOf(`"a \\"quoted\\" text\\n"`)).toMatchObject({ kind: "String", value: 'a "quoted" text\n' });
    expect(exprOf(`"\\u{1F600}\\u00e9"`)).toMatchObject({ kind: "String", value: "\u{1F600}\u00e9" });
    expect(exprOf(`true`)).toMatchObject({ kind: "Bool", value: true });
    expect(exprOf(`false`)).toMatchObject({ kind: "Bool", value: false });
    expect(exprOf(`none`)).toMatchObject({ kind: "None" });
  });

  it("names, including soft keywords used as names", () => {
    expect(exprOf(`winners`)).toMatchObject({ kind: "NameRef", name: "winners" });
    expect(exprOf(`stat`)).toMatchObject({ kind: "NameRef", name: "stat" });
    expect(exprOf(`u.card`)).toMatchObject({ kind: "Member", object: { name: "u" }, member: { text: "card" } });
  });

  it("member access nests to the left", () => {
    const text = `function t(): number = u.card.controller.honor`;
    const e = declOf(text, "FunctionDecl").body;
    expect(e).toMatchObject({
      kind: "Member", member: { text: "honor" },
      object: { kind: "Member", member: { text: "controller" }, object: { kind: "Member", member: { text: "card" }, object: { kind: "NameRef", name: "u" } } },
    });
    expect(e.range).toEqual(rangeOf(text, "u.card.controller.honor"));
  });

  it("a call with positional and named arguments", () => {
    const e = exprOf(`duel(c.challenger, c.challenged, stat, start: start, lose: lose)`);
    expect(e.kind).toBe("Call");
    if (e.kind !== "Call") return;
    expect(e.callee).toMatchObject({ kind: "NameRef", name: "duel" });
    expect(e.args.map((a) => a.name?.text ?? null)).toEqual([null, null, null, "start", "lose"]);
    expect(e.args[3]).toMatchObject({ kind: "Argument", name: { text: "start" }, value: { kind: "NameRef", name: "start" } });
  });

  it("a call without arguments, and a call on a member's result", () => {
    expect(exprOf(`cardsInPlay()`)).toMatchObject({ kind: "Call", callee: { name: "cardsInPlay" }, args: [] });
    expect(exprOf(`first(p.fateDeck).force`)).toMatchObject({ kind: "Member", member: { text: "force" }, object: { kind: "Call", callee: { name: "first" } } });
  });

  it("`a or b and c` nests `and` under `or`", () => {
    expect(exprOf(`a or b and c`)).toMatchObject({
      kind: "Binary", op: "or",
      left: { kind: "NameRef", name: "a" },
      right: { kind: "Binary", op: "and", left: { name: "b" }, right: { name: "c" } },
    });
  });

  it("`a and b or c` nests `and` under `or` on the left", () => {
    expect(exprOf(`a and b or c`)).toMatchObject({
      kind: "Binary", op: "or",
      left: { kind: "Binary", op: "and", left: { name: "a" }, right: { name: "b" } },
      right: { name: "c" },
    });
  });

  it("`1 + 2 * 3` nests `*` under `+`", () => {
    expect(exprOf(`1 + 2 * 3`)).toMatchObject({
      kind: "Binary", op: "+",
      left: { kind: "Number", value: 1 },
      right: { kind: "Binary", op: "*", left: { value: 2 }, right: { value: 3 } },
    });
  });

  it("`1 * 2 - 6 / 3` nests both `*` and `/` under `-`", () => {
    expect(exprOf(`1 * 2 - 6 / 3`)).toMatchObject({
      kind: "Binary", op: "-",
      left: { kind: "Binary", op: "*" },
      right: { kind: "Binary", op: "/", left: { value: 6 }, right: { value: 3 } },
    });
  });

  it("`-` and `+` are left-associative", () => {
    expect(exprOf(`1 - 2 + 3`)).toMatchObject({
      kind: "Binary", op: "+",
      left: { kind: "Binary", op: "-", left: { value: 1 }, right: { value: 2 } },
      right: { value: 3 },
    });
  });

  it("parentheses override precedence", () => {
    expect(exprOf(`(1 + 2) * 3`)).toMatchObject({ kind: "Binary", op: "*", left: { kind: "Binary", op: "+" }, right: { value: 3 } });
  });

  it("every comparison operator, binding looser than arithmetic and tighter than `and`", () => {
    for (const op of ["==", "!=", "<", "<=", ">", ">="] as const) {
      expect(exprOf(`a + 1 ${op} b * 2 and c`)).toMatchObject({
        kind: "Binary", op: "and",
        left: { kind: "Binary", op, left: { kind: "Binary", op: "+" }, right: { kind: "Binary", op: "*" } },
        right: { name: "c" },
      });
    }
  });

  it("`in`, a comparison", () => {
    expect(exprOf(`next in p.focusingArea or x`)).toMatchObject({
      kind: "Binary", op: "or",
      left: { kind: "Binary", op: "in", left: { name: "next" }, right: { kind: "Member", member: { text: "focusingArea" } } },
    });
  });

  it("unary `not` binds looser than comparisons, tighter than `and`", () => {
    expect(exprOf(`not a == b and c`)).toMatchObject({
      kind: "Binary", op: "and",
      left: { kind: "Unary", op: "not", operand: { kind: "Binary", op: "==" } },
      right: { name: "c" },
    });
    expect(exprOf(`not not a`)).toMatchObject({ kind: "Unary", op: "not", operand: { kind: "Unary", op: "not", operand: { name: "a" } } });
  });

  it("unary minus binds tighter than `*`", () => {
    expect(exprOf(`-x * 2`)).toMatchObject({ kind: "Binary", op: "*", left: { kind: "Unary", op: "-", operand: { name: "x" } }, right: { value: 2 } });
    expect(exprOf(`- -3`)).toMatchObject({ kind: "Unary", op: "-", operand: { kind: "Unary", op: "-", operand: { value: 3 } } });
  });

  it("is: a type or kind", () => {
    const text = `function t(): bool = u.card is Personality`;
    const e = declOf(text, "FunctionDecl").body;
    expect(e).toMatchObject({ kind: "Is", subject: { kind: "Member", member: { text: "card" } }, typeName: { text: "Personality", range: rangeOf(text, "Personality") } });
    expect(e.range).toEqual(rangeOf(text, "u.card is Personality"));
  });

  it("has: a keyword, a quoted keyword, an ability kind", () => {
    expect(exprOf(`c has Duelist`)).toMatchObject({ kind: "Has", subject: { name: "c" }, keyword: { text: "Duelist" } });
    expect(exprOf(`c has "Clan Champion"`)).toMatchObject({ kind: "Has", keyword: { text: "Clan Champion" } });
    expect(exprOf(`c has focusEffect and not (c in done)`)).toMatchObject({
      kind: "Binary", op: "and", left: { kind: "Has", keyword: { text: "focusEffect" } }, right: { kind: "Unary", op: "not", operand: { kind: "Binary", op: "in" } },
    });
  });

  it("if-then-else, nested in the else branch", () => {
    expect(exprOf(`if c in d.mustLose then "lose" else if c in d.mustWin then "win" else "none"`)).toMatchObject({
      kind: "IfExpr",
      condition: { kind: "Binary", op: "in" },
      then: { value: "lose" },
      else: { kind: "IfExpr", then: { value: "win" }, else: { value: "none" } },
    });
  });

  it("list literals", () => {
    expect(exprOf(`[a, b, 3]`)).toMatchObject({ kind: "List", items: [{ name: "a" }, { name: "b" }, { value: 3 }] });
    expect(exprOf(`[]`)).toMatchObject({ kind: "List", items: [] });
    expect(exprOf(`[x]`)).toMatchObject({ kind: "List", items: [{ name: "x" }] });
  });

  it("a comprehension without a filter", () => {
    expect(exprOf(`[c.focusValue for c in challengerPlayer.focusingArea]`)).toMatchObject({
      kind: "Comprehension",
      item: { kind: "Member", member: { text: "focusValue" } },
      binder: { text: "c" },
      source: { kind: "Member", member: { text: "focusingArea" } },
      filter: null,
    });
  });

  it("a comprehension with a filter", () => {
    expect(exprOf(`[c for c in [d.challenger, d.challenged] if c has Duelist]`)).toMatchObject({
      kind: "Comprehension",
      item: { kind: "NameRef", name: "c" },
      binder: { text: "c" },
      source: { kind: "List" },
      filter: { kind: "Has", keyword: { text: "Duelist" } },
    });
  });

  it("choose ... from", () => {
    expect(exprOf(`choose active "Choose the next Focus Effect to resolve" from (if count(late) > 0 then late else waiting)`)).toMatchObject({
      kind: "ChooseFrom",
      player: { kind: "NameRef", name: "active" },
      prompt: { text: "Choose the next Focus Effect to resolve" },
      source: { kind: "IfExpr" },
    });
    expect(exprOf(`choose duelist.controller "Who?" from [a, b]`)).toMatchObject({
      kind: "ChooseFrom", player: { kind: "Member", member: { text: "controller" } }, source: { kind: "List" },
    });
  });

  it("ask", () => {
    expect(exprOf(`mayRefuse(self) and ask challenged.controller "Refuse the challenge?"`)).toMatchObject({
      kind: "Binary", op: "and",
      right: { kind: "Ask", player: { kind: "Member", member: { text: "controller" } }, prompt: { text: "Refuse the challenge?" } },
    });
  });

  it("uses ... of ... for ... (duel: self)", () => {
    const e = exprOf(`uses focusEffect of next for p (duel: self)`);
    expect(e).toMatchObject({
      kind: "Uses",
      abilityKind: { text: "focusEffect" },
      card: { kind: "NameRef", name: "next" },
      player: { kind: "NameRef", name: "p" },
      bindings: [{ kind: "Argument", name: { text: "duel" }, value: { kind: "NameRef", name: "self" } }],
    });
  });

  it("uses without `of` and without bindings", () => {
    expect(exprOf(`uses insteadOfFocusing for chooser`)).toMatchObject({
      kind: "Uses", abilityKind: { text: "insteadOfFocusing" }, card: null, player: { kind: "NameRef", name: "chooser" }, bindings: [],
    });
  });

  it("announce and exists", () => {
    expect(exprOf(`announce u`)).toMatchObject({ kind: "Announce", use: { kind: "NameRef", name: "u" } });
    expect(exprOf(`exists p.focusPool and true`)).toMatchObject({
      kind: "Binary", op: "and", left: { kind: "Exists", zone: { kind: "Member", member: { text: "focusPool" } } },
    });
  });

  it("emitted, with and without arguments", () => {
    expect(exprOf(`emitted winsDuel == 0`)).toMatchObject({ kind: "Binary", op: "==", left: { kind: "Emitted", event: { text: "winsDuel" }, args: null } });
    const e = exprOf(`emitted challengeFails(a, b)`);
    expect(e).toMatchObject({ kind: "Emitted", event: { text: "challengeFails" } });
    if (e.kind === "Emitted") expect(e.args?.map((a) => (a.value as { name: string }).name)).toEqual(["a", "b"]);
  });

  it("last, and a member of it", () => {
    expect(exprOf(`last duel`)).toMatchObject({ kind: "Last", sequence: { text: "duel" } });
    expect(exprOf(`(last duel).losers == [a, b]`)).toMatchObject({
      kind: "Binary", op: "==", left: { kind: "Member", object: { kind: "Last", sequence: { text: "duel" } }, member: { text: "losers" } }, right: { kind: "List" },
    });
  });

  it("asked and offered", () => {
    expect(exprOf(`asked "Refuse the challenge?"`)).toMatchObject({ kind: "Asked", what: "asked", prompt: { text: "Refuse the challenge?" } });
    expect(exprOf(`offered "focus from hand"`)).toMatchObject({ kind: "Asked", what: "offered", prompt: { text: "focus from hand" } });
  });

  it("a closure with parameters, and one without", () => {
    const e = exprOf(`do (x: card, n: number) { bow(x) }`);
    expect(e).toMatchObject({
      kind: "Closure",
      params: [{ kind: "Param", name: { text: "x" }, type: { name: { text: "card" } } }, { name: { text: "n" }, type: { name: { text: "number" } } }],
    });
    if (e.kind === "Closure") expect(e.body.map((s) => s.kind)).toEqual(["ExprStmt"]);
    expect(exprOf(`do { }`)).toMatchObject({ kind: "Closure", params: [], body: [] });
    expect(exprOf(`do () { stop }`)).toMatchObject({ kind: "Closure", params: [], body: [{ kind: "Stop" }] });
  });

  it("binary ranges span both operands", () => {
    const text = `function t(): number = 1 + 2 * 3`;
    const e = declOf(text, "FunctionDecl").body;
    expect(e.range).toEqual(rangeOf(text, "1 + 2 * 3"));
    if (e.kind === "Binary") expect(e.right.range).toEqual(rangeOf(text, "2 * 3"));
  });
});

// ================================================================ card text
describe("card text", () => {
  it("an ability header with keywords and a timing", () => {
    const t = textOf(`    Political Open: Bow target Personality.`);
    expect(t.abilities).toHaveLength(1);
    const a = t.abilities[0]!;
    expect(a.kind).toBe("AbilityText");
    expect(a.header?.kind).toBe("AbilityHeader");
    expect(headerOf(a)).toEqual({ groups: [["Political", "Open"]], icons: [] });
    expect(segmentsOf(a)).toEqual([[["Bow", "target", "Personality"]]]);
  });

  it("slash timings", () => {
    const a = textOf(`    Battle/Open: Gain 1 Honor.`).abilities[0]!;
    expect(headerOf(a)).toEqual({ groups: [["Battle"], ["Open"]], icons: [] });
  });

  it("keywords and slash timings together", () => {
    const a = textOf(`    Political Battle/Open: Gain 1 Honor.`).abilities[0]!;
    expect(headerOf(a)).toEqual({ groups: [["Political", "Battle"], ["Open"]], icons: [] });
  });

  it("icons after the timing", () => {
    const lines = `    Limited, :bow:: Gain 2 Honor.`;
    const a = textOf(lines).abilities[0]!;
    expect(headerOf(a)).toEqual({ groups: [["Limited"]], icons: ["bow"] });
    expect(a.header!.icons[0]!.kind).toBe("TextIcon");
    expect(segmentsOf(a)).toEqual([[["Gain", "#2", "Honor"]]]);
  });

  it("several icons", () => {
    const a = textOf(`    Repeatable Limited, :bow:, :g2:: Draw a card.`).abilities[0]!;
    expect(headerOf(a)).toEqual({ groups: [["Repeatable", "Limited"]], icons: ["bow", "g2"] });
  });

  it("an icon-only header", () => {
    const a = textOf(`    :bow:: Gain 1 Honor.`).abilities[0]!;
    expect(headerOf(a)).toEqual({ groups: [], icons: ["bow"] });
    expect(segmentsOf(a)).toEqual([[["Gain", "#1", "Honor"]]]);
  });

  it("a constraints segment before the effects", () => {
    const a = textOf(`    Limited: Target an enemy Personality: Bow him.`).abilities[0]!;
    expect(headerOf(a)).toEqual({ groups: [["Limited"]], icons: [] });
    expect(a.segments).toHaveLength(2);
    expect(a.segments[0]!.kind).toBe("TextSegment");
    expect(segmentsOf(a)).toEqual([[["Target", "an", "enemy", "Personality"]], [["Bow", "him"]]]);
  });

  it("several sentences in one segment", () => {
    const a = textOf(`    Iaijutsu Limited: Challenge him. If he refuses, dishonor him and gain 2 Honor. Destroy the duel's loser.`).abilities[0]!;
    expect(a.segments).toHaveLength(1);
    const sentences = a.segments[0]!.sentences;
    expect(sentences.map((s) => s.kind)).toEqual(["Sentence", "Sentence", "Sentence"]);
    expect(segmentsOf(a)[0]).toEqual([
      ["Challenge", "him"],
      ["If", "he", "refuses", ",", "dishonor", "him", "and", "gain", "#2", "Honor"],
      ["Destroy", "the", "duel's", "loser"],
    ]);
  });

  it("a sentence's range runs to its period", () => {
    const lines = `    Limited: Bow him. Gain 2 Honor.`;
    const card = `card "X" {\n  type Strategy\n  text {\n${lines}\n  }\n}`;
    const a = declOf(card, "CardDecl").body.text!.abilities[0]!;
    expect(a.segments[0]!.sentences[0]!.range).toEqual(rangeOf(card, "Bow him."));
    expect(a.segments[0]!.sentences[1]!.range).toEqual(rangeOf(card, "Gain 2 Honor."));
    expect(a.range).toEqual(rangeOf(card, "Limited: Bow him. Gain 2 Honor."));
  });

  it("no header: an ability-kind lead with a comma, and punctuation elements", () => {
    const a = textOf(`    As a Focus Effect, bow the other Personality.`).abilities[0]!;
    expect(a.header).toBeNull();
    expect(segmentsOf(a)).toEqual([[["As", "a", "Focus", "Effect", ",", "bow", "the", "other", "Personality"]]]);
    const comma = a.segments[0]!.sentences[0]!.elements[4]!;
    expect(comma).toMatchObject({ kind: "TextPunct", text: "," });
  });

  it("a colon after a lowercase word is a segment break, not a header", () => {
    const a = textOf(`    Instead of focusing, discard this card: Draw a card.`).abilities[0]!;
    expect(a.header).toBeNull();
    expect(segmentsOf(a)).toEqual([
      [["Instead", "of", "focusing", ",", "discard", "this", "card"]],
      [["Draw", "a", "card"]],
    ]);
  });

  it("reminder text in parentheses is a TextParen", () => {
    const lines = `    As a Focus Effect, both Personalities lose the duel. (This is not a tie.)`;
    const a = textOf(lines).abilities[0]!;
    const sentences = a.segments[0]!.sentences;
    expect(sentences).toHaveLength(2);
    const paren = sentences[1]!.elements[0]!;
    expect(paren).toMatchObject({ kind: "TextParen", text: "This is not a tie." });
  });

  it("color text between underscores is a TextColor, however many periods it holds, and no word of its sentence", () => {
    const a = textOf(`    Open: _He centers himself. Twice._ Gain 1 Honor. _Done._`).abilities[0]!;
    const sentences = a.segments[0]!.sentences;
    expect(sentences.map((s) => show(s.elements))).toEqual([["_He centers himself. Twice._", "Gain", "#1", "Honor"], ["_Done._"]]);
  });

  it("reminder text inside a sentence, and a whole ability in parentheses", () => {
    const t = textOf(
      `    (Repeatable Limited, :g2:: Discard a Kharmic card to draw a card.)
    As a Focus Effect: You may discard your Personality in this duel (ending the duel without resolution).`,
    );
    expect(t.abilities).toHaveLength(2);
    expect(t.abilities[0]!.header).toBeNull();
    expect(show(t.abilities[0]!.segments[0]!.sentences[0]!.elements)).toEqual(["(Repeatable Limited, :g2:: Discard a Kharmic card to draw a card.)"]);
    const second = t.abilities[1]!;
    expect(second.segments).toHaveLength(2);
    expect(show(second.segments[1]!.sentences[0]!.elements).slice(-1)).toEqual(["(ending the duel without resolution)"]);
  });
  // (TextQuote is both the opening and the closing token, and `sentence` tries `quotedAbility` first),
  // so no quoted ability parses at all: `unexpected a line break: expected card text`.
  it("a quoted granted ability is a TextQuoted holding its own ability", () => {
    const a = textOf(`    Open: Bow him and he has the ability, "Battle: Bow target Follower."`).abilities[0]!;
    const elements = a.segments[0]!.sentences[0]!.elements;
    const quoted = elements[elements.length - 1]!;
    expect(quoted.kind).toBe("TextQuoted");
    if (quoted.kind !== "TextQuoted") return;
    expect(headerOf(quoted.ability)).toEqual({ groups: [["Battle"]], icons: [] });
    expect(segmentsOf(quoted.ability)).toEqual([[["Bow", "target", "Follower"]]]);
  });

  it("a line ending with a period starts a new ability", () => {
    const t = textOf(`    Limited: Gain 2 Honor.\n    Open: Draw a card.\n    This Personality wins tied duels.`);
    expect(t.abilities).toHaveLength(3);
    expect(t.abilities.map(headerOf)).toEqual([{ groups: [["Limited"]], icons: [] }, { groups: [["Open"]], icons: [] }, null]);
    expect(segmentsOf(t.abilities[2]!)).toEqual([[["This", "Personality", "wins", "tied", "duels"]]]);
  });

  it("a line ending with a closing parenthesis starts a new ability", () => {
    const t = textOf(`    (Reminder.)\n    Open: Draw a card.`);
    expect(t.abilities).toHaveLength(2);
  });

  it("a line not ending a sentence continues the ability", () => {
    const t = textOf(`    Limited: Discard another player's card and\n      gain 1 Honor.\n    Open: Draw a card.`);
    expect(t.abilities).toHaveLength(2);
    expect(segmentsOf(t.abilities[0]!)).toEqual([[["Discard", "another", "player's", "card", "and", "gain", "#1", "Honor"]]]);
  });

  it("two sentences on one line are one ability", () => {
    const t = textOf(`    Limited: Bow him. Gain 1 Honor.`);
    expect(t.abilities).toHaveLength(1);
    expect(t.abilities[0]!.segments[0]!.sentences).toHaveLength(2);
  });

  it("words with apostrophes and numbers with stat suffixes", () => {
    const lines = `    Open: Another player's Personality gets +3F and -1C and 2PH.`;
    const card = `card "X" {\n  type Strategy\n  text {\n${lines}\n  }\n}`;
    const a = declOf(card, "CardDecl").body.text!.abilities[0]!;
    const elements = a.segments[0]!.sentences[0]!.elements;
    expect(show(elements)).toEqual(["Another", "player's", "Personality", "gets", "#+3F", "and", "#-1C", "and", "#2PH"]);
    expect(elements[1]).toEqual({ kind: "TextWord", range: rangeOf(card, "player's"), text: "player's" });
    expect(elements[4]).toEqual({ kind: "TextNumber", range: rangeOf(card, "+3F"), text: "+3F" });
  });

  it("a typographic apostrophe is read as a plain one", () => {
    const a = textOf(`    Open: Bow another player\u2019s Personality.`).abilities[0]!;
    expect(show(a.segments[0]!.sentences[0]!.elements)).toContain("player's");
  });

  it("an empty text block has no abilities", () => {
    expect(textOf(``).abilities).toEqual([]);
  });
});

// ================================================================ syntax errors
describe("syntax errors", () => {
  it("a file with several mistakes in different declarations reports every one, where it is", () => {
    const text = [
      `rules "Errors"`, //                                   1
      `value honor "Family Honor" 0`, //                     2: '=' is missing
      `flag bowed "bowed" "unbowed"`, //                     3: '/' is missing
      `stat force "Force" short "F"`, //                     4: fine
      `event winsDuel(c card) "{c} wins a duel"`, //         5: ':' is missing
      `effect e(c: card) {`, //                              6
      `  let = 3`, //                                        7: the name is missing
      `}`,
    ].join("\n");
    const r = parse(text, "errors.l5r");
    expect(r.file).toBeNull();
    const lines = new LineMap(text);
    const found = r.errors.map((e) => ({ code: e.code, at: lines.position(e.range.start), text: text.slice(e.range.start, e.range.end) }));
    expect(found).toEqual([
      { code: "syntax/missing-token", at: { line: 2, column: 28 }, text: "0" },
      { code: "syntax/missing-token", at: { line: 3, column: 20 }, text: `"unbowed"` },
      { code: "syntax/missing-token", at: { line: 5, column: 18 }, text: "card" },
      { code: "syntax/missing-token", at: { line: 7, column: 7 }, text: "=" },
    ]);
    expect(r.errors[0]!.message).toBe("expected '=' but found '0'");
    expect(r.errors[1]!.message).toContain(`'"unbowed"'`);
    expect(r.errors[2]!.message).toBe("expected ':' but found 'card'");
    expect(r.errors[3]!.message).toBe("expected a name but found '='");
  });

  it("errors in a card body and in later declarations are all reported", () => {
    const text = `card "X" {\n  type Strategy\n  goldCost\n}\nvalue y "Y" 0\nstat s "S" short S`;
    const r = parse(text, "t.l5r");
    const lines = new LineMap(text);
    const at = r.errors.map((e) => [e.code, lines.position(e.range.start).line, text.slice(e.range.start, e.range.end)]);
    expect(at).toContainEqual(["syntax/unexpected-token", 3, "goldCost"]);
    expect(at).toContainEqual(["syntax/missing-token", 5, "0"]);
    expect(at).toContainEqual(["syntax/missing-token", 6, "S"]);
    expect(r.errors.find((e) => e.code === "syntax/unexpected-token")!.message).toBe(
      "unexpected 'goldCost': expected a card line (type, clan, keywords, a stat, or text)",
    );
  });

  it("an unexpected token where an expression should be", () => {
    const text = `value honor "Honor" = )`;
    const r = parse(text, "t.l5r");
    expect(r.file).toBeNull();
    expect(r.errors).toEqual([{ code: "syntax/unexpected-token", message: "unexpected ')': expected an expression", range: rangeOf(text, ")") }]);
  });

  it("a missing token at the end of the file has an empty range at the end", () => {
    const text = `stat force "Force" short`;
    const r = parse(text, "t.l5r");
    expect(r.errors).toEqual([{ code: "syntax/missing-token", message: "expected a string but found the end of the file", range: { start: text.length, end: text.length } }]);
  });

  it("a syntax error inside card text", () => {
    const text = `card "X" {\n  text {\n    Limited: Bow him: .\n  }\n}`;
    const r = parse(text, "t.l5r");
    expect(r.file).toBeNull();
    expect(r.errors.length).toBeGreaterThan(0);
    expect(r.errors[0]!.range.start).toBe(text.indexOf(": .") + 2);
  });

  it("syntax/invalid-character", () => {
    const text = `stat force "Force"\nstat chi # "Chi"`;
    const r = parse(text, "t.l5r");
    expect(r.file).toBeNull();
    expect(r.errors[0]).toEqual({ code: "syntax/invalid-character", message: `unexpected character "#"`, range: rangeOf(text, "#") });
    expect(new LineMap(text).position(r.errors[0]!.range.start)).toEqual({ line: 2, column: 10 });
  });

  it("syntax/invalid-character: each bad character is reported", () => {
    const text = `rules "x" ; stat a "A" $`;
    const r = parse(text, "t.l5r");
    expect(r.errors.map((e) => [e.code, text.slice(e.range.start, e.range.end)])).toEqual([
      ["syntax/invalid-character", ";"],
      ["syntax/invalid-character", "$"],
    ]);
  });

  it("syntax/unterminated-string", () => {
    const text = `stat force "Force"\nstat chi "Chi`;
    const r = parse(text, "t.l5r");
    expect(r.file).toBeNull();
    const e = r.errors.find((x) => x.code === "syntax/unterminated-string");
    expect(e).toEqual({ code: "syntax/unterminated-string", message: "unterminated string", range: { start: text.indexOf(`"Chi`), end: text.indexOf(`"Chi`) + 1 } });
    expect(new LineMap(text).position(e!.range.start)).toEqual({ line: 2, column: 10 });
    // The errors come sorted by position.
    expect(r.errors[0]).toBe(e);
  });

  it("a string may not run over a line break", () => {
    const r = parse(`stat chi "Chi\n" short "C"`, "t.l5r");
    expect(r.errors.map((e) => e.code)).toContain("syntax/unterminated-string");
  });

  it("a single stray token at the top level", () => {
    const text = `stat a "A" b`;
    const r = parse(text, "t.l5r");
    expect(r.errors).toEqual([{ code: "syntax/unexpected-token", message: "unexpected 'b': expected a declaration", range: rangeOf(text, "b", 5) }]);
  });
  // `syntax/missing-token: expected 'EOF' but found 'foo'`, where one stray token gets
  // `syntax/unexpected-token: unexpected 'b': expected a declaration` (messages.ts has that wording).
  it("stray words between declarations are unexpected tokens, not a missing 'EOF'", () => {
    const text = `stat a "A"\nfoo bar\nstat b "B"`;
    const r = parse(text, "t.l5r");
    expect(r.errors).toEqual([{ code: "syntax/unexpected-token", message: "unexpected 'foo': expected a declaration", range: rangeOf(text, "foo") }]);
  });
  it("a missing '/' in a flag is named as '/'", () => {
    const r = parse(`flag bowed "bowed" "unbowed"`, "t.l5r");
    expect(r.errors[0]!.message).toBe(`expected '/' but found '"unbowed"'`);
  });
});
