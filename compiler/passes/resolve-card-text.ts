// Pass 5: card text.  Each ability is lowered to rules AST by matching its phrases against the
// declared vocabulary, then checked like any rules body.  Phrases the rules do not declare are an
// `unsupported/phrase` warning, and that ability is left out of the compiled card.
import { splitDescribingTrait } from "../text/describing-traits.ts";
import type * as A from "../../grammar/index.ts";
import type { IrAbility, IrCard, IrExpr, IrStmt } from "../ir.ts";
import { Scope, type BodyContext } from "../check/scope.ts";
import { camelFromTitle, safeName, slugFromTitle } from "../check/names.ts";
import { modulePathOf } from "../symbols.ts";
import { eachNode, findNode } from "../tree.ts";
import { T, show, assignable, nullable } from "../types.ts";
import { buildLexicon, freeNames, type Lexicon } from "../text/lexicon.ts";
import { AbilityLowerer, type LoweredAbility } from "../text/lower.ts";
import { AstBuilder } from "../text/build.ts";
import { collapseWhitespace } from "../text/words.ts";
import type { CompileContext } from "./context.ts";
import { keywordOf } from "./check-card-headers.ts";
import { irLeaf } from "../check/synthetic.ts";

export function resolveCardText(ctx: CompileContext): void {
  const lex = buildLexicon(ctx.symbols, ctx.checker, printedTraits(ctx.files), cardNames(ctx.files));
  ctx.lexicon = lex;
  checkReferenceNames(ctx);
  const used = new Map<string, Set<string>>();
  for (const file of ctx.files) {
    const module = modulePathOf(file.path);
    for (const d of file.decls) {
      if (d.kind !== "CardDecl") continue;
      const names = used.get(module) ?? new Set<string>();
      used.set(module, names);
      ctx.ir.set(d, compileCard(ctx, lex, d.title.text, d.body, file, uniqueName(camelFromTitle(d.title.text), names)));
    }
  }
}

/** The names of the cards these files declare (a title without its subtitle: "Doji Hoturi"), which card
 *  text may name as nouns ("Destroy a target Doji Hoturi"). */
export function cardNames(files: readonly A.SourceFile[]): string[] {
  const out: string[] = [];
  for (const file of files) for (const d of file.decls) if (d.kind === "CardDecl") out.push(nameOfTitle(d.title.text));
  return out;
}

function nameOfTitle(title: string): string {
  return title.includes(" \u2022 ") ? title.slice(0, title.indexOf(" \u2022 ")) : title;
}

/** The traits the cards of these files print (card text names them as it names keywords), the ad-hoc
 *  cards of scenarios' `put` statements too ("Commanders have +1F" reads when a scenario's card is one). */
export function printedTraits(files: readonly A.SourceFile[]): Set<string> {
  const out = new Set<string>();
  for (const file of files) {
    for (const d of file.decls) {
      if (d.kind === "CardDecl") for (const t of d.body.traits) out.add(t.text);
      else if (d.kind === "ScenarioDecl") eachNode(d, (n) => {
        if (n.kind === "Put") for (const t of (n as unknown as A.PutStmt).adhocBody?.traits ?? []) out.add(t.text);
      });
    }
  }
  return out;
}

/**
 * A reference's free names must be something card text can be in the context of: a parameter of an
 * ability kind, a hook or an event, or a sequence (a trigger on its heading binds it).
 */
function checkReferenceNames(ctx: CompileContext): void {
  const s = ctx.symbols;
  const known = new Set<string>();
  for (const k of s.abilityKinds.values()) for (const p of k.decl.params) known.add(p.name.text);
  for (const e of s.events.values()) for (const p of e.decl.params) known.add(p.name.text);
  for (const c of s.callables.values()) {
    if (c.kind === "sequence") known.add(c.decl.name.text);
    if (c.kind === "effect" || c.kind === "sequence") for (const h of c.decl.hooks) for (const p of h.params) known.add(p.name.text);
  }
  for (const r of s.references) {
    for (const name of freeNames(r.decl.body, s)) {
      if (known.has(name)) continue;
      const at = findName(r.decl.body, name) ?? r.decl.body.range;
      ctx.diags.error("name/unknown", `the reference names '${name}', which no ability kind, hook, event or sequence provides`, r.file.path, at);
    }
  }
}

function findName(e: A.Expr, name: string): A.Range | null {
  return (findNode(e, (n) => n.kind === "NameRef" && n.name === name)?.range as A.Range | undefined) ?? null;
}

/** Does the IR read an ability use's choices (a slot)? */
function readsSlot(ir: unknown): boolean {
  return findNode(ir, (n) => n.k === "slot") !== null;
}

export function uniqueName(base: string, used: Set<string>): string {
  let name = base;
  for (let i = 2; used.has(name); i++) name = `${base}${i}`;
  used.add(name);
  return name;
}

/** Compiles one card (also the ad-hoc cards scenarios declare). */
export function compileCard(ctx: CompileContext, lex: Lexicon, title: string, body: A.CardBody, file: A.SourceFile, exportName: string): IrCard {
  const abilities: IrAbility[] = [];
  const leftOut: IrCard["leftOut"] = [];
  const text = body.text ? collapseWhitespace(blockInside(file.text, body.text.range)) : "";
  const ref = { module: modulePathOf(file.path), name: safeName(exportName) };
  const granted: IrAbility[] = [];
  const granting = grantedAbilities(ctx, lex, file, title, ref.name, granted);
  if (body.text) {
    let actionsWritten = 0;
    for (const ability of body.text.abilities.flatMap((a) => splitDescribingTrait(a, lex, title))) {
      const isAction = ability.header !== null && ability.header.groups.length > 0;
      if (isAction) actionsWritten++;
      const reported = ctx.diags.list.length;
      const lowerer = new AbilityLowerer(lex, ctx.checker, ctx.diags, file, title, body.type?.text ?? null, !ctx.withoutSuggestions);
      lowerer.granting = granting;
      const lowered = lowerer.lower(ability);
      const checked = lowered ? checkAbility(ctx, lowered, file) : null;
      if (checked) abilities.push(checked);
      else leftOut.push(...leftOutRecord(ctx, ability, file, reported, isAction ? actionsWritten : null));
    }
  }
  // What a keyword gives each card that has it ("Expendable": after it is destroyed, draw a card).
  for (const k of [...body.keywords, ...body.traits]) {
    const keyword = keywordOf(ctx.symbols, k.text);
    const declared = keyword === null ? undefined : ctx.symbols.keywords.get(keyword);
    const granted = declared?.decl.text;
    if (!granted || keyword === null) continue;
    const lowerer = new AbilityLowerer(lex, ctx.checker, ctx.diags, declared.file, title, body.type?.text ?? null, !ctx.withoutSuggestions);
    for (const ability of granted.abilities) {
      const reported = ctx.diags.list.length;
      const lowered = lowerer.lower(ability);
      const checked = lowered ? checkAbility(ctx, whileKeyword(lowered, keyword, ability.range), declared.file) : null;
      if (checked) abilities.push(checked);
      else leftOut.push(...leftOutRecord(ctx, ability, declared.file, reported, null));
    }
  }
  return {
    kind: "card",
    ref,
    key: slugFromTitle(title),
    title,
    name: title.includes(" \u2022 ") ? nameOfTitle(title) : null,
    type: body.type?.text ?? "",
    clans: body.clans.map((c) => c.text),
    stats: body.stats.map((s) => ({ name: s.name.text, value: s.value })),
    unprinted: body.stats.filter((s) => s.printed === "none").map((s) => s.name.text),
    keywords: body.keywords.map((k) => keywordOf(ctx.symbols, k.text) ?? k.text),
    levels: body.keywords.flatMap((k) => {
      const keyword = keywordOf(ctx.symbols, k.text);
      return keyword !== null && keyword !== k.text ? [{ keyword, level: k.text.slice(keyword.length + 1) }] : [];
    }),
    traits: body.traits.map((t) => t.text),
    text,
    abilities,
    granted,
    leftOut,
  };
}

/**
 * How a card's text gives an ability ("give him the ability, \"Battle: ...\""): the quoted ability is
 * lowered and checked on its own, as the ability it is (its kind, timing, costs and limits), and kept
 * among the card's granted abilities; the value names it.  Its "this card" is the card that has it and
 * its "you" the player using it (the runtime's use of it).  A continuous trait given to a card is not
 * read yet: the continuous layer is worked out from the cards' own traits.
 */
function grantedAbilities(ctx: CompileContext, lex: Lexicon, file: A.SourceFile, title: string, cardName: string, granted: IrAbility[]): (ability: A.AbilityText) => A.Expr | null {
  // A reading may be tried more than once: each quote is compiled once.
  const done = new Map<number, A.Expr | null>();
  const grant = (ability: A.AbilityText): A.Expr | null => {
    if (done.has(ability.range.start)) return done.get(ability.range.start)!;
    // (The giving card's name is not the card that has the ability: "this card" is.)
    const lowerer = new AbilityLowerer(lex, ctx.checker, ctx.diags, file, title, null, !ctx.withoutSuggestions, false);
    lowerer.granting = grant;
    const lowered = lowerer.lower(ability);
    let value: A.Expr | null = null;
    if (lowered && lowered.kind === "static") ctx.diags.warning("unsupported/granted", `a continuous trait given to a card is not read yet (${title}); this ability is left out`, file.path, ability.range);
    else if (lowered) {
      const checked = checkAbility(ctx, lowered, file);
      if (checked) {
        granted.push(checked);
        value = irLeaf({ k: "grantedAbility", card: cardName, index: granted.length - 1 }, T.ability, ability.range);
      }
    }
    done.set(ability.range.start, value);
    return value;
  };
  return grant;
}

/** An ability left out for what the game cannot yet do: its text and the warnings that say why (none for
 *  reminder text, which is no ability). */
function leftOutRecord(ctx: CompileContext, ability: A.AbilityText, file: A.SourceFile, reported: number, action: number | null): IrCard["leftOut"] {
  const why = ctx.diags.list.slice(reported).filter((d) => d.code.startsWith("unsupported/")).map((d) => d.message);
  if (why.length === 0) return [];
  return [{ text: collapseWhitespace(file.text.slice(ability.range.start, ability.range.end)), why: why.join("; "), action }];
}

/**
 * The ability a keyword's text gives, used or triggered only while its card has the keyword: a card that
 * loses it ("loses the Brash keyword") no longer has the abilities it gives.  A triggered trait is gated
 * in its trigger, since the runtime asks only whether a trait's trigger matches; a Reaction or action in
 * its condition, which the runtime asks before it is used.
 */
function whileKeyword(a: LoweredAbility, keyword: string, range: A.Range): LoweredAbility {
  const b = new AstBuilder(range);
  const has = b.has(b.ref("self"), keyword);
  if (a.trigger && !a.trigger.reaction) return { ...a, trigger: { ...a.trigger, filter: a.trigger.filter ? b.and([has, a.trigger.filter]) : has } };
  return { ...a, conditions: [has, ...a.conditions] };
}

/** What is between the braces of a `text { ... }` block. */
function blockInside(source: string, block: A.Range): string {
  return source.slice(source.indexOf("{", block.start) + 1, block.end - 1);
}

function checkAbility(ctx: CompileContext, a: LoweredAbility, file: A.SourceFile): IrAbility | null {
  const checker = ctx.checker;
  const scope = new Scope(null);
  scope.define("you", { ty: T.player, ir: { k: "you" }, assign: null });
  scope.define("self", { ty: T.card, ir: { k: "thisCard" }, assign: null });
  // The action being resolved (an Honor loss "from an action" names it as its cause).
  scope.define("action", { ty: nullable(T.use), ir: { k: "thisUse" }, assign: null });
  // The use of the ability whose text it is, even where a trigger's "the action" takes the name `action`
  // ("After an action resolves: Once per turn, ...": the record is the ability's own).
  scope.define("thisAbility", { ty: nullable(T.use), ir: { k: "thisUse" }, assign: null });
  for (const b of a.bindings) {
    const ir: IrExpr = b.source.k === "kind" ? { k: "binding", name: b.name, ty: b.ty } : { k: "eventArg", index: b.source.index, ty: b.ty };
    scope.define(b.name, { ty: b.ty, ir, assign: null });
  }
  // A target of several cards ("one or two Personalities") is a list of them.
  const slotTy = (t: (typeof a.targets)[number]) => (t.player ? T.player : t.count ? T.list(T.card) : T.card);
  for (const t of a.targets) scope.define(t.slot, { ty: slotTy(t), ir: { k: "slot", name: t.slot, ty: slotTy(t) }, assign: null });

  const pure: BodyContext = { file, generator: false, sequence: null, returns: false, scenario: false, what: "a trigger or target condition" };
  const body: BodyContext = { file, generator: true, sequence: null, returns: false, scenario: false, what: "card text" };

  let trigger: IrAbility["trigger"] = null;
  if (a.trigger) {
    let match: IrExpr = { k: "bool", v: true };
    if (a.trigger.filter) {
      const c = checker.expr(a.trigger.filter, scope, pure);
      if (!assignable(c.ty, T.bool)) ctx.diags.error("type/mismatch", `a trigger condition should be bool but is ${show(c.ty)}`, file.path, a.trigger.filter.range);
      match = c.ir;
    }
    trigger = { event: a.trigger.event, reaction: a.trigger.reaction, match, firstTime: a.trigger.firstTime };
  }
  const targets = a.targets.map((t) => {
    const c = checker.expr(t.candidates, scope, pure);
    const together = t.together ? checker.expr(t.together, scope, pure).ir : null;
    // (the rules' `targetable` entry and an action's targets are of cards: a player is chosen among those the text names)
    return { slot: t.slot, ty: slotTy(t), prompt: t.prompt, candidates: c.ir, targeted: t.targeted && !t.player, performer: t.performer === true, ...(t.count ? { count: t.count } : {}), ...(together ? { together } : {}), ...(t.anywhere ? { anywhere: true as const } : {}) };
  });
  let condition: IrExpr | null = null;
  for (const cond of a.conditions) {
    const c = checker.expr(cond, scope, pure);
    if (!assignable(c.ty, T.bool)) ctx.diags.error("type/mismatch", `a condition should be bool but is ${show(c.ty)}`, file.path, cond.range);
    if (c.ir.k === "bool" && c.ir.v) continue; // "Any number of times per turn"
    condition = condition ? { k: "bin", op: "and", l: condition, r: c.ir } : c.ir;
  }
  const costs = checker.stmts(a.costs, scope.child(), body);
  const payable: IrExpr[] = [];
  // Each check sits where its cost does: under the `let`s and `if`s before it ("Bow this Personality"
  // on an attachment bows the Personality it is on, if any).
  const collectPayable = (stmts: IrStmt[], within: (e: IrExpr) => IrExpr): void => {
    let wrap = within;
    for (const s of stmts) {
      // A cost on a chosen card is checked in its choice (only unbowed cards can be bowed for a cost).
      if (s.k === "callEffect" && !readsSlot(s.args)) {
        const effect = ctx.symbols.callables.get(s.fn.name);
        if (effect?.kind === "effect" && effect.decl.payable) payable.push(wrap({ k: "callFn", fn: { module: s.fn.module, name: s.fn.name + "Payable" }, args: s.args }));
      }
      if (s.k === "if") {
        const outer = wrap;
        const cond = s.cond;
        collectPayable(s.then, (e) => outer({ k: "cond", c: cond, t: e, e: { k: "bool", v: true } }));
      }
      // A choice of costs ("Bow Kojinrue or one of his Weapons") offers only what can be paid, and can
      // be made when one of them can.
      if (s.k === "choose") payable.push(wrap(payableChoice(s)));
      if (s.k === "let") {
        const outer = wrap;
        const { name, ty, init } = s;
        wrap = (e) => outer({ k: "letIn", name, ty, value: init, body: e });
      }
    }
  };
  // Each option's own costs, checked where it is offered (an option listing cards lists only those
  // its cost can be paid with: compiler/text/cost-choices.ts).
  const payableChoice = (s: Extract<IrStmt, { k: "choose" }>): IrExpr => {
    const offered = s.options.map((o): IrExpr => {
      if (o.binder && o.source) return { k: "bin", op: ">", l: { k: "builtin", name: "count", args: [o.source] }, r: { k: "num", v: 0 } };
      const outer = payable.length;
      collectPayable(o.body, (e) => e);
      const own = payable.splice(outer);
      if (own.length > 0) o.filter = own.reduce((l, r) => ({ k: "bin", op: "and", l, r }));
      return o.filter ?? { k: "bool", v: true };
    });
    return offered.reduce((l, r) => ({ k: "bin", op: "or", l, r }));
  };
  collectPayable(costs, (e) => e);
  const effects = checker.stmts(a.effects, scope.child(), body);
  const calls = new Set<string>();
  eachNode([costs, effects], (n) => {
    if ((n.k === "callEffect" || n.k === "callSeq") && n.fn) calls.add((n.fn as { name: string }).name);
  });
  // And the functions its conditions call, before its colon or in its sentences ("If this card is in
  // play, ..."): the rules may ask what a condition says of the ability ("any number of times per turn":
  // rules/abilities.l5r).
  const conditions: IrExpr[] = [];
  eachNode(effects, (n) => {
    if (n.k === "if") conditions.push(n.cond as IrExpr);
  });
  eachNode([condition, conditions], (n) => {
    if (n.k === "callFn" && n.fn) calls.add((n.fn as { name: string }).name);
  });
  // (A kind may measure a cost: what "Invest :g4:" adds to a card's Gold Cost.)
  const measure = measureOf(ctx, a, [...costs, ...effects], file);
  if (measure === false) return null;
  // A trait the rules consult (what it describes, or the amount its icons measure when that is all it
  // says: "Discipline :g2:") rather than resolve.
  // (or a permission its kind's lead says whole, its parameters, if any, all the lead's to give:
  // compiler/text/lower.ts, lead-settings.ts)
  const kindDecl = ctx.symbols.abilityKinds.get(a.kind)?.decl;
  const saidByLead = kindDecl !== undefined && kindDecl.params.every((p) => p.init) && !kindDecl.measures && costs.length === 0 && effects.length === 0;
  const consulted = kindDecl?.describes || (measure && effects.length === 0) || saidByLead ? { consulted: true as const } : {};
  return { kind: a.kind, text: a.text, timings: a.timings, keywords: a.keywords, trigger, condition, targets, payable, costs, effects, calls: [...calls].sort(), measure, phrases: [...a.phrases], ...consulted };
}

/**
 * What an ability of a kind that `measures` an effect gives before it is used: the amounts of its
 * calls of that effect ("Produce 2 Gold" measures 2).  An amount known only once the ability is used
 * (it reads a choice, or what the ability kind is used for) cannot be measured: the ability is left
 * out with a warning (false).  Null for other kinds.
 */
function measureOf(ctx: CompileContext, a: LoweredAbility, effects: IrStmt[], file: A.SourceFile): IrExpr | null | false {
  const name = ctx.symbols.abilityKinds.get(a.kind)?.decl.measures?.text;
  const effect = name ? ctx.symbols.callables.get(name) : undefined;
  if (!name || effect?.kind !== "effect") return null;
  const index = effect.decl.params.findIndex((p) => p.type.name.text === "number");
  // (Through the duration the effects are given: it changes what they give for no while.)  A
  // conditional amount is measured with its condition ("Produce 2 Gold, or 3 Gold if ...").
  let unmeasurable = false;
  const measureStmts = (stmts: IrStmt[]): IrExpr | null => {
    let total: IrExpr | null = null;
    const add = (amount: IrExpr | null): void => {
      if (amount) total = total ? { k: "bin", op: "+", l: total, r: amount } : amount;
    };
    for (const s of stmts) {
      if (s.k === "lasting") add(measureStmts(s.body));
      else if (s.k === "if") {
        const t = measureStmts(s.then);
        const e = s.else ? measureStmts(s.else) : null;
        if (!t && !e) continue;
        if (readsUse(s.cond)) unmeasurable = true;
        add({ k: "cond", c: s.cond, t: t ?? { k: "num", v: 0 }, e: e ?? { k: "num", v: 0 } });
      } else if (s.k === "callEffect" && s.fn.name === name) {
        const amount = s.args[index]!;
        if (readsUse(amount)) unmeasurable = true;
        add(amount);
      }
    }
    return total;
  };
  const total = measureStmts(effects);
  if (unmeasurable) {
    ctx.diags.warning("unsupported/measure", `what "${a.text}" gives depends on how it is used, so it cannot be counted before it is (${a.kind}); this ability is left out`, file.path, a.range);
    return false;
  }
  return total;
}

/** Whether an expression reads what a use of the ability has: its choices, its kind's bindings, its event. */
function readsUse(e: IrExpr): boolean {
  return findNode(e, (n) => n.k === "slot" || n.k === "binding" || n.k === "eventArg") !== null;
}
