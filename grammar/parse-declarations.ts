// The grammar's file and the declarations of the game's vocabulary (values, stats, flags, kinds, types,
// zones, keywords, timings, clans, adjectives, references, events, pronouns, icons, durations) and of
// card text's (stat rules, advice, decks, conditions, filters, qualifiers, places, searches).
// The first layer of the one parser (parser.ts); the rules of later layers it names are declared at
// its end.
import { CstParser, type CstNode, type IOrAlt, type IParserConfig, type ParserMethod } from "chevrotain";
import * as T from "./tokens.ts";

const K = T.Kw;
/** A top-level declaration of whatever kind is found under one key, `decl` (its node is named by kind). */
const DECLARATION = { LABEL: "decl" };

/** A rule of the grammar, as a layer names a rule of another. */
export type Rule = ParserMethod<[], CstNode>;

export abstract class DeclarationRules extends CstParser {
  constructor(config: IParserConfig) {
    super(T.tokenVocabulary, config);
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
          // `domain c.attachments = count(a) > 0`: a qualifier whose `list[card]` slot is the cards of
          // the domain its noun phrase describes, and what holds of them (compiler/text/described-lists.ts).
          this.OPTION(() => {
            this.CONSUME2(T.Equals);
            this.SUBRULE3(this.expression, { LABEL: "filter" });
          });
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

  protected annotation = this.RULE("annotation", () => {
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

  protected nameLiteral = this.RULE("nameLiteral", () => {
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
    // (`(n: number = 2)`: what its bracketed alternatives set)
    this.OPTION2(() => this.SUBRULE(this.paramList));
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

  // ============================================================ rules of later layers
  protected abstract readonly functionDecl: Rule;
  protected abstract readonly paramDecl: Rule;
  protected abstract readonly effectDecl: Rule;
  protected abstract readonly sequenceDecl: Rule;
  protected abstract readonly abilityDecl: Rule;
  protected abstract readonly laterDecl: Rule;
  protected abstract readonly entryDecl: Rule;
  protected abstract readonly cardDecl: Rule;
  protected abstract readonly scenarioDecl: Rule;
  protected abstract readonly paramList: Rule;
  protected abstract readonly param: Rule;
  protected abstract readonly typeRef: Rule;
  protected abstract readonly block: Rule;
  protected abstract readonly expression: Rule;
  protected abstract readonly argList: Rule;
  protected abstract readonly cardText: Rule;
}
