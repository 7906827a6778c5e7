// The grammar's statements: blocks, bindings, conditionals, loops, effects on the game, choices,
// windows and the end of the game (a scenario's own statements are in parse-scenarios.ts).
import * as T from "./tokens.ts";
import { DefinitionRules } from "./parse-definitions.ts";
import type { Rule } from "./parse-declarations.ts";

const K = T.Kw;

export abstract class StatementRules extends DefinitionRules {
  // ============================================================ statements
  protected block = this.RULE("block", () => {
    this.CONSUME(T.LBrace);
    this.MANY(() => this.SUBRULE(this.statement));
    this.CONSUME(T.RBrace);
  });

  protected statement = this.RULE("statement", () => {
    this.MANY(() => this.SUBRULE(this.annotation));
    this.OR({
      IGNORE_AMBIGUITIES: true,
      DEF: [
        { ALT: () => this.SUBRULE(this.letStmt) },
        { ALT: () => this.SUBRULE(this.setStmt) },
        { ALT: () => this.SUBRULE(this.ifStmt) },
        { ALT: () => this.SUBRULE(this.forStmt) },
        { ALT: () => this.SUBRULE(this.whileStmt) },
        { ALT: () => this.SUBRULE(this.repeatStmt) },
        { ALT: () => this.SUBRULE(this.returnStmt) },
        { ALT: () => this.SUBRULE(this.stopStmt) },
        { ALT: () => this.SUBRULE(this.abortStmt) },
        { ALT: () => this.SUBRULE(this.emitStmt) },
        { ALT: () => this.SUBRULE(this.runStmt) },
        { ALT: () => this.SUBRULE(this.moveStmt) },
        { ALT: () => this.SUBRULE(this.createStmt) },
        { ALT: () => this.SUBRULE(this.ceaseStmt) },
        { ALT: () => this.SUBRULE(this.modifyStmt) },
        { ALT: () => this.SUBRULE(this.endModifiersStmt) },
        { ALT: () => this.SUBRULE(this.overrideStmt) },
        { ALT: () => this.SUBRULE(this.addStmt) },
        { ALT: () => this.SUBRULE(this.removeStmt) },
        { ALT: () => this.SUBRULE(this.resolveStmt) },
        { ALT: () => this.SUBRULE(this.clauseStmt) },
        { ALT: () => this.SUBRULE(this.chooseStmt) },
        { ALT: () => this.SUBRULE(this.atEndStmt) },
        { ALT: () => this.SUBRULE(this.onceStmt) },
        { ALT: () => this.SUBRULE(this.playersStmt) },
        { ALT: () => this.SUBRULE(this.putStmt) },
        { ALT: () => this.SUBRULE(this.answerStmt) },
        { ALT: () => this.SUBRULE(this.takeStmt) },
        { GATE: () => this.resultAhead(), ALT: () => this.SUBRULE(this.resultStmt) },
        { ALT: () => this.SUBRULE(this.expectStmt) },
        { ALT: () => this.SUBRULE(this.unscriptedStmt) },
        { ALT: () => this.SUBRULE(this.onStmt) },
        { ALT: () => this.SUBRULE(this.breakStmt) },
        { ALT: () => this.SUBRULE(this.windowStmt) },
        { ALT: () => this.SUBRULE(this.declareStmt) },
        { ALT: () => this.SUBRULE(this.eliminateStmt) },
        { ALT: () => this.SUBRULE(this.refuseStmt) },
        { ALT: () => this.SUBRULE(this.shuffleStmt) },
        { ALT: () => this.SUBRULE(this.attachStmt) },
        { ALT: () => this.SUBRULE(this.detachStmt) },
        { ALT: () => this.SUBRULE(this.rememberStmt) },
        { ALT: () => this.SUBRULE(this.exprStmt) },
      ],
    });
  });

  private letStmt = this.RULE("letStmt", () => {
    this.CONSUME(K.let);
    this.CONSUME(T.Identifier);
    this.OPTION(() => {
      this.CONSUME(T.Colon);
      this.SUBRULE(this.typeRef);
    });
    this.CONSUME(T.Equals);
    this.SUBRULE(this.expression);
  });

  private setStmt = this.RULE("setStmt", () => {
    this.CONSUME(K.set);
    this.SUBRULE(this.expression, { LABEL: "target" });
    this.CONSUME(T.Equals);
    this.SUBRULE2(this.expression, { LABEL: "value" });
  });

  private ifStmt = this.RULE("ifStmt", () => {
    this.CONSUME(K.if);
    this.SUBRULE(this.expression);
    this.SUBRULE(this.block, { LABEL: "then" });
    this.OPTION(() => {
      this.CONSUME(K.else);
      this.OR([
        { ALT: () => this.SUBRULE(this.ifStmt, { LABEL: "elseIf" }) },
        { ALT: () => this.SUBRULE2(this.block, { LABEL: "else" }) },
      ]);
    });
  });

  private forStmt = this.RULE("forStmt", () => {
    this.CONSUME(K.for);
    this.CONSUME(T.Identifier);
    this.CONSUME(K.in);
    this.SUBRULE(this.expression, { LABEL: "source" });
    this.OPTION(() => {
      this.CONSUME(K.ordered);
      this.CONSUME(K.by);
      this.SUBRULE2(this.expression, { LABEL: "orderedBy" });
      this.OPTION2(() => this.CONSUME(T.StringLiteral, { LABEL: "orderPrompt" }));
    });
    this.SUBRULE(this.block);
  });

  private whileStmt = this.RULE("whileStmt", () => {
    this.CONSUME(K.while);
    this.SUBRULE(this.expression);
    this.SUBRULE(this.block);
  });

  private repeatStmt = this.RULE("repeatStmt", () => {
    this.CONSUME(K.repeat);
    this.SUBRULE(this.expression);
    this.SUBRULE(this.block);
  });

  private returnStmt = this.RULE("returnStmt", () => {
    this.CONSUME(K.return);
  });

  private stopStmt = this.RULE("stopStmt", () => {
    this.CONSUME(K.stop);
  });

  private abortStmt = this.RULE("abortStmt", () => {
    this.CONSUME(K.abort);
    this.SUBRULE(this.expression);
  });

  private emitStmt = this.RULE("emitStmt", () => {
    this.CONSUME(K.emit);
    this.CONSUME(T.Identifier);
    this.SUBRULE(this.argList);
  });

  private runStmt = this.RULE("runStmt", () => {
    this.CONSUME(K.run);
    this.SUBRULE(this.expression);
  });

  private moveStmt = this.RULE("moveStmt", () => {
    this.CONSUME(K.move);
    this.SUBRULE(this.expression, { LABEL: "card" });
    this.CONSUME(K.to);
    this.OPTION(() => {
      this.OR([
        { ALT: () => this.CONSUME(K.bottom, { LABEL: "position" }) },
        { ALT: () => this.CONSUME(K.top, { LABEL: "position" }) },
      ]);
      this.CONSUME(K.of);
    });
    this.SUBRULE2(this.expression, { LABEL: "destination" });
    this.OPTION2(() => {
      this.CONSUME(K.face);
      this.OR2([
        { ALT: () => this.CONSUME(K.up, { LABEL: "facing" }) },
        { ALT: () => this.CONSUME(K.down, { LABEL: "facing" }) },
      ]);
    });
  });

  private createStmt = this.RULE("createStmt", () => {
    this.CONSUME(K.create);
    this.SUBRULE(this.expression);
  });

  private ceaseStmt = this.RULE("ceaseStmt", () => {
    this.CONSUME(K.cease);
    this.SUBRULE(this.expression);
  });

  private untilClause = this.RULE("untilClause", () => {
    this.CONSUME(K.until);
    this.CONSUME(K.end);
    this.CONSUME(K.of);
    this.SUBRULE(this.expression);
  });

  private modifyStmt = this.RULE("modifyStmt", () => {
    this.CONSUME(K.modify);
    this.SUBRULE(this.expression, { LABEL: "target" });
    this.CONSUME(K.by);
    this.SUBRULE2(this.expression, { LABEL: "amount" });
    this.OPTION(() => this.OR([{ ALT: () => this.SUBRULE(this.untilClause) }, { ALT: () => this.CONSUME(K.permanently) }]));
  });

  private endModifiersStmt = this.RULE("endModifiersStmt", () => {
    this.CONSUME(K.end);
    this.CONSUME(K.modifiers);
    this.CONSUME(T.Identifier);
    this.CONSUME(K.of);
    this.SUBRULE(this.expression);
  });

  private overrideStmt = this.RULE("overrideStmt", () => {
    this.CONSUME(K.override);
    this.CONSUME(T.Identifier);
    this.CONSUME(T.LParen);
    this.MANY_SEP({
      SEP: T.Comma,
      DEF: () =>
        this.OR([
          { ALT: () => this.CONSUME(K.any, { LABEL: "anyArg" }) },
          { ALT: () => this.SUBRULE(this.expression, { LABEL: "args" }) },
        ]),
    });
    this.CONSUME(T.RParen);
    this.CONSUME(T.Equals);
    this.SUBRULE2(this.expression, { LABEL: "value" });
    this.OPTION(() => this.OR2([{ ALT: () => this.SUBRULE(this.untilClause) }, { ALT: () => this.CONSUME(K.permanently) }]));
  });

  private addStmt = this.RULE("addStmt", () => {
    this.CONSUME(K.add);
    this.SUBRULE(this.expression, { LABEL: "item" });
    this.CONSUME(K.to);
    this.SUBRULE2(this.expression, { LABEL: "list" });
  });

  private removeStmt = this.RULE("removeStmt", () => {
    this.CONSUME(K.remove);
    this.SUBRULE(this.expression, { LABEL: "item" });
    this.CONSUME(K.from);
    this.SUBRULE2(this.expression, { LABEL: "list" });
  });

  private resolveStmt = this.RULE("resolveStmt", () => {
    this.CONSUME(K.resolve);
    this.SUBRULE(this.expression);
  });

  private clauseStmt = this.RULE("clauseStmt", () => {
    this.CONSUME(K.clause);
    this.CONSUME(T.StringLiteral);
    this.SUBRULE(this.block);
  });

  private chooseStmt = this.RULE("chooseStmt", () => {
    this.CONSUME(K.choose);
    this.SUBRULE(this.postfix, { LABEL: "player" });
    this.CONSUME(T.StringLiteral);
    this.CONSUME(T.LBrace);
    this.MANY(() => this.SUBRULE(this.chooseOption));
    this.CONSUME(T.RBrace);
  });

  private chooseOption = this.RULE("chooseOption", () => {
    this.CONSUME(T.StringLiteral);
    this.OPTION(() => {
      this.CONSUME(T.Identifier);
      this.CONSUME(K.in);
      this.SUBRULE(this.expression, { LABEL: "source" });
      this.OPTION2(() => {
        this.CONSUME(K.if);
        this.SUBRULE2(this.expression, { LABEL: "filter" });
      });
    });
    this.SUBRULE(this.block);
  });

  private atEndStmt = this.RULE("atEndStmt", () => {
    this.CONSUME(K.at);
    this.CONSUME(K.end);
    this.CONSUME(K.of);
    this.SUBRULE(this.expression);
    this.SUBRULE(this.block);
  });

  // `once turnEnds(q) if q == p { ... }`: a delayed effect, the next time the event happens.
  private onceStmt = this.RULE("onceStmt", () => {
    this.CONSUME(K.once);
    this.CONSUME(T.Identifier, { LABEL: "event" });
    this.CONSUME(T.LParen);
    this.MANY_SEP({ SEP: T.Comma, DEF: () => this.CONSUME2(T.Identifier, { LABEL: "binder" }) });
    this.CONSUME(T.RParen);
    this.OPTION(() => {
      this.CONSUME(K.if);
      this.SUBRULE(this.expression);
    });
    this.SUBRULE(this.block);
  });

  private breakStmt = this.RULE("breakStmt", () => {
    this.CONSUME(K.break);
  });

  // `window from p [once] { allow Battle if ... }`: opportunities in turn order from p until all pass in
  // a row (with `once`: one opportunity, for p alone).  An allow rule's condition may name `player`
  // and `card` (the card whose ability it is).
  private windowStmt = this.RULE("windowStmt", () => {
    this.CONSUME(K.window);
    this.CONSUME(K.from);
    this.SUBRULE(this.postfix, { LABEL: "from" });
    this.OPTION(() => this.CONSUME(K.once));
    this.CONSUME(T.LBrace);
    this.MANY(() => this.SUBRULE(this.allowRule));
    this.CONSUME(T.RBrace);
  });

  private allowRule = this.RULE("allowRule", () => {
    this.CONSUME(K.allow);
    this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.CONSUME(T.Identifier, { LABEL: "timings" }) });
    this.OPTION(() => {
      this.CONSUME(K.if);
      this.SUBRULE(this.expression);
    });
  });

  // `declare winner p "Honor"` / `declare draw "turn cap"`: the game ends.
  private declareStmt = this.RULE("declareStmt", () => {
    this.CONSUME(K.declare);
    this.OR([
      {
        ALT: () => {
          this.CONSUME(K.winner);
          this.SUBRULE(this.postfix, { LABEL: "player" });
        },
      },
      { ALT: () => this.CONSUME(K.draw) },
    ]);
    this.SUBRULE(this.expression, { LABEL: "reason" });
  });

  // `eliminate p "Military"`: the player loses; when one player remains he wins with that victory.
  private eliminateStmt = this.RULE("eliminateStmt", () => {
    this.CONSUME(K.eliminate);
    this.SUBRULE(this.postfix, { LABEL: "player" });
    this.SUBRULE(this.expression, { LABEL: "reason" });
  });

  // `refuse "..."`: a deck that breaks a construction rule cannot play.
  private refuseStmt = this.RULE("refuseStmt", () => {
    this.CONSUME(K.refuse);
    this.SUBRULE(this.expression);
  });

  private shuffleStmt = this.RULE("shuffleStmt", () => {
    this.CONSUME(K.shuffle);
    this.SUBRULE(this.expression);
  });

  private attachStmt = this.RULE("attachStmt", () => {
    this.CONSUME(K.attach);
    this.SUBRULE(this.expression, { LABEL: "item" });
    this.CONSUME(K.to);
    this.SUBRULE2(this.expression, { LABEL: "target" });
  });

  private detachStmt = this.RULE("detachStmt", () => {
    this.CONSUME(K.detach);
    this.SUBRULE(this.expression);
  });

  // `remember key`: the game state remembers a fact (an Event resolved for a player).
  private rememberStmt = this.RULE("rememberStmt", () => {
    this.CONSUME(K.remember);
    this.SUBRULE(this.expression);
  });

  private exprStmt = this.RULE("exprStmt", () => {
    this.SUBRULE(this.expression, { LABEL: "target" });
    this.OPTION(() => {
      this.CONSUME(T.Equals);
      this.SUBRULE2(this.expression, { LABEL: "value" });
    });
  });

  // ============================================================ rules of later layers
  protected abstract readonly playersStmt: Rule;
  protected abstract readonly putStmt: Rule;
  protected abstract readonly answerStmt: Rule;
  protected abstract readonly takeStmt: Rule;
  protected abstract readonly expectStmt: Rule;
  protected abstract readonly resultStmt: Rule;
  protected abstract resultAhead(): boolean;
  protected abstract readonly unscriptedStmt: Rule;
  protected abstract readonly onStmt: Rule;
  protected abstract readonly expression: Rule;
  protected abstract readonly postfix: Rule;
  protected abstract readonly argList: Rule;
}
