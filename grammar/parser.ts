// The .l5r grammar: a pure Chevrotain CstParser (only CONSUME / SUBRULE / OR and their repetitions).
// Meaning is given to the tree in to-ast.ts.  Instances are created once and reused (`parser.input = ...`).
// The rules are grouped by area in layers of the one class, each extending the one before:
// parse-declarations, parse-definitions, parse-statements, parse-scenarios, parse-expressions,
// parse-card-text.
import { CstParser, type IToken, type TokenType } from "chevrotain";
import { errorMessages } from "./messages.ts";
import { CardTextRules } from "./parse-card-text.ts";

/** After this many syntax errors in one file, the parser stops: recovering from each costs a walk of
 *  the grammar, and a file this broken is not worth reading further. */
export const MAX_SYNTAX_ERRORS = 100;

export class TooManyErrors extends Error {}

export class L5rParser extends CardTextRules {
  /** `recovery`: read on after a syntax error to report every one.  `validate`: check the grammar itself
   *  (ambiguities, empty alternatives) while building the parser, which takes most of its start-up time:
   *  a test builds one that validates, the compiler's does not. */
  constructor(recovery = true, validate = false) {
    super({ recoveryEnabled: recovery, maxLookahead: 2, nodeLocationTracking: "onlyOffset", errorMessageProvider: errorMessages, skipValidations: !validate });
    this.performSelfAnalysis();
  }

  // Recovery stops once a file has too many errors (Chevrotain's in-rule recovery hook, not in its types).
  protected consumeInternalRecovery(tokType: TokenType, idx: number, e: Error): IToken {
    if (this.errors.length >= MAX_SYNTAX_ERRORS) throw new TooManyErrors();
    const base = (CstParser.prototype as unknown as { consumeInternalRecovery: (t: TokenType, i: number, e: Error) => IToken }).consumeInternalRecovery;
    return base.call(this, tokType, idx, e);
  }
}

/** Stops at the first syntax error: a correct file (most files) is read faster without recovery. */
export const parser = new L5rParser(false);

let recovering: L5rParser | null = null;

/** Reads on after each syntax error to report every one; made when a file first has an error. */
export function recoveringParser(): L5rParser {
  return (recovering ??= new L5rParser(true));
}
