// Hover, go to definition, completion and document symbols over a document's syntax tree and what its
// program declares.
import { CompletionItemKind, DocumentSymbol, InsertTextFormat, MarkupKind, SymbolKind, type CompletionItem, type Hover, type Location } from "vscode-languageserver";
import type { TextDocument } from "vscode-languageserver-textdocument";
import { parse, type CardDecl, type Decl, type HeadingDecl, type Range, type SequenceDecl, type SourceFile } from "../../grammar/index.ts";
import { lexer } from "../../grammar/tokens.ts";
import { headingTitle } from "../render/document.ts";
import { errataNote } from "../diff/report.ts";
import { eachNode } from "../tree.ts";
import { cardMarkdown, cardOf, declarationHead, declarationOf, docComment, phraseAt, type Declaration } from "./declarations.ts";
import { nodesAt, type TreeNode } from "./locate.ts";
import type { Knowledge } from "./workspace.ts";

/** The document's syntax tree, or null while it does not parse. */
export function treeOf(doc: TextDocument, name: string): SourceFile | null {
  return parse(doc.getText(), name).file;
}

function toRange(doc: TextDocument, r: Range) {
  return { start: doc.positionAt(r.start), end: doc.positionAt(r.end) };
}

const markdown = (value: string) => ({ kind: MarkupKind.Markdown, value });
const code = (text: string) => "```l5r\n" + text + "\n```";

/** What the cursor is on: a card title, a name, a heading, or card text, innermost first. */
function subjectAt(k: Knowledge, file: SourceFile, offset: number): { target: Declaration; range: Range; hover: string } | { heading: HeadingDecl } | null {
  const chain = nodesAt(file, offset);
  for (let i = chain.length - 1; i >= 0; i--) {
    const n = chain[i]!;
    if (n.kind === "PhraseText") {
      const card = cardOf(k, n.text as string);
      if (card) return { target: card, range: n.range, hover: cardMarkdown(k, card.decl as unknown as CardDecl, card.file.text) };
    }
    if (n.kind === "Name") {
      const d = declarationOf(k, n.text as string);
      if (d) return { target: d, range: n.range, hover: declarationHover(d) };
    }
    if (n.kind === "Sentence" || n.kind === "AbilityText") {
      const p = phraseAt(k, file, offset);
      if (p) return { target: p.declaration, range: p.range, hover: `reads as the ${p.declaration.what} phrase "${p.phrase}"\n\n${declarationHover(p.declaration)}` };
    }
    if (n.kind === "HeadingDecl") {
      const h = n as unknown as HeadingDecl;
      // On the heading's own line (its label and title), not inside its body.
      if (offset <= h.title.range.end) return { heading: h };
    }
  }
  return null;
}

function declarationHover(d: Declaration): string {
  const doc = docComment(d.file, lineStartOf(d.file.text, d.decl.range.start));
  return [code(declarationHead(d.file, d.decl)), doc, `${d.what}, declared in ${d.file.path}`].filter(Boolean).join("\n\n");
}

const lineStartOf = (text: string, at: number) => text.lastIndexOf("\n", at - 1) + 1;

/** A heading's rules text: its title, errata notes, the seed's words quoted in it, and its clauses. */
function headingHover(file: SourceFile, h: HeadingDecl): string {
  const quoted = file.text
    .slice(h.range.start, h.range.end)
    .split("\n")
    .filter((l) => /^\s*\/\//.test(l))
    .map((l) => l.replace(/^\s*\/\/ ?/, ""));
  const clauses: string[] = [];
  eachNode(h.body, (n) => {
    if (n.kind === "Clause") clauses.push(`- ${(n as unknown as { title: { text: string } }).title.text}`);
  });
  return [`**${headingTitle(h)}**`, ...h.annotations.map((a) => `_${errataNote(a)}_`), quoted.join("\n"), clauses.join("\n")].filter(Boolean).join("\n\n");
}

export function hover(k: Knowledge | null, doc: TextDocument, file: SourceFile, offset: number): Hover | null {
  if (!k) return null;
  const s = subjectAt(k, file, offset);
  if (!s) return null;
  if ("heading" in s) return { contents: markdown(headingHover(file, s.heading)), range: toRange(doc, s.heading.title.range) };
  return { contents: markdown(s.hover), range: toRange(doc, s.range) };
}

export function definition(k: Knowledge | null, file: SourceFile, offset: number, uriOf: (sourceName: string) => string): Location | null {
  if (!k) return null;
  const s = subjectAt(k, file, offset);
  if (!s || "heading" in s) return null;
  const { target } = s;
  const at = (text: string, o: number) => {
    const before = text.slice(0, o).split("\n");
    return { line: before.length - 1, character: before[before.length - 1]!.length };
  };
  return { uri: uriOf(target.file.path), range: { start: at(target.file.text, target.at.start), end: at(target.file.text, target.at.end) } };
}

/** Is the offset inside a card's `text { ... }` (read by the card-text register)? */
function inCardText(text: string, offset: number): boolean {
  const { tokens } = lexer.tokenize(text.slice(0, offset));
  let inside = false;
  for (const t of tokens) {
    if (t.tokenType.name === "TextOpen") inside = true;
    else if (t.tokenType.name === "TextClose") inside = false;
  }
  return inside;
}

/** Inside a string literal of the rules register (an odd number of quotes before it on its line)? */
function inString(text: string, offset: number): boolean {
  const line = text.slice(lineStartOf(text, offset), offset);
  return (line.replace(/\\"/g, "").match(/"/g)?.length ?? 0) % 2 === 1;
}

/** Declared phrases (as snippets), keywords and card titles in card text; zones, names, the
 *  language's keywords and card titles elsewhere (titles inside a string). */
export function completion(k: Knowledge | null, text: string, offset: number, languageKeywords: readonly string[]): CompletionItem[] {
  if (!k) return [];
  const titles = [...k.symbols.cards.keys()].map((t): CompletionItem => ({ label: t, kind: CompletionItemKind.Class, detail: `card: ${k.symbols.cards.get(t)!.decl.body.type?.text ?? ""}` }));
  if (inCardText(text, offset)) {
    const phrases = (k.lexicon?.effects ?? []).map((p, i): CompletionItem => {
      let n = 0;
      const snippet = p.template.parts.map((part) => ("lit" in part ? part.lit : `\${${++n}:${part.slot}}`)).join(" ");
      const label = p.template.parts.map((part) => ("lit" in part ? part.lit : `{${part.slot}}`)).join(" ");
      return { label, kind: CompletionItemKind.Function, detail: `effect ${p.effect.decl.name.text}`, insertText: snippet, insertTextFormat: InsertTextFormat.Snippet, sortText: `0${String(i).padStart(4, "0")}` };
    });
    const keywords = [...k.symbols.keywords.keys()].map((w): CompletionItem => ({ label: w, kind: CompletionItemKind.Keyword, detail: "keyword" }));
    return [...phrases, ...keywords, ...titles];
  }
  if (inString(text, offset)) return titles;
  const zones = [...k.symbols.zones.keys()].map((z): CompletionItem => ({ label: z, kind: CompletionItemKind.Field, detail: `${k.symbols.zones.get(z)!.decl.isArea ? "area" : "zone"}: ${k.symbols.zones.get(z)!.decl.label}` }));
  const names = [...k.symbols.callables.entries()].map(([name, c]): CompletionItem => ({ label: name, kind: c.kind === "param" ? CompletionItemKind.Property : CompletionItemKind.Function, detail: c.kind }));
  const keywords = [...k.symbols.keywords.keys()].map((w): CompletionItem => ({ label: w, kind: CompletionItemKind.Keyword, detail: "keyword" }));
  const language = languageKeywords.map((w): CompletionItem => ({ label: w, kind: CompletionItemKind.Keyword, detail: "language keyword" }));
  return [...zones, ...names, ...keywords, ...language];
}

/** Headings (inside their sequences), cards and the other declarations, for an outline. */
export function documentSymbols(doc: TextDocument, file: SourceFile): DocumentSymbol[] {
  const sym = (name: string, kind: SymbolKind, node: TreeNode, at: Range, children: DocumentSymbol[] = []): DocumentSymbol => ({
    name: name || "(unnamed)",
    kind,
    range: toRange(doc, node.range),
    selectionRange: toRange(doc, at),
    children,
  });
  return file.decls.flatMap((d: Decl): DocumentSymbol[] => {
    const n = d as unknown as TreeNode & { name?: { text: string; range: Range }; title?: { text: string; range: Range } | string };
    if (d.kind === "SequenceDecl") {
      const s = d as SequenceDecl;
      const headings = s.headings.map((h) => sym(headingTitle(h), SymbolKind.Namespace, h as unknown as TreeNode, h.title.range));
      return [sym(`${s.name.text} "${s.title}"`, SymbolKind.Module, n, s.name.range, headings)];
    }
    if (d.kind === "CardDecl") return [sym((d as CardDecl).title.text, SymbolKind.Class, n, (d as CardDecl).title.range)];
    if (d.kind === "RulesDecl") return [];
    if (d.kind === "AdviceDecl") return [sym(`advise "${d.prompt.text}"${d.label ? ` "${d.label.text}"` : ""}`, SymbolKind.Function, n, d.prompt.range)];
    const label = n.name?.text ?? (typeof n.title === "object" ? n.title.text : typeof n.title === "string" ? n.title : d.kind);
    const at = n.name?.range ?? (typeof n.title === "object" ? n.title.range : d.range);
    const kind = d.kind === "EffectDecl" || d.kind === "FunctionDecl" ? SymbolKind.Function : d.kind === "ScenarioDecl" ? SymbolKind.Event : d.kind === "ZoneDecl" ? SymbolKind.Field : d.kind === "DeckDecl" ? SymbolKind.Array : SymbolKind.Variable;
    return [sym(label, kind, n, at)];
  });
}
