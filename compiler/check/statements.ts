// The checker's statements: bindings, conditionals, loops, windows, assignments, hooks run,
// overrides and choices; and where a checkpoint follows a statement that may end the sequence.
import type * as A from "../../grammar/index.ts";
import type { IrExpr, IrStmt, IrChooseOption } from "../ir.ts";
import { T, assignable, show, type Ty } from "../types.ts";
import { Scope, type BodyContext, type Binding } from "./scope.ts";
import { findNode } from "../tree.ts";
import { didYouMean } from "../spelling.ts";
import { loopWhere, neverLeft } from "./loops.ts";
import { CallChecker } from "./calls.ts";

export abstract class StatementChecker extends CallChecker {
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

  protected block(list: readonly A.Stmt[], scope: Scope, ctx: BodyContext): IrStmt[] {
    return this.stmts(list, scope.child(), ctx);
  }

  protected stmt(s: A.Stmt, scope: Scope, ctx: BodyContext): IrStmt | null {
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

  protected loops = 0;
  protected loopLabel(): string {
    return `loop${++this.loops}`;
  }

  protected window(s: A.WindowStmt, scope: Scope, ctx: BodyContext): IrStmt {
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

  protected until(e: A.Expr | null, scope: Scope, ctx: BodyContext): IrExpr | null {
    if (!e) return null;
    const f = this.expr(e, scope, ctx);
    if (f.ty.k !== "frame" && f.ty.k !== "error") this.error("type/mismatch", `'until end of' needs a running sequence, not ${show(f.ty)}`, ctx.file, e.range);
    return f.ir;
  }

  protected assign(s: A.AssignStmt, scope: Scope, ctx: BodyContext): IrStmt | null {
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

  protected run(s: A.RunStmt, scope: Scope, ctx: BodyContext): IrStmt | null {
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

  protected override(s: A.OverrideStmt, scope: Scope, ctx: BodyContext): IrStmt | null {
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

  protected choose(s: A.ChooseStmt, scope: Scope, ctx: BodyContext): IrStmt {
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
}

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
