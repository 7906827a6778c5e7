// Pass 6: scenarios.  Set-up (players, cards), scripted answers, actions and expectations are checked
// like rules bodies; the ad-hoc cards a scenario puts into play compile like any card.
import type * as A from "../../grammar/index.ts";
import type { IrCard, IrExpr, IrStmt } from "../ir.ts";
import { Scope, type BodyContext } from "../check/scope.ts";
import { modulePathOf } from "../symbols.ts";
import { LineMap } from "../diagnostics.ts";
import { T, show } from "../types.ts";
import { checkCardHeader } from "./check-card-headers.ts";
import { compileCard, uniqueName } from "./resolve-card-text.ts";
import type { CompileContext } from "./context.ts";
import { didYouMean } from "../spelling.ts";

const COMPARISONS = new Set(["==", "!=", "<", "<=", ">", ">="]);
const LITERALS = new Set(["Number", "String", "Bool", "None"]);

/**
 * What a failed `expect` shows: the value of each side of its comparisons (of each one an `and` joins),
 * except literals, which show themselves ("t.force is 1, u.force is 4" for `expect t.force == 3 and
 * u.force == 4`); the caller shows each expression once.
 */
function comparedValues(e: A.Expr, ir: IrExpr, text: (r: A.Range) => string): { text: string; e: IrExpr }[] {
  if (e.kind !== "Binary" || ir.k !== "bin") return [];
  if (e.op === "and") return [...comparedValues(e.left, ir.l, text), ...comparedValues(e.right, ir.r, text)];
  if (!COMPARISONS.has(e.op)) return [];
  const sides: { text: string; e: IrExpr }[] = [];
  if (!LITERALS.has(e.left.kind)) sides.push({ text: text(e.left.range), e: ir.l });
  if (!LITERALS.has(e.right.kind)) sides.push({ text: text(e.right.range), e: ir.r });
  return sides;
}

export function checkScenarios(ctx: CompileContext): void {
  const used = new Map<string, Set<string>>();
  for (const file of ctx.files) {
    const module = modulePathOf(file.path);
    const lines = new LineMap(file.text);
    const names = used.get(module) ?? new Set<string>();
    used.set(module, names);
    let index = 0;
    for (const d of file.decls) {
      if (d.kind !== "ScenarioDecl") continue;
      index++;
      const adhocCards: IrCard[] = [];
      ctx.checker.scenarioStmt = (s, scope, bctx) => scenarioStmt(ctx, s, scope, bctx, adhocCards, names);
      const bodyCtx: BodyContext = { file, generator: true, sequence: null, returns: false, scenario: true, what: "a scenario" };
      const body = ctx.checker.stmts(d.body, new Scope(null), bodyCtx);
      ctx.checker.scenarioStmt = null;
      const pos = lines.position(d.title.range.start);
      ctx.ir.set(d, {
        kind: "scenario",
        ref: { module, name: uniqueName(`scenario${index}`, names) },
        title: d.title.text,
        location: `${file.path}:${pos.line}:${pos.column}`,
        seed: d.seed,
        adhocCards,
        body,
      });
    }
  }
}

function scenarioStmt(ctx: CompileContext, s: A.Stmt, scope: Scope, bctx: BodyContext, adhoc: IrCard[], names: Set<string>): IrStmt | null {
  const checker = ctx.checker;
  const file = bctx.file;
  const text = (r: A.Range) => file.text.slice(r.start, r.end);
  switch (s.kind) {
    case "Players":
      for (const n of s.names) scope.define(n.text, { ty: T.player, ir: { k: "local", name: n.text }, assign: null });
      return { k: "players", names: s.names.map((n) => n.text) };
    case "Put": {
      let def: IrExpr;
      if (s.title) {
        if (!ctx.symbols.cards.has(s.title.text)) ctx.diags.error("scenario/unknown-card", `no card is titled "${s.title.text}"${didYouMean(s.title.text, ctx.symbols.cards.keys(), '"')}`, file.path, s.title.range);
        def = { k: "cardDef", title: s.title.text };
      } else {
        const body: A.CardBody = s.adhocBody
          ? { ...s.adhocBody, type: s.adhocType }
          : { kind: "CardBody", range: s.range, type: s.adhocType, clans: [], stats: [], keywords: [], traits: [], text: null };
        const title = s.adhocTitle?.text ?? `${s.adhocType?.text ?? "Card"} ${s.binder?.text ?? adhoc.length + 1}`;
        checkCardHeader(ctx, body, file, s.adhocType?.range ?? s.range, title);
        const card = compileCard(ctx, ctx.lexicon!, title, body, file, uniqueName(`adhoc${adhoc.length + 1}`, names));
        adhoc.push(card);
        def = { k: "local", name: card.ref.name };
      }
      const zone = checker.expr(s.zone, scope, bctx);
      if (zone.ty.k !== "zone" && zone.ty.k !== "error") ctx.diags.error("type/mismatch", `cards are put in a zone, not a ${show(zone.ty)}`, file.path, s.zone.range);
      if (s.binder) scope.define(s.binder.text, { ty: s.copies > 1 ? T.list(T.card) : T.card, ir: { k: "local", name: s.binder.text }, assign: null });
      return { k: "put", binder: s.binder?.text ?? null, def, zone: zone.ir, copies: s.copies };
    }
    case "Answer": {
      const player = checker.expr(s.player, scope, bctx);
      if (player.ty.k !== "player" && player.ty.k !== "error") ctx.diags.error("type/mismatch", `an answer is given by a player, not a ${show(player.ty)}`, file.path, s.player.range);
      const parts = s.parts.map((p) => {
        const c = checker.expr(p, scope, bctx);
        if (c.ty.k === "text") return { kind: "label" as const, e: c.ir };
        if (c.ty.k === "card") return { kind: "card" as const, e: c.ir };
        if (c.ty.k === "player") return { kind: "player" as const, e: c.ir };
        if (c.ty.k === "zone") return { kind: "zone" as const, e: c.ir };
        if (c.ty.k !== "error") ctx.diags.error("type/mismatch", `an answer names an option by its label, a card, a player or a zone, not a ${show(c.ty)}`, file.path, p.range);
        return { kind: "label" as const, e: { k: "str", v: "" } as IrExpr };
      });
      return { k: "answer", player: player.ir, parts, source: `${text(s.range)}` };
    }
    case "Take": {
      const card = checker.expr(s.card, scope, bctx);
      const player = checker.expr(s.player, scope, bctx);
      if (card.ty.k !== "card" && card.ty.k !== "error") ctx.diags.error("type/mismatch", `'take' names a card, not a ${show(card.ty)}`, file.path, s.card.range);
      if (player.ty.k !== "player" && player.ty.k !== "error") ctx.diags.error("type/mismatch", `'take ... by' names a player, not a ${show(player.ty)}`, file.path, s.player.range);
      // A look at an event runs inside the event, where no action can be taken (it is not a step of the game).
      if (!bctx.generator) ctx.diags.error("rules/decision-in-pure-context", `'${s.forced ? "force" : "take"}' cannot happen in ${bctx.what}: it takes an action, which puts decisions to players and changes the game`, file.path, s.range);
      return { k: "take", card: card.ir, player: player.ir, ability: s.ability, forced: s.forced };
    }
    case "Result": {
      let player: IrExpr | null = null;
      if (s.player) {
        const c = checker.expr(s.player, scope, bctx);
        if (c.ty.k !== "player" && c.ty.k !== "error") ctx.diags.error("type/mismatch", `'result winner' names a player, not a ${show(c.ty)}`, file.path, s.player.range);
        player = c.ir;
      }
      return { k: "expectResult", how: s.how, player, text: s.text.text, source: text(s.range) };
    }
    case "Expect": {
      const c = checker.expr(s.expr, scope, bctx);
      if (c.ty.k !== "bool" && c.ty.k !== "error") ctx.diags.error("type/mismatch", `'expect' needs a condition, not a ${show(c.ty)}`, file.path, s.expr.range);
      const detail: { text: string; e: IrExpr }[] = [];
      for (const d of comparedValues(s.expr, c.ir, text)) if (!detail.some((x) => x.text === d.text)) detail.push(d);
      return { k: "expect", cond: c.ir, text: text(s.expr.range), detail };
    }
    case "On": {
      const event = s.event.text;
      let params: { name: string; ty: import("../types.ts").Ty }[] = [];
      if (s.isPoint) {
        // "before:duel.F" (a heading), or "before:turn" / "after:turn" (a whole sequence).
        const m = /^(before|after):(\w+)(?:\.(\w+))?$/.exec(event);
        const seq = m ? ctx.symbols.callables.get(m[2]!) : undefined;
        const heading = seq?.kind === "sequence" && (m![3] === undefined || seq.decl.headings.some((h, i) => (h.label?.text ?? String(i + 1)) === m![3]));
        if (!m || !heading) ctx.diags.error("timing/unknown-point", `"${event}" is not a timing point (write "before:duel.F" for a heading, or "after:duel" for a whole sequence)`, file.path, s.event.range);
        else params = [{ name: "frame", ty: T.frame(m[2]!) }];
      } else {
        const ev = ctx.symbols.events.get(event);
        if (!ev) ctx.diags.error("event/unknown", `unknown event '${event}'`, file.path, s.event.range);
        else params = ev.decl.params.map((p) => ({ name: p.name.text, ty: checker.resolveType(p.type, ev.file) }));
      }
      if (s.binders.length > Math.max(params.length, 0) && params.length) ctx.diags.error("call/arity", `${event} has ${params.length} argument(s)`, file.path, s.range);
      const inner = scope.child();
      const binders = s.binders.map((b, index) => {
        const ty = params[index]?.ty ?? T.error;
        inner.define(b.text, { ty, ir: { k: "local", name: b.text }, assign: null });
        return { name: b.text, ty, index };
      });
      const body = checker.stmts(s.body, inner, { ...bctx, generator: false, what: "a scenario's look at an event" });
      return { k: "on", event, binders, body };
    }
    case "Unscripted":
      if (s.mode.text !== "fail" && s.mode.text !== "first") ctx.diags.error("scenario/unscripted-mode", "`unscripted` is followed by `fail` or `first`", file.path, s.mode.range);
      return { k: "unscripted", mode: s.mode.text };
    default:
      return null;
  }
}
