// Builders for the rules AST that card-text lowering writes: the lowered text is an ordinary rules
// body (calls to declared effects, choices, loops) whose ranges point into the card text.
import type * as A from "../../grammar/index.ts";

export class AstBuilder {
  constructor(private readonly range: A.Range) {}

  at(range: A.Range): AstBuilder {
    return new AstBuilder(range);
  }

  private get r(): A.Range {
    return this.range;
  }

  name(text: string): A.Name {
    return { kind: "Name", range: this.r, text };
  }
  ref(name: string): A.Expr {
    return { kind: "NameRef", range: this.r, name };
  }
  str(value: string): A.Expr {
    return { kind: "String", range: this.r, value };
  }
  num(value: number): A.Expr {
    return { kind: "Number", range: this.r, value };
  }
  bool(value: boolean): A.Expr {
    return { kind: "Bool", range: this.r, value };
  }
  none(): A.Expr {
    return { kind: "None", range: this.r };
  }
  member(object: A.Expr, member: string): A.Expr {
    return { kind: "Member", range: this.r, object, member: this.name(member) };
  }
  call(callee: string, args: { name?: string; value: A.Expr }[]): A.CallExpr {
    return {
      kind: "Call",
      range: this.r,
      callee: this.ref(callee),
      args: args.map((a) => ({ kind: "Argument", range: this.r, name: a.name ? this.name(a.name) : null, value: a.value })),
    };
  }
  bin(op: A.BinaryOp, left: A.Expr, right: A.Expr): A.Expr {
    return { kind: "Binary", range: this.r, op, left, right };
  }
  not(operand: A.Expr): A.Expr {
    return { kind: "Unary", range: this.r, op: "not", operand };
  }
  and(parts: A.Expr[]): A.Expr {
    if (parts.length === 0) return this.bool(true);
    return parts.reduce((acc, p) => this.bin("and", acc, p));
  }
  is(subject: A.Expr, typeName: string): A.Expr {
    return { kind: "Is", range: this.r, subject, typeName: this.name(typeName) };
  }
  has(subject: A.Expr, keyword: string): A.Expr {
    return { kind: "Has", range: this.r, subject, keyword: this.name(keyword) };
  }
  comprehension(binder: string, source: A.Expr, filter: A.Expr | null): A.Expr {
    return { kind: "Comprehension", range: this.r, item: this.ref(binder), binder: this.name(binder), source, filter };
  }
  chooseFrom(player: A.Expr, prompt: string, source: A.Expr): A.Expr {
    return { kind: "ChooseFrom", range: this.r, player, prompt: { kind: "PhraseText", range: this.r, text: prompt }, source };
  }
  ask(player: A.Expr, prompt: string): A.Expr {
    return { kind: "Ask", range: this.r, player, prompt: { kind: "PhraseText", range: this.r, text: prompt } };
  }
  typeRef(name: string, nullable = false): A.TypeRef {
    return { kind: "TypeRef", range: this.r, name: this.name(name), arg: null, nullable };
  }
  closure(params: { name: string; type: string }[], body: A.Stmt[]): A.Expr {
    return {
      kind: "Closure",
      range: this.r,
      params: params.map((p) => ({ kind: "Param", range: this.r, name: this.name(p.name), type: this.typeRef(p.type), init: null })),
      body,
    };
  }

  // statements
  private base() {
    return { range: this.r, annotations: [] as A.Annotation[] };
  }
  letStmt(name: string, init: A.Expr): A.Stmt {
    return { kind: "Let", ...this.base(), name: this.name(name), type: null, init };
  }
  exprStmt(expr: A.Expr): A.Stmt {
    return { kind: "ExprStmt", ...this.base(), expr };
  }
  ifStmt(condition: A.Expr, then: A.Stmt[], otherwise: A.Stmt[] | null = null): A.Stmt {
    return { kind: "If", ...this.base(), condition, then, else: otherwise };
  }
  forStmt(binder: string, source: A.Expr, body: A.Stmt[]): A.Stmt {
    return { kind: "For", ...this.base(), binder: this.name(binder), source, orderedBy: null, orderPrompt: null, body };
  }
  /** `choose player "prompt" { "label" { body } ... }`: one of several things to do. */
  /** (an option with a `binder` is offered once for each card of its `source`) */
  choose(player: A.Expr, prompt: string, options: readonly { label: string; body: A.Stmt[]; binder?: string; source?: A.Expr }[]): A.Stmt {
    return {
      kind: "Choose",
      ...this.base(),
      player,
      prompt: { kind: "PhraseText", range: this.r, text: prompt },
      options: options.map((o) => ({ kind: "ChooseOption", range: this.r, label: { kind: "PhraseText", range: this.r, text: o.label }, binder: o.binder && o.source ? this.name(o.binder) : null, source: o.binder && o.source ? o.source : null, filter: null, body: o.body })),
    };
  }
  atEnd(frame: A.Expr, body: A.Stmt[]): A.Stmt {
    return { kind: "AtEnd", ...this.base(), frame, body };
  }
  /** A delayed effect: `body` once, the next time `event` happens (its arguments named `binders`). */
  once(event: string, binders: readonly string[], condition: A.Expr | null, body: A.Stmt[], each = false): A.Stmt {
    return { kind: "Once", ...this.base(), event: this.name(event), binders: binders.map((n) => this.name(n)), condition, body, each };
  }
  lasting(sequences: readonly string[], body: A.Stmt[], untilEvent: A.LastingStmt["untilEvent"] = null, whileHolds: A.Expr | null = null): A.Stmt {
    return { kind: "Lasting", ...this.base(), sequences: sequences.map((s) => this.name(s)), body, untilEvent, whileHolds };
  }
}
