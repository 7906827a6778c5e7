// The checker's core: the symbols and diagnostics every layer shares, type names, the reports of
// values that do not fit, and the decisions recorded for `advise`.  The layers above it
// (expressions.ts, calls.ts, statements.ts) call one another through the abstract methods here.
import type * as A from "../../grammar/index.ts";
import { Diagnostics } from "../diagnostics.ts";
import type { IrExpr, IrStmt } from "../ir.ts";
import type { Callable, Symbols } from "../symbols.ts";
import { T, assignable, noneMisfit, nullable, show, typeFromName, type Ty } from "../types.ts";
import { Scope, type BodyContext } from "./scope.ts";

export interface Checked {
  readonly ir: IrExpr;
  readonly ty: Ty;
}

export const ERR: Checked = { ir: { k: "none" }, ty: T.error };

/** A decision the rules put, as `advise` declarations name it: its options' labels, each with the
 *  type of what the option names (null: nothing), and where it is put. */
export interface DecisionSite {
  readonly kind: "ask" | "choose" | "chooseFrom";
  readonly options: ReadonlyMap<string, Ty | null>;
  readonly file: string;
  readonly range: A.Range;
}

export abstract class CheckerCore {
  protected readonly sequenceNames: Set<string>;
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
  protected expect(c: Checked, want: Ty, ctx: BodyContext, range: A.Range, what: string): void {
    if (!assignable(c.ty, want)) {
      const misfit = noneMisfit(c.ty, want);
      if (misfit === "value") {
        this.error("type/nullable", `${what} may be none here (it is ${show(c.ty)}); check it with \`if x != none\` first`, ctx.file, range);
      } else if (misfit === "item") {
        this.error("type/nullable", `an item of ${what} may be none here (it is ${show(c.ty)}, not ${show(want)}); check each item with \`if x != none\` first`, ctx.file, range);
      } else {
        this.error("type/mismatch", `${what} should be ${show(want)} but is ${show(c.ty)}`, ctx.file, range);
      }
    }
  }

  /** (Callers whose `what` is made for the call test `ctx.generator` first, as `expect`'s do.) */
  protected requireGenerator(ctx: BodyContext, range: A.Range, what: string): boolean {
    if (ctx.generator) return true;
    this.error("rules/decision-in-pure-context", `${what} cannot happen in ${ctx.what}: it may put a decision to a player or change the game`, ctx.file, range);
    return false;
  }

  protected pure(ctx: BodyContext, what: string): BodyContext {
    return { ...ctx, generator: false, what };
  }

  // ================================================================ decisions
  protected recordDecision(prompt: string, site: DecisionSite): void {
    const sites = this.decisions.get(prompt);
    if (sites) sites.push(site);
    else this.decisions.set(prompt, [site]);
  }

  source(ctx: BodyContext, r: A.Range): string {
    return ctx.file.text.slice(r.start, r.end);
  }

  // ================================================================ the layers above
  abstract expr(e: A.Expr, scope: Scope, ctx: BodyContext): Checked;
  protected abstract callExpr(e: A.CallExpr, scope: Scope, ctx: BodyContext): Checked;
  abstract stmts(list: readonly A.Stmt[], scope: Scope, ctx: BodyContext): IrStmt[];
}
