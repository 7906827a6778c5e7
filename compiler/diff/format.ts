// A structural diff as a person reads it on a terminal (colour only when asked: on a TTY) and as one
// JSON object for programs.  Places are `file:line:col`, the old side's first.
import { styleText } from "node:util";
import type { DiffResult } from "./index.ts";
import type { Change, Detail, Place } from "./report.ts";

type Paint = (style: Parameters<typeof styleText>[0], text: string) => string;
const plain: Paint = (_s, t) => t;
const coloured: Paint = (s, t) => styleText(s, t);

const STYLE = { added: "green", removed: "red", changed: "yellow", moved: "cyan" } as const;

export interface Counts {
  added: number;
  removed: number;
  changed: number;
  moved: number;
}

/** Every reported edit: units added, removed or moved, and the finer edits of changed ones. */
export function countChanges(changes: readonly Change[]): Counts {
  const n: Counts = { added: 0, removed: 0, changed: 0, moved: 0 };
  const visit = (c: Change) => {
    if (c.op !== "changed") n[c.op]++;
    else if (c.now) n.changed++;
    for (const d of c.details) n[d.op]++;
    c.children.forEach(visit);
  };
  changes.forEach(visit);
  return n;
}

export function formatDiff(r: DiffResult, colour: boolean): string[] {
  const paint = colour ? coloured : plain;
  const at = (p: Place | null, end = false): string => {
    if (!p) return "";
    const pos = r.lines.get(p.file)?.position(end ? p.end : p.start) ?? { line: 1, column: 1 };
    return `${p.file}:${pos.line}:${pos.column}`;
  };
  const places = (o: Place | null, n: Place | null): string => {
    if (o && n) {
      const b = at(n);
      return `${at(o)} → ${b.startsWith(`${o.file}:`) ? b.slice(o.file.length + 1) : b}`;
    }
    return at(o ?? n);
  };
  const out: string[] = [`${paint("bold", r.old)} → ${paint("bold", r.new)}`];
  const detail = (d: Detail, indent: string) => {
    const part = d.part ? `${d.part}: ` : "";
    const body = d.op === "changed" ? `${code(d.from)} → ${code(d.to)}` : d.op === "moved" ? `${code(d.from)} (out of its place)` : code(d.op === "added" ? d.to : d.from);
    out.push(`${indent}${paint(STYLE[d.op], d.op.padEnd(8))} ${part}${body}  ${paint("dim", places(d.old, d.new))}`);
  };
  const change = (c: Change, indent: string) => {
    const what = c.now ? `${c.what} → ${c.now}` : c.what;
    const moved = c.op === "moved" ? ` from place ${c.from} to ${c.to}` : "";
    out.push(`${indent}${paint(STYLE[c.op], c.op.padEnd(8))} ${what}${moved}  ${paint("dim", places(c.old, c.new))}`);
    for (const e of c.errata) out.push(`${indent}         ${paint("magenta", e)}`);
    for (const d of c.details) detail(d, indent + "  ");
    for (const k of c.children) change(k, indent + "  ");
  };
  for (const c of r.changes) change(c, "  ");
  const n = countChanges(r.changes);
  const total = n.added + n.removed + n.changed + n.moved;
  out.push(total === 0 ? "no differences" : `${total} difference(s): ${n.added} added, ${n.removed} removed, ${n.changed} changed, ${n.moved} moved`);
  return out;
}

function code(s: string | null): string {
  return s === null ? "" : `\`${s}\``;
}

export function diffJson(r: DiffResult): object {
  const place = (p: Place | null) => {
    if (!p) return null;
    const map = r.lines.get(p.file);
    const pos = (o: number) => map?.position(o) ?? { line: 1, column: 1 };
    return { file: p.file, range: { start: p.start, end: p.end }, start: pos(p.start), end: pos(p.end) };
  };
  const detail = (d: Detail) => ({ op: d.op, part: d.part, from: d.from, to: d.to, old: place(d.old), new: place(d.new) });
  const change = (c: Change): object => ({
    op: c.op,
    unit: c.unit,
    what: c.what,
    now: c.now,
    old: place(c.old),
    new: place(c.new),
    from: c.from,
    to: c.to,
    errata: c.errata,
    details: c.details.map(detail),
    children: c.children.map(change),
  });
  return { old: r.old, new: r.new, counts: countChanges(r.changes), changes: r.changes.map(change) };
}
