// Spacing between two pieces on one line.  The rules register has one canonical spacing (what the
// rules/ files already use throughout); where the grammar alone cannot tell (a call `f(x)` from a
// keyword before parentheses, a unary minus from a binary one) the author's choice is kept.  Card
// text is kept exactly as written: its spaces may be part of the tree (reminder text).

export interface Piece {
  readonly kind: "token" | "comment";
  /** The token type's name ("LParen", "Identifier", "KwCard"...), or "Comment". */
  readonly type: string;
  readonly text: string;
  readonly start: number;
  readonly end: number;
  /** Inside a `text { ... }` block (its braces included). */
  readonly cardText: boolean;
  /** A name or a keyword. */
  readonly word?: boolean;
}

const NO_SPACE_AFTER = new Set(["LParen", "LBracket", "Dot", "At"]);
const NO_SPACE_BEFORE = new Set(["RParen", "RBracket", "Comma", "Dot", "Colon", "Question"]);
/** After these the author's choice stands: `-1` or `a - 1`. */
const KEEP_AFTER = new Set(["Minus", "Plus"]);
/** Before these, after a name or keyword: `f(x)` or `if (x)`, `xs[0]` or `in [a, b]`. */
const KEEP_BEFORE_AFTER_WORD = new Set(["LParen", "LBracket"]);

/** What goes between `a` and `b`, given the text the author put between them (`gap`). */
export function spaceBetween(a: Piece, b: Piece, gap: string): string {
  const written = gap.length > 0 ? " " : "";
  // A comment keeps the author's distance from the code before it (at least one space).
  if (b.kind === "comment") return gap.length > 0 ? gap.replace(/\t/g, "  ") : " ";
  if (a.kind === "comment") return " ";
  // Card text between `text {` and its `}`: exactly as written.
  if (a.cardText && b.cardText && b.type !== "TextOpen" && a.type !== "TextClose") return gap;
  if (NO_SPACE_AFTER.has(a.type) || NO_SPACE_BEFORE.has(b.type)) return "";
  if (KEEP_AFTER.has(a.type)) return written;
  if (a.word && KEEP_BEFORE_AFTER_WORD.has(b.type)) return written;
  return " ";
}
