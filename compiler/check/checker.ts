// The checker: resolves every name, checks every type, and lowers bodies to the IR.  Rules bodies,
// lowered card text and scenarios all go through it, so they obey the same rules.
import type * as A from "../../grammar/index.ts";
import { Diagnostics } from "../diagnostics.ts";
import type { IrExpr, IrStmt, IrChooseOption, ModuleRef } from "../ir.ts";
import type { Callable, Symbols } from "../symbols.ts";
import { T, assignable, nonNull, nullable, sameType, show, typeFromName, type Ty } from "../types.ts";
import { Scope, type BodyContext, type Binding } from "./scope.ts";
import { asSynthetic } from "./synthetic.ts";
import { frameTypeRef, refOfCallable } from "./names.ts";
import { findNode } from "../tree.ts";
import { didYouMean } from "../spelling.ts";
import { loopWhere, neverLeft } from "./loops.ts";

export interface Checked {
  readonly ir: IrExpr;
  readonly ty: Ty;
}

const ERR: Checked = { ir: { k: "none" }, ty: T.error };

const CARD_PROPS: Record<string, { prop: "controller" | "owner" | "zone" | "faceUp" | "inPlay" | "zoneOwner" | "title" | "name" | "nameWords" | "clans" | "type" | "attachedTo" | "attachments"; ty: Ty }> = {
  clans: { prop: "clans", ty: T.list(T.text) },
  type: { prop: "type", ty: T.text },
  attachedTo: { prop: "attachedTo", ty: nullable(T.card) },
  attachments: { prop: "attachments", ty: T.list(T.card) },
  controller: { prop: "controller", ty: T.player },
  owner: { prop: "owner", ty: T.player },
  zone: { prop: "zone", ty: T.zone },
  zoneOwner: { prop: "zoneOwner", ty: nullable(T.player) },
  faceUp: { prop: "faceUp", ty: T.bool },
  inPlay: { prop: "inPlay", ty: T.bool },
  title: { prop: "title", ty: T.text },
  // The title without a subtitle after " • " ("Doji Hoturi • Experienced" is Doji Hoturi).
  name: { prop: "name", ty: T.text },
  // Its name's words ("Doji Hoturi": Doji, Hoturi), which a family name is one of (rules/card-relations.l5r).
  nameWords: { prop: "nameWords", ty: T.list(T.text) },
};

/** A function a body may call that the runtime provides. */
interface Builtin {
  readonly arity: number;
  readonly pure: boolean;
  result(args: Checked[], fail: (message: string) => void): Ty;
}

function elementOf(t: Ty): Ty | null {
  if (t.k === "list") return t.of;
  if (t.k === "zone") return T.card;
  return null;
}

/** A pure builtin of a card and a name (a keyword's, a timing's) giving `result`. */
function cardAndName(name: string, result: Ty, what: "keyword's" | "timing's"): Builtin {
  return {
    arity: 2,
    pure: true,
    result: ([c, t], fail) => ((c!.ty.k === "card" || c!.ty.k === "error") && (t!.ty.k === "text" || t!.ty.k === "error") ? result : (fail(`${name}() takes a card and a ${what} name`), T.error)),
  };
}

const BUILTINS: Record<string, Builtin> = {
  count: { arity: 1, pure: true, result: ([a], fail) => (elementOf(a!.ty) || a!.ty.k === "error" ? T.number : (fail("count() takes a list or a zone"), T.error)) },
  sum: { arity: 1, pure: true, result: ([a], fail) => (a!.ty.k === "error" || (a!.ty.k === "list" && a!.ty.of.k === "number") ? T.number : (fail("sum() takes a list of numbers"), T.error)) },
  first: {
    arity: 1, pure: true,
    result: ([a], fail) => {
      const el = elementOf(a!.ty);
      if (a!.ty.k === "error") return T.error;
      if (!el) return fail("first() takes a list or a zone"), T.error;
      return nullable(el);
    },
  },
  topCards: { arity: 2, pure: true, result: ([z, n], fail) => (z!.ty.k === "zone" && n!.ty.k === "number") || z!.ty.k === "error" ? T.list(T.card) : (fail("topCards() takes a zone and a number"), T.error) },
  cardsIn: { arity: 1, pure: true, result: ([z], fail) => (z!.ty.k === "zone" || z!.ty.k === "error" ? T.list(T.card) : (fail("cardsIn() takes a zone"), T.error)) },
  cardsInPlay: { arity: 0, pure: true, result: () => T.list(T.card) },
  statOf: { arity: 2, pure: true, result: ([c, s], fail) => ((c!.ty.k === "card" || c!.ty.k === "error") && (s!.ty.k === "stat" || s!.ty.k === "error") ? T.number : (fail("statOf() takes a card and a stat"), T.error)) },
  maxOf: {
    arity: 2, pure: true,
    result: ([a, b], fail) => ((a!.ty.k === "list" && a!.ty.of.k === "number") || a!.ty.k === "error") && (b!.ty.k === "number" || b!.ty.k === "error") ? T.number : (fail("maxOf() takes a list of numbers and the value for an empty list"), T.error),
  },
  flatten: {
    arity: 1, pure: true,
    result: ([a], fail) => (a!.ty.k === "list" && a!.ty.of.k === "list" ? a!.ty.of : a!.ty.k === "error" ? T.error : (fail("flatten() takes a list of lists"), T.error)),
  },
  nextPlayer: { arity: 1, pure: true, result: ([p], fail) => (p!.ty.k === "player" || p!.ty.k === "error" ? T.player : (fail("nextPlayer() takes a player"), T.error)) },
  allCards: { arity: 0, pure: true, result: () => T.list(T.card) },
  // A time stamp that grows as effects begin: a stat modifier that began at or before it is "current".
  timeNow: { arity: 0, pure: true, result: () => T.number },
  newCard: {
    arity: 2, pure: false,
    result: ([t, z], fail) => ((t!.ty.k === "text" || t!.ty.k === "error") && (z!.ty.k === "zone" || z!.ty.k === "error") ? T.card : (fail("newCard() takes a card title and a zone"), T.error)),
  },
  // "Create a 2F / 2C / 0PH Undead Personality": a new card of that description, owned by the player, in
  // the zone (Twenty Festivals, Created cards); and whether a card is one.
  createCard: {
    arity: 3, pure: false,
    result: ([d, p, z], fail) =>
      (d!.ty.k === "description" || d!.ty.k === "error") && (p!.ty.k === "player" || p!.ty.k === "error") && (z!.ty.k === "zone" || z!.ty.k === "error") ? T.card : (fail("createCard() takes a card description, a player and a zone"), T.error),
  },
  // "Create a 3F / 3C / 3PH Samurai Personality with your Clan Alignment": the description with that clan
  // added to its clans (none: as it is).
  withClan: {
    arity: 2, pure: true,
    result: ([d, k], fail) =>
      (d!.ty.k === "description" || d!.ty.k === "error") && (k!.ty.k === "text" || k!.ty.k === "none" || k!.ty.k === "error") ? T.description : (fail("withClan() takes a card description and a clan"), T.error),
  },
  // The card created last in the game (none before any): what card text names after creating one ("Create
  // a 2F Personality ... Remove him from the game after the battle ends").
  lastCreated: { arity: 0, pure: true, result: () => nullable(T.card) },
  // "Give him the ability, \"...\"": the card has the ability for as long as the text's duration.
  grantAbility: {
    arity: 2, pure: false,
    result: ([c, a], fail) => ((c!.ty.k === "card" || c!.ty.k === "error") && (a!.ty.k === "ability" || a!.ty.k === "error") ? T.none : (fail("grantAbility() takes a card and an ability"), T.error)),
  },
  // The card has an ability or trait of that quoted text now, its own or given ("if a thing in the game
  // is given a trait it already has, it does not get an additional copy": Twenty Festivals, Traits).
  hasAbilityText: {
    arity: 2, pure: false,
    result: ([c, a], fail) => ((c!.ty.k === "card" || c!.ty.k === "error") && (a!.ty.k === "ability" || a!.ty.k === "error") ? T.bool : (fail("hasAbilityText() takes a card and an ability"), T.error)),
  },
  // A created card's printed ability ("Create a ... Personality with the ability, \"...\""): for good.
  printAbility: {
    arity: 2, pure: false,
    result: ([c, a], fail) => ((c!.ty.k === "card" || c!.ty.k === "error") && (a!.ty.k === "ability" || a!.ty.k === "error") ? T.none : (fail("printAbility() takes a card and an ability"), T.error)),
  },
  isCreated: { arity: 1, pure: true, result: ([c], fail) => (c!.ty.k === "card" || c!.ty.k === "error" ? T.bool : (fail("isCreated() takes a card"), T.error)) },
  str: { arity: 1, pure: true, result: ([n], fail) => (n!.ty.k === "number" || n!.ty.k === "error" ? T.text : (fail("str() takes a number"), T.error)) },
  hasKeywordNamed: cardAndName("hasKeywordNamed", T.bool, "keyword's"),
  // What a levelled keyword prints after it ("Experienced 2"): its number (0 when it prints none), and
  // the words ("" when none).
  keywordLevel: cardAndName("keywordLevel", T.number, "keyword's"),
  keywordLevelText: cardAndName("keywordLevelText", T.text, "keyword's"),
  // Two cards exchange what they are (their definitions and owners), each keeping its place, states,
  // attachments, tokens and the effects on it.
  // An action's target replaced by another card if it is a legal target of that slot (true if it was).
  retarget: {
    arity: 3, pure: false,
    result: ([u, a, b], fail) => ((u!.ty.k === "use" || u!.ty.k === "error") && (a!.ty.k === "card" || a!.ty.k === "error") && (b!.ty.k === "card" || b!.ty.k === "error") ? T.bool : (fail("retarget() takes an action and two cards"), T.error)),
  },
  exchangeCards: {
    arity: 2, pure: false,
    result: ([a, b], fail) => ((a!.ty.k === "card" || a!.ty.k === "error") && (b!.ty.k === "card" || b!.ty.k === "error") ? T.none : (fail("exchangeCards() takes two cards"), T.error)),
  },
  // A card's own printed keywords, and the keywords of its abilities (for the rules' `hasKeyword` entry).
  printedKeyword: cardAndName("printedKeyword", T.bool, "keyword's"),
  abilityKeyword: cardAndName("abilityKeyword", T.bool, "keyword's"),
  // Whether one of a card's abilities has this timing ("a Battle Strategy": one with a Battle action).
  abilityTiming: cardAndName("abilityTiming", T.bool, "timing's"),
  // What a card's abilities of a kind (named) measure for a player before they are used: its Gold.
  measured: {
    arity: 3, pure: true,
    result: ([c, k, p], fail) => ((c!.ty.k === "card" || c!.ty.k === "error") && (k!.ty.k === "text" || k!.ty.k === "error") && (p!.ty.k === "player" || p!.ty.k === "error") ? T.number : (fail("measured() takes a card, an ability kind's name and a player"), T.error)),
  },
  // A bonus worked out now: "+1F for each Unicorn Clan Personality you control".
  bonusOf: {
    arity: 2, pure: true,
    result: ([s, n], fail) => ((s!.ty.k === "stat" || s!.ty.k === "error") && (n!.ty.k === "number" || n!.ty.k === "error") ? T.bonus : (fail("bonusOf() takes a stat and a number"), T.error)),
  },
  // A stat printed "-" is none ("no Honor Requirement"), not 0.
  hasStat: {
    arity: 2, pure: true,
    result: ([c, s], fail) => ((c!.ty.k === "card" || c!.ty.k === "error") && (s!.ty.k === "stat" || s!.ty.k === "error") ? T.bool : (fail("hasStat() takes a card and a stat"), T.error)),
  },
  rawStatOf: {
    arity: 2, pure: true,
    result: ([c, s], fail) => ((c!.ty.k === "card" || c!.ty.k === "error") && (s!.ty.k === "stat" || s!.ty.k === "error") ? T.number : (fail("rawStatOf() takes a card and a stat"), T.error)),
  },
  // The stat the card prints ("his printed Chi"), whatever effects do to it.
  printedStatOf: {
    arity: 2, pure: true,
    result: ([c, s], fail) => ((c!.ty.k === "card" || c!.ty.k === "error") && (s!.ty.k === "stat" || s!.ty.k === "error") ? T.number : (fail("printedStatOf() takes a card and a stat"), T.error)),
  },
  // The cards an action targeted, and the card that performs it (none for no action).
  targetsOf: { arity: 1, pure: true, result: ([u], fail) => (u!.ty.k === "use" || u!.ty.k === "none" || u!.ty.k === "error" ? T.list(T.card) : (fail("targetsOf() takes an action"), T.error)) },
  performersOf: { arity: 1, pure: true, result: ([u], fail) => (u!.ty.k === "use" || u!.ty.k === "none" || u!.ty.k === "error" ? T.list(T.card) : (fail("performersOf() takes an action"), T.error)) },
  // The timings of the ability a use is of ("Battle", "Open"); players in turn order from a player.
  // Does a use's ability, or any ability of a card, call the named effect ("does it move units?").
  callsEffect: {
    arity: 2, pure: true,
    result: ([x, n], fail) => ((x!.ty.k === "use" || x!.ty.k === "card" || x!.ty.k === "error") && (n!.ty.k === "text" || n!.ty.k === "error") ? T.bool : (fail("callsEffect() takes a use or a card, and an effect's name"), T.error)),
  },
  timingsOf: { arity: 1, pure: true, result: ([u], fail) => (u!.ty.k === "use" || u!.ty.k === "error" ? T.list(T.text) : (fail("timingsOf() takes a use"), T.error)) },
  // Is a use's ability one its card prints (not one given to it by an effect)?
  printedUse: { arity: 1, pure: true, result: ([u], fail) => (u!.ty.k === "use" || u!.ty.k === "error" ? T.bool : (fail("printedUse() takes a use"), T.error)) },
  keywordsOf: { arity: 1, pure: true, result: ([u], fail) => (u!.ty.k === "use" || u!.ty.k === "error" ? T.list(T.text) : (fail("keywordsOf() takes a use"), T.error)) },
  playersFrom: { arity: 1, pure: true, result: ([p], fail) => (p!.ty.k === "player" || p!.ty.k === "error" ? T.list(T.player) : (fail("playersFrom() takes a player"), T.error)) },
  min: { arity: 2, pure: true, result: ([a, b], fail) => (a!.ty.k !== "number" && a!.ty.k !== "error") || (b!.ty.k !== "number" && b!.ty.k !== "error") ? (fail("min() takes two numbers"), T.error) : T.number },
  max: { arity: 2, pure: true, result: ([a, b], fail) => (a!.ty.k !== "number" && a!.ty.k !== "error") || (b!.ty.k !== "number" && b!.ty.k !== "error") ? (fail("max() takes two numbers"), T.error) : T.number },
};

/** A decision the rules put, as `advise` declarations name it: its options' labels, each with the
 *  type of what the option names (null: nothing), and where it is put. */
export interface DecisionSite {
  readonly kind: "ask" | "choose" | "chooseFrom";
  readonly options: ReadonlyMap<string, Ty | null>;
  readonly file: string;
  readonly range: A.Range;
}

export class Checker {
  private readonly sequenceNames: Set<string>;
  /** Every decision checked, by prompt (advice names decisions by their prompts). */
  readonly decisions = new Map<string, DecisionSite[]>();

  constructor(readonly symbols: Symbols, public diags: Diagnostics) {
    this.sequenceNames = new Set([...symbols.callables.values()].filter((c) => c.kind === "sequence").map((c) => c.decl.name.text));
  }

  // ================================================================ types
  resolveType(t: A.TypeRef, file: A.SourceFile): Ty {
    const arg = t.arg ? this.resolveType(t.arg, file) : null;
    const ty = typeFromName(t.name.text, arg, this.sequenceNames);
    if (!ty) {
      this.error("type/unknown-type", `unknown type '${t.name.text}'`, file, t.name.range);
      return T.error;
    }
    return t.nullable ? nullable(ty) : ty;
  }

  sequence(name: string): Extract<Callable, { kind: "sequence" }> | null {
    const c = this.symbols.callables.get(name);
    return c && c.kind === "sequence" ? c : null;
  }

  hookType(h: A.HookDecl, file: A.SourceFile): Ty {
    return nullable(T.hook(h.params.map((p) => this.resolveType(p.type, file))));
  }

  /** The named fields of a frame of sequence `seq`: its parameters, hooks and state. */
  frameFields(seq: Extract<Callable, { kind: "sequence" }>): Map<string, { ty: Ty; assignable: boolean }> {
    const fields = new Map<string, { ty: Ty; assignable: boolean }>();
    for (const p of seq.decl.params) fields.set(p.name.text, { ty: this.resolveType(p.type, seq.file), assignable: true });
    for (const h of seq.decl.hooks) fields.set(h.name.text, { ty: this.hookType(h, seq.file), assignable: false });
    for (const s of seq.decl.states) fields.set(s.name.text, { ty: this.resolveType(s.type, seq.file), assignable: true });
    return fields;
  }

  // ================================================================ diagnostics
  error(code: string, message: string, file: A.SourceFile, range: A.Range): void {
    this.diags.error(code, message, file.path, range);
  }

  /** Reports a value that does not fit.  (Where the description is made for the call, callers test
   *  first: most values fit, and making the description costs more than the test.) */
  private expect(c: Checked, want: Ty, ctx: BodyContext, range: A.Range, what: string): void {
    if (!assignable(c.ty, want)) {
      if (c.ty.nullable && !want.nullable && assignable(nonNull(c.ty), want)) {
        this.error("type/nullable", `${what} may be none here (it is ${show(c.ty)}); check it with \`if x != none\` first`, ctx.file, range);
      } else {
        this.error("type/mismatch", `${what} should be ${show(want)} but is ${show(c.ty)}`, ctx.file, range);
      }
    }
  }

  /** (Callers whose `what` is made for the call test `ctx.generator` first, as `expect`'s do.) */
  private requireGenerator(ctx: BodyContext, range: A.Range, what: string): boolean {
    if (ctx.generator) return true;
    this.error("rules/decision-in-pure-context", `${what} cannot happen in ${ctx.what}: it may put a decision to a player or change the game`, ctx.file, range);
    return false;
  }

  private pure(ctx: BodyContext, what: string): BodyContext {
    return { ...ctx, generator: false, what };
  }

  // ================================================================ expressions
  expr(e: A.Expr, scope: Scope, ctx: BodyContext): Checked {
    const syn = asSynthetic(e);
    if (syn) {
      if (syn.kind === "IrLeaf") return { ir: syn.ir, ty: syn.ty };
      const value = this.expr(syn.value, scope, ctx);
      const inner = scope.child();
      // A value that may be none is bound to a name, so that a test of it narrows it in the body.
      if (value.ty.nullable) {
        const name = `let_${syn.name}`;
        inner.define(syn.name, { ty: value.ty, ir: { k: "local", name }, assign: null });
        const body = this.expr(syn.body, inner, ctx);
        return { ir: { k: "letIn", name, ty: value.ty, value: value.ir, body: body.ir }, ty: body.ty };
      }
      inner.define(syn.name, { ty: value.ty, ir: value.ir, assign: null });
      return this.expr(syn.body, inner, ctx);
    }
    switch (e.kind) {
      case "Number":
        return { ir: { k: "num", v: e.value }, ty: T.number };
      case "String":
        return { ir: { k: "str", v: e.value }, ty: T.text };
      case "Bool":
        return { ir: { k: "bool", v: e.value }, ty: T.bool };
      case "None":
        return { ir: { k: "none" }, ty: T.none };
      case "NameRef":
        return this.name(e, scope, ctx);
      case "Member":
        return this.member(e, scope, ctx);
      case "Call":
        return this.callExpr(e, scope, ctx);
      case "Binary":
        return this.binary(e, scope, ctx);
      case "Unary": {
        const operand = this.expr(e.operand, scope, ctx);
        if (e.op === "not") {
          this.expect(operand, T.bool, ctx, e.operand.range, "the operand of 'not'");
          return { ir: { k: "not", e: operand.ir }, ty: T.bool };
        }
        this.expect(operand, T.number, ctx, e.operand.range, "the operand of '-'");
        return { ir: { k: "neg", e: operand.ir }, ty: T.number };
      }
      case "Is": {
        const subject = this.expr(e.subject, scope, ctx);
        this.expect(subject, T.card, ctx, e.subject.range, "the subject of 'is'");
        const name = e.typeName.text;
        if (!this.symbols.types.has(name) && !this.symbols.kinds.has(name)) {
          this.error("name/unknown-type", `'${name}' is neither a card type nor a kind of card${didYouMean(name, [...this.symbols.types.keys(), ...this.symbols.kinds.keys()])}`, ctx.file, e.typeName.range);
        }
        return { ir: { k: "is", card: subject.ir, name, kind: this.symbols.kinds.has(name) }, ty: T.bool };
      }
      case "Has": {
        const subject = this.expr(e.subject, scope, ctx);
        this.expect(subject, T.card, ctx, e.subject.range, "the subject of 'has'");
        if (this.symbols.abilityKinds.has(e.keyword.text)) return { ir: { k: "hasAbility", card: subject.ir, kind: e.keyword.text }, ty: T.bool };
        if (!this.symbols.keywords.has(e.keyword.text)) {
          this.error("name/unknown-keyword", `'${e.keyword.text}' is not a declared keyword${didYouMean(e.keyword.text, this.symbols.keywords.keys())}`, ctx.file, e.keyword.range);
        }
        return { ir: { k: "has", card: subject.ir, keyword: e.keyword.text }, ty: T.bool };
      }
      case "IfExpr": {
        const cond = this.expr(e.condition, scope, ctx);
        this.expect(cond, T.bool, ctx, e.condition.range, "a condition");
        const thenScope = this.narrowed(e.condition, scope, ctx);
        const a = this.expr(e.then, thenScope, ctx);
        const b = this.expr(e.else, this.narrowed(e.condition, scope, ctx, false), ctx);
        const ty = this.join(a.ty, b.ty);
        if (!ty) {
          this.error("type/mismatch", `the two branches have different types (${show(a.ty)} and ${show(b.ty)})`, ctx.file, e.range);
          return { ir: { k: "cond", c: cond.ir, t: a.ir, e: b.ir }, ty: T.error };
        }
        return { ir: { k: "cond", c: cond.ir, t: a.ir, e: b.ir }, ty };
      }
      case "List": {
        if (e.items.length === 0) return { ir: { k: "list", items: [] }, ty: T.list(T.error) };
        const items = e.items.map((i) => this.expr(i, scope, ctx));
        let ty: Ty | null = items[0]!.ty;
        for (const i of items.slice(1)) ty = ty ? this.join(ty, i.ty) : null;
        if (!ty) {
          this.error("type/mismatch", "the items of a list must have the same type", ctx.file, e.range);
          ty = T.error;
        }
        return { ir: { k: "list", items: items.map((i) => i.ir) }, ty: T.list(ty) };
      }
      case "Comprehension": {
        const source = this.listSource(e.source, scope, ctx);
        const inner = scope.child();
        inner.define(e.binder.text, { ty: source.element, ir: { k: "local", name: e.binder.text }, assign: null });
        const pureCtx = this.pure(ctx, "a list comprehension");
        let filter: IrExpr | null = null;
        let filterScope = inner;
        if (e.filter) {
          const f = this.expr(e.filter, inner, pureCtx);
          this.expect(f, T.bool, ctx, e.filter.range, "a filter");
          filter = f.ir;
          filterScope = this.narrowed(e.filter, inner, ctx);
        }
        const item = this.expr(e.item, filterScope, pureCtx);
        return { ir: { k: "comp", item: item.ir, binder: e.binder.text, source: source.ir, filter }, ty: T.list(item.ty) };
      }
      case "ChooseFrom": {
        const player = this.expr(e.player, scope, ctx);
        this.expect(player, T.player, ctx, e.player.range, "the choosing player");
        const source = this.listSource(e.source, scope, ctx);
        this.requireGenerator(ctx, e.range, "A choice");
        this.recordDecision(e.prompt.text, { kind: "chooseFrom", options: new Map([["", source.element]]), file: ctx.file.path, range: e.range });
        return { ir: { k: "chooseFrom", player: player.ir, prompt: e.prompt.text, source: source.ir }, ty: nullable(source.element) };
      }
      case "Ask": {
        const player = this.expr(e.player, scope, ctx);
        this.expect(player, T.player, ctx, e.player.range, "the asked player");
        this.requireGenerator(ctx, e.range, "A question to a player");
        this.recordDecision(e.prompt.text, { kind: "ask", options: new Map([["yes", null], ["no", null]]), file: ctx.file.path, range: e.range });
        return { ir: { k: "ask", player: player.ir, prompt: e.prompt.text }, ty: T.bool };
      }
      case "Uses":
        return this.uses(e, scope, ctx);
      case "Announce": {
        const use = this.expr(e.use, scope, ctx);
        this.expect(use, T.use, ctx, e.use.range, "what is announced");
        this.requireGenerator(ctx, e.range, "Announcing an ability");
        return { ir: { k: "announce", use: use.ir }, ty: T.bool };
      }
      case "Exists": {
        const zone = this.expr(e.zone, scope, ctx);
        this.expect(zone, T.zone, ctx, e.zone.range, "the subject of 'exists'");
        return { ir: { k: "exists", zone: zone.ir }, ty: T.bool };
      }
      case "Emitted": {
        if (!ctx.scenario) this.error("rules/scenario-only", "'emitted' is only meaningful in a scenario", ctx.file, e.range);
        const ev = this.symbols.events.get(e.event.text);
        if (!ev) {
          this.error("event/unknown", `unknown event '${e.event.text}'`, ctx.file, e.event.range);
          return ERR;
        }
        let args: IrExpr[] | null = null;
        if (e.args) {
          if (e.args.length > ev.decl.params.length) this.error("call/too-many-arguments", `${e.event.text} has ${ev.decl.params.length} argument(s)`, ctx.file, e.range);
          args = e.args.map((a, i) => {
            const c = this.expr(a.value, scope, ctx);
            const p = ev.decl.params[i];
            if (p) this.expect(c, this.resolveType(p.type, ev.file), ctx, a.range, `argument ${p.name.text}`);
            return c.ir;
          });
        }
        return { ir: { k: "emitted", event: e.event.text, args }, ty: T.number };
      }
      case "Last": {
        const seq = this.sequence(e.sequence.text);
        if (!seq) {
          this.error("name/unknown-sequence", `unknown sequence '${e.sequence.text}'${didYouMean(e.sequence.text, this.sequenceNames)}`, ctx.file, e.sequence.range);
          return ERR;
        }
        // None before the sequence has run (`expect (last duel) == none`); a member read from it
        // (`(last duel).winners`) reads the frame, and stops the game with an error when none has run.
        return { ir: { k: "last", seq: e.sequence.text, frameType: frameTypeRef(seq), orFail: false }, ty: nullable(T.frame(e.sequence.text)) };
      }
      case "Closure":
        return this.closure(e, scope, ctx);
      case "Asked":
        if (!ctx.scenario) this.error("rules/scenario-only", `'${e.what}' is only meaningful in a scenario`, ctx.file, e.range);
        return { ir: { k: "asked", what: e.what, prompt: e.prompt.text }, ty: T.number };
      case "Random": {
        const source = this.listSource(e.source, scope, ctx);
        this.requireGenerator(ctx, e.range, "A random choice");
        return { ir: { k: "random", source: source.ir }, ty: nullable(source.element) };
      }
      case "NewZone": {
        const owner = this.zoneOwner(e.zone, e.owner, scope, ctx, true);
        this.requireGenerator(ctx, e.range, "Creating a zone");
        return { ir: { k: "newZone", name: e.zone.text, owner }, ty: T.zone };
      }
      case "AllZones": {
        const owner = this.zoneOwner(e.zone, e.owner, scope, ctx, true);
        return { ir: { k: "allZones", name: e.zone.text, owner }, ty: T.list(T.zone) };
      }
      case "Current": {
        const seq = this.sequence(e.sequence.text);
        if (!seq) {
          this.error("name/unknown-sequence", `unknown sequence '${e.sequence.text}'${didYouMean(e.sequence.text, this.sequenceNames)}`, ctx.file, e.sequence.range);
          return ERR;
        }
        // Reading the current frame of a sequence that is not running stops the game with an error, unless
        // it is written `current battle?` (then it is none).
        const ty = T.frame(e.sequence.text);
        return { ir: { k: "current", seq: e.sequence.text, frameType: frameTypeRef(seq), optional: e.optional }, ty: e.optional ? nullable(ty) : ty };
      }
      case "Remembered": {
        const fact = this.expr(e.fact, scope, ctx);
        this.expect(fact, T.text, ctx, e.fact.range, "what is remembered");
        return { ir: { k: "remembered", fact: fact.ir }, ty: T.bool };
      }
    }
  }

  /** The owner of a `new Z for x` / `all Z of x`: checked against how the zone kind is owned. */
  private zoneOwner(zone: A.Name, ownerExpr: A.Expr, scope: Scope, ctx: BodyContext, many: boolean): IrExpr {
    const decl = this.symbols.zones.get(zone.text);
    const owner = this.expr(ownerExpr, scope, ctx);
    if (!decl) {
      this.error("name/unknown-zone", `unknown zone '${zone.text}'${didYouMean(zone.text, this.symbols.zones.keys())}`, ctx.file, zone.range);
      return owner.ir;
    }
    if (many && !decl.decl.many) this.error("rules/not-many", `a ${decl.decl.label} is not a zone an owner has many of (declare it 'many')`, ctx.file, zone.range);
    const want = decl.decl.per?.text;
    const ok = owner.ty.k === "error" || (want === "player" && owner.ty.k === "player") || (want === "card" && owner.ty.k === "card") || (want !== undefined && want !== "player" && want !== "card" && owner.ty.k === "zone");
    if (!ok) this.error("type/mismatch", `a ${decl.decl.label} belongs to a ${want ?? "nobody"}, not a ${show(owner.ty)}`, ctx.file, ownerExpr.range);
    return owner.ir;
  }

  /** The common type of two branches, if any (none joins anything as nullable). */
  private join(a: Ty, b: Ty): Ty | null {
    if (a.k === "error") return b;
    if (b.k === "error") return a;
    if (a.k === "none") return nullable(b);
    if (b.k === "none") return nullable(a);
    if (a.k === "list" && b.k === "list" && (a.of.k === "error" || b.of.k === "error")) return a.of.k === "error" ? b : a;
    if (!sameType(a, b)) return null;
    return a.nullable || b.nullable ? nullable(a) : a;
  }

  /** A list or a zone used where a list of cards is read. */
  listSource(e: A.Expr, scope: Scope, ctx: BodyContext): { ir: IrExpr; element: Ty } {
    const c = this.expr(e, scope, ctx);
    if (c.ty.k === "zone") return { ir: { k: "cardsOf", zone: c.ir }, element: T.card };
    if (c.ty.k === "list") return { ir: c.ir, element: c.ty.of };
    if (c.ty.k !== "error") this.error("type/not-a-list", `expected a list or a zone but found ${show(c.ty)}`, ctx.file, e.range);
    return { ir: c.ir, element: T.error };
  }

  private name(e: A.NameExpr, scope: Scope, ctx: BodyContext): Checked {
    const b = scope.lookup(e.name);
    if (b) return { ir: b.ir, ty: b.ty };
    if (e.name === "active") return { ir: { k: "active" }, ty: T.player };
    // Outside card text no action is being resolved (an Honor loss the rules themselves cause).
    if (e.name === "action") return { ir: { k: "none" }, ty: nullable(T.use) };
    // Nor is any ability's text: `thisAbility` names the use of the ability whose text it is.
    if (e.name === "thisAbility") return { ir: { k: "none" }, ty: nullable(T.use) };
    if (e.name === "players") return { ir: { k: "players" }, ty: T.list(T.player) };
    if (this.symbols.stats.has(e.name)) return { ir: { k: "str", v: e.name }, ty: T.stat };
    const zone = this.symbols.zones.get(e.name);
    if (zone) {
      if (zone.decl.per) {
        this.error("name/zone-owner", `the ${zone.decl.label} belongs to a ${zone.decl.per.text}: write it as x.${e.name}`, ctx.file, e.range);
        return ERR;
      }
      return { ir: { k: "zone", name: e.name, owner: null }, ty: T.zone };
    }
    if (this.symbols.callables.has(e.name)) {
      const kind = this.symbols.callables.get(e.name)!.kind;
      this.error("call/not-called", `'${e.name}' is ${kind === "effect" ? "an" : "a"} ${kind}: call it with (...)`, ctx.file, e.range);
      return ERR;
    }
    const hint =
      e.name === "you" || e.name === "self"
        ? ` ('${e.name}' exists only in card text${e.name === "self" ? " and sequences" : ""})`
        : didYouMean(e.name, [...scope.visibleNames(), "active", "players", ...this.symbols.stats.keys(), ...this.symbols.zones.keys()]);
    this.error("name/unknown", `unknown name '${e.name}'${hint}`, ctx.file, e.range);
    return ERR;
  }

  /** Names of the zones whose owner kind (`per`: "player", "card", a zone's name, or none) fits. */
  private zonesOwnedBy(fits: (per: string | undefined) => boolean): string[] {
    return [...this.symbols.zones].filter(([, z]) => fits(z.decl.per?.text)).map(([name]) => name);
  }

  private member(e: A.MemberExpr, scope: Scope, ctx: BodyContext): Checked {
    const obj = this.lastAsFrame(this.expr(e.object, scope, ctx));
    const name = e.member.text;
    if (obj.ty.k === "error") return ERR;
    if (obj.ty.nullable) {
      this.error("type/nullable", `'${this.source(ctx, e.object.range)}' may be none here (it is ${show(obj.ty)}); check it with \`if x != none\` first`, ctx.file, e.object.range);
      return ERR;
    }
    /** `members`: what it does have, to suggest the one `name` misspells. */
    const unknown = (what: string, members: () => Iterable<string> = () => []): Checked => {
      this.error("name/unknown-member", `${what} has no '${name}'${didYouMean(name, members())}`, ctx.file, e.member.range);
      return ERR;
    };
    switch (obj.ty.k) {
      case "card": {
        const prop = CARD_PROPS[name];
        if (prop) return { ir: { k: "cardProp", card: obj.ir, prop: prop.prop }, ty: prop.ty };
        if (this.symbols.flags.has(name)) return { ir: { k: "flag", card: obj.ir, flag: name }, ty: T.bool };
        if (this.symbols.stats.has(name)) return { ir: { k: "stat", card: obj.ir, stat: { k: "str", v: name } }, ty: T.number };
        const zone = this.symbols.zones.get(name);
        if (zone && zone.decl.per?.text === "card") return { ir: { k: "zone", name, owner: obj.ir }, ty: T.zone };
        return unknown("a card", () => [...Object.keys(CARD_PROPS), ...this.symbols.flags.keys(), ...this.symbols.stats.keys(), ...this.zonesOwnedBy((per) => per === "card")]);
      }
      case "player": {
        if (name === "name") return { ir: { k: "playerProp", player: obj.ir, prop: "name" }, ty: T.text };
        if (name === "eliminated") return { ir: { k: "playerProp", player: obj.ir, prop: "eliminated" }, ty: T.bool };
        if (this.symbols.values.has(name)) return { ir: { k: "value", player: obj.ir, name }, ty: T.number };
        const zone = this.symbols.zones.get(name);
        if (zone && zone.decl.per?.text === "player") return { ir: { k: "zone", name, owner: obj.ir }, ty: T.zone };
        return unknown("a player", () => ["name", "eliminated", ...this.symbols.values.keys(), ...this.zonesOwnedBy((per) => per === "player")]);
      }
      case "frame": {
        if (name === "aborted") return { ir: { k: "frameProp", frame: obj.ir, prop: "aborted" }, ty: T.bool };
        const seq = this.sequence(obj.ty.seq);
        const field = seq ? this.frameFields(seq).get(name) : undefined;
        if (field) return { ir: { k: "field", frame: obj.ir, field: name }, ty: field.ty };
        return unknown(`a ${obj.ty.seq}`, () => ["aborted", ...(seq ? this.frameFields(seq).keys() : [])]);
      }
      case "zone": {
        if (name === "owner") return { ir: { k: "zoneProp", zone: obj.ir, prop: "owner" }, ty: nullable(T.player) };
        if (name === "exists") return { ir: { k: "zoneProp", zone: obj.ir, prop: "exists" }, ty: T.bool };
        // The kind of zone it is ("attackers" for any province's attacking side).
        if (name === "kind") return { ir: { k: "zoneProp", zone: obj.ir, prop: "kind" }, ty: T.text };
        if ([...this.symbols.zones.values()].some((z) => z.decl.values.some((v) => v.text === name))) return { ir: { k: "zoneValue", zone: obj.ir, name }, ty: T.number };
        const zone = this.symbols.zones.get(name);
        if (zone && zone.decl.per && zone.decl.per.text !== "player" && zone.decl.per.text !== "card") return { ir: { k: "zone", name, owner: obj.ir }, ty: T.zone };
        return unknown("a zone", () => [
          "owner",
          "exists",
          "kind",
          ...[...this.symbols.zones.values()].flatMap((z) => z.decl.values.map((v) => v.text)),
          ...this.zonesOwnedBy((per) => per !== undefined && per !== "player" && per !== "card"),
        ]);
      }
      case "use": {
        if (name === "card") return { ir: { k: "useProp", use: obj.ir, prop: "card" }, ty: T.card };
        if (name === "player") return { ir: { k: "useProp", use: obj.ir, prop: "player" }, ty: T.player };
        if (name === "negated") return { ir: { k: "useProp", use: obj.ir, prop: "negated" }, ty: T.bool };
        // A flag held by the use's ability on its card ("used this turn"), whatever use reads it.
        if (this.symbols.flags.has(name)) return { ir: { k: "useFlag", use: obj.ir, flag: name }, ty: T.bool };
        return unknown("a use of an ability", () => ["card", "player", "negated", ...this.symbols.flags.keys()]);
      }
      case "bonus": {
        // "+2F": its stat and its amount (what takes it away again: a token destroyed, rules/battle-text.l5r).
        if (name === "stat") return { ir: { k: "bonusProp", bonus: obj.ir, prop: "stat" }, ty: T.stat };
        if (name === "amount") return { ir: { k: "bonusProp", bonus: obj.ir, prop: "amount" }, ty: T.number };
        return unknown("a bonus", () => ["stat", "amount"]);
      }
      default:
        return unknown(`a ${show(obj.ty)}`);
    }
  }

  private binary(e: A.BinaryExpr, scope: Scope, ctx: BodyContext): Checked {
    const l = this.expr(e.left, scope, ctx);
    const rightScope = e.op === "and" ? this.narrowed(e.left, scope, ctx) : e.op === "or" ? this.narrowed(e.left, scope, ctx, false) : scope;
    const r = this.expr(e.right, rightScope, ctx);
    switch (e.op) {
      case "and":
      case "or":
        if (!assignable(l.ty, T.bool)) this.expect(l, T.bool, ctx, e.left.range, `the left side of '${e.op}'`);
        if (!assignable(r.ty, T.bool)) this.expect(r, T.bool, ctx, e.right.range, `the right side of '${e.op}'`);
        return { ir: { k: "bin", op: e.op, l: l.ir, r: r.ir }, ty: T.bool };
      case "==":
      case "!=": {
        if (!this.join(l.ty, r.ty)) {
          this.error("type/not-comparable", `cannot compare ${show(l.ty)} with ${show(r.ty)}`, ctx.file, e.range);
        }
        if (l.ty.k === "list" || r.ty.k === "list") {
          // Lists are equal when they hold the same items in the same order.
          const same: IrExpr = { k: "builtin", name: "sameList", args: [l.ir, r.ir] };
          return { ir: e.op === "==" ? same : { k: "not", e: same }, ty: T.bool };
        }
        return { ir: { k: "bin", op: e.op, l: l.ir, r: r.ir }, ty: T.bool };
      }
      case "<":
      case "<=":
      case ">":
      case ">=":
        if (!assignable(l.ty, T.number)) this.expect(l, T.number, ctx, e.left.range, `the left side of '${e.op}'`);
        if (!assignable(r.ty, T.number)) this.expect(r, T.number, ctx, e.right.range, `the right side of '${e.op}'`);
        return { ir: { k: "bin", op: e.op, l: l.ir, r: r.ir }, ty: T.bool };
      case "+":
        if (l.ty.k === "list" || r.ty.k === "list") {
          const ty = this.join(l.ty, r.ty);
          if (!ty || ty.k !== "list") this.error("type/mismatch", `cannot add ${show(l.ty)} and ${show(r.ty)}`, ctx.file, e.range);
          return { ir: { k: "bin", op: "concat", l: l.ir, r: r.ir }, ty: ty ?? T.error };
        }
        if (l.ty.k === "text" && r.ty.k === "text") return { ir: { k: "bin", op: "+", l: l.ir, r: r.ir }, ty: T.text };
        return this.arithmetic(e, l, r, ctx);
      case "-":
      case "*":
      case "/":
        return this.arithmetic(e, l, r, ctx);
      case "in": {
        if (r.ty.k === "zone") {
          this.expect(l, T.card, ctx, e.left.range, "what is looked for in a zone");
          return { ir: { k: "inZone", card: l.ir, zone: r.ir }, ty: T.bool };
        }
        if (r.ty.k === "list") {
          if (!this.join(l.ty, r.ty.of)) this.error("type/mismatch", `a ${show(l.ty)} is never in a ${show(r.ty)}`, ctx.file, e.range);
          return { ir: { k: "inList", item: l.ir, list: r.ir }, ty: T.bool };
        }
        if (r.ty.k !== "error") this.error("type/not-a-list", `'in' needs a list or a zone on its right, not ${show(r.ty)}`, ctx.file, e.right.range);
        return { ir: { k: "bool", v: false }, ty: T.bool };
      }
    }
  }

  private arithmetic(e: A.BinaryExpr, l: Checked, r: Checked, ctx: BodyContext): Checked {
    if (!assignable(l.ty, T.number)) this.expect(l, T.number, ctx, e.left.range, `the left side of '${e.op}'`);
    if (!assignable(r.ty, T.number)) this.expect(r, T.number, ctx, e.right.range, `the right side of '${e.op}'`);
    return { ir: { k: "bin", op: e.op as "+" | "-" | "*" | "/", l: l.ir, r: r.ir }, ty: T.number };
  }

  /** Names proven not none when `cond` holds (`x != none`, and conjunctions of such). */
  /** The scope where `cond` holds (`x != none and ...`), or, with `holds` false, where it does not
   *  (`x == none or ...`): the names it proves are not none are narrowed. */
  narrowed(cond: A.Expr, scope: Scope, ctx: BodyContext, holds = true): Scope {
    const names: string[] = [];
    const [joiner, test] = holds ? (["and", "!="] as const) : (["or", "=="] as const);
    const collect = (c: A.Expr): void => {
      if (c.kind === "Binary" && c.op === joiner) {
        collect(c.left);
        collect(c.right);
      } else if (c.kind === "Binary" && c.op === test && c.left.kind === "NameRef" && c.right.kind === "None") {
        names.push(c.left.name);
      } else if (!holds && c.kind === "Unary" && c.op === "not") {
        // not (x != none and ...) fails exactly when its operand holds
        const inner = c.operand;
        if (inner.kind === "Binary" && inner.op === "!=" && inner.left.kind === "NameRef" && inner.right.kind === "None") names.push(inner.left.name);
      }
    };
    collect(cond);
    if (names.length === 0) return scope;
    const inner = scope.child();
    for (const n of names) {
      const b = scope.lookup(n);
      if (b) inner.define(n, { ...b, ty: nonNull(b.ty) });
    }
    void ctx;
    return inner;
  }

  private uses(e: A.UsesExpr, scope: Scope, ctx: BodyContext): Checked {
    const kind = this.symbols.abilityKinds.get(e.abilityKind.text);
    const player = this.expr(e.player, scope, ctx);
    this.expect(player, T.player, ctx, e.player.range, "the player using them");
    let card: IrExpr | null = null;
    if (e.card) {
      const c = this.expr(e.card, scope, ctx);
      this.expect(c, T.card, ctx, e.card.range, "the card");
      card = c.ir;
    }
    if (!kind) {
      this.error("name/unknown-ability-kind", `unknown ability kind '${e.abilityKind.text}'${didYouMean(e.abilityKind.text, this.symbols.abilityKinds.keys())}`, ctx.file, e.abilityKind.range);
      return ERR;
    }
    const bindings: Record<string, IrExpr> = {};
    for (const a of e.bindings) {
      const p = kind.decl.params.find((x) => x.name.text === a.name?.text);
      const value = this.expr(a.value, scope, ctx);
      if (!p) {
        this.error("call/unknown-argument", `ability kind ${e.abilityKind.text} has no '${a.name?.text}'`, ctx.file, a.range);
        continue;
      }
      this.expect(value, this.resolveType(p.type, kind.file), ctx, a.range, `'${p.name.text}'`);
      bindings[p.name.text] = value.ir;
    }
    for (const p of kind.decl.params) {
      if (!(p.name.text in bindings)) this.error("call/missing-argument", `ability kind ${e.abilityKind.text} needs '${p.name.text}'`, ctx.file, e.range);
    }
    return { ir: { k: "uses", kind: e.abilityKind.text, card, player: player.ir, bindings }, ty: T.list(T.use) };
  }

  closure(e: A.ClosureExpr, scope: Scope, ctx: BodyContext, expected?: readonly Ty[]): Checked {
    const inner = scope.child();
    const params = e.params.map((p, i) => {
      const ty = expected && !p.type.name.text ? expected[i]! : this.resolveType(p.type, ctx.file);
      inner.define(p.name.text, { ty, ir: { k: "local", name: p.name.text }, assign: "local" });
      return { name: p.name.text, ty };
    });
    const body = this.stmts(e.body, inner, { ...ctx, generator: true, sequence: null, returns: true, what: "a hook" });
    return { ir: { k: "closure", params, body }, ty: T.hook(params.map((p) => p.ty)) };
  }

  // ================================================================ calls
  private callExpr(e: A.CallExpr, scope: Scope, ctx: BodyContext): Checked {
    const r = this.call(e, scope, ctx, false);
    return r.kind === "expr" ? r.value : ERR;
  }

  /** A call: a builtin, a function, a rule parameter, an effect (statement only) or a sequence. */
  call(e: A.CallExpr, scope: Scope, ctx: BodyContext, statement: boolean): { kind: "expr"; value: Checked } | { kind: "stmt"; stmt: IrStmt } | { kind: "error" } {
    if (e.callee.kind !== "NameRef") {
      this.error("call/not-callable", "only declared names can be called", ctx.file, e.callee.range);
      return { kind: "error" };
    }
    const name = e.callee.name;
    const builtin = BUILTINS[name];
    if (builtin && !this.symbols.callables.has(name)) {
      if (e.args.length !== builtin.arity || e.args.some((a) => a.name)) {
        this.error("call/arity", `${name}() takes ${builtin.arity} argument(s)`, ctx.file, e.range);
        return { kind: "error" };
      }
      const args = e.args.map((a) => this.expr(a.value, scope, ctx));
      if (!builtin.pure && !ctx.generator) this.requireGenerator(ctx, e.range, `${name}()`);
      const ty = builtin.result(args, (m) => this.error("type/mismatch", m, ctx.file, e.range));
      // A zone passed where a list is read stands for its cards.
      const irs = args.map((a, i): IrExpr => (a.ty.k === "zone" && !(name === "topCards" || name === "cardsIn") && i === 0 ? { k: "cardsOf", zone: a.ir } : a.ir));
      return { kind: "expr", value: { ir: { k: "builtin", name, args: irs }, ty } };
    }
    const callable = this.symbols.callables.get(name);
    if (!callable) {
      const b = scope.lookup(name);
      if (b && b.ty.k === "hook") this.error("rules/hook-call", `'${name}' is a hook: run it with \`run ${name}(...)\``, ctx.file, e.range);
      else this.error("name/unknown-function", `unknown function, effect or sequence '${name}'${didYouMean(name, this.symbols.callables.keys())}`, ctx.file, e.callee.range);
      return { kind: "error" };
    }
    const hooks = callable.kind === "effect" ? callable.decl.hooks : callable.kind === "sequence" ? callable.decl.hooks : [];
    const bound = this.bindArgs(callable, callable.decl.params, hooks, e, scope, ctx);
    if (!bound) return { kind: "error" };
    const ref = refOfCallable(callable);
    switch (callable.kind) {
      case "function":
        return { kind: "expr", value: { ir: { k: "callFn", fn: ref, args: bound.args }, ty: this.resolveType(callable.decl.returnType, callable.file) } };
      case "param":
        return { kind: "expr", value: { ir: { k: "param", fn: ref, args: bound.args }, ty: this.resolveType(callable.decl.type, callable.file) } };
      case "effect":
        if (!statement) {
          this.error("rules/effect-has-no-value", `effect '${name}' has no value: call it as a statement`, ctx.file, e.range);
          return { kind: "error" };
        }
        if (!ctx.generator) this.requireGenerator(ctx, e.range, `Effect '${name}'`);
        return { kind: "stmt", stmt: { k: "callEffect", fn: ref, args: bound.args, hooks: bound.hooks } };
      case "sequence":
        if (!ctx.generator) this.requireGenerator(ctx, e.range, `Sequence '${name}'`);
        return { kind: "expr", value: { ir: { k: "callSeq", fn: ref, args: bound.args, hooks: bound.hooks }, ty: T.frame(name) } };
    }
  }

  /** Matches arguments (positional, then named) to parameters and hooks; defaults fill the rest. */
  private bindArgs(
    callable: Callable,
    params: readonly A.Param[],
    hooks: readonly A.HookDecl[],
    e: A.CallExpr,
    scope: Scope,
    ctx: BodyContext,
  ): { args: IrExpr[]; hooks: Record<string, IrExpr> } | null {
    const name = callable.decl.name.text;
    const values = new Map<string, A.Argument>();
    let ok = true;
    let position = 0;
    for (const a of e.args) {
      if (a.name) {
        if (!params.some((p) => p.name.text === a.name!.text) && !hooks.some((h) => h.name.text === a.name!.text)) {
          this.error("call/unknown-argument", `${name} has no parameter or hook '${a.name.text}'`, ctx.file, a.name.range);
          ok = false;
          continue;
        }
        if (values.has(a.name.text)) {
          this.error("call/duplicate-argument", `'${a.name.text}' is given twice`, ctx.file, a.range);
          ok = false;
        }
        values.set(a.name.text, a);
      } else {
        const p = params[position++];
        if (!p) {
          this.error("call/too-many-arguments", `${name} takes ${params.length} argument(s)`, ctx.file, a.range);
          ok = false;
          continue;
        }
        values.set(p.name.text, a);
      }
    }
    const args: IrExpr[] = [];
    for (const p of params) {
      const want = this.resolveType(p.type, callable.file);
      const a = values.get(p.name.text);
      if (a) {
        const c = a.value.kind === "Closure" && want.k === "hook" ? this.closure(a.value, scope, ctx, want.params) : this.expr(a.value, scope, ctx);
        if (!assignable(c.ty, want)) this.expect(c, want, ctx, a.range, `argument '${p.name.text}' of ${name}`);
        args.push(c.ir);
      } else if (p.init) {
        args.push(this.defaultValue(p, want, callable, scope, ctx, e.range));
      } else {
        this.error("call/missing-argument", `${name} needs argument '${p.name.text}'`, ctx.file, e.range);
        ok = false;
      }
    }
    const hookArgs: Record<string, IrExpr> = {};
    for (const h of hooks) {
      const a = values.get(h.name.text);
      if (!a) continue;
      const want = this.hookType(h, callable.file);
      const c = a.value.kind === "Closure" ? this.closure(a.value, scope, ctx, want.k === "hook" ? want.params : undefined) : this.expr(a.value, scope, ctx);
      if (!assignable(c.ty, want)) this.expect(c, want, ctx, a.range, `hook '${h.name.text}' of ${name}`);
      hookArgs[h.name.text] = c.ir;
    }
    return ok ? { args, hooks: hookArgs } : null;
  }

  /** A parameter's default is evaluated where the call is: `you` means the caller's player. */
  private defaultValue(p: A.Param, want: Ty, callable: Callable, scope: Scope, ctx: BodyContext, at: A.Range): IrExpr {
    const saved = this.diags;
    const muted = new Diagnostics();
    this.diags = muted;
    let c: Checked;
    try {
      c = this.expr(p.init!, scope, { ...ctx, file: callable.file });
    } finally {
      this.diags = saved;
    }
    if (muted.hasErrors || !assignable(c.ty, want)) {
      const text = callable.file.text.slice(p.init!.range.start, p.init!.range.end);
      this.error("call/missing-argument", `${callable.decl.name.text} needs argument '${p.name.text}': its default \`${text}\` has no meaning here`, ctx.file, at);
      return { k: "none" };
    }
    return c.ir;
  }

  // ================================================================ statements
  stmts(list: readonly A.Stmt[], scope: Scope, ctx: BodyContext): IrStmt[] {
    const out: IrStmt[] = [];
    for (const s of list) {
      const ir = this.stmt(s, scope, ctx);
      if (!ir) continue;
      out.push(ir);
      if (ctx.sequence && ctx.checkpoints !== false && mayEndSequence(ir)) out.push({ k: "checkpoint" });
    }
    return out;
  }

  private block(list: readonly A.Stmt[], scope: Scope, ctx: BodyContext): IrStmt[] {
    return this.stmts(list, scope.child(), ctx);
  }

  private stmt(s: A.Stmt, scope: Scope, ctx: BodyContext): IrStmt | null {
    switch (s.kind) {
      case "Let": {
        if (scope.ownsName(s.name.text)) this.error("name/duplicate", `'${s.name.text}' is already defined here`, ctx.file, s.name.range);
        const init = this.expr(s.init, scope, ctx);
        let ty = init.ty;
        if (s.type) {
          ty = this.resolveType(s.type, ctx.file);
          if (!assignable(init.ty, ty)) this.expect(init, ty, ctx, s.init.range, `the value of '${s.name.text}'`);
        } else if (ty.k === "none" || (ty.k === "list" && ty.of.k === "error" && s.init.kind === "List")) {
          this.error("type/needs-annotation", `give '${s.name.text}' a type: \`let ${s.name.text}: T = ...\``, ctx.file, s.name.range);
        }
        scope.define(s.name.text, { ty, ir: { k: "local", name: s.name.text }, assign: "local" });
        return { k: "let", name: s.name.text, ty, init: init.ir };
      }
      case "Assign":
        return this.assign(s, scope, ctx);
      case "If": {
        const cond = this.expr(s.condition, scope, ctx);
        this.expect(cond, T.bool, ctx, s.condition.range, "a condition");
        const then = this.block(s.then, this.narrowed(s.condition, scope, ctx), ctx);
        const els = s.else ? this.block(s.else, this.narrowed(s.condition, scope, ctx, false), ctx) : null;
        return { k: "if", cond: cond.ir, then, else: els };
      }
      case "For": {
        const source = this.listSource(s.source, scope, ctx);
        let orderedBy: { player: IrExpr; prompt: string } | null = null;
        if (s.orderedBy) {
          const p = this.expr(s.orderedBy, scope, ctx);
          this.expect(p, T.player, ctx, s.orderedBy.range, "who orders them");
          this.requireGenerator(ctx, s.orderedBy.range, "Ordering by a player");
          orderedBy = { player: p.ir, prompt: s.orderPrompt?.text ?? `Choose the next: ${this.source(ctx, s.source.range)}` };
        }
        const inner = scope.child();
        inner.define(s.binder.text, { ty: source.element, ir: { k: "local", name: s.binder.text }, assign: null });
        const label = this.loopLabel();
        return { k: "for", binder: s.binder.text, source: source.ir, orderedBy, body: this.stmts(s.body, inner, { ...ctx, loop: label }), label };
      }
      case "While": {
        const cond = this.expr(s.condition, scope, ctx);
        this.expect(cond, T.bool, ctx, s.condition.range, "a condition");
        if (neverLeft(s)) {
          this.diags.warning("rules/endless-loop", "this loop's condition is always true and nothing in it leaves it (break, return, stop, declare, refuse): it ends only if the game does, or at the step cap", ctx.file.path, s.range);
        }
        const label = this.loopLabel();
        return { k: "while", cond: cond.ir, body: this.block(s.body, scope, { ...ctx, loop: label }), label, where: loopWhere(ctx.file, s.range) };
      }
      case "Repeat": {
        const count = this.expr(s.count, scope, ctx);
        this.expect(count, T.number, ctx, s.count.range, "a repeat count");
        const label = this.loopLabel();
        return { k: "repeat", count: count.ir, body: this.block(s.body, scope, { ...ctx, loop: label }), label, where: loopWhere(ctx.file, s.range) };
      }
      case "Break":
        if (!ctx.loop) {
          this.error("rules/break-outside-loop", "'break' leaves a loop and is only allowed in one", ctx.file, s.range);
          return null;
        }
        return { k: "break", label: ctx.loop };
      case "Window":
        return this.window(s, scope, ctx);
      case "Declare": {
        const winner = s.winner ? this.expr(s.winner, scope, ctx) : null;
        if (winner) this.expect(winner, T.player, ctx, s.winner!.range, "the winner");
        const reason = this.expr(s.reason, scope, ctx);
        this.expect(reason, T.text, ctx, s.reason.range, "how the game ends");
        return { k: "declare", winner: winner?.ir ?? null, reason: reason.ir };
      }
      case "Eliminate": {
        const player = this.expr(s.player, scope, ctx);
        this.expect(player, T.player, ctx, s.player.range, "the player who loses");
        const reason = this.expr(s.reason, scope, ctx);
        this.expect(reason, T.text, ctx, s.reason.range, "how the player loses");
        return { k: "eliminate", player: player.ir, reason: reason.ir };
      }
      case "Refuse": {
        const message = this.expr(s.message, scope, ctx);
        this.expect(message, T.text, ctx, s.message.range, "why the deck is refused");
        return { k: "refuse", message: message.ir };
      }
      case "Shuffle": {
        const zone = this.expr(s.zone, scope, ctx);
        this.expect(zone, T.zone, ctx, s.zone.range, "what is shuffled");
        return { k: "shuffle", zone: zone.ir };
      }
      case "Attach": {
        const item = this.expr(s.item, scope, ctx);
        this.expect(item, T.card, ctx, s.item.range, "what is attached");
        const target = this.expr(s.target, scope, ctx);
        this.expect(target, T.card, ctx, s.target.range, "what it attaches to");
        return { k: "attach", item: item.ir, target: target.ir };
      }
      case "Detach": {
        const item = this.expr(s.item, scope, ctx);
        this.expect(item, T.card, ctx, s.item.range, "what is detached");
        return { k: "detach", item: item.ir };
      }
      case "Remember": {
        const fact = this.expr(s.fact, scope, ctx);
        this.expect(fact, T.text, ctx, s.fact.range, "what is remembered");
        return { k: "remember", fact: fact.ir };
      }
      case "Return":
        if (!ctx.returns) {
          this.error("rules/return-outside-effect", ctx.sequence ? "a heading ends with `stop` (end the sequence), not `return`" : `'return' is not allowed in ${ctx.what}`, ctx.file, s.range);
        }
        return { k: "return" };
      case "Stop":
        if (!ctx.sequence) this.error("rules/stop-outside-sequence", "'stop' ends a sequence and is only allowed in its headings", ctx.file, s.range);
        return { k: "stop" };
      case "Abort": {
        const f = this.expr(s.frame, scope, ctx);
        if (f.ty.k !== "frame" && f.ty.k !== "error") this.error("type/mismatch", `only a running sequence can end without resolution, not ${show(f.ty)}`, ctx.file, s.frame.range);
        return { k: "abort", frame: f.ir };
      }
      case "Emit": {
        const ev = this.symbols.events.get(s.event.text);
        if (!ev) {
          this.error("event/unknown", `unknown event '${s.event.text}'`, ctx.file, s.event.range);
          return null;
        }
        this.requireGenerator(ctx, s.range, "Emitting an event");
        if (s.args.length !== ev.decl.params.length) {
          this.error("call/arity", `event ${s.event.text} takes ${ev.decl.params.length} argument(s)`, ctx.file, s.range);
        }
        const args = s.args.map((a, i) => {
          const c = this.expr(a.value, scope, ctx);
          const p = ev.decl.params[i];
          if (p) this.expect(c, this.resolveType(p.type, ev.file), ctx, a.range, `argument '${p.name.text}' of ${s.event.text}`);
          return c.ir;
        });
        return { k: "emit", event: s.event.text, args };
      }
      case "Run":
        return this.run(s, scope, ctx);
      case "Move": {
        const card = this.expr(s.card, scope, ctx);
        this.expect(card, T.card, ctx, s.card.range, "what is moved");
        const dest = this.expr(s.destination, scope, ctx);
        this.expect(dest, T.zone, ctx, s.destination.range, "where it moves");
        return { k: "move", card: card.ir, dest: dest.ir, position: s.position ?? "bottom", facing: s.facing };
      }
      case "Create":
      case "Cease": {
        const z = this.expr(s.zone, scope, ctx);
        this.expect(z, T.zone, ctx, s.zone.range, `what is ${s.kind === "Create" ? "created" : "ceased"}`);
        if (s.zone.kind === "Member" && z.ir.k === "zone") {
          const decl = this.symbols.zones.get(z.ir.name);
          if (decl && !decl.decl.isArea && !decl.decl.many) this.error("rules/not-an-area", `the ${decl.decl.label} is a zone that always exists; only areas are created and cease`, ctx.file, s.zone.range);
        }
        return s.kind === "Create" ? { k: "create", zone: z.ir } : { k: "cease", zone: z.ir };
      }
      case "Modify": {
        const until = this.until(s.until, scope, ctx);
        if (s.target.kind === "Member" && this.symbols.stats.has(s.target.member.text)) {
          const card = this.expr(s.target.object, scope, ctx);
          this.expect(card, T.card, ctx, s.target.object.range, "what is modified");
          const amount = this.expr(s.amount, scope, ctx);
          this.expect(amount, T.number, ctx, s.amount.range, "the modifier");
          return { k: "modify", card: card.ir, stat: { k: "str", v: s.target.member.text }, amount: amount.ir, until, permanent: s.permanent };
        }
        const card = this.expr(s.target, scope, ctx);
        this.expect(card, T.card, ctx, s.target.range, "what is modified");
        const amount = this.expr(s.amount, scope, ctx);
        this.expect(amount, T.bonus, ctx, s.amount.range, "the bonus");
        return { k: "modify", card: card.ir, stat: { k: "none" }, amount: amount.ir, until, permanent: s.permanent };
      }
      case "EndModifiers": {
        if (!this.symbols.stats.has(s.stat.text)) this.error("name/unknown-stat", `unknown stat '${s.stat.text}'${didYouMean(s.stat.text, this.symbols.stats.keys())}`, ctx.file, s.stat.range);
        const card = this.expr(s.card, scope, ctx);
        this.expect(card, T.card, ctx, s.card.range, "the card");
        return { k: "endModifiers", card: card.ir, stat: s.stat.text };
      }
      case "Override":
        return this.override(s, scope, ctx);
      case "Add":
      case "Remove": {
        const list = this.expr(s.list, scope, ctx);
        const item = this.expr(s.item, scope, ctx);
        if (list.ty.k !== "list") {
          if (list.ty.k !== "error") this.error("type/not-a-list", `only a list can be added to, not ${show(list.ty)}`, ctx.file, s.list.range);
        } else this.expect(item, list.ty.of.k === "error" ? item.ty : list.ty.of, ctx, s.item.range, "the item");
        return s.kind === "Add" ? { k: "add", item: item.ir, list: list.ir } : { k: "remove", item: item.ir, list: list.ir };
      }
      case "Resolve": {
        const use = this.expr(s.use, scope, ctx);
        this.expect(use, T.use, ctx, s.use.range, "what resolves");
        this.requireGenerator(ctx, s.range, "Resolving an ability");
        return { k: "resolve", use: use.ir };
      }
      case "Clause":
        return { k: "clause", title: s.title.text, body: this.block(s.body, scope, ctx) };
      case "Choose":
        return this.choose(s, scope, ctx);
      case "Lasting": {
        for (const q of s.sequences) if (!this.sequence(q.text)) this.error("name/unknown-sequence", `unknown sequence '${q.text}'`, ctx.file, q.range);
        let untilEvent: { event: string; args: IrExpr[] } | null = null;
        if (s.untilEvent) {
          const ev = this.symbols.events.get(s.untilEvent.event.text);
          const args = s.untilEvent.args.map((a, i) => {
            const c = this.expr(a, scope, { ...ctx, generator: false });
            const p = ev?.decl.params[i];
            if (p && ev) this.expect(c, this.resolveType(p.type, ev.file), ctx, a.range, `argument ${p.name.text}`);
            return c.ir;
          });
          untilEvent = { event: s.untilEvent.event.text, args };
        }
        let whileHolds: IrExpr | null = null;
        if (s.whileHolds) {
          const c = this.expr(s.whileHolds, scope, { ...ctx, generator: false });
          this.expect(c, T.bool, ctx, s.whileHolds.range, "the condition of a duration");
          whileHolds = c.ir;
        }
        return { k: "lasting", sequences: s.sequences.map((q) => q.text), body: this.block(s.body, scope, ctx), untilEvent, whileHolds };
      }
      case "Once": {
        const ev = this.symbols.events.get(s.event.text);
        if (!ev) {
          this.error("event/unknown", `unknown event '${s.event.text}'`, ctx.file, s.event.range);
          return null;
        }
        const inner = scope.child();
        const binders = s.binders.map((b, index) => {
          const p = ev.decl.params[index];
          const ty = p ? this.resolveType(p.type, ev.file) : T.error;
          inner.define(b.text, { ty, ir: { k: "local", name: b.text }, assign: null });
          return { name: b.text, ty, index };
        });
        const cond = s.condition ? this.expr(s.condition, inner, { ...ctx, generator: false, what: "a delayed effect's condition" }) : null;
        if (cond && !assignable(cond.ty, T.bool)) this.error("type/mismatch", `a delayed effect's condition should be bool but is ${show(cond.ty)}`, ctx.file, s.condition!.range);
        const body = this.stmts(s.body, inner.child(), { ...ctx, generator: true, sequence: null, returns: true, what: "a delayed effect" });
        const or = (s.or ?? []).map((o) => this.stmt(o, scope, ctx)).filter((o): o is Extract<IrStmt, { k: "once" }> => o !== null && o.k === "once");
        return { k: "once", event: s.event.text, binders, cond: cond ? cond.ir : null, body, each: s.each ?? false, or };
      }
      case "AtEnd": {
        const f = this.expr(s.frame, scope, ctx);
        if (f.ty.k !== "frame" && f.ty.k !== "error") this.error("type/mismatch", `'at end of' needs a running sequence, not ${show(f.ty)}`, ctx.file, s.frame.range);
        const body = this.stmts(s.body, scope.child(), { ...ctx, generator: true, sequence: null, returns: true, what: "a delayed effect" });
        return { k: "atEnd", frame: f.ir, body };
      }
      case "ExprStmt": {
        if (s.expr.kind === "Call") {
          const r = this.call(s.expr, scope, ctx, true);
          if (r.kind === "stmt") return r.stmt;
          if (r.kind === "expr") return { k: "expr", e: r.value.ir };
          return null;
        }
        const c = this.expr(s.expr, scope, ctx);
        return { k: "expr", e: c.ir };
      }
      case "Players":
      case "Put":
      case "Answer":
      case "Take":
      case "Expect":
      case "Result":
      case "Unscripted":
      case "On":
        if (!ctx.scenario) {
          this.error("rules/scenario-only", `'${s.kind.toLowerCase()}' is only allowed in a scenario`, ctx.file, s.range);
          return null;
        }
        return this.scenarioStmt?.(s, scope, ctx) ?? null;
    }
  }

  /** `(last duel).winners`: the member of the last frame, which must exist. */
  private lastAsFrame(c: Checked): Checked {
    return c.ir.k === "last" && !c.ir.orFail ? { ir: { ...c.ir, orFail: true }, ty: nonNull(c.ty) } : c;
  }

  private loops = 0;
  private loopLabel(): string {
    return `loop${++this.loops}`;
  }

  private window(s: A.WindowStmt, scope: Scope, ctx: BodyContext): IrStmt {
    const from = this.expr(s.from, scope, ctx);
    this.expect(from, T.player, ctx, s.from.range, "who has the first opportunity");
    this.requireGenerator(ctx, s.range, "A window of opportunities");
    const rules = s.rules.map((r) => {
      for (const t of r.timings) {
        if (!this.symbols.timings.has(t.text)) this.error("text/unknown-timing", `'${t.text}' is not a declared timing`, ctx.file, t.range);
      }
      let condition: IrExpr | null = null;
      if (r.condition) {
        const inner = scope.child();
        inner.define("player", { ty: T.player, ir: { k: "local", name: "player" }, assign: null });
        inner.define("card", { ty: T.card, ir: { k: "local", name: "card" }, assign: null });
        // The keywords of the ability ("Absent" actions may be taken without Presence).
        inner.define("keywords", { ty: T.list(T.text), ir: { k: "local", name: "keywords" }, assign: null });
        const c = this.expr(r.condition, inner, this.pure(ctx, "an allow rule"));
        this.expect(c, T.bool, ctx, r.condition.range, "an allow rule's condition");
        condition = c.ir;
      }
      return { timings: r.timings.map((t) => t.text), condition };
    });
    return { k: "window", from: from.ir, rules, once: s.once };
  }

  /** Scenario statements are checked by the scenario pass, which installs this. */
  scenarioStmt: ((s: A.Stmt, scope: Scope, ctx: BodyContext) => IrStmt | null) | null = null;

  private until(e: A.Expr | null, scope: Scope, ctx: BodyContext): IrExpr | null {
    if (!e) return null;
    const f = this.expr(e, scope, ctx);
    if (f.ty.k !== "frame" && f.ty.k !== "error") this.error("type/mismatch", `'until end of' needs a running sequence, not ${show(f.ty)}`, ctx.file, e.range);
    return f.ir;
  }

  private assign(s: A.AssignStmt, scope: Scope, ctx: BodyContext): IrStmt | null {
    const value = this.expr(s.value, scope, ctx);
    const t = s.target;
    if (t.kind === "NameRef" && t.name === "active" && !scope.lookup("active")) {
      // "the starting player becomes the active player"; "The next player in turn order becomes the active player."
      this.expect(value, T.player, ctx, s.value.range, "the active player");
      return { k: "setActive", player: value.ir };
    }
    if (t.kind === "NameRef") {
      const b: Binding | null = scope.lookup(t.name);
      if (!b) {
        this.error("name/unknown", `unknown name '${t.name}'${didYouMean(t.name, scope.visibleNames())}`, ctx.file, t.range);
        return null;
      }
      if (!assignable(value.ty, b.ty)) this.expect(value, b.ty, ctx, s.value.range, `the new value of '${t.name}'`);
      if (b.assign === "local") return { k: "assignLocal", name: t.name, value: value.ir };
      if (b.assign === "field" && b.ir.k === "field") return { k: "assignField", frame: b.ir.frame, field: b.ir.field, value: value.ir };
      this.error("rules/not-assignable", `'${t.name}' cannot be changed`, ctx.file, t.range);
      return null;
    }
    if (t.kind === "Member") {
      const target = this.expr(t, scope, ctx);
      if (!assignable(value.ty, target.ty)) this.expect(value, target.ty, ctx, s.value.range, `the new value of '${this.source(ctx, t.range)}'`);
      const ir = target.ir;
      switch (ir.k) {
        case "flag":
          return { k: "setFlag", card: ir.card, flag: ir.flag, value: value.ir };
        case "useFlag":
          return { k: "setUseFlag", use: ir.use, flag: ir.flag, value: value.ir };
        case "cardProp":
          if (ir.prop === "faceUp") return { k: "setFaceUp", card: ir.card, value: value.ir };
          // "Cards come in play controlled by the player who brought them into play" (a Terrain put
          // into play at another player's province is its player's).
          if (ir.prop === "controller") return { k: "setController", card: ir.card, value: value.ir };
          break;
        case "value":
          return { k: "setValue", player: ir.player, name: ir.name, value: value.ir };
        case "zoneValue":
          return { k: "setZoneValue", zone: ir.zone, name: ir.name, value: value.ir };
        case "field":
          return { k: "assignField", frame: ir.frame, field: ir.field, value: value.ir };
        case "useProp":
          if (ir.prop === "negated") return { k: "setNegated", use: ir.use, value: value.ir };
          break;
        default:
          if (target.ty.k === "error") return null;
      }
      this.error("rules/not-assignable", `'${this.source(ctx, t.range)}' cannot be changed`, ctx.file, t.range);
      return null;
    }
    this.error("rules/not-assignable", "only names, card states, player values and sequence state can be changed", ctx.file, t.range);
    return null;
  }

  private run(s: A.RunStmt, scope: Scope, ctx: BodyContext): IrStmt | null {
    const call = s.call;
    if (call.kind !== "Call") {
      this.error("rules/not-a-hook", "`run` takes a hook call: `run lose(c, self)`", ctx.file, call.range);
      return null;
    }
    const hook = this.expr(call.callee, scope, ctx);
    if (hook.ty.k !== "hook") {
      if (hook.ty.k !== "error") this.error("rules/not-a-hook", `'${this.source(ctx, call.callee.range)}' is not a hook`, ctx.file, call.callee.range);
      return null;
    }
    this.requireGenerator(ctx, s.range, "Running a hook");
    if (call.args.length !== hook.ty.params.length) {
      this.error("call/arity", `this hook takes ${hook.ty.params.length} argument(s)`, ctx.file, call.range);
    }
    const args = call.args.map((a, i) => {
      const c = this.expr(a.value, scope, ctx);
      const want = (hook.ty as Extract<Ty, { k: "hook" }>).params[i];
      if (want) this.expect(c, want, ctx, a.range, `argument ${i + 1}`);
      return c.ir;
    });
    return { k: "runHook", hook: hook.ir, args };
  }

  private override(s: A.OverrideStmt, scope: Scope, ctx: BodyContext): IrStmt | null {
    const p = this.symbols.callables.get(s.param.text);
    if (!p || p.kind !== "param") {
      this.error("param/unknown", `'${s.param.text}' is not a rule parameter`, ctx.file, s.param.range);
      return null;
    }
    if (s.args.length !== p.decl.params.length) {
      this.error("param/arity", `rule parameter ${s.param.text} takes ${p.decl.params.length} argument(s)`, ctx.file, s.range);
    }
    const args = s.args.map((a, i): IrExpr => {
      if (a === null) return { k: "any" };
      const c = this.expr(a, scope, ctx);
      const want = p.decl.params[i];
      if (want) this.expect(c, this.resolveType(want.type, p.file), ctx, a.range, `argument '${want.name.text}'`);
      return c.ir;
    });
    const value = this.expr(s.value, scope, ctx);
    this.expect(value, this.resolveType(p.decl.type, p.file), ctx, s.value.range, `the value of ${s.param.text}`);
    return { k: "override", param: s.param.text, args, value: value.ir, until: this.until(s.until, scope, ctx), permanent: s.permanent };
  }

  private choose(s: A.ChooseStmt, scope: Scope, ctx: BodyContext): IrStmt {
    const player = this.expr(s.player, scope, ctx);
    this.expect(player, T.player, ctx, s.player.range, "the choosing player");
    this.requireGenerator(ctx, s.range, "A choice");
    const options: IrChooseOption[] = s.options.map((o) => {
      const inner = scope.child();
      let source: IrExpr | null = null;
      let filter: IrExpr | null = null;
      let binderTy: Ty | null = null;
      if (o.binder && o.source) {
        const src = this.listSource(o.source, scope, ctx);
        source = src.ir;
        binderTy = src.element;
        inner.define(o.binder.text, { ty: src.element, ir: { k: "local", name: o.binder.text }, assign: null });
        if (o.filter) {
          const f = this.expr(o.filter, inner, this.pure(ctx, "an option's condition"));
          this.expect(f, T.bool, ctx, o.filter.range, "an option's condition");
          filter = f.ir;
        }
      }
      return { label: o.label.text, binder: o.binder?.text ?? null, binderTy, source, filter, body: this.stmts(o.body, inner, ctx) };
    });
    this.recordDecision(s.prompt.text, { kind: "choose", options: new Map(options.map((o) => [o.label, o.binderTy])), file: ctx.file.path, range: s.range });
    return { k: "choose", player: player.ir, prompt: s.prompt.text, options };
  }

  private recordDecision(prompt: string, site: DecisionSite): void {
    const sites = this.decisions.get(prompt);
    if (sites) sites.push(site);
    else this.decisions.set(prompt, [site]);
  }

  source(ctx: BodyContext, r: A.Range): string {
    return ctx.file.text.slice(r.start, r.end);
  }
}

export type { ModuleRef };

/** Can this statement end the running sequence (an effect, an event, a hook may make it abort)? */
function mayEndSequence(s: IrStmt): boolean {
  switch (s.k) {
    case "callEffect":
    case "emit":
    case "runHook":
    case "resolve":
    case "abort":
    case "expr":
      return true;
    case "let":
      return containsCall(s.init);
    case "assignLocal":
    case "assignField":
      return containsCall(s.value);
    default:
      return false;
  }
}

function containsCall(e: IrExpr): boolean {
  return findNode(e, (n) => n.k === "callSeq") !== null;
}
