// Parameters a bracketed alternative of a phrase sets: `"{a} challenges {b}[[,] who may refuse
// (refusable = true)]"` reads "A challenges B" and "A challenges B, who may refuse", and only the second
// sets `refusable`.  The settings are written inside the phrase's string, at the end of an alternative,
// as the phrase's own settings are written after it (`name = value`, separated by commas); each value is
// an expression of the language, read here by its expression rule so a mistake is located in the string.
import type { CstNode, IToken } from "chevrotain";
import type * as A from "./ast.ts";
import { lexer } from "./tokens.ts";
import { parser } from "./parser.ts";

/** The settings an alternative ends with: `a token|all tokens (all = true)`. */
export const ALTERNATIVE_SETTINGS = /\s*\(([^()]*)\)\s*$/;

/** Each settings group written in a phrase (its source between the parentheses, as the alternative
 *  reading it finds it) with what it sets; errors located in the file for a group that is not one. */
export function bracketSettings(
  text: string,
  token: IToken,
  build: (cst: CstNode) => A.Expr,
): { groups: { source: string; settings: A.Setting[] }[]; errors: { code: string; message: string; range: A.Range }[] } {
  const groups: { source: string; settings: A.Setting[] }[] = [];
  const errors: { code: string; message: string; range: A.Range }[] = [];
  // Where the phrase's text is in the file: the string's image, past its opening quote (escapes are rare
  // in phrases; a group after one is located at the string).
  const at = (i: number, len: number): A.Range => (token.image.slice(1).startsWith(text.slice(0, i + len)) ? { start: token.startOffset + 1 + i, end: token.startOffset + 1 + i + len } : { start: token.startOffset, end: token.startOffset + token.image.length });
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === "[") depth++;
    else if (ch === "]") depth--;
    if (ch === ")" && depth === 0) errors.push({ code: "phrase/bracket-setting", message: "a ')' outside brackets: parameters an alternative sets are written at its end, inside its brackets: \"[who may refuse (refusable = true)]\"", range: at(i, 1) });
    if (ch !== "(") continue;
    const close = text.indexOf(")", i);
    const next = text.slice(close + 1).trimStart()[0];
    if (depth === 0 || close < 0 || text.slice(i + 1, close).includes("(") || (next !== "|" && next !== "]")) {
      errors.push({ code: "phrase/bracket-setting", message: "parameters an alternative sets are written at its end, inside its brackets, as `(name = value, ...)`: \"[who may refuse (refusable = true)]\"", range: at(i, close < 0 ? 1 : close - i + 1) });
      if (close < 0) break;
      i = close;
      continue;
    }
    const source = text.slice(i + 1, close);
    const settings: A.Setting[] = [];
    let offset = i + 1;
    for (const part of source.split(",")) {
      const m = /^(\s*)([A-Za-z_]\w*)(\s*=\s*)(\S.*?)\s*$/.exec(part);
      const value = m ? parseValue(m[4]!, at(offset + m[1]!.length + m[2]!.length + m[3]!.length, m[4]!.length).start, build) : null;
      if (!m || !value) errors.push({ code: "phrase/bracket-setting", message: `'${part.trim()}' is not a setting: write \`name = value\`, an expression`, range: at(offset, part.length) });
      else {
        const name = at(offset + m[1]!.length, m[2]!.length);
        settings.push({ kind: "Setting", range: { start: name.start, end: value.range.end }, name: { kind: "Name", range: name, text: m[2]! }, value, target: null, domain: null });
      }
      offset += part.length + 1;
    }
    groups.push({ source, settings });
    i = close;
  }
  return { groups, errors };
}

/** A value as an expression of the language, ranged where it is in the file; null if it is none. */
function parseValue(source: string, start: number, build: (cst: CstNode) => A.Expr): A.Expr | null {
  // (padded so the tokens' offsets are the file's)
  const lexed = lexer.tokenize(" ".repeat(start) + source);
  if (lexed.errors.length > 0 || lexed.tokens.length === 0) return null;
  parser.input = lexed.tokens;
  const cst = parser.expression();
  // (the rule reads the longest expression it can: "true false" is not one)
  if (parser.errors.length > 0 || cst.location?.endOffset !== lexed.tokens[lexed.tokens.length - 1]!.endOffset) return null;
  return build(cst);
}
