// A rules file as a document a rules team reads: its title; each sequence's headings with their
// letters and titles, the clauses under them and their errata notes as the seeds print them, then the
// heading as written; cards in their printed form; other declarations as written.  One list of blocks,
// which markdown.ts and html.ts write out.
import type { Annotation, CardDecl, Decl, HeadingDecl, SourceFile } from "../../grammar/index.ts";
import { cardHeader } from "../card-header.ts";
import { errataNote } from "../diff/report.ts";
import { eachNode } from "../tree.ts";

export type Block =
  | { readonly kind: "title" | "section" | "heading" | "card"; readonly text: string }
  | { readonly kind: "note" | "clause" | "line" | "meta" | "annotation"; readonly text: string }
  | { readonly kind: "code"; readonly text: string };

/** A stat's printed label, by name ("goldCost" → "Gold Cost"). */
export type StatLabels = ReadonlyMap<string, string>;

export function documentOf(file: SourceFile, stats: StatLabels): Block[] {
  const out: Block[] = [{ kind: "title", text: file.title ?? file.path }];
  // Code blocks hold the source as written, comments (the seeds' words) included: each runs from where
  // the previous one ended.
  let at = 0;
  const code = (end: number) => {
    const text = file.text.slice(at, end).replace(/^([ \t]*\n)+|\s+$/g, "");
    at = end;
    if (text) out.push({ kind: "code", text });
  };
  let pending: Decl[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    for (const d of pending) notes(out, d.annotations);
    code(pending[pending.length - 1]!.range.end);
    pending = [];
  };
  for (const d of file.decls) {
    if (d.kind === "SequenceDecl") {
      flush();
      out.push({ kind: "section", text: d.title });
      notes(out, d.annotations);
      for (const h of d.headings) {
        code(lineStart(file.text, h.range.start));
        heading(out, h);
        code(h.range.end);
      }
      code(d.range.end);
    } else if (d.kind === "CardDecl") {
      flush();
      card(out, d, stats, file.text);
      at = d.range.end;
    } else pending.push(d);
  }
  flush();
  return out;
}

/** Where the line holding `pos` starts, when only white space stands before it on that line. */
function lineStart(text: string, pos: number): number {
  const start = text.lastIndexOf("\n", pos - 1) + 1;
  return /^[ \t]*$/.test(text.slice(start, pos)) ? start : pos;
}

function notes(out: Block[], annotations: readonly Annotation[]): void {
  for (const a of annotations) out.push({ kind: "note", text: errataNote(a) });
}

/** "A. The duel begins", "12. Ties", "Consequences (consequences)", "Final Steps". */
export function headingTitle(h: HeadingDecl): string {
  const label = h.label?.text;
  const always = h.always ? " (always)" : "";
  if (!label) return h.title.text + always;
  return /^([A-Z]|\d+)$/.test(label) ? `${label}. ${h.title.text}${always}` : `${h.title.text} (${label})${always}`;
}

function heading(out: Block[], h: HeadingDecl): void {
  out.push({ kind: "heading", text: headingTitle(h) });
  notes(out, h.annotations);
  eachNode(h.body, (n) => {
    if (n.kind !== "Clause") return;
    const c = n as unknown as { title: { text: string }; annotations: Annotation[] };
    out.push({ kind: "clause", text: [c.title.text, ...c.annotations.map(errataNote)].join(" ") });
  });
}

/** A card as printed: its title, then type · clans · stats · keywords, its errata, then its text. */
function card(out: Block[], d: CardDecl, stats: StatLabels, text: string): void {
  const h = cardHeader(d);
  out.push({ kind: "card", text: h.title });
  const meta = [
    ...(h.type ? [`*${h.type}*`] : []),
    ...h.clans.map((c) => c.text),
    ...h.stats.map((s) => `${stats.get(s.name) ?? s.name} ${s.shown}`),
    ...h.keywords.map((k) => `**${k.text}**`),
    ...h.traits.map((t) => `_${t.text}_`),
  ];
  out.push({ kind: "meta", text: meta.join(" · ") });
  for (const a of d.annotations) out.push({ kind: "annotation", text: `${text.slice(a.range.start, a.range.end)}` }, { kind: "note", text: errataNote(a) });
  for (const a of h.abilities) out.push({ kind: "line", text: text.slice(a.range.start, a.range.end).replace(/\s*\n\s*/g, " ") });
}
