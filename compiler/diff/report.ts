// An edit script grouped as a rules team reads an erratum: by declaration, then heading, then clause
// (and, in a card, by ability), each added, removed, changed or moved, with the finer edits inside a
// changed one and source places on both sides.
import type { Annotation, CardDecl } from "../../grammar/index.ts";
import type { EditAction } from "./script.ts";
import type { DiffNode } from "./tree.ts";
import type { Mapping } from "./match.ts";
import { describeUnit, isUnit, sliceOf, unitOf } from "./units.ts";
import { cardChanges, cardPart } from "./card-changes.ts";

export interface Place {
  readonly file: string;
  readonly start: number;
  readonly end: number;
}

export interface Detail {
  readonly op: "added" | "removed" | "changed" | "moved";
  /** In a card's ability: timing, cost, target, effect (or trait); in its header: stat, keyword, ... */
  readonly part: string | null;
  readonly from: string | null;
  readonly to: string | null;
  readonly old: Place | null;
  readonly new: Place | null;
}

export interface Change {
  readonly op: "added" | "removed" | "changed" | "moved";
  /** declaration, heading, clause, ability, hook, state, abort. */
  readonly unit: string;
  readonly what: string;
  /** The new description when it differs (a renamed card, a relabelled heading). */
  readonly now: string | null;
  readonly old: Place | null;
  readonly new: Place | null;
  /** Moves: 1-based places among siblings of the same kind. */
  readonly from: number | null;
  readonly to: number | null;
  /** Errata annotations on it (of the new version, or of the old one for a removed unit). */
  readonly errata: readonly string[];
  readonly details: Detail[];
  readonly children: Change[];
}

export function buildReport(m: Mapping, actions: readonly EditAction[]): Change[] {
  const changes = new Map<DiffNode, Change & { details: Detail[]; children: Change[] }>();
  const top: Change[] = [];
  const place = (n: DiffNode): Place => ({ file: n.src.file, start: n.range.start, end: n.range.end });

  /** The change record of a unit (keyed by its old node, or its new one when added), made with its
   *  parents on the way. */
  const entry = (oldUnit: DiffNode | null, newUnit: DiffNode | null, op: Change["op"]): Change & { details: Detail[]; children: Change[] } => {
    const key = oldUnit ?? newUnit!;
    let c = changes.get(key);
    if (c) {
      if (c.op === "changed" && op !== "changed") (c as { op: Change["op"] }).op = op;
      return c;
    }
    const shown = newUnit ?? oldUnit!;
    const what = describeUnit(oldUnit ?? newUnit!);
    // (an ability is named by its text, whose changes are listed under it)
    const now = oldUnit && newUnit && shown.kind !== "AbilityText" ? describeUnit(newUnit) : null;
    c = {
      op,
      unit: unitKind(shown),
      what,
      now: now !== what ? now : null,
      old: oldUnit ? place(oldUnit) : null,
      new: newUnit ? place(newUnit) : null,
      from: null,
      to: null,
      errata: errataOf(shown),
      details: [],
      children: [],
    };
    changes.set(key, c);
    const parentOld = oldUnit ? unitOf(oldUnit.parent) : null;
    const parentNew = newUnit ? unitOf(newUnit.parent) : null;
    if (parentOld || parentNew) {
      const po = parentOld ?? (parentNew ? m.toOld.get(parentNew) ?? null : null);
      const pn = parentNew ?? (parentOld ? m.toNew.get(parentOld) ?? null : null);
      entry(po, pn, "changed").children.push(c);
    } else top.push(c);
    return c;
  };

  for (const raw of actions) {
    const a = bySentence(raw, m);
    if (!a) continue;
    if (a.op === "insert" || a.op === "delete") {
      const n = a.op === "insert" ? a.node : a.old;
      if (isUnit(n)) {
        entry(a.op === "delete" ? n : null, a.op === "insert" ? n : null, a.op === "insert" ? "added" : "removed");
        continue;
      }
      const u = unitOf(n.parent);
      // (inside a unit added or removed whole, the unit is the news)
      if (!u || !(a.op === "insert" ? m.toOld.has(u) : m.toNew.has(u))) continue;
      const c = a.op === "insert" ? entry(m.toOld.get(u) ?? null, u, "changed") : entry(u, m.toNew.get(u) ?? null, "changed");
      if (cardHeaderEdit(n)) continue;
      const slice = sliceOf(n);
      c.details.push({
        op: a.op === "insert" ? "added" : "removed",
        part: cardPart(n),
        from: a.op === "delete" ? slice : null,
        to: a.op === "insert" ? slice : null,
        old: a.op === "delete" ? place(n) : null,
        new: a.op === "insert" ? place(n) : null,
      });
    } else if (a.op === "update") {
      const u = isUnit(a.old) ? a.old : unitOf(a.old.parent);
      if (!u) continue;
      const c = entry(u, m.toNew.get(u) ?? null, "changed");
      // (a unit's new name or title is told on its own line)
      if (cardHeaderEdit(a.old) || (c.now && (isUnit(a.old) || (a.old.parent !== null && isUnit(a.old.parent) && /^(Name@(name|label)|PhraseText@title)$/.test(a.old.type))))) continue;
      const [oldCtx, newCtx] = context(a.old, a.node, m);
      const from = sliceOf(oldCtx);
      const to = sliceOf(newCtx);
      if (from === to || c.details.some((d) => d.from === from && d.to === to)) continue;
      c.details.push({ op: "changed", part: cardPart(a.old), from, to, old: place(oldCtx), new: place(newCtx) });
    } else {
      if (isUnit(a.old)) {
        const c = entry(a.old, a.node, "moved");
        Object.assign(c, { from: a.from, to: a.to });
        continue;
      }
      const u = unitOf(a.node.parent);
      if (!u || !MOVABLE.has(a.old.kind) || !m.toOld.has(u)) continue;
      const c = entry(m.toOld.get(u) ?? null, u, "changed");
      if (cardHeaderEdit(a.old)) continue;
      c.details.push({ op: "moved", part: cardPart(a.old), from: sliceOf(a.old), to: null, old: place(a.old), new: place(a.node) });
    }
  }
  // Cards: the header compared as printed (stats, keywords, traits, type, clans), whatever the edits.
  for (const [key, c] of changes) {
    const partner = m.toNew.get(key);
    if (key.kind !== "CardDecl" || !partner) continue;
    c.details.unshift(...cardChanges(key.ast as unknown as CardDecl, partner.ast as unknown as CardDecl, key.src.file, partner.src.file));
  }
  const kept = top.filter((c) => hasContent(c));
  sortChanges(kept);
  return kept;
}

/** In source order: as the new version has them, each removed one where it stood in the old. */
function sortChanges(list: Change[]): void {
  const placed = list.filter((c) => c.new).sort((a, b) => a.new!.start - b.new!.start);
  const removed = list.filter((c) => !c.new).sort((a, b) => a.old!.start - b.old!.start);
  for (const r of removed) {
    const i = placed.findIndex((c) => c.old !== null && c.old.file === r.old!.file && c.old.start > r.old!.start);
    placed.splice(i < 0 ? placed.length : i, 0, r);
  }
  list.splice(0, list.length, ...placed);
  for (const c of list) {
    sortChanges(c.children);
    c.details.sort((a, b) => (a.new?.start ?? a.old?.start ?? 0) - (b.new?.start ?? b.old?.start ?? 0));
  }
}

/** Card text is reported sentence by sentence (and a header whole): an edit inside a sentence that is
 *  still there is a change of that sentence. */
function bySentence(a: EditAction, m: Mapping): EditAction | null {
  const n = a.op === "insert" ? a.node : a.old;
  const s = sentenceOf(n);
  if (!s || s === n) return a;
  const oldS = a.op === "insert" ? m.toOld.get(s) : s;
  const newS = a.op === "insert" ? s : m.toNew.get(s);
  if (!oldS || !newS) return null;
  return { op: "update", old: oldS, node: newS };
}

function sentenceOf(n: DiffNode): DiffNode | null {
  for (let c: DiffNode | null = n; c; c = c.parent) {
    if (c.kind === "Sentence" || c.kind === "AbilityHeader") return c;
    if (c.kind === "CardText") return null;
  }
  return null;
}

function hasContent(c: Change): boolean {
  if (c.op !== "changed") return true;
  const kept = c.children.filter(hasContent);
  c.children.length = 0;
  c.children.push(...kept);
  return c.details.length > 0 || kept.length > 0 || c.now !== null;
}

/** The smallest enclosing nodes of an update worth showing whole, the same on both sides: a line's
 *  worth of source at most. */
function context(a: DiffNode, b: DiffNode, m: Mapping): [DiffNode, DiffNode] {
  const fits = (n: DiffNode | null | undefined): n is DiffNode => !!n && !isUnit(n) && n.kind !== "Group" && n.range.end - n.range.start <= 100;
  let [x, y] = [a, b];
  while (fits(x.parent) && fits(y.parent) && m.toNew.get(x.parent) === y.parent) [x, y] = [x.parent, y.parent];
  return [x, y];
}

/** Moves worth telling: of statements and larger parts, not of a name or a list inside an expression. */
const MOVABLE = new Set(["Let", "Assign", "If", "For", "While", "Repeat", "Emit", "Run", "Move", "Create", "Cease", "Modify", "EndModifiers", "Override", "Add", "Remove", "Resolve", "Choose", "ChooseOption", "AtEnd", "ExprStmt", "Window", "Declare", "Put", "Answer", "Take", "Expect", "On", "Sentence", "Param", "Phrase", "Annotation", "Argument"]);

/** Edits of a card's header lines are reported from the header as printed (cardChanges). */
function cardHeaderEdit(n: DiffNode): boolean {
  for (let c: DiffNode | null = n; c; c = c.parent) {
    if (c.kind === "CardText") return false;
    if (c.kind === "CardBody") return true;
    if (c.kind === "CardDecl") return c !== n;
  }
  return false;
}

function unitKind(n: DiffNode): string {
  switch (n.kind) {
    case "HeadingDecl":
      return "heading";
    case "ClauseStmt":
    case "Clause":
      return "clause";
    case "AbilityText":
      return "ability";
    case "HookDecl":
      return "hook";
    case "StateDecl":
      return "state";
    case "AbortDecl":
      return "abort";
    default:
      return "declaration";
  }
}

export function errataOf(n: DiffNode): string[] {
  const annotations = (n.ast as { annotations?: Annotation[] }).annotations ?? [];
  return annotations.map(errataNote);
}

/** An annotation as the seeds print their notes: "[CHANGED 6 March 2008: order changed]". */
export function errataNote(a: Annotation): string {
  const word = a.name.text.toUpperCase();
  const when = a.date ? ` ${longDate(a.date)}` : "";
  const note = a.note ? `: ${a.note}` : "";
  const former = (a as { former?: string | null }).former ? ` (formerly: "${(a as { former?: string }).former}")` : "";
  return `[${word}${when}${note}]${former}`;
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

export function longDate(iso: string): string {
  const [y, mo, d] = iso.split("-").map(Number);
  return MONTHS[(mo ?? 1) - 1] ? `${d} ${MONTHS[(mo ?? 1) - 1]} ${y}` : iso;
}
