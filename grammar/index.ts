// The grammar's public face: text in, AST and syntax errors out.  Imports nothing else of ours.
import type { IRecognitionException, IToken } from "chevrotain";
import { lexer, TextClose, TextOpen } from "./tokens.ts";
import { MAX_SYNTAX_ERRORS, parser, recoveringParser, TooManyErrors } from "./parser.ts";
import { toAst } from "./to-ast.ts";
import type { Range, SourceFile } from "./ast.ts";

export type * from "./ast.ts";
export { decodeString } from "./strings.ts";
export { describeToken } from "./messages.ts";
export { ALTERNATIVE_SETTINGS } from "./phrase-settings.ts";

export interface SyntaxError {
  code: string;
  message: string;
  range: Range;
}

export interface ParseResult {
  /** null when the text has syntax errors: later stages never see a half-read file. */
  file: SourceFile | null;
  errors: SyntaxError[];
}

function syntaxErrorOf(e: IRecognitionException, textLength: number): SyntaxError {
  const t = e.token;
  const start = Number.isFinite(t.startOffset) ? t.startOffset : textLength;
  const end = t.image && Number.isFinite(t.startOffset) ? start + t.image.length : start;
  const code = e.name === "MismatchedTokenException" && !e.message.startsWith("unexpected") ? "syntax/missing-token" : "syntax/unexpected-token";
  return { code, message: e.message, range: { start, end } };
}

export function parse(text: string, path: string): ParseResult {
  const errors: SyntaxError[] = [];
  const lexed = lexer.tokenize(text);
  for (const e of lexed.errors) {
    const ch = text[e.offset] ?? "";
    const isQuote = ch === '"';
    errors.push({
      code: isQuote ? "syntax/unterminated-string" : "syntax/invalid-character",
      message: isQuote ? "unterminated string" : `unexpected character ${JSON.stringify(text.slice(e.offset, e.offset + Math.min(e.length, 1)))}`,
      range: { start: e.offset, end: e.offset + Math.max(1, Math.min(e.length, 1)) },
    });
  }
  // Nesting beyond what any rule or card needs is refused before parsing (the parser and every later
  // stage recurse on nesting).
  const deep = tooDeep(lexed.tokens);
  if (deep) {
    errors.push(deep);
    return { file: null, errors: errors.sort((a, b) => a.range.start - b.range.start) };
  }
  parser.input = lexed.tokens;
  const cst = parser.file();
  if (parser.errors.length > 0) return { file: null, errors: recoveringParse(lexed.tokens, text, errors) };
  errors.sort((a, b) => a.range.start - b.range.start);
  if (errors.length > 0) return { file: null, errors };
  const built = toAst(cst, path, text);
  if (built.errors.length > 0) return { file: null, errors: built.errors };
  return { file: built.file, errors };
}

/** Every syntax error of a file that has some (the parser read it only up to the first). */
function recoveringParse(tokens: IToken[], text: string, errors: SyntaxError[]): SyntaxError[] {
  const parser = recoveringParser();
  parser.input = tokens;
  try {
    parser.file();
  } catch (e) {
    if (!(e instanceof TooManyErrors)) throw e;
    for (const err of parser.errors) errors.push(syntaxErrorOf(err, text.length));
    const last = errors[errors.length - 1]?.range ?? { start: 0, end: 0 };
    errors.push({ code: "syntax/too-many-errors", message: `more than ${MAX_SYNTAX_ERRORS} syntax errors: the rest of the file is not read`, range: last });
    return errors.sort((a, b) => a.range.start - b.range.start);
  }
  for (const e of parser.errors) errors.push(syntaxErrorOf(e, text.length));
  return errors.sort((a, b) => a.range.start - b.range.start);
}

/** Deepest bracket nesting, and longest run of prefix operators, a file may have. */
export const MAX_NESTING = 100;

// Brackets and the prefix minus by their one character (any token of that image counts).
const OPEN_PAREN = 40, OPEN_BRACKET = 91, OPEN_BRACE = 123;
const CLOSE_PAREN = 41, CLOSE_BRACKET = 93, CLOSE_BRACE = 125;
const MINUS = 45;

function tooDeep(tokens: readonly IToken[]): SyntaxError | null {
  let depth = 0;
  let prefixRun = 0;
  for (const t of tokens) {
    const image = t.image;
    const ch = image.length === 1 ? image.charCodeAt(0) : -1;
    if (ch === OPEN_PAREN || ch === OPEN_BRACKET || ch === OPEN_BRACE || t.tokenType === TextOpen) depth++;
    else if (ch === CLOSE_PAREN || ch === CLOSE_BRACKET || ch === CLOSE_BRACE || t.tokenType === TextClose) depth = Math.max(0, depth - 1);
    prefixRun = ch === MINUS || image === "not" ? prefixRun + 1 : 0;
    if (depth > MAX_NESTING || prefixRun > MAX_NESTING) {
      const start = t.startOffset;
      return { code: "syntax/too-deep", message: `nesting deeper than ${MAX_NESTING} levels`, range: { start, end: start + image.length } };
    }
  }
  return null;
}
