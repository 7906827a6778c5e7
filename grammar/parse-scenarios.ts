// The grammar's scenarios: the declaration, and the statements only scenarios use (players, cards put
// in zones, scripted answers and actions, expectations, results, events looked at).
import * as T from "./tokens.ts";
import { StatementRules } from "./parse-statements.ts";
import type { Rule } from "./parse-declarations.ts";

const K = T.Kw;

export abstract class ScenarioRules extends StatementRules {
  // ============================================================ scenarios
  // `scenario "title" seed 7 { ... }`: the seed of the scenario's game (1 when not given).
  protected scenarioDecl = this.RULE("scenarioDecl", () => {
    this.CONSUME(K.scenario);
    this.CONSUME(T.StringLiteral);
    this.OPTION(() => {
      this.CONSUME(K.seed);
      this.CONSUME(T.NumberLiteral);
    });
    this.SUBRULE(this.block);
  });

  protected playersStmt = this.RULE("playersStmt", () => {
    this.CONSUME(K.players);
    this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.CONSUME(T.Identifier) });
  });

  protected putStmt = this.RULE("putStmt", () => {
    this.CONSUME(K.put);
    this.OPTION(() => {
      this.CONSUME(T.Identifier, { LABEL: "binder" });
      this.CONSUME(T.Equals);
    });
    this.OPTION2(() => {
      this.CONSUME(T.NumberLiteral, { LABEL: "copies" });
      this.CONSUME(K.of);
    });
    this.OR([
      { ALT: () => this.CONSUME(T.StringLiteral, { LABEL: "title" }) },
      {
        ALT: () => {
          this.CONSUME2(T.Identifier, { LABEL: "typeName" });
          this.OPTION3(() => this.CONSUME2(T.StringLiteral, { LABEL: "adhocTitle" }));
          this.OPTION4(() => this.SUBRULE(this.cardBody));
        },
      },
    ]);
    this.CONSUME(K.in);
    this.SUBRULE(this.expression, { LABEL: "zone" });
  });

  protected answerStmt = this.RULE("answerStmt", () => {
    this.CONSUME(K.answer);
    this.SUBRULE(this.postfix, { LABEL: "player" });
    this.CONSUME(T.Colon);
    this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.expression, { LABEL: "parts" }) });
  });

  // `take c by p`: an action a game would allow now; `force c by p`: the same without the legality checks.
  protected takeStmt = this.RULE("takeStmt", () => {
    this.OR([{ ALT: () => this.CONSUME(K.take) }, { ALT: () => this.CONSUME(K.force) }]);
    this.SUBRULE(this.postfix, { LABEL: "card" });
    this.CONSUME(K.by);
    this.SUBRULE2(this.postfix, { LABEL: "player" });
    this.OPTION(() => {
      this.CONSUME(K.ability);
      this.CONSUME(T.NumberLiteral);
    });
  });

  protected expectStmt = this.RULE("expectStmt", () => {
    this.CONSUME(K.expect);
    this.SUBRULE(this.expression);
  });

  // `result winner p1 "Honor"`, `result draw "turn cap"`, `result refused "Samurai 40/40"`: how the
  // scenario's game must end (checked when it has ended; the game may end the scenario early).
  protected resultStmt = this.RULE("resultStmt", () => {
    this.CONSUME(K.result);
    this.OR([
      {
        ALT: () => {
          this.CONSUME(K.winner, { LABEL: "how" });
          this.SUBRULE(this.expression);
        },
      },
      { ALT: () => this.CONSUME(K.draw, { LABEL: "how" }) },
      { ALT: () => this.CONSUME(K.refused, { LABEL: "how" }) },
    ]);
    this.CONSUME(T.StringLiteral);
  });

  protected resultAhead(): boolean {
    const next = this.LA(2).tokenType;
    return this.LA(1).tokenType === K.result && (next === K.winner || next === K.draw || next === K.refused);
  }

  protected unscriptedStmt = this.RULE("unscriptedStmt", () => {
    this.CONSUME(K.unscripted);
    this.CONSUME(T.Identifier);
  });

  // `on leavesPlay(c) { expect ... }`: a scenario looks at the game when an event happens.
  protected onStmt = this.RULE("onStmt", () => {
    this.CONSUME(K.on);
    this.OR([
      { ALT: () => this.CONSUME(T.Identifier, { LABEL: "event" }) },
      { ALT: () => this.CONSUME(T.StringLiteral, { LABEL: "point" }) },
    ]);
    this.OPTION(() => {
      this.CONSUME(T.LParen);
      this.MANY_SEP({ SEP: T.Comma, DEF: () => this.CONSUME2(T.Identifier, { LABEL: "binders" }) });
      this.CONSUME(T.RParen);
    });
    this.SUBRULE(this.block);
  });

  // ============================================================ rules of later layers
  protected abstract readonly expression: Rule;
  protected abstract readonly postfix: Rule;
}
