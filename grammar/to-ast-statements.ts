// The AST of statements and blocks.
import type { CstNode } from "chevrotain";
import type * as A from "./ast.ts";
import { isToken, tokenRange, cstRange, type Children } from "./to-ast-base.ts";
import { DeclarationBuilder } from "./to-ast-declarations.ts";

export abstract class StatementBuilder extends DeclarationBuilder {
  // ---------------------------------------------------------- statements
  protected block(n: CstNode | null): A.Stmt[] {
    return n ? this.statements(this.nodes(n, "statement")) : [];
  }

  protected statements(list: readonly CstNode[]): A.Stmt[] {
    const out: A.Stmt[] = [];
    for (const s of list) {
      const stmt = this.statement(s);
      if (stmt) out.push(stmt);
    }
    return out;
  }

  private statement(n: CstNode): A.Stmt | null {
    const annotations = this.annotations(n);
    for (const [key, list] of Object.entries(n.children as Children)) {
      if (key === "annotation" || !list?.[0] || isToken(list[0])) continue;
      const s = this.stmt(key, list[0], annotations);
      if (s) return s;
    }
    return null;
  }

  private stmt(key: string, n: CstNode, annotations: A.Annotation[]): A.Stmt | null {
    const range = cstRange(n);
    const base = { range, annotations };
    const expr = (k = "expression", i = 0) => this.expression(this.node(n, k, i));
    switch (key) {
      case "letStmt":
        return {
          kind: "Let", ...base,
          name: this.name(this.token(n, "Identifier")),
          type: this.node(n, "typeRef") ? this.typeRef(this.node(n, "typeRef")) : null,
          init: expr(),
        };
      case "setStmt":
        return { kind: "Assign", ...base, target: expr("target"), value: expr("value") };
      case "ifStmt":
        return this.ifStmt(n, annotations);
      case "forStmt":
        return {
          kind: "For", ...base,
          binder: this.name(this.token(n, "Identifier")),
          source: expr("source"),
          orderedBy: this.node(n, "orderedBy") ? expr("orderedBy") : null,
          orderPrompt: this.token(n, "orderPrompt") ? this.phraseText(this.token(n, "orderPrompt")) : null,
          body: this.block(this.node(n, "block")),
        };
      case "whileStmt":
        return { kind: "While", ...base, condition: expr(), body: this.block(this.node(n, "block")) };
      case "repeatStmt":
        return { kind: "Repeat", ...base, count: expr(), body: this.block(this.node(n, "block")) };
      case "returnStmt":
        return { kind: "Return", ...base };
      case "stopStmt":
        return { kind: "Stop", ...base };
      case "abortStmt":
        return { kind: "Abort", ...base, frame: expr() };
      case "emitStmt":
        return { kind: "Emit", ...base, event: this.name(this.token(n, "Identifier")), args: this.argList(this.node(n, "argList")) };
      case "runStmt":
        return { kind: "Run", ...base, call: expr() };
      case "moveStmt": {
        const position = this.token(n, "position");
        const facing = this.token(n, "facing");
        return {
          kind: "Move", ...base,
          card: expr("card"),
          destination: expr("destination"),
          position: position ? (position.image === "bottom" ? "bottom" : "top") : null,
          facing: facing ? (facing.image === "up" ? "up" : "down") : null,
        };
      }
      case "createStmt":
        return { kind: "Create", ...base, zone: expr() };
      case "ceaseStmt":
        return { kind: "Cease", ...base, zone: expr() };
      case "modifyStmt":
        return { kind: "Modify", ...base, target: expr("target"), amount: expr("amount"), until: this.until(n), permanent: this.has(n, "KwPermanently") };
      case "endModifiersStmt":
        return { kind: "EndModifiers", ...base, stat: this.name(this.token(n, "Identifier")), card: expr() };
      case "overrideStmt": {
        const args: (A.Expr | null)[] = [];
        const items: { offset: number; value: A.Expr | null }[] = [
          ...this.tokens(n, "anyArg").map((t) => ({ offset: t.startOffset, value: null })),
          ...this.nodes(n, "args").map((a) => ({ offset: cstRange(a).start, value: this.expression(a) })),
        ];
        items.sort((a, b) => a.offset - b.offset);
        for (const item of items) args.push(item.value);
        return {
          kind: "Override", ...base,
          param: this.name(this.token(n, "Identifier")),
          args,
          value: expr("value"),
          until: this.until(n),
          permanent: this.has(n, "KwPermanently"),
        };
      }
      case "addStmt":
        return { kind: "Add", ...base, item: expr("item"), list: expr("list") };
      case "removeStmt":
        return { kind: "Remove", ...base, item: expr("item"), list: expr("list") };
      case "resolveStmt":
        return { kind: "Resolve", ...base, use: expr() };
      case "clauseStmt":
        return { kind: "Clause", ...base, title: this.phraseText(this.token(n, "StringLiteral")), body: this.block(this.node(n, "block")) };
      case "chooseStmt":
        return {
          kind: "Choose", ...base,
          player: this.postfix(this.node(n, "player")),
          prompt: this.phraseText(this.token(n, "StringLiteral")),
          options: this.nodes(n, "chooseOption").map((o) => ({
            kind: "ChooseOption",
            range: cstRange(o),
            label: this.phraseText(this.token(o, "StringLiteral")),
            binder: this.token(o, "Identifier") ? this.name(this.token(o, "Identifier")) : null,
            source: this.node(o, "source") ? this.expression(this.node(o, "source")) : null,
            filter: this.node(o, "filter") ? this.expression(this.node(o, "filter")) : null,
            body: this.block(this.node(o, "block")),
          })),
        };
      case "atEndStmt":
        return { kind: "AtEnd", ...base, frame: expr(), body: this.block(this.node(n, "block")) };
      case "onceStmt": {
        // (it lasts until it happens, whatever duration is running: a rule's delay is not card text's)
        const once: A.Stmt = {
          kind: "Once", ...base,
          event: this.name(this.token(n, "event")),
          binders: this.tokens(n, "binder").map((t) => this.name(t)),
          condition: this.node(n, "expression") ? expr() : null,
          body: this.block(this.node(n, "block")),
        };
        return { kind: "Lasting", ...base, sequences: [], body: [once] };
      }
      case "playersStmt":
        return { kind: "Players", ...base, names: this.identifiers(n).map((t) => this.name(t)) };
      case "putStmt": {
        const copies = this.token(n, "copies");
        return {
          kind: "Put", ...base,
          binder: this.token(n, "binder") ? this.name(this.token(n, "binder")) : null,
          copies: copies ? Number(copies.image) : 1,
          title: this.token(n, "title") ? this.phraseText(this.token(n, "title")) : null,
          adhocType: this.token(n, "typeName") ? this.name(this.token(n, "typeName")) : null,
          adhocTitle: this.token(n, "adhocTitle") ? this.phraseText(this.token(n, "adhocTitle")) : null,
          adhocBody: this.node(n, "cardBody") ? this.cardBody(this.node(n, "cardBody")) : null,
          zone: expr("zone"),
        };
      }
      case "answerStmt":
        return { kind: "Answer", ...base, player: this.postfix(this.node(n, "player")), parts: this.nodes(n, "parts").map((p) => this.expression(p)) };
      case "takeStmt": {
        const index = this.token(n, "NumberLiteral");
        return {
          kind: "Take", ...base,
          forced: this.token(n, "KwForce") !== null,
          card: this.postfix(this.node(n, "card")),
          player: this.postfix(this.node(n, "player")),
          ability: index ? Number(index.image) : null,
        };
      }
      case "expectStmt":
        return { kind: "Expect", ...base, expr: expr() };
      case "resultStmt": {
        const how = this.token(n, "how")!.image as "winner" | "draw" | "refused";
        return { kind: "Result", ...base, how, player: how === "winner" ? expr() : null, text: this.phraseText(this.token(n, "StringLiteral")) };
      }
      case "breakStmt":
        return { kind: "Break", ...base };
      case "windowStmt":
        return {
          kind: "Window", ...base,
          from: this.postfix(this.node(n, "from")),
          once: this.has(n, "KwOnce"),
          rules: this.nodes(n, "allowRule").map((r) => ({
            kind: "AllowRule",
            range: cstRange(r),
            timings: this.tokens(r, "timings").map((t) => this.name(t)),
            condition: this.node(r, "expression") ? this.expression(this.node(r, "expression")) : null,
          })),
        };
      case "declareStmt":
        return {
          kind: "Declare", ...base,
          winner: this.node(n, "player") ? this.postfix(this.node(n, "player")) : null,
          reason: expr("reason"),
        };
      case "eliminateStmt":
        return { kind: "Eliminate", ...base, player: this.postfix(this.node(n, "player")), reason: expr("reason") };
      case "refuseStmt":
        return { kind: "Refuse", ...base, message: expr() };
      case "shuffleStmt":
        return { kind: "Shuffle", ...base, zone: expr() };
      case "attachStmt":
        return { kind: "Attach", ...base, item: expr("item"), target: expr("target") };
      case "detachStmt":
        return { kind: "Detach", ...base, item: expr() };
      case "rememberStmt":
        return { kind: "Remember", ...base, fact: expr() };
      case "onStmt": {
        const point = this.token(n, "point");
        return {
          kind: "On", ...base,
          event: point ? { kind: "Name", range: tokenRange(point), text: this.str(point) } : this.name(this.token(n, "event")),
          isPoint: point !== null,
          binders: this.tokens(n, "binders").map((t) => this.name(t)),
          body: this.block(this.node(n, "block")),
        };
      }
      case "unscriptedStmt":
        return { kind: "Unscripted", ...base, mode: this.name(this.token(n, "Identifier")) };
      case "exprStmt": {
        const target = expr("target");
        if (this.node(n, "value")) return { kind: "Assign", ...base, target, value: expr("value") };
        return { kind: "ExprStmt", ...base, expr: target };
      }
      default:
        return null;
    }
  }

  private until(n: CstNode): A.Expr | null {
    const u = this.node(n, "untilClause");
    return u ? this.expression(this.node(u, "expression")) : null;
  }

  private ifStmt(n: CstNode, annotations: A.Annotation[]): A.IfStmt {
    const elseIf = this.node(n, "elseIf");
    const elseBlock = this.node(n, "else");
    return {
      kind: "If",
      range: cstRange(n),
      annotations,
      condition: this.expression(this.node(n, "expression")),
      then: this.block(this.node(n, "then")),
      else: elseIf ? [this.ifStmt(elseIf, [])] : elseBlock ? this.block(elseBlock) : null,
    };
  }

  // ---------------------------------------------------------- parts of later layers
  protected abstract expression(n: CstNode | null): A.Expr;
  protected abstract postfix(n: CstNode | null): A.Expr;
  protected abstract argList(n: CstNode | null): A.Argument[];
}
