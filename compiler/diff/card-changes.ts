// Card errata as a player reads them: the printed header compared line by line (type, clans, stats,
// keywords, traits), and each edit inside an ability named by the part of the templating it is in
// (`[keywords] Timing[, cost icons]: [constraints:] effects.`).
import type { CardDecl, Range } from "../../grammar/index.ts";
import { cardHeader, type HeaderName } from "../card-header.ts";
import type { Detail, Place } from "./report.ts";
import type { DiffNode } from "./tree.ts";

export function cardChanges(oldCard: CardDecl, newCard: CardDecl, oldFile: string, newFile: string): Detail[] {
  const a = cardHeader(oldCard);
  const b = cardHeader(newCard);
  const out: Detail[] = [];
  const at = (file: string, r: Range | null): Place | null => (r ? { file, start: r.start, end: r.end } : null);
  const add = (part: string, from: string | null, to: string | null, oldRange: Range | null, newRange: Range | null) =>
    out.push({ op: from === null ? "added" : to === null ? "removed" : "changed", part, from, to, old: at(oldFile, oldRange), new: at(newFile, newRange) });
  // (a new title is told on the card's own line)
  if (a.type !== b.type) add("type", a.type, b.type, oldCard.body.range, newCard.body.range);
  listChanges("clan", a.clans, b.clans, oldFile, newFile, out);
  const newStats = new Map(b.stats.map((s) => [s.name, s]));
  const oldNames = new Set(a.stats.map((s) => s.name));
  for (const s of a.stats) {
    const now = newStats.get(s.name);
    if (!now) add("stat", `${s.name} ${s.shown}`, null, s.range, null);
    else if (now.shown !== s.shown) add("stat", `${s.name} ${s.shown}`, `${s.name} ${now.shown}`, s.range, now.range);
  }
  for (const s of b.stats) if (!oldNames.has(s.name)) add("stat", null, `${s.name} ${s.shown}`, null, s.range);
  listChanges("keyword", a.keywords, b.keywords, oldFile, newFile, out);
  listChanges("trait", a.traits, b.traits, oldFile, newFile, out);
  return out;
}

function listChanges(part: string, before: readonly HeaderName[], after: readonly HeaderName[], oldFile: string, newFile: string, out: Detail[]): void {
  const has = (list: readonly HeaderName[], x: HeaderName) => list.some((y) => y.text === x.text);
  for (const x of before) if (!has(after, x)) out.push({ op: "removed", part, from: x.text, to: null, old: { file: oldFile, start: x.range.start, end: x.range.end }, new: null });
  for (const x of after) if (!has(before, x)) out.push({ op: "added", part, from: null, to: x.text, old: null, new: { file: newFile, start: x.range.start, end: x.range.end } });
}

/**
 * Which part of an ability an edit is in: its header's words are its timing (and the keywords before
 * it), its header's icons a cost; of the colon-separated parts after the header all but the last are
 * constraints (a target when they name one, otherwise a cost or condition) and the last is its effect.
 * An ability with no header is a trait.  Null outside card text.
 */
export function cardPart(n: DiffNode): string | null {
  let segment: DiffNode | null = null;
  for (let c: DiffNode | null = n; c; c = c.parent) {
    if (c.kind === "AbilityHeader") return c === n || n.kind !== "TextIcon" ? "timing" : "cost";
    if (c.kind === "TextSegment") segment = c;
    if (c.kind === "AbilityText" && c.parent?.kind === "CardText") {
      const hasHeader = c.children.some((x) => x.kind === "AbilityHeader");
      if (!segment) return hasHeader ? "timing" : "trait";
      const segments = c.children.filter((x) => x.kind === "TextSegment");
      if (!hasHeader) return segments.length > 1 && segment !== segments[segments.length - 1] ? "condition" : "trait";
      if (segment === segments[segments.length - 1]) return "effect";
      return segment.children.some((s) => wordsOf(s).some((w) => /^target/i.test(w))) ? "target" : "cost or condition";
    }
  }
  return null;
}

function wordsOf(n: DiffNode): string[] {
  const out: string[] = [];
  const visit = (x: DiffNode) => {
    if (x.kind === "TextWord") out.push(x.label);
    x.children.forEach(visit);
  };
  visit(n);
  return out;
}
