// The .l5r grammar: a pure Chevrotain CstParser (only CONSUME / SUBRULE / OR and their repetitions).
// Meaning is given to the tree in to-ast.ts.  Instances are created once and reused (`parser.input = ...`).
import { CstParser, type IOrAlt, type IToken, type TokenType } from "chevrotain";
import * as T from "./tokens.ts";
import { errorMessages } from "./messages.ts";

const K = T.Kw;
/** Card text's words, marks and groups all go in one list of the tree, in source order. */
const TEXT_PART = { LABEL: "parts" };
/** A top-level declaration of whatever kind is found under one key, `decl` (its node is named by kind). */
const DECLARATION = { LABEL: "decl" };

/** After this many syntax errors in one file, the parser stops: recovering from each costs a walk of
 *  the grammar, and a file this broken is not worth reading further. */
export const MAX_SYNTAX_ERRORS = 100;

export class TooManyErrors extends Error {}

export class L5rParser extends CstParser {
  /** `recovery`: read on after a syntax error to report every one.  `validate`: check the grammar itself
   *  (ambiguities, empty alternatives) while building the parser, which takes most of its start-up time:
   *  a test builds one that validates, the compiler's does not. */
  constructor(recovery = true, validate = false) {
    super(T.tokenVocabulary, { recoveryEnabled: recovery, maxLookahead: 2, nodeLocationTracking: "onlyOffset", errorMessageProvider: errorMessages, skipValidations: !validate });
    this.performSelfAnalysis();
  }

  // Recovery stops once a file has too many errors (Chevrotain's in-rule recovery hook, not in its types).
  protected consumeInternalRecovery(tokType: TokenType, idx: number, e: Error): IToken {
    if (this.errors.length >= MAX_SYNTAX_ERRORS) throw new TooManyErrors();
    const base = (CstParser.prototype as unknown as { consumeInternalRecovery: (t: TokenType, i: number, e: Error) => IToken }).consumeInternalRecovery;
    return base.call(this, tokType, idx, e);
  }

  // ============================================================ file and declarations
  public file = this.RULE("file", () => {
    this.MANY(() => this.SUBRULE(this.topDecl));
  });

  private topDecl = this.RULE("topDecl", () => {
    this.MANY(() => this.SUBRULE(this.annotation));
    this.OR(this.declarationKinds);
  });

  /** A declaration of each kind.  Chevrotain allocates an array literal given to OR again on every
   *  call, so the alternatives of the ORs that run most (each declaration, card line and word of card
   *  text) are built once, in fields. */
  private readonly declarationKinds: IOrAlt<unknown>[] = [
    { ALT: () => this.SUBRULE(this.rulesDecl, DECLARATION) },
    { ALT: () => this.SUBRULE(this.valueDecl, DECLARATION) },
    { ALT: () => this.SUBRULE(this.statDecl, DECLARATION) },
    { ALT: () => this.SUBRULE(this.flagDecl, DECLARATION) },
    { ALT: () => this.SUBRULE(this.kindDecl, DECLARATION) },
    { ALT: () => this.SUBRULE(this.typeDecl, DECLARATION) },
    { ALT: () => this.SUBRULE(this.zoneDecl, DECLARATION) },
    { ALT: () => this.SUBRULE(this.keywordDecl, DECLARATION) },
    { ALT: () => this.SUBRULE(this.timingDecl, DECLARATION) },
    { ALT: () => this.SUBRULE(this.clanDecl, DECLARATION) },
    { ALT: () => this.SUBRULE(this.adjectiveDecl, DECLARATION) },
    { ALT: () => this.SUBRULE(this.referenceDecl, DECLARATION) },
    { ALT: () => this.SUBRULE(this.eventDecl, DECLARATION) },
    { ALT: () => this.SUBRULE(this.functionDecl, DECLARATION) },
    { ALT: () => this.SUBRULE(this.paramDecl, DECLARATION) },
    { ALT: () => this.SUBRULE(this.effectDecl, DECLARATION) },
    { ALT: () => this.SUBRULE(this.sequenceDecl, DECLARATION) },
    { ALT: () => this.SUBRULE(this.abilityDecl, DECLARATION) },
    { ALT: () => this.SUBRULE(this.laterDecl, DECLARATION) },
    { ALT: () => this.SUBRULE(this.entryDecl, DECLARATION) },
    { ALT: () => this.SUBRULE(this.cardDecl, DECLARATION) },
    { ALT: () => this.SUBRULE(this.scenarioDecl, DECLARATION) },
    { ALT: () => this.SUBRULE(this.statruleDecl, DECLARATION) },
    { ALT: () => this.SUBRULE(this.adviceDecl, DECLARATION) },
    { ALT: () => this.SUBRULE(this.deckDecl, DECLARATION) },
    { ALT: () => this.SUBRULE(this.conditionDecl, DECLARATION) },
    { ALT: () => this.SUBRULE(this.qualifierDecl, DECLARATION) },
    { ALT: () => this.SUBRULE(this.searchDecl, DECLARATION) },
    { ALT: () => this.SUBRULE(this.placeDecl, DECLARATION) },
    { ALT: () => this.SUBRULE(this.pronounDecl, DECLARATION) },
    { ALT: () => this.SUBRULE(this.iconDecl, DECLARATION) },
    { ALT: () => this.SUBRULE(this.durationDecl, DECLARATION) },
  ];

  // `statrule force(c: card, raw: number): number = ...`: how a stat's value is computed from its base
  // plus modifiers (`raw`), e.g. Items adding their modifiers to their Personality.
  private statruleDecl = this.RULE("statruleDecl", () => {
    this.CONSUME(K.statrule);
    this.CONSUME(T.Identifier);
    this.SUBRULE(this.paramList);
    this.CONSUME(T.Colon);
    this.SUBRULE(this.typeRef);
    this.CONSUME(T.Equals);
    this.SUBRULE(this.expression);
  });

  // `advise "Declare an attack?" "yes" (p: player) = attackAdvantage(p)`: what an option of the decisions
  // with this prompt is worth to the deciding player, for agents that play to win (not a rule of the game).
  // The label names the option (an answer, a branch of a `choose`); a `choose ... from` has none.
  private adviceDecl = this.RULE("adviceDecl", () => {
    this.CONSUME(K.advise);
    this.CONSUME(T.StringLiteral, { LABEL: "prompt" });
    this.OPTION(() => this.CONSUME2(T.StringLiteral, { LABEL: "label" }));
    this.SUBRULE(this.paramList);
    this.CONSUME(T.Equals);
    this.SUBRULE(this.expression);
  });

  // `deck "Crane Duelists" { home { 1 "X" }  dynastyDeck { 3 "A", 1 "B" }  fateDeck { ... } }`: each part
  // names the player's zone its cards start the game in.
  private deckDecl = this.RULE("deckDecl", () => {
    this.CONSUME(K.deck);
    this.CONSUME(T.StringLiteral, { LABEL: "title" });
    this.CONSUME(T.LBrace);
    this.MANY(() => this.SUBRULE(this.deckPart, { LABEL: "parts" }));
    this.CONSUME(T.RBrace);
  });

  private deckPart = this.RULE("deckPart", () => {
    this.CONSUME(T.Identifier, { LABEL: "zone" });
    this.CONSUME(T.LBrace);
    this.MANY_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.deckEntry, { LABEL: "entries" }) });
    this.CONSUME(T.RBrace);
  });

  private deckEntry = this.RULE("deckEntry", () => {
    this.CONSUME(T.NumberLiteral);
    this.CONSUME(T.StringLiteral);
  });

  // `condition "you have a higher Family Honor than all other players" () = ...`: an "If ..." card text reads.
  private conditionDecl = this.RULE("conditionDecl", () => {
    this.CONSUME(K.condition);
    this.AT_LEAST_ONE(() => this.CONSUME(T.StringLiteral));
    this.SUBRULE(this.paramList);
    // `condition "... performed by {c}" (c: card) domain targetsOf(loss.cause)`: holds when some card of
    // the domain is what the card text describes (and that card is "him" afterwards).
    this.SUBRULE(this.filterOrDomain);
  });

  // `= <filter>` or `domain <cards>`: what a condition or qualifier phrase means.
  private filterOrDomain = this.RULE("filterOrDomain", () => {
    this.OR([
      {
        ALT: () => {
          this.CONSUME(T.Equals);
          this.SUBRULE(this.expression, { LABEL: "filter" });
        },
      },
      {
        ALT: () => {
          this.CONSUME(K.domain);
          this.SUBRULE2(this.expression, { LABEL: "domain" });
        },
      },
    ]);
  });

  // `qualifier "with {s} of {n} or higher" (c: card, s: stat, n: number) = ...`: what may follow a noun.
  // `qualifier "in your hand" (c: card) domain you.hand`: where the cards a noun names are.
  private qualifierDecl = this.RULE("qualifierDecl", () => {
    this.CONSUME(K.qualifier);
    this.AT_LEAST_ONE(() => this.CONSUME(T.StringLiteral));
    this.SUBRULE(this.paramList);
    // `anywhere`: a card it describes is chosen wherever it is ("at any location": the rules'
    // `targetableAnywhere` entry decides its targeting, and adjectives read their `anywhere` body).
    this.OPTION(() => this.CONSUME(K.anywhere));
    this.SUBRULE(this.filterOrDomain);
  });

  // `place "your Fate deck" = you.fateDeck`: a deck, zone, location or province card text names, read by
  // a zone slot; `place "a battlefield" (c: card) domain battlefieldsNow()`: one the player chooses.
  private placeDecl = this.RULE("placeDecl", () => {
    this.CONSUME(K.place);
    this.AT_LEAST_ONE(() => this.CONSUME(T.StringLiteral));
    this.OPTION(() => this.SUBRULE(this.paramList));
    this.SUBRULE(this.filterOrDomain);
  });

  // `search "search your deck, then your Provinces, for {c}" (c: card) in <cards>`: a sentence that picks
  // a card (later sentences call it "it"); `then { ... }` runs once it is chosen (a searched deck is shuffled).
  private searchDecl = this.RULE("searchDecl", () => {
    this.CONSUME(K.search);
    this.AT_LEAST_ONE(() => this.CONSUME(T.StringLiteral));
    this.SUBRULE(this.paramList);
    this.CONSUME(K.in);
    this.SUBRULE(this.expression);
    this.OPTION(() => {
      this.CONSUME(K.then);
      this.SUBRULE(this.block);
    });
  });

  private annotation = this.RULE("annotation", () => {
    this.CONSUME(T.At);
    this.CONSUME(T.Identifier);
    this.OPTION(() => this.CONSUME(T.DateLiteral));
    this.OPTION2(() => this.CONSUME(T.StringLiteral));
    // errata: the wording before this change, where the rules text states it
    this.OPTION3(() => {
      this.CONSUME(K.was);
      this.CONSUME2(T.StringLiteral, { LABEL: "former" });
    });
  });

  private rulesDecl = this.RULE("rulesDecl", () => {
    this.CONSUME(K.rules);
    this.CONSUME(T.StringLiteral);
  });

  // `value favor "controls the Imperial Favor" = 0 minimum 0`: a player value, and the least it may be
  // (checked as an invariant in test runs).
  private valueDecl = this.RULE("valueDecl", () => {
    this.CONSUME(K.value);
    this.CONSUME(T.Identifier);
    // the value's name in card text, then any other it goes by ("Family Honor" "Honor")
    this.AT_LEAST_ONE(() => this.CONSUME(T.StringLiteral));
    this.CONSUME(T.Equals);
    this.SUBRULE(this.expression);
    this.OPTION(() => {
      this.CONSUME(K.minimum);
      this.CONSUME(T.NumberLiteral, { LABEL: "minimum" });
    });
  });

  private statDecl = this.RULE("statDecl", () => {
    this.CONSUME(K.stat);
    this.CONSUME(T.Identifier);
    this.CONSUME(T.StringLiteral, { LABEL: "label" });
    this.OPTION(() => {
      this.CONSUME(K.short);
      this.CONSUME2(T.StringLiteral, { LABEL: "short" });
    });
  });

  private flagDecl = this.RULE("flagDecl", () => {
    this.CONSUME(K.flag);
    this.CONSUME(T.Identifier);
    this.CONSUME(T.StringLiteral, { LABEL: "yes" });
    this.CONSUME(T.Slash);
    this.CONSUME2(T.StringLiteral, { LABEL: "no" });
  });

  private kindDecl = this.RULE("kindDecl", () => {
    this.CONSUME(K.kind);
    this.CONSUME(T.Identifier);
    this.CONSUME(T.StringLiteral);
  });

  private typeDecl = this.RULE("typeDecl", () => {
    this.CONSUME(K.type);
    this.CONSUME(T.Identifier, { LABEL: "name" });
    this.CONSUME(T.StringLiteral, { LABEL: "plural" });
    this.OPTION(() => {
      this.CONSUME(K.is);
      this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.CONSUME2(T.Identifier, { LABEL: "kinds" }) });
    });
    this.OPTION2(() => {
      this.CONSUME(K.played);
      this.CONSUME(K.from);
      this.CONSUME3(T.Identifier, { LABEL: "playedFrom" });
    });
    this.OPTION3(() => {
      this.CONSUME(K.traits);
      this.CONSUME(K.as);
      this.CONSUME5(T.Identifier, { LABEL: "traitsAs" });
    });
    this.CONSUME(T.LBrace);
    this.MANY(() => this.CONSUME4(T.Identifier, { LABEL: "stats" }));
    this.CONSUME(T.RBrace);
  });

  private zoneDecl = this.RULE("zoneDecl", () => {
    this.OR([{ ALT: () => this.CONSUME(K.zone) }, { ALT: () => this.CONSUME(K.area) }]);
    this.CONSUME(T.Identifier, { LABEL: "name" });
    this.CONSUME(T.StringLiteral);
    this.OPTION(() => {
      this.CONSUME(K.per);
      this.CONSUME2(T.Identifier, { LABEL: "per" });
    });
    this.MANY(() =>
      this.OR3([
        { ALT: () => this.CONSUME(K.hidden) },
        { ALT: () => this.CONSUME(K.private) },
        { ALT: () => this.CONSUME(K.ordered) },
        { ALT: () => this.CONSUME(K.many) },
        {
          ALT: () => {
            this.CONSUME(K.in);
            this.CONSUME(K.play);
          },
        },
      ]),
    );
    this.OPTION2(() => {
      this.CONSUME(T.LBrace);
      this.MANY2(() => this.CONSUME3(T.Identifier, { LABEL: "values" }));
      this.CONSUME(T.RBrace);
    });
  });

  private nameLiteral = this.RULE("nameLiteral", () => {
    this.OR([{ ALT: () => this.CONSUME(T.Identifier) }, { ALT: () => this.CONSUME(T.StringLiteral) }]);
  });

  // `keyword Expendable text { After this card is destroyed, draw a card. }`: what a keyword gives each
  // card that has it, written as card text.
  private keywordDecl = this.RULE("keywordDecl", () => {
    this.CONSUME(K.keyword);
    this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.nameLiteral) });
    this.OPTION(() => this.SUBRULE(this.cardText));
  });

  private timingDecl = this.RULE("timingDecl", () => {
    this.CONSUME(K.timing);
    this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.CONSUME(T.Identifier) });
  });

  private clanDecl = this.RULE("clanDecl", () => {
    this.CONSUME(K.clan);
    this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.nameLiteral) });
  });

  private adjectiveDecl = this.RULE("adjectiveDecl", () => {
    this.CONSUME(K.adjective);
    this.AT_LEAST_ONE(() => this.CONSUME(T.StringLiteral));
    this.CONSUME(T.LParen);
    this.SUBRULE(this.param);
    this.CONSUME(T.RParen);
    // `performer`: a card chosen with this adjective performs the action ("your performing Personality").
    this.OPTION(() => this.CONSUME(K.performer));
    // `noun`: it may stand for the noun of a noun phrase ("a Human": any card it describes).
    this.OPTION3(() => this.CONSUME(K.noun));
    this.CONSUME(T.Equals);
    this.SUBRULE(this.expression);
    // `domain <cards>`: where cards it describes are when the noun phrase does not say ("your dead
    // Personality": in a discard pile, not in play).
    this.OPTION2(() => {
      this.CONSUME(K.domain);
      this.SUBRULE2(this.expression, { LABEL: "domain" });
    });
    // `anywhere <filter>`: what it says of a card a qualifier declared `anywhere` describes ("your
    // performing Courtier at any location": one who may perform it wherever he is).
    this.OPTION4(() => {
      this.CONSUME(K.anywhere);
      this.SUBRULE3(this.expression, { LABEL: "anywhere" });
    });
  });

  // `reference "the action" for Interrupt = ...`: a name card text may use only in abilities of those timings.
  private referenceDecl = this.RULE("referenceDecl", () => {
    this.CONSUME(K.reference);
    this.AT_LEAST_ONE(() => this.CONSUME(T.StringLiteral));
    this.OPTION(() => {
      this.CONSUME(K.for);
      this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.CONSUME(T.Identifier, { LABEL: "timings" }) });
    });
    this.CONSUME(T.Equals);
    this.SUBRULE(this.expression);
  });

  // `event losingHonor(p: player, loss: honorLoss) before "{p} loses Honor"`: `before` marks an event
  // announced before what it names happens (card text triggers on it with "Before ..."), `when` one
  // announced as it happens ("When paying a Gold cost": Twenty Festivals, "When" triggers).
  private eventDecl = this.RULE("eventDecl", () => {
    this.CONSUME(K.event);
    this.CONSUME(T.Identifier);
    this.SUBRULE(this.paramList);
    this.OPTION(() => this.OR([{ ALT: () => this.CONSUME(K.before) }, { ALT: () => this.CONSUME(K.when) }]));
    this.MANY(() => this.CONSUME(T.StringLiteral));
  });

  // `pronoun "he" "him" for Personality`: which kinds of card a pronoun can stand for in card text.
  private pronounDecl = this.RULE("pronounDecl", () => {
    this.CONSUME(K.pronoun);
    this.AT_LEAST_ONE(() => this.CONSUME(T.StringLiteral));
    this.CONSUME(K.for);
    this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.CONSUME(T.Identifier, { LABEL: "types" }) });
  });

  // `icon ":g{n}:" "pay {n} Gold"`: an icon of card text is short for a phrase ("Battle, :g2:: ...").
  private iconDecl = this.RULE("iconDecl", () => {
    this.CONSUME(K.icon);
    this.CONSUME(T.StringLiteral, { LABEL: "icon" });
    this.CONSUME2(T.StringLiteral, { LABEL: "phrase" });
  });

  // `duration "until the end of the turn" "this turn" = end of turn`: how long an effect card text
  // gives lasts; `duration default = end of battle, turn` (the first of those running) for text that
  // names no duration; `= forever` for one that never ends.
  private durationDecl = this.RULE("durationDecl", () => {
    this.CONSUME(K.duration);
    this.OPTION(() => this.CONSUME(K.default, { LABEL: "isDefault" }));
    this.MANY(() => this.CONSUME(T.StringLiteral));
    this.CONSUME(T.Equals);
    this.OR([
      {
        ALT: () => {
          this.CONSUME(K.end);
          this.CONSUME(K.of);
          this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.CONSUME(T.Identifier, { LABEL: "sequences" }) });
        },
      },
      { ALT: () => this.CONSUME(K.forever) },
      // `= until turnBegins(you)`: until that event next happens with those arguments.
      {
        ALT: () => {
          this.CONSUME(K.until);
          this.CONSUME2(T.Identifier, { LABEL: "event" });
          this.SUBRULE(this.argList);
        },
      },
    ]);
  });

  // `cached function goldAvailable(p: player): number = ...`: worked out once until the game changes.
  private functionDecl = this.RULE("functionDecl", () => {
    this.OPTION(() => this.CONSUME(K.cached));
    this.CONSUME(K.function);
    this.CONSUME(T.Identifier);
    this.SUBRULE(this.paramList);
    this.CONSUME(T.Colon);
    this.SUBRULE(this.typeRef);
    this.CONSUME(T.Equals);
    this.SUBRULE(this.expression);
  });

  private paramDecl = this.RULE("paramDecl", () => {
    this.CONSUME(K.param);
    this.CONSUME(T.Identifier);
    this.SUBRULE(this.paramList);
    this.CONSUME(T.Colon);
    this.SUBRULE(this.typeRef);
    this.CONSUME(T.Equals);
    this.SUBRULE(this.expression);
    this.OPTION(() => this.CONSUME(K.summed));
  });

  private effectDecl = this.RULE("effectDecl", () => {
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

  private sequenceDecl = this.RULE("sequenceDecl", () => {
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

  private abilityDecl = this.RULE("abilityDecl", () => {
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

  private laterDecl = this.RULE("laterDecl", () => {
    this.CONSUME(K.later);
    this.AT_LEAST_ONE(() => this.CONSUME(T.StringLiteral));
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

  private entryDecl = this.RULE("entryDecl", () => {
    this.CONSUME(K.entry);
    this.CONSUME(T.Identifier, { LABEL: "name" });
    this.CONSUME(T.Equals);
    this.CONSUME2(T.Identifier, { LABEL: "target" });
  });

  private cardDecl = this.RULE("cardDecl", () => {
    this.CONSUME(K.card);
    this.CONSUME(T.StringLiteral);
    this.SUBRULE(this.cardBody);
  });

  private cardBody = this.RULE("cardBody", () => {
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

  // `scenario "title" seed 7 { ... }`: the seed of the scenario's game (1 when not given).
  private scenarioDecl = this.RULE("scenarioDecl", () => {
    this.CONSUME(K.scenario);
    this.CONSUME(T.StringLiteral);
    this.OPTION(() => {
      this.CONSUME(K.seed);
      this.CONSUME(T.NumberLiteral);
    });
    this.SUBRULE(this.block);
  });

  private paramList = this.RULE("paramList", () => {
    this.CONSUME(T.LParen);
    this.MANY_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.param) });
    this.CONSUME(T.RParen);
  });

  private param = this.RULE("param", () => {
    this.CONSUME(T.Identifier);
    this.CONSUME(T.Colon);
    this.SUBRULE(this.typeRef);
    this.OPTION(() => {
      this.CONSUME(T.Equals);
      this.SUBRULE(this.expression);
    });
  });

  private typeRef = this.RULE("typeRef", () => {
    this.CONSUME(T.Identifier, { LABEL: "typeName" });
    this.OPTION(() => {
      this.CONSUME(T.LBracket);
      this.SUBRULE(this.typeRef);
      this.CONSUME(T.RBracket);
    });
    this.OPTION2(() => this.CONSUME(T.Question));
  });

  // ============================================================ statements
  private block = this.RULE("block", () => {
    this.CONSUME(T.LBrace);
    this.MANY(() => this.SUBRULE(this.statement));
    this.CONSUME(T.RBrace);
  });

  private statement = this.RULE("statement", () => {
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

  private playersStmt = this.RULE("playersStmt", () => {
    this.CONSUME(K.players);
    this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.CONSUME(T.Identifier) });
  });

  private putStmt = this.RULE("putStmt", () => {
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

  private answerStmt = this.RULE("answerStmt", () => {
    this.CONSUME(K.answer);
    this.SUBRULE(this.postfix, { LABEL: "player" });
    this.CONSUME(T.Colon);
    this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.expression, { LABEL: "parts" }) });
  });

  // `take c by p`: an action a game would allow now; `force c by p`: the same without the legality checks.
  private takeStmt = this.RULE("takeStmt", () => {
    this.OR([{ ALT: () => this.CONSUME(K.take) }, { ALT: () => this.CONSUME(K.force) }]);
    this.SUBRULE(this.postfix, { LABEL: "card" });
    this.CONSUME(K.by);
    this.SUBRULE2(this.postfix, { LABEL: "player" });
    this.OPTION(() => {
      this.CONSUME(K.ability);
      this.CONSUME(T.NumberLiteral);
    });
  });

  private expectStmt = this.RULE("expectStmt", () => {
    this.CONSUME(K.expect);
    this.SUBRULE(this.expression);
  });

  // `result winner p1 "Honor"`, `result draw "turn cap"`, `result refused "Samurai 40/40"`: how the
  // scenario's game must end (checked when it has ended; the game may end the scenario early).
  private resultStmt = this.RULE("resultStmt", () => {
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

  private resultAhead(): boolean {
    const next = this.LA(2).tokenType;
    return this.LA(1).tokenType === K.result && (next === K.winner || next === K.draw || next === K.refused);
  }

  private unscriptedStmt = this.RULE("unscriptedStmt", () => {
    this.CONSUME(K.unscripted);
    this.CONSUME(T.Identifier);
  });

  // `on leavesPlay(c) { expect ... }`: a scenario looks at the game when an event happens.
  private onStmt = this.RULE("onStmt", () => {
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

  private postfix = this.RULE("postfix", () => {
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


  private argList = this.RULE("argList", () => {
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

  // ============================================================ card text
  private cardText = this.RULE("cardText", () => {
    this.CONSUME(T.TextOpen);
    this.MANY(() => this.CONSUME(T.AbilityBreak));
    this.MANY2(() => {
      this.SUBRULE(this.abilityText);
      this.MANY3(() => this.CONSUME2(T.AbilityBreak));
    });
    this.CONSUME(T.TextClose);
  });

  // `[keywords] Timing[/Timing][, icons]: [constraints:] effects.`
  private abilityText = this.RULE("abilityText", () => {
    this.OPTION({ GATE: () => this.headerAhead(), DEF: () => this.SUBRULE(this.abilityHeader) });
    this.SUBRULE(this.textSegment, { LABEL: "segments" });
    this.MANY(() => {
      this.CONSUME(T.TextColon);
      this.SUBRULE2(this.textSegment, { LABEL: "segments" });
    });
  });

  private abilityHeader = this.RULE("abilityHeader", () => {
    this.OR([
      {
        ALT: () => {
          this.SUBRULE(this.headerWords, { LABEL: "groups" });
          this.MANY(() => {
            this.CONSUME(T.TextSlash);
            this.SUBRULE2(this.headerWords, { LABEL: "groups" });
          });
          this.MANY2(() => {
            this.CONSUME(T.TextComma);
            this.CONSUME(T.Icon, { LABEL: "icons" });
          });
        },
      },
      {
        ALT: () => {
          this.CONSUME2(T.Icon, { LABEL: "icons" });
          this.MANY3(() => {
            this.CONSUME2(T.TextComma);
            this.CONSUME3(T.Icon, { LABEL: "icons" });
          });
        },
      },
    ]);
    this.CONSUME(T.TextColon);
  });

  private headerWords = this.RULE("headerWords", () => {
    this.AT_LEAST_ONE(() => this.CONSUME(T.CapWord));
  });

  private textSegment = this.RULE("textSegment", () => {
    this.AT_LEAST_ONE(() => this.SUBRULE(this.sentence));
  });

  // A sentence ends at its period; an ellipsis ("...") is a run of periods.  Its words are tokens of
  // the sentence itself rather than each in a `textElement` node: card text is most of the tokens.
  private sentence = this.RULE("sentence", () => {
    this.AT_LEAST_ONE(() => this.OR(this.textParts));
    this.MANY(() => this.CONSUME(T.TextPeriod));
  });

  /** A word, number, icon, punctuation mark or parenthesised group of card text: what a quoted
   *  sentence is made of (a fresh set of alternatives for each OR that uses them).  All are kept in
   *  one list of the tree, `parts`, in source order (rather than a list for each kind). */
  private plainTextParts(): IOrAlt<unknown>[] {
    return [
      { ALT: () => this.CONSUME(T.TextWord, TEXT_PART) },
      { ALT: () => this.CONSUME(T.TextNumber, TEXT_PART) },
      { ALT: () => this.CONSUME(T.Icon, TEXT_PART) },
      { ALT: () => this.CONSUME(T.TextComma, TEXT_PART) },
      { ALT: () => this.CONSUME(T.TextSemicolon, TEXT_PART) },
      { ALT: () => this.CONSUME(T.TextSlash, TEXT_PART) },
      { ALT: () => this.CONSUME(T.TextSymbol, TEXT_PART) },
      { ALT: () => this.CONSUME(T.TextColor, TEXT_PART) },
      { ALT: () => this.SUBRULE(this.parenGroup, TEXT_PART) },
    ];
  }

  /** The parts of card text in a sentence or in parentheses, a quoted ability too (built once, like
   *  `declarationKinds`). */
  private readonly textParts: IOrAlt<unknown>[] = [...this.plainTextParts(), { ALT: () => this.SUBRULE(this.quotedAbility, TEXT_PART) }];

  private textElement = this.RULE("textElement", () => {
    this.OR(this.textParts);
  });

  private parenGroup = this.RULE("parenGroup", () => {
    this.CONSUME(T.TextLParen);
    this.MANY(() =>
      this.OR([
        { ALT: () => this.SUBRULE(this.textElement) },
        { ALT: () => this.CONSUME(T.TextPeriod) },
        { ALT: () => this.CONSUME(T.TextColon) },
      ]),
    );
    this.CONSUME(T.TextRParen);
  });

  // A granted ability in quotes: "Battle: Bow target Follower."  The same quote mark opens and closes
  // it, so its text is read by rules that cannot start another quote.
  private quotedAbility = this.RULE("quotedAbility", () => {
    this.CONSUME(T.TextQuote);
    this.OPTION({ GATE: () => this.headerAhead(), DEF: () => this.SUBRULE(this.abilityHeader) });
    this.SUBRULE(this.quotedSegment, { LABEL: "segments" });
    this.MANY(() => {
      this.CONSUME(T.TextColon);
      this.SUBRULE2(this.quotedSegment, { LABEL: "segments" });
    });
    this.CONSUME2(T.TextQuote);
  });

  private quotedSegment = this.RULE("quotedSegment", () => {
    this.AT_LEAST_ONE(() => this.SUBRULE(this.quotedSentence, { LABEL: "sentence" }));
  });

  private quotedSentence = this.RULE("quotedSentence", () => {
    this.AT_LEAST_ONE(() => this.OR(this.quotedParts));
    this.OPTION(() => this.CONSUME(T.TextPeriod));
  });

  /** The parts of a quoted sentence: no quote inside a quote (built once, like `declarationKinds`). */
  private readonly quotedParts: IOrAlt<unknown>[] = this.plainTextParts();

  // An ability header is a run of capitalised words (with "/" between timings) and icons, up to a colon.
  private headerAhead(): boolean {
    let i = 1;
    let sawPart = false;
    for (;;) {
      const type: TokenType = this.LA(i).tokenType;
      if (type === T.CapWord || type === T.Icon) sawPart = true;
      else if (type === T.TextSlash || type === T.TextComma) {
        if (!sawPart) return false;
      } else return type === T.TextColon && sawPart;
      i++;
    }
  }
}

/** Stops at the first syntax error: a correct file (most files) is read faster without recovery. */
export const parser = new L5rParser(false);

let recovering: L5rParser | null = null;

/** Reads on after each syntax error to report every one; made when a file first has an error. */
export function recoveringParser(): L5rParser {
  return (recovering ??= new L5rParser(true));
}
