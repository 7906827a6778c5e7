// Tokens of the .l5r language.  Two lexer modes: the rules register (declarations, sequences,
// scenarios) and the card-text register inside `text { ... }`, where words, icons and punctuation
// are read as the card prints them.
import { createToken, Lexer, type TokenType, type CustomPatternMatcherFunc } from "chevrotain";

// ---------------------------------------------------------------- shared
const WhiteSpace = createToken({ name: "WhiteSpace", pattern: /[ \t\r\n\u00a0]+/, group: Lexer.SKIPPED, line_breaks: true });
const LineComment = createToken({ name: "LineComment", pattern: /\/\/[^\n\r]*/, group: Lexer.SKIPPED });
const BlockComment = createToken({ name: "BlockComment", pattern: /\/\*[^*]*\*+(?:[^/*][^*]*\*+)*\//, group: Lexer.SKIPPED, line_breaks: true });

// ---------------------------------------------------------------- rules register
export const Identifier = createToken({ name: "Identifier", pattern: /[A-Za-z_][A-Za-z0-9_]*/ });

// Hard keywords start statements or expressions and can never be names.
const hardKeywords = [
  "if", "else", "then", "not", "and", "or", "true", "false", "none", "choose", "ask", "uses", "announce",
  "exists", "emitted", "last", "do", "in", "is", "has", "for", "let", "set", "while", "repeat", "return",
  "stop", "abort", "emit", "run", "move", "create", "cease", "modify", "end", "override", "add", "remove",
  "resolve", "clause", "any", "asked", "offered", "break", "window", "declare", "eliminate", "refuse",
  "shuffle", "random", "new", "all", "current", "attach", "detach", "remember", "remembered",
] as const;

// Soft keywords mark declarations and clauses but are also names where a name is expected
// (`per card`, `u.card`, `c: stat`), so they belong to the Identifier category.
const softKeywords = [
  "rules", "value", "stat", "short", "flag", "kind", "type", "played", "from", "zone", "area", "per",
  "hidden", "private", "ordered", "keyword", "keywords", "timing", "clan", "adjective", "reference", "event",
  "function", "effect", "param", "sequence", "heading", "always", "hook", "state", "when", "to", "face", "up",
  "down", "bottom", "top", "of", "modifiers", "by", "until", "later", "ability", "entry", "card", "scenario",
  "play", "players", "put", "answer", "take", "expect", "unscripted", "at", "cost", "payable", "on", "allow", "winner", "draw", "many", "statrule", "summed", "traits", "as",
  "deck", "condition", "qualifier", "search", "domain", "before", "pronoun", "icon", "measures", "duration", "default", "forever", "permanently", "performer", "noun", "describes", "anywhere", "result", "refused", "once", "cached", "minimum",
  "advise", // `advise "Declare an attack?" "yes" (p: player) = ...`: what an option is worth to a player playing to win
  "was", // errata: `@changed 2008-01-20 "..." was "the former wording"`
  // scenarios: `scenario "..." seed 7 { ... }`, and `force c by p` (an action without the legality checks)
  "seed", "force",
  // effect phrases: `"Ranged {n} Attack" (c = target "a Follower or Personality ...")`, a target the phrase chooses
  "target",
  // `place "any Fate deck" domain ...`: a deck, location or province card text names
  "place",
] as const;

export type KeywordName = (typeof hardKeywords)[number] | (typeof softKeywords)[number];

function keywordToken(word: string, soft: boolean): TokenType {
  const name = "Kw" + word[0]!.toUpperCase() + word.slice(1);
  return createToken({ name, pattern: new RegExp(word), longer_alt: Identifier, categories: soft ? [Identifier] : [] });
}

export const Kw = Object.fromEntries([
  ...hardKeywords.map((w) => [w, keywordToken(w, false)]),
  ...softKeywords.map((w) => [w, keywordToken(w, true)]),
]) as Record<KeywordName, TokenType>;

export const DateLiteral = createToken({ name: "DateLiteral", pattern: /\d{4}-\d{2}-\d{2}/ });
export const NumberLiteral = createToken({ name: "NumberLiteral", pattern: /\d+/ });
export const StringLiteral = createToken({
  name: "StringLiteral",
  pattern: /"(?:[^"\\\n\r]|\\(?:["\\\/bfnrt]|u\{[0-9A-Fa-f]{1,6}\}|u[0-9A-Fa-f]{4}))*"/,
});
export const At = createToken({ name: "At", pattern: /@/ });
export const LBrace = createToken({ name: "LBrace", pattern: /\{/ });
export const RBrace = createToken({ name: "RBrace", pattern: /\}/ });
export const LParen = createToken({ name: "LParen", pattern: /\(/ });
export const RParen = createToken({ name: "RParen", pattern: /\)/ });
export const LBracket = createToken({ name: "LBracket", pattern: /\[/ });
export const RBracket = createToken({ name: "RBracket", pattern: /\]/ });
export const Comma = createToken({ name: "Comma", pattern: /,/ });
export const Colon = createToken({ name: "Colon", pattern: /:/ });
export const Dot = createToken({ name: "Dot", pattern: /\./ });
export const Question = createToken({ name: "Question", pattern: /\?/ });
export const EqEq = createToken({ name: "EqEq", pattern: /==/ });
export const NotEq = createToken({ name: "NotEq", pattern: /!=/ });
export const LessEq = createToken({ name: "LessEq", pattern: /<=/ });
export const GreaterEq = createToken({ name: "GreaterEq", pattern: /\>=/ });
export const Less = createToken({ name: "Less", pattern: /</ });
export const Greater = createToken({ name: "Greater", pattern: /\>/ });
export const Equals = createToken({ name: "Equals", pattern: /=/ });
export const Plus = createToken({ name: "Plus", pattern: /\+/ });
export const Minus = createToken({ name: "Minus", pattern: /-/ });
export const Star = createToken({ name: "Star", pattern: /\*/ });
export const Slash = createToken({ name: "Slash", pattern: /\// });

// `text {` opens a card-text block: the lexer switches to the card-text register until `}`.
export const TextOpen = createToken({ name: "TextOpen", pattern: /text[ \t]*\{/, push_mode: "cardText" });

// ---------------------------------------------------------------- card-text register
export const TextClose = createToken({ name: "TextClose", pattern: /\}/, pop_mode: true });

// A line break ends an ability when the line ends a sentence (".", ")" or a closing quote); any other
// line break is a space, so long abilities may wrap over several lines.  Spaces at the end of the line
// are part of the break (trailing spaces do not change how a card reads).
const matchAbilityBreak: CustomPatternMatcherFunc = (text, offset) => {
  let nl = offset;
  while (text[nl] === " " || text[nl] === "\t" || text[nl] === "\u00a0") nl++;
  const first = text.charCodeAt(nl);
  if (first !== 10 && first !== 13) return null;
  let back = offset - 1;
  while (back >= 0 && (text[back] === " " || text[back] === "\t")) back--;
  const last = back >= 0 ? text[back] : "";
  if (last !== "." && last !== ")" && last !== '"' && last !== "\u201d") return null;
  let end = offset;
  while (end < text.length && /[\s]/.test(text[end]!)) end++;
  const image = text.slice(offset, end);
  return [image] as unknown as RegExpExecArray;
};
export const AbilityBreak = createToken({
  name: "AbilityBreak",
  pattern: { exec: matchAbilityBreak },
  line_breaks: true,
  start_chars_hint: ["\n", "\r", " ", "\t", "\u00a0"],
});
const TextSpace = createToken({ name: "TextSpace", pattern: /[ \t\r\n\u00a0]+/, group: Lexer.SKIPPED, line_breaks: true });

// Words: capitalised ones may head an ability ("Political Open:"); apostrophes and hyphens are inside
// words ("player's", "face-up").
export const TextWord = createToken({ name: "TextWord", pattern: Lexer.NA });
export const CapWord = createToken({
  name: "CapWord",
  pattern: /[A-Z\u00c0-\u00de][A-Za-z\u00c0-\u024f'\u2019-]*/,
  categories: [TextWord],
});
export const LowWord = createToken({
  name: "LowWord",
  pattern: /[a-z\u00df-\u024f][A-Za-z\u00c0-\u024f'\u2019-]*/,
  categories: [TextWord],
});
// "2", "+3F", "-1C", "2PH"
export const TextNumber = createToken({ name: "TextNumber", pattern: /[+-]?\d+(?:[A-Za-z]+)?/ });
// Icons as the card database writes them: ":bow:", ":g2:", ":gstar:"
export const Icon = createToken({ name: "Icon", pattern: /:[a-z][a-z0-9]*:/ });
export const TextColon = createToken({ name: "TextColon", pattern: /:/ });
export const TextPeriod = createToken({ name: "TextPeriod", pattern: /\./ });
export const TextComma = createToken({ name: "TextComma", pattern: /,/ });
export const TextSemicolon = createToken({ name: "TextSemicolon", pattern: /;/ });
export const TextLParen = createToken({ name: "TextLParen", pattern: /\(/ });
export const TextRParen = createToken({ name: "TextRParen", pattern: /\)/ });
export const TextSlash = createToken({ name: "TextSlash", pattern: /\// });
export const TextQuote = createToken({ name: "TextQuote", pattern: /["\u201c\u201d]/ });
// Color text (Twenty Festivals, Flavor, color, credit and reminder text: "italic, no parentheses ...
// always a separate sentence", with "no game impact"), written between underscores: "_He centers himself._"
export const TextColor = createToken({ name: "TextColor", pattern: /_[^_{}\n]+_/ });
// Any other printable character (bullets, dashes, "&", "!") is kept as a word-like symbol.
export const TextSymbol = createToken({ name: "TextSymbol", pattern: /[^\s{}():;.,/"\u201c\u201dA-Za-z0-9\u00c0-\u024f]/ });

// ---------------------------------------------------------------- modes
const rulesTokens: TokenType[] = [
  WhiteSpace, LineComment, BlockComment,
  TextOpen,
  DateLiteral, NumberLiteral, StringLiteral,
  // Longer keywords first, so that "keywords" is not read as "keyword" + "s".
  ...Object.entries(Kw).sort(([a], [b]) => b.length - a.length).map(([, token]) => token),
  Identifier,
  At, LBrace, RBrace, LParen, RParen, LBracket, RBracket, Comma, Colon, Dot, Question,
  EqEq, NotEq, LessEq, GreaterEq, Less, Greater, Equals, Plus, Minus, Star, Slash,
];

const cardTextTokens: TokenType[] = [
  AbilityBreak, TextSpace, TextClose,
  Icon, TextNumber, CapWord, LowWord, TextWord,
  TextColon, TextPeriod, TextComma, TextSemicolon, TextLParen, TextRParen, TextSlash, TextQuote, TextColor, TextSymbol,
];

export const allTokens = { modes: { rules: rulesTokens, cardText: cardTextTokens }, defaultMode: "rules" };

export const lexer = new Lexer(allTokens, { positionTracking: "full", ensureOptimizations: false });

// The token vocabulary the parser is built over (every token of every mode).
export const tokenVocabulary: TokenType[] = [...rulesTokens, ...cardTextTokens];
