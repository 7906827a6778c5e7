// The prettier plugin for .l5r: a parser on the project's grammar (a file that does not parse is
// refused with its first syntax error, located) and a printer on the layout tree (./layout.ts).
// The printer keeps the author's line breaks and comments, indents two spaces per block and per
// continuation level, puts canonical spaces between tokens, keeps at most one blank line (none at the
// start or end of a block), and ends the file with one newline.
import type { AstPath, Doc, Parser, Plugin, Printer, SupportLanguage } from "prettier";
import { doc } from "prettier";
import { parse } from "../../grammar/index.ts";
import { LineMap } from "../diagnostics.ts";
import { layoutOf, type LayoutFile, type LayoutLine } from "./layout.ts";

const { align, hardline, indent, join, literalline } = doc.builders;

type Node = LayoutFile | LayoutLine;

export const languages: SupportLanguage[] = [{ name: "L5R", parsers: ["l5r"], extensions: [".l5r"], vscodeLanguageIds: ["l5r"] }];

/** A syntax error as prettier reports it: the message and where (1-based line and column). */
class L5rSyntaxError extends Error {
  constructor(
    message: string,
    readonly loc: { start: { line: number; column: number } },
  ) {
    super(message);
  }
}

const l5rParser: Parser<Node> = {
  astFormat: "l5r-layout",
  parse(text, options) {
    const path = (options as { filepath?: string }).filepath ?? "input.l5r";
    const { file, errors } = parse(text, path);
    if (!file || errors.length) {
      const first = errors[0] ?? { code: "syntax/unreadable", message: "the file cannot be read", range: { start: 0, end: 0 } };
      const at = new LineMap(text).position(first.range.start);
      throw new L5rSyntaxError(`${first.code}: ${first.message}`, { start: { line: at.line, column: at.column } });
    }
    return layoutOf(text, file);
  },
  locStart: (node) => (node.type === "file" ? node.start : 0),
  locEnd: (node) => (node.type === "file" ? node.end : 0),
};

/** The lines of a block (or the file), each after its line break (none before the file's first). */
function printLines(path: AstPath<Node>, print: (path: AstPath<Node>) => Doc, lines: readonly LayoutLine[], first: boolean): Doc[] {
  return path.map((child, i) => {
    const line = child.node as LayoutLine;
    const previous = i > 0 ? lines[i - 1]! : null;
    const brk = previous && lastLine(previous).rawAfter ? literalline : hardline;
    const sep: Doc = first && i === 0 ? "" : [line.blankBefore ? hardline : "", brk];
    return [line.offset > 0 ? align(line.offset, [sep, lineText(line)]) : [sep, lineText(line)], print(child)];
  }, "children");
}

/** The last line printed for a line with its block (the line that closes it, or its last child). */
function lastLine(line: LayoutLine): LayoutLine {
  if (line.close) return lastLine(line.close);
  const last = line.children[line.children.length - 1];
  return last ? lastLine(last) : line;
}

/** A line's own text (a block comment's later lines as written). */
function lineText(line: LayoutLine): Doc {
  return line.text.includes("\n") ? join(literalline, line.text.split("\n")) : line.text;
}

const printer: Printer<Node> = {
  // A file prints its lines; a line (whose text its block prints, after the line break) prints the
  // block its brackets open: the lines inside one level in, then the line that closes it.
  print(path, _options, print) {
    const node = path.node;
    if (node.type === "file") return node.children.length ? [...printLines(path, print, node.children, true), hardline] : "";
    const parts: Doc[] = [];
    if (node.children.length) parts.push(indent(printLines(path, print, node.children, false)));
    if (node.close) {
      const last = node.children.length ? lastLine(node.children[node.children.length - 1]!) : node;
      parts.push(last.rawAfter ? literalline : hardline, lineText(node.close), path.call((p) => print(p as AstPath<Node>), "close"));
    }
    return parts;
  },
};

export const parsers = { l5r: l5rParser };
export const printers = { "l5r-layout": printer };

const plugin: Plugin<Node> = { languages, parsers, printers };
export default plugin;
