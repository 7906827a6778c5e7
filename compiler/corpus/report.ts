// What `l5r corpus` reports: per card type and in total, how many cards parse, check and are fully
// supported, and the most common failures clustered by shape (numbers, icons and the card's own
// name made alike, so "Lose 2 Honor" and "Lose 3 Honor" are one cluster).
import type { CardCheck } from "./check-cards.ts";

export interface TypeRow {
  readonly type: string;
  readonly cards: number;
  readonly parsed: number;
  readonly checked: number;
  /** Checked with no `unsupported` diagnostic. */
  readonly clean: number;
  readonly supported: number;
}

export interface Cluster {
  readonly shape: string;
  /** Cards with at least one failure of this shape. */
  readonly cards: number;
  readonly example: { readonly title: string; readonly text: string };
}

export function typeRows(checks: readonly CardCheck[]): TypeRow[] {
  const rows = new Map<string, { cards: number; parsed: number; checked: number; clean: number; supported: number }>();
  for (const c of checks) {
    const type = c.type ?? "(unparsed)";
    const row = rows.get(type) ?? { cards: 0, parsed: 0, checked: 0, clean: 0, supported: 0 };
    row.cards++;
    if (c.parsed) row.parsed++;
    if (c.checked) row.checked++;
    if (c.clean) row.clean++;
    if (c.supported) row.supported++;
    rows.set(type, row);
  }
  return [...rows].map(([type, r]) => ({ type, ...r })).sort((a, b) => b.cards - a.cards || (a.type < b.type ? -1 : 1));
}

export function totals(checks: readonly CardCheck[]): TypeRow {
  return {
    type: "all",
    cards: checks.length,
    parsed: checks.filter((c) => c.parsed).length,
    checked: checks.filter((c) => c.checked).length,
    clean: checks.filter((c) => c.clean).length,
    supported: checks.filter((c) => c.supported).length,
  };
}

/** The phrases cards that check clean use and no scenario exercises, with how many cards each holds back. */
export function unexercised(checks: readonly CardCheck[], exercised: ReadonlySet<string>): { phrase: string; cards: number }[] {
  const count = new Map<string, number>();
  for (const c of checks) {
    if (!c.clean) continue;
    for (const p of c.phrases) if (!exercised.has(p)) count.set(p, (count.get(p) ?? 0) + 1);
  }
  return [...count].map(([phrase, cards]) => ({ phrase, cards })).sort((a, b) => b.cards - a.cards || (a.phrase < b.phrase ? -1 : 1));
}

/** The text a failure is about: the phrase its message quotes, else the message. */
function failureText(message: string): string {
  const quoted = /"([^"]+)"/.exec(message);
  return quoted ? quoted[1]! : message;
}

/** A failure's shape: its code and the first words of its phrase, with the details made alike. */
export function shapeOf(code: string, message: string, title: string | null, words = 5): string {
  let text = failureText(message);
  for (const name of ownNames(title)) text = text.split(name).join("SELF");
  text = text
    .replace(/:g(\d+|star):/g, ":gN:")
    .replace(/[+-]\d+([A-Za-z]+)\b/g, "+N$1")
    .replace(/\b\d+\b/g, "N")
    .replace(/\b(one|two|three|four|five)\b/gi, "N");
  const head = text.split(/\s+/).slice(0, words).join(" ");
  return `${code}: ${head}${text.split(/\s+/).length > words ? " …" : ""}`;
}

/** The names a card calls itself by: its title and each word of its personal name ("Kobashi"). */
function ownNames(title: string | null): string[] {
  if (!title) return [];
  const base = title.split(/\s*[•,]\s*/)[0]!.trim();
  const words = base.split(/\s+/).filter((w) => /^[A-Z]/.test(w) && w.length > 2);
  return [base, ...words].sort((a, b) => b.length - a.length);
}

export function clusters(checks: readonly CardCheck[], limit: number): Cluster[] {
  const byShape = new Map<string, { cards: Set<string>; example: { title: string; text: string } }>();
  for (const c of checks) {
    if (c.clean) continue;
    for (const d of c.diagnostics) {
      if (d.severity !== "error" && !d.code.startsWith("unsupported/")) continue;
      const shape = shapeOf(d.code, d.message, c.title);
      let entry = byShape.get(shape);
      if (!entry) byShape.set(shape, (entry = { cards: new Set(), example: { title: c.title ?? c.path, text: failureText(d.message) } }));
      entry.cards.add(c.path);
    }
  }
  return [...byShape]
    .map(([shape, e]) => ({ shape, cards: e.cards.size, example: e.example }))
    .sort((a, b) => b.cards - a.cards || (a.shape < b.shape ? -1 : 1))
    .slice(0, limit);
}

/**
 * How general the supported figure is: the supported cards none of whose phrases is used by its text
 * alone (two records with the same text count as one).  A phrase only one card uses was most likely
 * written for that card, and a card not yet seen finds no phrase written for it, so this leave-one-out
 * count is what to expect of cards the file does not hold.  `own` is, per card, the phrases only its
 * text uses.
 */
export function generality(checks: readonly CardCheck[], texts: readonly string[]): { readonly general: number; readonly own: readonly (readonly string[])[] } {
  const users = new Map<string, Set<string>>();
  checks.forEach((c, i) => {
    for (const p of c.phrases) {
      let set = users.get(p);
      if (!set) users.set(p, (set = new Set()));
      set.add(texts[i]!);
    }
  });
  const own = checks.map((c) => c.phrases.filter((p) => users.get(p)!.size === 1));
  return { general: checks.filter((c, i) => c.supported && own[i]!.length === 0).length, own };
}

/** The generality line: `general: N of M (P%) ...`. */
export function generalLine(general: number, cards: number): string {
  return `general: ${general} of ${cards} (${percent(general, cards)}%) are supported with phrases another card's text also uses (a stand-in for cards not in the file)`;
}

export function percent(part: number, whole: number): string {
  return whole === 0 ? "0.0" : ((100 * part) / whole).toFixed(1);
}

/** The report's last line, exactly. */
export function supportedLine(checks: readonly CardCheck[]): string {
  const t = totals(checks);
  return `fully supported: ${t.supported} of ${t.cards} (${percent(t.supported, t.cards)}%)`;
}
