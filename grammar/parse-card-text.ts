// The grammar's card text: abilities with their headers, sentences of words, marks and groups, and
// quoted abilities (meaning is given to the words by the compiler, not here).
import type { IOrAlt, TokenType } from "chevrotain";
import * as T from "./tokens.ts";
import { ExpressionRules } from "./parse-expressions.ts";

/** Card text's words, marks and groups all go in one list of the tree, in source order. */
const TEXT_PART = { LABEL: "parts" };

export abstract class CardTextRules extends ExpressionRules {
  // ============================================================ card text
  protected cardText = this.RULE("cardText", () => {
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
