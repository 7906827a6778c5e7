// Syntax error messages in the language's own words ("expected a name but found '='").
import type { IParserErrorMessageProvider, TokenType } from "chevrotain";

const tokenWords: Record<string, string> = {
  Identifier: "a name",
  StringLiteral: "a string",
  NumberLiteral: "a number",
  DateLiteral: "a date",
  LBrace: "'{'",
  RBrace: "'}'",
  LParen: "'('",
  RParen: "')'",
  LBracket: "'['",
  RBracket: "']'",
  Comma: "','",
  Slash: "'/'",
  EqEq: "'=='",
  Question: "'?'",
  Colon: "':'",
  Dot: "'.'",
  Equals: "'='",
  TextOpen: "'text {'",
  TextClose: "'}'",
  TextColon: "':'",
  TextPeriod: "'.'",
  TextWord: "a word",
  CapWord: "a capitalised word",
  TextRParen: "')'",
  TextQuote: "a closing quote",
  Icon: "an icon",
};

export function describeToken(type: TokenType): string {
  if (tokenWords[type.name]) return tokenWords[type.name]!;
  if (type.name.startsWith("Kw")) return `'${type.name.slice(2).toLowerCase()}'`;
  return `'${type.name}'`;
}

function found(image: string): string {
  if (image === "") return "the end of the file";
  return `'${image.length > 24 ? image.slice(0, 24) + "…" : image}'`;
}

/** Spaces and line breaks inside a text block decide where an ability ends; keep them out of messages. */
function shown(image: string): string {
  return /^\s+$/.test(image) ? "a line break" : found(image);
}

const ruleWords: Record<string, string> = {
  topDecl: "a declaration",
  statement: "a statement",
  expression: "an expression",
  primary: "an expression",
  notExpr: "an expression",
  comparison: "an expression",
  unary: "an expression",
  additive: "an expression",
  postfix: "an expression",
  cardItem: "a card line (type, clan, keywords, a stat, or text)",
  sequenceMember: "a heading, hook, state or abort in a sequence",
  textElement: "card text",
  textSegment: "card text",
  sentence: "a sentence",
  abilityHeader: "an ability header",
  typeRef: "a type",
};

export const errorMessages: IParserErrorMessageProvider = {
  buildMismatchTokenMessage: ({ expected, actual }) =>
    expected.name === "EOF" ? `unexpected ${shown(actual.image)}: expected a declaration` : `expected ${describeToken(expected)} but found ${shown(actual.image)}`,
  buildNotAllInputParsedMessage: ({ firstRedundant }) => `unexpected ${shown(firstRedundant.image)}: expected a declaration`,
  buildNoViableAltMessage: ({ actual, ruleName }) =>
    `unexpected ${shown(actual[0]?.image ?? "")}: expected ${ruleWords[ruleName] ?? ruleName}`,
  buildEarlyExitMessage: ({ actual, ruleName }) =>
    `unexpected ${shown(actual[0]?.image ?? "")}: expected ${ruleWords[ruleName] ?? ruleName}`,
};

