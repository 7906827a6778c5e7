// The AST builder's base: ranges of tokens and CST nodes, the errors found while building, and the
// helpers every part of the builder reads the CST with.  The parts (to-ast-declarations, -statements,
// -expressions, -card-text) are layers of one class, ending in to-ast.ts.
import type { CstNode, IToken, CstElement } from "chevrotain";
import type * as A from "./ast.ts";
import { decodeString } from "./strings.ts";

export type Children = Record<string, CstElement[] | undefined>;

export function isToken(e: CstElement): e is IToken {
  return (e as IToken).image !== undefined;
}

function isName(t: IToken): boolean {
  return t.tokenType.name === "Identifier" || t.tokenType.CATEGORIES?.some((c) => c.name === "Identifier") === true;
}

// Offsets are taken with `| 0`: Chevrotain keeps them in fields V8 stores as doubles, and a range
// given a double makes V8 box both offsets of every range built after it (two more heap objects each).
export function tokenRange(t: IToken): A.Range {
  const start = Number.isFinite(t.startOffset) ? t.startOffset | 0 : 0;
  return { start, end: start + t.image.length };
}

/** The range from the first to the last token under a CST node; each node's range is worked out once
 *  from its children's, so building a file's AST stays linear in its size. */
const ranges = new WeakMap<CstNode, A.Range | null>();

export function cstRange(node: CstElement): A.Range {
  return spanOf(node) ?? { start: 0, end: 0 };
}

function spanOf(e: CstElement): A.Range | null {
  if (isToken(e)) {
    if (!Number.isFinite(e.startOffset) || e.isInsertedInRecovery) return null;
    const start = e.startOffset | 0;
    return { start, end: start + e.image.length };
  }
  // The parser tracks each node's first and last offsets (a file with syntax errors never gets here).
  const loc = e.location;
  if (loc && Number.isFinite(loc.startOffset) && loc.endOffset !== undefined && Number.isFinite(loc.endOffset)) return { start: loc.startOffset | 0, end: (loc.endOffset + 1) | 0 };
  if (ranges.has(e)) return ranges.get(e)!;
  let start = -1;
  let end = -1;
  for (const key in e.children) {
    for (const child of e.children[key] ?? []) {
      const r = spanOf(child);
      if (!r) continue;
      if (start < 0 || r.start < start) start = r.start;
      if (r.end > end) end = r.end;
    }
  }
  const range = start < 0 ? null : { start, end };
  ranges.set(e, range);
  return range;
}

const NO_ELEMENTS: readonly CstElement[] = [];

/** Most operands a chain of one precedence level may have (`a + b + ...`, `x.y.z...`). */
export const MAX_CHAIN = 1000;

export abstract class BuilderBase {
  readonly errors: { code: string; message: string; range: A.Range }[] = [];

  constructor(protected readonly text: string) {}

  /** A chain is built as nested nodes: later stages recurse on it, so its length is bounded. */
  protected chainTooLong(count: number, range: A.Range): boolean {
    if (count <= MAX_CHAIN) return false;
    if (this.errors.length === 0) this.errors.push({ code: "syntax/too-long", message: `a chain of more than ${MAX_CHAIN} operands`, range });
    return true;
  }

  // ---------------------------------------------------------- helpers
  protected kids(node: CstNode, key: string): readonly CstElement[] {
    return (node.children as Children)[key] ?? NO_ELEMENTS;
  }
  protected node(node: CstNode, key: string, index = 0): CstNode | null {
    const e = this.kids(node, key)[index];
    return e && !isToken(e) ? e : null;
  }
  protected nodes(node: CstNode, key: string): readonly CstNode[] {
    const kids = this.kids(node, key);
    // (a key almost always holds only nodes or only tokens: then the list is used as it is)
    return kids.some(isToken) ? kids.filter((e): e is CstNode => !isToken(e)) : (kids as readonly CstNode[]);
  }
  protected token(node: CstNode, key: string, index = 0): IToken | null {
    const e = this.kids(node, key)[index];
    return e && isToken(e) ? e : null;
  }
  protected tokens(node: CstNode, key: string): readonly IToken[] {
    const kids = this.kids(node, key);
    return kids.every(isToken) ? (kids as readonly IToken[]) : kids.filter(isToken);
  }
  protected filterOrDomain(decl: CstNode): { filter: A.Expr | null; domain: A.Expr | null } {
    const n = this.node(decl, "filterOrDomain");
    const part = (label: string): A.Expr | null => (n && this.node(n, label) ? this.expression(this.node(n, label)) : null);
    return { filter: part("filter"), domain: part("domain") };
  }
  protected has(node: CstNode, key: string): boolean {
    return this.kids(node, key).length > 0;
  }
  protected name(t: IToken | null): A.Name {
    if (!t) return { kind: "Name", range: { start: 0, end: 0 }, text: "" };
    return { kind: "Name", range: tokenRange(t), text: t.image };
  }
  protected str(t: IToken | null): string {
    return t ? decodeString(t.image) : "";
  }
  /** `settable`: an effect's, a condition's, a qualifier's, a later's, a duration's, an event's phrase or an ability kind's lead, whose bracketed alternatives may set its parameters
   *  (grammar/phrase-settings.ts); any other phrase may not. */
  protected phraseText(t: IToken | null, settable = false): A.PhraseText {
    const text = this.str(t);
    const range = t ? tokenRange(t) : { start: 0, end: 0 };
    if (!settable && /\[[^\]]*\(/.test(text)) this.errors.push({ code: "phrase/bracket-setting", message: "only an effect's, a condition's, a qualifier's, a later's, a duration's, an event's phrase or an ability kind's lead has parameters a bracketed alternative may set", range });
    return { kind: "PhraseText", range, text };
  }
  /** Identifier tokens (including soft keywords) in a child list. */
  protected identifiers(node: CstNode, key = "Identifier"): readonly IToken[] {
    return this.tokens(node, key);
  }
  /** The first Identifier-category token of a node in source order, whatever keyword it lexed as (soft
   *  keywords are stored under their own names). */
  protected firstName(node: CstNode): IToken | null {
    let first: IToken | null = null;
    const children = node.children as Children;
    for (const key in children) {
      for (const e of children[key] ?? []) if (isToken(e) && isName(e) && (!first || e.startOffset < first.startOffset)) first = e;
    }
    return first;
  }

  // ---------------------------------------------------------- parts of later layers
  protected abstract expression(n: CstNode | null): A.Expr;
}
