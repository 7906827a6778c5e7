// The AST of expressions: chains of operators (bounded in length), postfix calls and members, primaries.
import type { CstNode, IToken } from "chevrotain";
import type * as A from "./ast.ts";
import { cstRange } from "./to-ast-base.ts";
import { StatementBuilder } from "./to-ast-statements.ts";

export abstract class ExpressionBuilder extends StatementBuilder {
  // ---------------------------------------------------------- expressions
  private missing(): A.Expr {
    return { kind: "None", range: { start: 0, end: 0 } };
  }

  expression(n: CstNode | null): A.Expr {
    if (!n) return this.missing();
    return this.leftAssoc(n, "andExpr", (x) => this.andExpr(x), () => "or");
  }

  private leftAssoc(n: CstNode, key: string, sub: (x: CstNode) => A.Expr, op: (i: number) => A.BinaryOp): A.Expr {
    const operands = this.nodes(n, "operands");
    if (operands.length === 0) return this.missing();
    if (this.chainTooLong(operands.length, cstRange(n))) return this.missing();
    let acc = sub(operands[0]!);
    for (let i = 1; i < operands.length; i++) {
      const right = sub(operands[i]!);
      acc = { kind: "Binary", range: { start: acc.range.start, end: right.range.end }, op: op(i - 1), left: acc, right };
    }
    void key;
    return acc;
  }

  private andExpr(n: CstNode): A.Expr {
    return this.leftAssoc(n, "notExpr", (x) => this.notExpr(x), () => "and");
  }

  private notExpr(n: CstNode): A.Expr {
    const inner = this.node(n, "notExpr");
    if (inner) return { kind: "Unary", range: cstRange(n), op: "not", operand: this.notExpr(inner) };
    const cmp = this.node(n, "comparison");
    return cmp ? this.comparison(cmp) : this.missing();
  }

  private comparison(n: CstNode): A.Expr {
    const left = this.additive(this.node(n, "left"));
    const op = this.token(n, "op");
    if (!op) return left;
    const range = cstRange(n);
    if (op.image === "is") return { kind: "Is", range, subject: left, typeName: this.name(this.token(n, "typeName")) };
    if (op.image === "has") {
      const lit = this.node(n, "nameLiteral");
      return { kind: "Has", range, subject: left, keyword: lit ? this.nameLiteral(lit) : this.name(null) };
    }
    return { kind: "Binary", range, op: op.image as A.BinaryOp, left, right: this.additive(this.node(n, "right")) };
  }

  private additive(n: CstNode | null): A.Expr {
    if (!n) return this.missing();
    const ops = this.tokens(n, "ops");
    return this.leftAssoc(n, "multiplicative", (x) => this.multiplicative(x), (i) => ops[i]!.image as A.BinaryOp);
  }

  private multiplicative(n: CstNode): A.Expr {
    const ops = this.tokens(n, "ops");
    return this.leftAssoc(n, "unary", (x) => this.unary(x), (i) => ops[i]!.image as A.BinaryOp);
  }

  private unary(n: CstNode): A.Expr {
    const inner = this.node(n, "unary");
    if (inner) return { kind: "Unary", range: cstRange(n), op: "-", operand: this.unary(inner) };
    return this.postfix(this.node(n, "postfix"));
  }

  protected postfix(n: CstNode | null): A.Expr {
    if (!n) return this.missing();
    let acc = this.primary(this.node(n, "primary"));
    // Suffixes in source order: `.name` (Dot token + member) or an argument list.
    const dots = this.tokens(n, "suffixes");
    const members = this.tokens(n, "members");
    const calls = this.nodes(n, "suffixes");
    type Suffix = { offset: number; member?: IToken; call?: CstNode };
    const suffixes: Suffix[] = [
      ...dots.map((d, i) => ({ offset: d.startOffset, member: members[i]! })),
      ...calls.map((c) => ({ offset: cstRange(c).start, call: c })),
    ].sort((a, b) => a.offset - b.offset);
    if (this.chainTooLong(suffixes.length + 1, cstRange(n))) return this.missing();
    for (const s of suffixes) {
      if (s.member) {
        const member = this.name(s.member);
        acc = { kind: "Member", range: { start: acc.range.start, end: member.range.end }, object: acc, member };
      } else if (s.call) {
        const end = cstRange(s.call).end;
        acc = { kind: "Call", range: { start: acc.range.start, end }, callee: acc, args: this.argList(s.call) };
      }
    }
    return acc;
  }

  protected argList(n: CstNode | null): A.Argument[] {
    if (!n) return [];
    return this.nodes(n, "argument").map((a) => ({
      kind: "Argument",
      range: cstRange(a),
      name: this.token(a, "name") ? this.name(this.token(a, "name")) : null,
      value: this.expression(this.node(a, "expression")),
    }));
  }

  private primary(n: CstNode | null): A.Expr {
    if (!n) return this.missing();
    const range = cstRange(n);
    const num = this.token(n, "NumberLiteral");
    if (num) return { kind: "Number", range, value: Number(num.image) };
    const s = this.token(n, "StringLiteral");
    if (s) return { kind: "String", range, value: this.str(s) };
    if (this.has(n, "KwTrue")) return { kind: "Bool", range, value: true };
    if (this.has(n, "KwFalse")) return { kind: "Bool", range, value: false };
    if (this.has(n, "KwNone")) return { kind: "None", range };
    const id = this.firstName(n);
    if (id && !this.has(n, "expression")) return { kind: "NameRef", range, name: id.image };
    if (this.node(n, "expression")) return this.expression(this.node(n, "expression"));
    const sub = (key: string) => this.node(n, key);
    if (sub("listExpr")) return this.listExpr(sub("listExpr")!);
    if (sub("ifExpr")) {
      const x = sub("ifExpr")!;
      return {
        kind: "IfExpr", range,
        condition: this.expression(this.node(x, "condition")),
        then: this.expression(this.node(x, "then")),
        else: this.expression(this.node(x, "else")),
      };
    }
    if (sub("chooseExpr")) {
      const x = sub("chooseExpr")!;
      return {
        kind: "ChooseFrom", range,
        player: this.postfix(this.node(x, "player")),
        prompt: this.phraseText(this.token(x, "StringLiteral")),
        source: this.additive(this.node(x, "source")),
      };
    }
    if (sub("askExpr")) {
      const x = sub("askExpr")!;
      return { kind: "Ask", range, player: this.postfix(this.node(x, "player")), prompt: this.phraseText(this.token(x, "StringLiteral")) };
    }
    if (sub("usesExpr")) {
      const x = sub("usesExpr")!;
      const player = this.node(x, "player");
      // `(duel: self)` after the player is parsed as a call suffix on the player expression.
      let playerExpr = this.postfix(player);
      let bindings: A.Argument[] = [];
      if (playerExpr.kind === "Call" && playerExpr.args.length > 0 && playerExpr.args.every((a) => a.name !== null)) {
        bindings = playerExpr.args;
        playerExpr = playerExpr.callee;
      }
      return {
        kind: "Uses", range,
        abilityKind: this.name(this.token(x, "abilityKind")),
        card: this.node(x, "card") ? this.postfix(this.node(x, "card")) : null,
        player: playerExpr,
        bindings,
      };
    }
    if (sub("announceExpr")) return { kind: "Announce", range, use: this.postfix(this.node(sub("announceExpr")!, "postfix")) };
    if (sub("existsExpr")) return { kind: "Exists", range, zone: this.postfix(this.node(sub("existsExpr")!, "postfix")) };
    if (sub("emittedExpr")) {
      const x = sub("emittedExpr")!;
      return {
        kind: "Emitted", range,
        event: this.name(this.token(x, "Identifier")),
        args: this.node(x, "argList") ? this.argList(this.node(x, "argList")) : null,
      };
    }
    if (sub("randomExpr")) return { kind: "Random", range, source: this.additive(this.node(sub("randomExpr")!, "additive")) };
    if (sub("newZoneExpr")) {
      const x = sub("newZoneExpr")!;
      return { kind: "NewZone", range, zone: this.name(this.token(x, "Identifier")), owner: this.postfix(this.node(x, "postfix")) };
    }
    if (sub("allZonesExpr")) {
      const x = sub("allZonesExpr")!;
      return { kind: "AllZones", range, zone: this.name(this.token(x, "Identifier")), owner: this.postfix(this.node(x, "postfix")) };
    }
    if (sub("currentExpr")) return { kind: "Current", range, sequence: this.name(this.token(sub("currentExpr")!, "Identifier")), optional: this.has(sub("currentExpr")!, "Question") };
    if (sub("rememberedExpr")) return { kind: "Remembered", range, fact: this.postfix(this.node(sub("rememberedExpr")!, "postfix")) };
    if (sub("askedExpr")) {
      const x = sub("askedExpr")!;
      return { kind: "Asked", range, what: this.has(x, "KwOffered") ? "offered" : "asked", prompt: this.phraseText(this.token(x, "StringLiteral")) };
    }
    if (sub("lastExpr")) return { kind: "Last", range, sequence: this.name(this.token(sub("lastExpr")!, "Identifier")) };
    if (sub("closureExpr")) {
      const x = sub("closureExpr")!;
      return { kind: "Closure", range, params: this.paramList(this.node(x, "paramList")), body: this.block(this.node(x, "block")) };
    }
    return this.missing();
  }

  private listExpr(n: CstNode): A.Expr {
    const range = cstRange(n);
    const items = this.nodes(n, "items");
    if (this.has(n, "KwFor")) {
      return {
        kind: "Comprehension", range,
        item: this.expression(items[0] ?? null),
        binder: this.name(this.token(n, "binder")),
        source: this.expression(this.node(n, "source")),
        filter: this.node(n, "filter") ? this.expression(this.node(n, "filter")) : null,
      };
    }
    return { kind: "List", range, items: items.map((i) => this.expression(i)) };
  }
}
