// The grammar's expressions: operators by precedence, postfix calls and members, and the primary forms.
import * as T from "./tokens.ts";
import { ScenarioRules } from "./parse-scenarios.ts";

const K = T.Kw;

export abstract class ExpressionRules extends ScenarioRules {
  // ============================================================ expressions
  public expression = this.RULE("expression", () => {
    this.SUBRULE(this.andExpr, { LABEL: "operands" });
    this.MANY(() => {
      this.CONSUME(K.or);
      this.SUBRULE2(this.andExpr, { LABEL: "operands" });
    });
  });

  private andExpr = this.RULE("andExpr", () => {
    this.SUBRULE(this.notExpr, { LABEL: "operands" });
    this.MANY(() => {
      this.CONSUME(K.and);
      this.SUBRULE2(this.notExpr, { LABEL: "operands" });
    });
  });

  private notExpr = this.RULE("notExpr", () => {
    this.OR([
      {
        ALT: () => {
          this.CONSUME(K.not);
          this.SUBRULE(this.notExpr);
        },
      },
      { ALT: () => this.SUBRULE(this.comparison) },
    ]);
  });

  private comparison = this.RULE("comparison", () => {
    this.SUBRULE(this.additive, { LABEL: "left" });
    this.OPTION(() =>
      this.OR([
        {
          ALT: () => {
            this.OR2([
              { ALT: () => this.CONSUME(T.EqEq, { LABEL: "op" }) },
              { ALT: () => this.CONSUME(T.NotEq, { LABEL: "op" }) },
              { ALT: () => this.CONSUME(T.LessEq, { LABEL: "op" }) },
              { ALT: () => this.CONSUME(T.GreaterEq, { LABEL: "op" }) },
              { ALT: () => this.CONSUME(T.Less, { LABEL: "op" }) },
              { ALT: () => this.CONSUME(T.Greater, { LABEL: "op" }) },
              { ALT: () => this.CONSUME(K.in, { LABEL: "op" }) },
            ]);
            this.SUBRULE2(this.additive, { LABEL: "right" });
          },
        },
        {
          ALT: () => {
            this.CONSUME(K.is, { LABEL: "op" });
            this.CONSUME(T.Identifier, { LABEL: "typeName" });
          },
        },
        {
          ALT: () => {
            this.CONSUME(K.has, { LABEL: "op" });
            this.SUBRULE(this.nameLiteral);
          },
        },
      ]),
    );
  });

  private additive = this.RULE("additive", () => {
    this.SUBRULE(this.multiplicative, { LABEL: "operands" });
    this.MANY(() => {
      this.OR([
        { ALT: () => this.CONSUME(T.Plus, { LABEL: "ops" }) },
        { ALT: () => this.CONSUME(T.Minus, { LABEL: "ops" }) },
      ]);
      this.SUBRULE2(this.multiplicative, { LABEL: "operands" });
    });
  });

  private multiplicative = this.RULE("multiplicative", () => {
    this.SUBRULE(this.unary, { LABEL: "operands" });
    this.MANY(() => {
      this.OR([
        { ALT: () => this.CONSUME(T.Star, { LABEL: "ops" }) },
        { ALT: () => this.CONSUME(T.Slash, { LABEL: "ops" }) },
      ]);
      this.SUBRULE2(this.unary, { LABEL: "operands" });
    });
  });

  private unary = this.RULE("unary", () => {
    this.OR([
      {
        ALT: () => {
          this.CONSUME(T.Minus);
          this.SUBRULE(this.unary);
        },
      },
      { ALT: () => this.SUBRULE(this.postfix) },
    ]);
  });

  protected postfix = this.RULE("postfix", () => {
    this.SUBRULE(this.primary);
    this.MANY(() =>
      this.OR([
        {
          ALT: () => {
            this.CONSUME(T.Dot, { LABEL: "suffixes" });
            this.CONSUME(T.Identifier, { LABEL: "members" });
          },
        },
        { ALT: () => this.SUBRULE(this.argList, { LABEL: "suffixes" }) },
      ]),
    );
  });

  protected argList = this.RULE("argList", () => {
    this.CONSUME(T.LParen);
    this.MANY_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.argument) });
    this.CONSUME(T.RParen);
  });

  private argument = this.RULE("argument", () => {
    this.OPTION({
      GATE: () => this.LA(2).tokenType === T.Colon,
      DEF: () => {
        this.CONSUME(T.Identifier, { LABEL: "name" });
        this.CONSUME(T.Colon);
      },
    });
    this.SUBRULE(this.expression);
  });

  private primary = this.RULE("primary", () => {
    this.OR([
      { ALT: () => this.CONSUME(T.NumberLiteral) },
      { ALT: () => this.CONSUME(T.StringLiteral) },
      { ALT: () => this.CONSUME(K.true) },
      { ALT: () => this.CONSUME(K.false) },
      { ALT: () => this.CONSUME(K.none) },
      { ALT: () => this.CONSUME(T.Identifier) },
      {
        ALT: () => {
          this.CONSUME(T.LParen);
          this.SUBRULE(this.expression);
          this.CONSUME(T.RParen);
        },
      },
      { ALT: () => this.SUBRULE(this.listExpr) },
      { ALT: () => this.SUBRULE(this.ifExpr) },
      { ALT: () => this.SUBRULE(this.chooseExpr) },
      { ALT: () => this.SUBRULE(this.askExpr) },
      { ALT: () => this.SUBRULE(this.usesExpr) },
      { ALT: () => this.SUBRULE(this.announceExpr) },
      { ALT: () => this.SUBRULE(this.existsExpr) },
      { ALT: () => this.SUBRULE(this.emittedExpr) },
      { ALT: () => this.SUBRULE(this.lastExpr) },
      { ALT: () => this.SUBRULE(this.askedExpr) },
      { ALT: () => this.SUBRULE(this.closureExpr) },
      { ALT: () => this.SUBRULE(this.randomExpr) },
      { ALT: () => this.SUBRULE(this.newZoneExpr) },
      { ALT: () => this.SUBRULE(this.allZonesExpr) },
      { ALT: () => this.SUBRULE(this.currentExpr) },
      { ALT: () => this.SUBRULE(this.rememberedExpr) },
    ]);
  });

  private randomExpr = this.RULE("randomExpr", () => {
    this.CONSUME(K.random);
    this.CONSUME(K.from);
    this.SUBRULE(this.additive);
  });

  // `new province for p`: a new instance of a zone kind that a player (or card) may have many of.
  private newZoneExpr = this.RULE("newZoneExpr", () => {
    this.CONSUME(K.new);
    this.CONSUME(T.Identifier);
    this.CONSUME(K.for);
    this.SUBRULE(this.postfix);
  });

  // `all province of p`: the existing instances, in the order they were created.
  private allZonesExpr = this.RULE("allZonesExpr", () => {
    this.CONSUME(K.all);
    this.CONSUME(T.Identifier);
    this.CONSUME(K.of);
    this.SUBRULE(this.postfix);
  });

  // `current battle` (the running frame; reading it when none runs stops the game with an error) or
  // `current battle?` (none when no battle is running).
  private currentExpr = this.RULE("currentExpr", () => {
    this.CONSUME(K.current);
    this.CONSUME(T.Identifier);
    this.OPTION(() => this.CONSUME(T.Question));
  });

  private rememberedExpr = this.RULE("rememberedExpr", () => {
    this.CONSUME(K.remembered);
    this.SUBRULE(this.postfix);
  });

  private askedExpr = this.RULE("askedExpr", () => {
    this.OR([{ ALT: () => this.CONSUME(K.asked) }, { ALT: () => this.CONSUME(K.offered) }]);
    this.CONSUME(T.StringLiteral);
  });

  // `[a, b]` or `[expr for x in xs if cond]`
  private listExpr = this.RULE("listExpr", () => {
    this.CONSUME(T.LBracket);
    this.OPTION(() => {
      this.SUBRULE(this.expression, { LABEL: "items" });
      this.OR([
        {
          ALT: () => {
            this.CONSUME(K.for);
            this.CONSUME(T.Identifier, { LABEL: "binder" });
            this.CONSUME(K.in);
            this.SUBRULE2(this.expression, { LABEL: "source" });
            this.OPTION2(() => {
              this.CONSUME(K.if);
              this.SUBRULE3(this.expression, { LABEL: "filter" });
            });
          },
        },
        {
          ALT: () =>
            this.MANY(() => {
              this.CONSUME(T.Comma);
              this.SUBRULE4(this.expression, { LABEL: "items" });
            }),
        },
      ]);
    });
    this.CONSUME(T.RBracket);
  });

  private ifExpr = this.RULE("ifExpr", () => {
    this.CONSUME(K.if);
    this.SUBRULE(this.expression, { LABEL: "condition" });
    this.CONSUME(K.then);
    this.SUBRULE2(this.expression, { LABEL: "then" });
    this.CONSUME(K.else);
    this.SUBRULE3(this.expression, { LABEL: "else" });
  });

  private chooseExpr = this.RULE("chooseExpr", () => {
    this.CONSUME(K.choose);
    this.SUBRULE(this.postfix, { LABEL: "player" });
    this.CONSUME(T.StringLiteral);
    this.CONSUME(K.from);
    this.SUBRULE(this.additive, { LABEL: "source" });
  });

  private askExpr = this.RULE("askExpr", () => {
    this.CONSUME(K.ask);
    this.SUBRULE(this.postfix, { LABEL: "player" });
    this.CONSUME(T.StringLiteral);
  });

  // `uses focusEffect of card for player (duel: d)` / `uses insteadOfFocusing for player (duel: d)`
  private usesExpr = this.RULE("usesExpr", () => {
    this.CONSUME(K.uses);
    this.CONSUME(T.Identifier, { LABEL: "abilityKind" });
    this.OPTION(() => {
      this.CONSUME(K.of);
      this.SUBRULE(this.postfix, { LABEL: "card" });
    });
    this.CONSUME(K.for);
    this.SUBRULE2(this.postfix, { LABEL: "player" });
  });

  private announceExpr = this.RULE("announceExpr", () => {
    this.CONSUME(K.announce);
    this.SUBRULE(this.postfix);
  });

  private existsExpr = this.RULE("existsExpr", () => {
    this.CONSUME(K.exists);
    this.SUBRULE(this.postfix);
  });

  private emittedExpr = this.RULE("emittedExpr", () => {
    this.CONSUME(K.emitted);
    this.CONSUME(T.Identifier);
    this.OPTION(() => this.SUBRULE(this.argList));
  });

  private lastExpr = this.RULE("lastExpr", () => {
    this.CONSUME(K.last);
    this.CONSUME(T.Identifier);
  });

  private closureExpr = this.RULE("closureExpr", () => {
    this.CONSUME(K.do);
    this.OPTION(() => this.SUBRULE(this.paramList));
    this.SUBRULE(this.block);
  });
}
