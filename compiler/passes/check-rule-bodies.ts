// Pass 4: check the bodies of functions, rule parameters, effects and sequences, and lower them.
import type * as A from "../../grammar/index.ts";
import type { IrDeck, IrEffect, IrFunction, IrHeading, IrRuleParam, IrSequence, IrStatrule, IrExpr } from "../ir.ts";
import { modulePathOf } from "../symbols.ts";
import { findNode } from "../tree.ts";
import { Scope, type BodyContext } from "../check/scope.ts";
import { camelFromTitle, frameTypeRef, refOfCallable, safeName } from "../check/names.ts";
import { T, assignable, noneMisfit, show, type Ty } from "../types.ts";
import type { CompileContext } from "./context.ts";
import { didYouMean } from "../spelling.ts";

export function checkRuleBodies(ctx: CompileContext): void {
  for (const c of ctx.symbols.callables.values()) {
    switch (c.kind) {
      case "function":
        ctx.ir.set(c.decl, checkFunction(ctx, c.decl, c.file));
        break;
      case "param":
        ctx.ir.set(c.decl, checkParam(ctx, c.decl, c.file));
        break;
      case "effect":
        ctx.ir.set(c.decl, checkEffect(ctx, c.decl, c.file));
        break;
      case "sequence":
        ctx.ir.set(c.decl, checkSequence(ctx, c.decl, c.file));
        break;
    }
  }
  for (const a of ctx.symbols.adjectives) checkAdjective(ctx, a.decl, a.file);
  for (const [stat, r] of ctx.symbols.statrules) ctx.ir.set(r.decl, checkStatrule(ctx, stat, r.decl, r.file));
  for (const d of ctx.symbols.decks.values()) ctx.ir.set(d.decl, deckOf(ctx, d.decl, d.file));
}

function checkStatrule(ctx: CompileContext, stat: string, d: A.StatruleDecl, file: A.SourceFile): IrStatrule {
  const { scope, params } = paramScope(ctx, d.params, file);
  const returns = ctx.checker.resolveType(d.returnType, file);
  const body = ctx.checker.expr(d.body, scope, pureContext(file, "a stat rule"));
  checkResult(ctx, body.ty, returns, file, d.body.range, `the value of ${stat}`);
  return { kind: "statrule", ref: { module: modulePathOf(file.path), name: `${stat}Rule` }, stat, doc: `stat rule: how ${stat} is worked out`, params, body: body.ir };
}

function deckOf(ctx: CompileContext, d: A.DeckDecl, file: A.SourceFile): IrDeck {
  const entry = (e: A.DeckEntry) => {
    if (!ctx.symbols.cards.has(e.title.text)) ctx.diags.error("deck/unknown-card", `no card is titled "${e.title.text}"${didYouMean(e.title.text, ctx.symbols.cards.keys(), '"')}`, file.path, e.title.range);
    return { copies: e.copies, title: e.title.text };
  };
  const parts = d.parts.map((part) => {
    const zone = ctx.symbols.zones.get(part.zone.text);
    if (!zone || zone.decl.per?.text !== "player" || zone.decl.many) {
      ctx.diags.error("deck/unknown-zone", `a deck puts cards in a zone each player has; '${part.zone.text}' is not one`, file.path, part.zone.range);
    }
    return { zone: part.zone.text, cards: part.entries.map(entry) };
  });
  return {
    kind: "deck",
    ref: { module: modulePathOf(file.path), name: camelFromTitle(d.title.text) + "Deck" },
    title: d.title.text,
    parts,
  };
}

export function pureContext(file: A.SourceFile, what: string): BodyContext {
  return { file, generator: false, sequence: null, returns: false, scenario: false, what };
}

export function paramScope(ctx: CompileContext, params: readonly A.Param[], file: A.SourceFile, parent: Scope | null = null): { scope: Scope; params: { name: string; ty: Ty }[] } {
  const scope = new Scope(parent);
  const out: { name: string; ty: Ty }[] = [];
  for (const p of params) {
    const ty = ctx.checker.resolveType(p.type, file);
    if (scope.ownsName(p.name.text)) ctx.diags.error("name/duplicate", `parameter '${p.name.text}' is declared twice`, file.path, p.name.range);
    scope.define(p.name.text, { ty, ir: { k: "local", name: p.name.text }, assign: "local" });
    out.push({ name: p.name.text, ty });
  }
  return { scope, params: out };
}

function checkResult(ctx: CompileContext, got: Ty, want: Ty, file: A.SourceFile, range: A.Range, what: string): void {
  if (assignable(got, want)) return;
  const misfit = noneMisfit(got, want);
  if (misfit === "value") ctx.diags.error("type/nullable", `${what} may be none here (it is ${show(got)}, not ${show(want)}); check it with \`if x != none\` first`, file.path, range);
  else if (misfit === "item") ctx.diags.error("type/nullable", `an item of ${what} may be none here (it is ${show(got)}, not ${show(want)}); check each item with \`if x != none\` first`, file.path, range);
  else ctx.diags.error("type/mismatch", `${what} should be ${show(want)} but is ${show(got)}`, file.path, range);
}

function checkFunction(ctx: CompileContext, d: A.FunctionDecl, file: A.SourceFile): IrFunction {
  const { scope, params } = paramScope(ctx, d.params, file);
  const returns = ctx.checker.resolveType(d.returnType, file);
  const body = ctx.checker.expr(d.body, scope, pureContext(file, "a function"));
  checkResult(ctx, body.ty, returns, file, d.body.range, `the result of ${d.name.text}`);
  if (d.cached) checkCacheable(ctx, d, params, body.ir, file);
  return { kind: "function", ref: refOfCallable({ kind: "function", decl: d, file }), doc: `${d.cached ? "cached " : ""}function ${d.name.text}`, params, returns, body: body.ir, cached: d.cached };
}

/**
 * A cached function's value may be kept until the game state changes; what the runtime does not count as
 * a change (a running sequence's state, an ability use's choices) must not be read.
 */
function checkCacheable(ctx: CompileContext, d: A.FunctionDecl, params: { name: string; ty: Ty }[], body: IrExpr, file: A.SourceFile): void {
  for (const p of params) {
    if (p.ty.k === "frame" || p.ty.k === "use" || p.ty.k === "hook" || p.ty.k === "list") {
      ctx.diags.error("rules/not-cacheable", `a cached function cannot take ${show(p.ty)} ('${p.name}'): its value would outlive what it depends on`, file.path, d.name.range);
    }
  }
  const unstable = new Set(["current", "last", "field", "slot", "binding", "eventArg"]);
  const reads = (findNode(body, (n) => unstable.has(n.k as string))?.k as string | undefined) ?? null;
  if (reads) ctx.diags.error("rules/not-cacheable", `a cached function cannot read a running sequence or an ability use (it reads ${reads === "field" ? "a frame's field" : `'${reads}'`})`, file.path, d.body.range);
}

function checkParam(ctx: CompileContext, d: A.ParamDecl, file: A.SourceFile): IrRuleParam {
  const { scope, params } = paramScope(ctx, d.params, file);
  const returns = ctx.checker.resolveType(d.type, file);
  const fallback = ctx.checker.expr(d.init, scope, pureContext(file, "a rule parameter's default"));
  checkResult(ctx, fallback.ty, returns, file, d.init.range, `the default of ${d.name.text}`);
  return {
    kind: "param",
    ref: refOfCallable({ kind: "param", decl: d, file }),
    id: d.name.text,
    summed: d.summed,
    doc: `rule parameter ${d.name.text}${d.summed ? " (overrides add up)" : ""}`,
    params,
    returns,
    fallback: fallback.ir,
  };
}

function hookParams(ctx: CompileContext, hooks: readonly A.HookDecl[], file: A.SourceFile, scope: Scope, asFields: boolean) {
  return hooks.map((h) => {
    const params = h.params.map((p) => ({ name: p.name.text, ty: ctx.checker.resolveType(p.type, file) }));
    const ty = ctx.checker.hookType(h, file);
    // In a heading a hook is a field of the frame; in an effect, a member of its `hooks` parameter.
    const holder = asFields ? ({ k: "self" } as const) : ({ k: "hooks" } as const);
    scope.define(h.name.text, { ty, ir: { k: "field", frame: holder, field: h.name.text }, assign: null });
    return { name: h.name.text, params };
  });
}

function checkEffect(ctx: CompileContext, d: A.EffectDecl, file: A.SourceFile): IrEffect {
  const { scope, params } = paramScope(ctx, d.params, file);
  const hooks = hookParams(ctx, d.hooks, file, scope, false);
  let payable = null;
  if (d.payable) {
    const c = ctx.checker.expr(d.payable, scope, pureContext(file, "a payable condition"));
    checkResult(ctx, c.ty, T.bool, file, d.payable.range, "a payable condition");
    payable = c.ir;
  }
  const body = ctx.checker.stmts(d.body, scope, { file, generator: true, sequence: null, returns: true, scenario: false, what: "an effect" });
  const doc = `effect ${d.name.text}${d.phrases.length ? ": " + d.phrases.map((p) => `"${p.text.text}"`).join(", ") : ""}`;
  return { kind: "effect", ref: refOfCallable({ kind: "effect", decl: d, file }), doc, costOnly: d.costOnly, yields: true, payable, params, hooks, body };
}

function checkSequence(ctx: CompileContext, d: A.SequenceDecl, file: A.SourceFile): IrSequence {
  const callable = { kind: "sequence" as const, decl: d, file };
  const { scope: paramsOnly, params } = paramScope(ctx, d.params, file);
  const states = d.states.map((s) => {
    const ty = ctx.checker.resolveType(s.type, file);
    const init = ctx.checker.expr(s.init, paramsOnly, pureContext(file, "a sequence's initial state"));
    checkResult(ctx, init.ty, ty, file, s.init.range, `the initial value of ${s.name.text}`);
    return { name: s.name.text, ty, init: init.ir };
  });

  // Inside headings, the frame's fields are names: parameters, hooks and state.
  const frameScope = new Scope(null);
  frameScope.define("self", { ty: T.frame(d.name.text), ir: { k: "self" }, assign: null });
  frameScope.define("aborted", { ty: T.bool, ir: { k: "frameProp", frame: { k: "self" }, prop: "aborted" }, assign: null });
  for (const p of params) frameScope.define(p.name, { ty: p.ty, ir: { k: "field", frame: { k: "self" }, field: p.name }, assign: "field" });
  const hooks = hookParams(ctx, d.hooks, file, frameScope, true);
  for (const s of states) {
    if (frameScope.ownsName(s.name)) ctx.diags.error("name/duplicate", `'${s.name}' is already a field of ${d.name.text}`, file.path, d.states.find((x) => x.name.text === s.name)!.name.range);
    frameScope.define(s.name, { ty: s.ty, ir: { k: "field", frame: { k: "self" }, field: s.name }, assign: "field" });
  }

  const aborts = d.aborts.map((a) => {
    const ev = ctx.symbols.events.get(a.event.text);
    if (!ev) {
      ctx.diags.error("event/unknown", `unknown event '${a.event.text}'`, file.path, a.event.range);
      return { event: a.event.text, binders: [], when: null };
    }
    if (a.binders.length > ev.decl.params.length) ctx.diags.error("call/arity", `event ${a.event.text} has ${ev.decl.params.length} argument(s)`, file.path, a.range);
    const inner = frameScope.child();
    a.binders.forEach((b, i) => {
      const p = ev.decl.params[i];
      inner.define(b.text, { ty: p ? ctx.checker.resolveType(p.type, ev.file) : T.error, ir: { k: "local", name: b.text }, assign: null });
    });
    let when = null;
    if (a.condition) {
      const c = ctx.checker.expr(a.condition, inner, pureContext(file, "an abort condition"));
      checkResult(ctx, c.ty, T.bool, file, a.condition.range, "an abort condition");
      when = c.ir;
    }
    return { event: a.event.text, binders: a.binders.map((b) => b.text), when };
  });

  const seqName = safeName(d.name.text);
  const labels = new Map<string, A.HeadingDecl>();
  for (const h of d.headings) {
    if (!h.label) continue;
    const prior = labels.get(h.label.text);
    if (prior) {
      ctx.diags.error("name/duplicate", `${d.name.text} already has a heading ${h.label.text}`, file.path, h.label.range, [
        { file: file.path, range: prior.label!.range, message: "first declared here" },
      ]);
    } else labels.set(h.label.text, h);
  }
  const headings: IrHeading[] = d.headings.map((h, i) => {
    const label = h.label?.text ?? null;
    const body = ctx.checker.stmts(h.body, frameScope.child(), {
      file,
      generator: true,
      sequence: { decl: d, name: d.name.text },
      checkpoints: !h.always,
      returns: false,
      scenario: false,
      what: "a heading",
    });
    return {
      fnName: `${seqName}_${label ?? String(i + 1)}`,
      label,
      title: h.title.text,
      point: `${d.name.text}.${label ?? String(i + 1)}`,
      always: h.always,
      doc: (label ? `${label}. ${h.title.text}` : h.title.text) + errata(h.annotations),
      body,
      points: { before: true, after: true },
      yields: true,
    };
  });

  return {
    kind: "sequence",
    ref: refOfCallable(callable),
    frameType: frameTypeRef(callable),
    seq: d.name.text,
    title: d.title,
    doc: d.title,
    params,
    hooks,
    states,
    aborts,
    headings,
  };
}

/** Errata notes for a generated doc comment: " (changed 2008-03-06: order changed)". */
function errata(annotations: readonly A.Annotation[]): string {
  if (annotations.length === 0) return "";
  return " (" + annotations.map((a) => [a.name.text, a.date, a.note].filter(Boolean).join(" ").replace(/^(\w+) ([\d-]+) /, "$1 $2: ")).join("; ") + ")";
}

function checkAdjective(ctx: CompileContext, d: A.AdjectiveDecl, file: A.SourceFile): void {
  const { scope } = paramScope(ctx, [d.param], file);
  scope.define("you", { ty: T.player, ir: { k: "you" }, assign: null });
  // Card text reads an adjective on a card, which may be named ("your other Kata": not this one).
  scope.define("self", { ty: T.card, ir: { k: "thisCard" }, assign: null });
  const body = ctx.checker.expr(d.body, scope, pureContext(file, "an adjective"));
  checkResult(ctx, body.ty, T.bool, file, d.body.range, "an adjective");
  if (d.domain) {
    const domain = ctx.checker.expr(d.domain, scope.child(), pureContext(file, "an adjective's domain"));
    checkResult(ctx, domain.ty, T.list(T.card), file, d.domain.range, "an adjective's domain");
  }
  if (d.anywhere) {
    const anywhere = ctx.checker.expr(d.anywhere, scope.child(), pureContext(file, "an adjective"));
    checkResult(ctx, anywhere.ty, T.bool, file, d.anywhere.range, "an adjective");
  }
}
