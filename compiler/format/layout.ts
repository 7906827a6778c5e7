// The formatter's tree: a .l5r file as lines and the blocks their brackets open, read from the
// grammar's own tokens (comments found between them).  The author's line breaks are kept, as gofmt
// keeps them; the printer (./plugin.ts) decides indentation, spacing and blank lines.  Because it is
// built on tokens and brackets, not on each construct of the grammar, a construct the language gains
// is formatted without a change here.
import type { IToken } from "chevrotain";
import { lexer } from "../../grammar/tokens.ts";
import type { SourceFile } from "../../grammar/index.ts";
import { spaceBetween, type Piece } from "./spacing.ts";

export interface LayoutLine {
  readonly type: "line";
  /** The line as printed, without indentation (a block comment's later lines are kept as written). */
  readonly text: string;
  /** A continuation line's extra indentation within its block (0 for a line that starts an item of
   *  the block): as many more spaces as the author gave it than the block's first item (so `or` stays
   *  under `not`), two at least.  A block a continuation line opens is indented from the block's level,
   *  as one opened by the item's first line is. */
  readonly offset: number;
  /** A blank line (or several, printed as one) came before it. */
  readonly blankBefore: boolean;
  /** The lines inside the brackets this line leaves open, and the line that closes them (null when
   *  they close part-way through a line). */
  readonly children: LayoutLine[];
  readonly close: LayoutLine | null;
  /** The line ends inside reminder text (card-text parentheses): the next line is printed exactly as
   *  written, since the reminder's text is part of the tree. */
  readonly rawAfter: boolean;
  /** Printed exactly as written, indentation included (it starts inside reminder text). */
  readonly raw: boolean;
}

export interface LayoutFile {
  readonly type: "file";
  readonly children: LayoutLine[];
  readonly start: number;
  readonly end: number;
}

const OPENERS = new Set(["LBrace", "LParen", "LBracket", "TextOpen"]);
const CLOSERS = new Set(["RBrace", "RParen", "RBracket", "TextClose"]);

/** Every token and comment of the text in order, with the card-text register marked. */
function piecesOf(text: string, tokens: readonly IToken[]): Piece[] {
  const out: Piece[] = [];
  let at = 0;
  let inText = false;
  const comments = (from: number, to: number) => {
    const gap = text.slice(from, to);
    for (const m of gap.matchAll(/\/\/[^\n\r]*|\/\*[\s\S]*?\*\//g)) {
      out.push({ kind: "comment", type: "Comment", text: m[0], start: from + m.index, end: from + m.index + m[0].length, cardText: false });
    }
  };
  for (const t of tokens) {
    if (!inText) comments(at, t.startOffset);
    const name = t.tokenType.name;
    const end = t.startOffset + t.image.length;
    if (name === "TextOpen") inText = true;
    else if (name === "TextClose") inText = false;
    // Line breaks that end an ability are whitespace to the layout: the lines show them.
    if (name !== "AbilityBreak") out.push({ kind: "token", type: name, text: name === "TextOpen" ? "text {" : t.image, start: t.startOffset, end, cardText: inText || name === "TextClose", word: name === "Identifier" || name.startsWith("Kw") });
    at = end;
  }
  comments(at, text.length);
  return out;
}

interface RawLine {
  readonly pieces: Piece[];
  /** Where the line starts in the text (its first character, indentation included). */
  readonly lineStart: number;
  readonly indent: number;
  readonly blankBefore: boolean;
  /** Card-text parentheses open at its start and end. */
  readonly parenBefore: number;
  readonly parenAfter: number;
}

const lineStartOf = (text: string, offset: number) => text.lastIndexOf("\n", offset - 1) + 1;

/** Pieces grouped into lines: a line starts with a piece after a line break (a block comment's later
 *  lines, and what follows it on its last one, belong to the line it starts on). */
function linesOf(text: string, pieces: readonly Piece[]): RawLine[] {
  const lines: RawLine[] = [];
  let current: Piece[] = [];
  let paren = 0;
  let parenAtStart = 0;
  let lastEnd = 0;
  const flush = () => {
    if (!current.length) return;
    const lineStart = lineStartOf(text, current[0]!.start);
    const before = text.slice(lastEnd, lineStart);
    const indentText = text.slice(lineStart, current[0]!.start);
    lines.push({ pieces: current, lineStart, indent: indentText.replace(/\t/g, "  ").length, blankBefore: lines.length > 0 && /\n[ \t\r]*\n/.test(before), parenBefore: parenAtStart, parenAfter: paren });
    lastEnd = current[current.length - 1]!.end;
    current = [];
  };
  for (const p of pieces) {
    if (current.length && text.slice(current[current.length - 1]!.end, p.start).includes("\n")) flush();
    if (!current.length) parenAtStart = paren;
    current.push(p);
    if (p.cardText && p.type === "TextLParen") paren++;
    else if (p.cardText && p.type === "TextRParen") paren = Math.max(0, paren - 1);
  }
  flush();
  return lines;
}

/** A line's printed text: its pieces with the spacing rules between them (card text as written). */
function lineText(text: string, line: RawLine): string {
  let out = "";
  line.pieces.forEach((p, i) => {
    if (i > 0) out += spaceBetween(line.pieces[i - 1]!, p, text.slice(line.pieces[i - 1]!.end, p.start));
    out += p.text;
  });
  return out;
}

interface Frame {
  readonly lines: LayoutLine[];
  /** The bracket depth at which the block's brackets are all closed. */
  readonly startDepth: number;
  /** Where the bracket that opened the block is (-1 for the file). */
  readonly opener: number;
  /** The author's indentation of the block's first line (the base of continuation levels). */
  base: number | null;
  readonly owner: MutableLine | null;
}

type MutableLine = { -readonly [K in keyof LayoutLine]: LayoutLine[K] };

/** The syntax tree's nodes that span lines, as ranges (the file itself left out). */
function multiLineNodes(file: SourceFile, text: string): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  const visit = (v: unknown): void => {
    if (v === null || typeof v !== "object") return;
    if (Array.isArray(v)) {
      for (const x of v) visit(x);
      return;
    }
    const n = v as { kind?: unknown; range?: { start: number; end: number } };
    if (typeof n.kind === "string" && n.range && n.kind !== "File" && text.slice(n.range.start, n.range.end).includes("\n")) out.push(n.range);
    for (const [k, x] of Object.entries(n)) if (k !== "range" && typeof x === "object") visit(x);
  };
  visit(file);
  return out;
}

/**
 * The layout tree of a text the grammar reads without errors (`file` is its syntax tree).  A line
 * continues the one before when it lies inside a construct of the tree that started on an earlier line
 * of the same block (a condition over two lines, a function's body after its `=`, a card ability
 * wrapped over two lines), unless only its annotations came before; any other line starts an item of
 * its block.
 */
export function layoutOf(text: string, file: SourceFile): LayoutFile {
  const { tokens } = lexer.tokenize(text);
  const lines = linesOf(text, piecesOf(text, tokens));
  const spanning = multiLineNodes(file, text);
  // Annotations (`@added ...`) head their declaration: the lines after them start it, not continue it.
  const onlyAnnotations = (from: number, to: number) => text.slice(from, lineStartOf(text, to)).split("\n").every((l) => /^\s*(@|\/\/|$)/.test(l));
  const continues = (at: number, frame: Frame) => spanning.some((n) => n.start < at && at < n.end && n.start > frame.opener && !onlyAnnotations(n.start, at));
  const root: Frame = { lines: [], startDepth: -1, opener: -1, base: null, owner: null };
  const stack: Frame[] = [root];
  const openers: number[] = [];
  let depth = 0;
  for (const raw of lines) {
    const rawLine = raw.parenBefore > 0;
    // Closing brackets that start the line close blocks: the line is their closing line.
    let lead = 0;
    if (!rawLine) while (lead < raw.pieces.length && raw.pieces[lead]!.kind === "token" && CLOSERS.has(raw.pieces[lead]!.type) && !isReminderParen(raw.pieces[lead]!)) lead++;
    const afterLead = depth - lead;
    let closes: Frame | null = null;
    while (stack.length > 1 && stack[stack.length - 1]!.startDepth >= afterLead) closes = stack.pop()!;
    const top = stack[stack.length - 1]!;
    const line: MutableLine = {
      type: "line",
      text: rawLine ? text.slice(raw.lineStart, raw.pieces[raw.pieces.length - 1]!.end) : lineText(text, raw),
      offset: 0,
      blankBefore: raw.blankBefore && !rawLine,
      children: [],
      close: null,
      rawAfter: raw.parenAfter > 0,
      raw: rawLine,
    };
    if (raw.parenAfter > 0) line.text += trailingSpace(text, raw);
    if (closes) {
      // Printed where the line that opened the block is; no blank line before it.
      closes.owner!.close = line;
      line.blankBefore = false;
    } else {
      // A line that opens with `{` (a body after a header over several lines) stands where its `}` will.
      const opensBody = raw.pieces[0]!.type === "LBrace";
      if (!rawLine && !opensBody && continues(raw.pieces[0]!.start, top)) line.offset = Math.max(2, raw.indent - (top.base ?? raw.indent - 2));
      else top.base ??= raw.indent;
      if (top.lines.length === 0) line.blankBefore = false;
      top.lines.push(line);
    }
    // The rest of the line's brackets: a block ends part-way through it, or it leaves some open.
    let least = afterLead;
    depth -= lead;
    openers.length = Math.max(0, openers.length - lead);
    for (const p of raw.pieces.slice(lead)) {
      if (p.kind !== "token" || isReminderParen(p)) continue;
      if (OPENERS.has(p.type)) {
        depth++;
        openers.push(p.start);
      } else if (CLOSERS.has(p.type)) {
        least = Math.min(least, --depth);
        openers.pop();
      }
    }
    while (stack.length > 1 && stack[stack.length - 1]!.startDepth >= least) stack.pop();
    if (depth > least) stack.push({ lines: line.children, startDepth: least, opener: openers[openers.length - 1]!, base: null, owner: line });
  }
  return { type: "file", children: root.lines, start: 0, end: text.length };
}

/** Parentheses of card text are reminder text, not blocks. */
function isReminderParen(p: Piece): boolean {
  return p.cardText && (p.type === "TextLParen" || p.type === "TextRParen");
}

/** The spaces after a line's last piece, kept when the line ends inside reminder text. */
function trailingSpace(text: string, raw: RawLine): string {
  const end = raw.pieces[raw.pieces.length - 1]!.end;
  return /^[ \t]*/.exec(text.slice(end))![0];
}
