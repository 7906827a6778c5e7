// The grammar's declarations of what runs: functions, rule parameters, effects and their phrases,
// hooks, sequences and their headings, abilities, later effects, entry points and cards; with
// parameter lists and type references.
import type { IOrAlt } from "chevrotain";
import * as T from "./tokens.ts";
import { DeclarationRules, type Rule } from "./parse-declarations.ts";

const K = T.Kw;

export abstract class DefinitionRules extends DeclarationRules {
  // ============================================================ definitions
  // `cached function goldAvailable(p: player): number = ...`: worked out once until the game changes.
  protected functionDecl = this.RULE("functionDecl", () => {
    this.OPTION(() => this.CONSUME(K.cached));
    this.CONSUME(K.function);
    this.CONSUME(T.Identifier);
    this.SUBRULE(this.paramList);
    this.CONSUME(T.Colon);
    this.SUBRULE(this.typeRef);
    this.CONSUME(T.Equals);
    this.SUBRULE(this.expression);
  });

  protected paramDecl = this.RULE("paramDecl", () => {
    this.CONSUME(K.param);
    this.CONSUME(T.Identifier);
    this.SUBRULE(this.paramList);
    this.CONSUME(T.Colon);
    this.SUBRULE(this.typeRef);
    this.CONSUME(T.Equals);
    this.SUBRULE(this.expression);
    this.OPTION(() => this.CONSUME(K.summed));
  });

  protected effectDecl = this.RULE("effectDecl", () => {
    this.OPTION(() => this.CONSUME(K.cost));
    this.CONSUME(K.effect);
    this.CONSUME(T.Identifier);
    this.SUBRULE(this.paramList);
    this.MANY(() => this.SUBRULE(this.phrase));
    this.OPTION2(() => {
      this.CONSUME(K.payable);
      this.SUBRULE(this.expression, { LABEL: "payable" });
    });
    this.CONSUME(T.LBrace);
    this.MANY2(() => this.SUBRULE(this.hookDecl));
    this.MANY3(() => this.SUBRULE(this.statement));
    this.CONSUME(T.RBrace);
  });

  private phrase = this.RULE("phrase", () => {
    this.CONSUME(T.StringLiteral);
    this.OPTION(() => {
      this.CONSUME(T.LParen);
      this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.setting) });
      this.CONSUME(T.RParen);
    });
  });

  // `n = 2`, `c = target "a Follower"`, or `a from cardsIn(you.hand)`: where the cards a noun phrase in
  // the slot names are when the card text does not say ("Equip a Follower" is one in the hand).
  private setting = this.RULE("setting", () => {
    this.CONSUME(T.Identifier);
    this.OR([
      {
        ALT: () => {
          this.CONSUME(T.Equals);
          this.OR2([
            {
              ALT: () => {
                this.CONSUME(K.target);
                this.CONSUME(T.StringLiteral);
              },
            },
            { ALT: () => this.SUBRULE(this.expression) },
          ]);
        },
      },
      {
        ALT: () => {
          this.CONSUME(K.from);
          this.SUBRULE2(this.expression, { LABEL: "domain" });
        },
      },
    ]);
  });

  private hookDecl = this.RULE("hookDecl", () => {
    this.CONSUME(K.hook);
    this.CONSUME(T.Identifier);
    this.SUBRULE(this.paramList);
    this.MANY(() => this.CONSUME(T.StringLiteral));
  });

  protected sequenceDecl = this.RULE("sequenceDecl", () => {
    this.CONSUME(K.sequence);
    this.CONSUME(T.Identifier);
    this.CONSUME(T.StringLiteral);
    this.SUBRULE(this.paramList);
    this.CONSUME(T.LBrace);
    this.MANY(() => this.SUBRULE(this.sequenceMember));
    this.CONSUME(T.RBrace);
  });

  private sequenceMember = this.RULE("sequenceMember", () => {
    this.MANY(() => this.SUBRULE(this.annotation));
    this.OR([
      { ALT: () => this.SUBRULE(this.hookDecl) },
      { ALT: () => this.SUBRULE(this.stateDecl) },
      { ALT: () => this.SUBRULE(this.abortDecl) },
      { ALT: () => this.SUBRULE(this.headingDecl) },
    ]);
  });

  private stateDecl = this.RULE("stateDecl", () => {
    this.CONSUME(K.state);
    this.CONSUME(T.Identifier);
    this.CONSUME(T.Colon);
    this.SUBRULE(this.typeRef);
    this.CONSUME(T.Equals);
    this.SUBRULE(this.expression);
  });

  private abortDecl = this.RULE("abortDecl", () => {
    this.CONSUME(K.abort);
    this.CONSUME(K.when);
    this.CONSUME(T.Identifier, { LABEL: "event" });
    this.CONSUME(T.LParen);
    this.MANY_SEP({ SEP: T.Comma, DEF: () => this.CONSUME2(T.Identifier, { LABEL: "binders" }) });
    this.CONSUME(T.RParen);
    this.OPTION(() => {
      this.CONSUME(K.if);
      this.SUBRULE(this.expression);
    });
  });

  private headingDecl = this.RULE("headingDecl", () => {
    this.OPTION(() => this.CONSUME(K.always));
    this.CONSUME(K.heading);
    this.OPTION2(() =>
      this.OR([
        { ALT: () => this.CONSUME(T.Identifier, { LABEL: "label" }) },
        { ALT: () => this.CONSUME(T.NumberLiteral, { LABEL: "label" }) },
      ]),
    );
    this.CONSUME(T.StringLiteral);
    this.SUBRULE(this.block);
  });

  protected abilityDecl = this.RULE("abilityDecl", () => {
    this.CONSUME(K.ability);
    this.CONSUME(T.Identifier, { LABEL: "name" });
    // Leads: the words that begin a trait of the kind ("As a Focus Effect"), one or more ways of writing it.
    this.AT_LEAST_ONE(() => this.CONSUME(T.StringLiteral));
    this.SUBRULE(this.paramList);
    this.OPTION(() => {
      this.CONSUME(K.from);
      this.AT_LEAST_ONE_SEP({
        SEP: T.Comma,
        DEF: () => this.CONSUME2(T.Identifier, { LABEL: "from" }),
      });
    });
    // `measures produce`: what an ability of the kind gives, before it is used, is the amount of its
    // calls of that effect (a production ability's Gold).
    this.OPTION2(() => {
      this.CONSUME(K.measures);
      this.CONSUME3(T.Identifier, { LABEL: "measures" });
    });
    // `describes to`: a trait of the kind is its lead and a noun phrase the parameter must fit ("Will only
    // attach to a Crane Clan Personality"); the ability can be used when it does.
    this.OPTION3(() => {
      this.CONSUME(K.describes);
      this.CONSUME4(T.Identifier, { LABEL: "describes" });
    });
  });

  protected laterDecl = this.RULE("laterDecl", () => {
    this.CONSUME(K.later);
    this.AT_LEAST_ONE(() => this.CONSUME(T.StringLiteral));
    // (`(next: bool = false)`: what its bracketed alternatives set)
    this.OPTION(() => this.SUBRULE(this.paramList));
    this.CONSUME(T.Equals);
    this.OR([
      {
        ALT: () => {
          this.CONSUME(K.end);
          this.CONSUME(K.of);
          this.CONSUME(T.Identifier);
        },
      },
      // `= once turnEnds(you)`: the next time that event happens with those arguments.
      {
        ALT: () => {
          this.CONSUME(K.once);
          this.CONSUME2(T.Identifier, { LABEL: "event" });
          this.SUBRULE(this.argList);
        },
      },
    ]);
  });

  protected entryDecl = this.RULE("entryDecl", () => {
    this.CONSUME(K.entry);
    this.CONSUME(T.Identifier, { LABEL: "name" });
    this.CONSUME(T.Equals);
    this.CONSUME2(T.Identifier, { LABEL: "target" });
  });

  protected cardDecl = this.RULE("cardDecl", () => {
    this.CONSUME(K.card);
    this.CONSUME(T.StringLiteral);
    this.SUBRULE(this.cardBody);
  });

  protected cardBody = this.RULE("cardBody", () => {
    this.CONSUME(T.LBrace);
    this.MANY(() => this.SUBRULE(this.cardItem));
    this.CONSUME(T.RBrace);
  });

  private cardItem = this.RULE("cardItem", () => {
    this.OR(this.cardLines);
  });

  /** The lines of a card (built once, like `declarationKinds`). */
  private readonly cardLines: IOrAlt<unknown>[] = [
    {
      ALT: () => {
        this.CONSUME(K.type);
        this.CONSUME(T.Identifier, { LABEL: "typeName" });
      },
    },
    {
      // Several clans ("Scorpion/Spirit"), some of more than one word ("Toturi's Army").
      ALT: () => {
        this.CONSUME(K.clan);
        this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.nameLiteral, { LABEL: "clanNames" }) });
      },
    },
    {
      ALT: () => {
        this.CONSUME(K.keywords);
        this.AT_LEAST_ONE_SEP2({ SEP: T.Comma, DEF: () => this.SUBRULE2(this.nameLiteral) });
      },
    },
    {
      // Traits: free names with no rules meaning ("Shadowlands", "Crane Clan"), which card text may name.
      ALT: () => {
        this.CONSUME(K.traits);
        this.AT_LEAST_ONE_SEP3({ SEP: T.Comma, DEF: () => this.SUBRULE3(this.nameLiteral, { LABEL: "traitNames" }) });
      },
    },
    {
      // A stat as printed: `3`, a modifier `+2` or `-1`, `-` (none), `*` (set by the card's text) or `+*`.
      ALT: () => {
        this.CONSUME3(T.Identifier, { LABEL: "statName" });
        this.OR2([
          {
            ALT: () => {
              this.CONSUME(T.Plus, { LABEL: "sign" });
              this.SUBRULE(this.statMagnitude);
            },
          },
          {
            ALT: () => {
              this.CONSUME(T.Minus, { LABEL: "sign" });
              this.OPTION(() => this.SUBRULE2(this.statMagnitude));
            },
          },
          { ALT: () => this.SUBRULE3(this.statMagnitude) },
        ]);
      },
    },
    { ALT: () => this.SUBRULE(this.cardText) },
  ];

  private statMagnitude = this.RULE("statMagnitude", () => {
    this.OR([{ ALT: () => this.CONSUME(T.NumberLiteral, { LABEL: "statValue" }) }, { ALT: () => this.CONSUME(T.Star, { LABEL: "statStar" }) }]);
  });

  protected paramList = this.RULE("paramList", () => {
    this.CONSUME(T.LParen);
    this.MANY_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.param) });
    this.CONSUME(T.RParen);
  });

  protected param = this.RULE("param", () => {
    this.CONSUME(T.Identifier);
    this.CONSUME(T.Colon);
    this.SUBRULE(this.typeRef);
    this.OPTION(() => {
      this.CONSUME(T.Equals);
      this.SUBRULE(this.expression);
    });
    // `(period: text from abilityPeriods())`: a condition's text slot reads the words of a declared list.
    this.OPTION2(() => {
      this.CONSUME(K.from);
      this.SUBRULE2(this.expression, { LABEL: "words" });
    });
  });

  protected typeRef = this.RULE("typeRef", () => {
    this.CONSUME(T.Identifier, { LABEL: "typeName" });
    this.OPTION(() => {
      this.CONSUME(T.LBracket);
      this.SUBRULE(this.typeRef);
      this.CONSUME(T.RBracket);
    });
    this.OPTION2(() => this.CONSUME(T.Question));
  });

  // ============================================================ rules of later layers
  protected abstract readonly block: Rule;
  protected abstract readonly statement: Rule;
  protected abstract readonly expression: Rule;
  protected abstract readonly argList: Rule;
  protected abstract readonly cardText: Rule;
}
