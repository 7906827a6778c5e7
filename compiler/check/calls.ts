// The checker's calls: builtins, functions, rule parameters, effects and sequences, with their
// arguments bound to parameters (and defaults filled in).
import type * as A from "../../grammar/index.ts";
import { Diagnostics } from "../diagnostics.ts";
import type { IrExpr, IrStmt } from "../ir.ts";
import type { Callable } from "../symbols.ts";
import { T, assignable, type Ty } from "../types.ts";
import { Scope, type BodyContext } from "./scope.ts";
import { refOfCallable } from "./names.ts";
import { didYouMean } from "../spelling.ts";
import { ERR, type Checked } from "./core.ts";
import { BUILTINS } from "./builtins.ts";
import { ExpressionChecker } from "./expressions.ts";

export abstract class CallChecker extends ExpressionChecker {
  // ================================================================ calls
  protected callExpr(e: A.CallExpr, scope: Scope, ctx: BodyContext): Checked {
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
  protected bindArgs(
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
  protected defaultValue(p: A.Param, want: Ty, callable: Callable, scope: Scope, ctx: BodyContext, at: A.Range): IrExpr {
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

}
