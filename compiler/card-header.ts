// A card's printed header (type, clans, stats, keywords, traits) and its text's abilities, read from
// the AST in this one place: the diff and the renderer see cards only through it, so a change to how
// the AST holds a card header is a change here alone.
import type { AbilityText, CardDecl } from "../grammar/index.ts";

import type { Range } from "../grammar/index.ts";

export interface CardStatShown {
  readonly name: string;
  /** As printed: "3", "+2", "-", "*". */
  readonly shown: string;
  readonly range: Range;
}

/** A clan, keyword or trait as written, and where. */
export interface HeaderName {
  readonly text: string;
  readonly range: Range;
}

export interface CardHeader {
  readonly title: string;
  readonly type: string | null;
  readonly clans: readonly HeaderName[];
  readonly stats: readonly CardStatShown[];
  readonly keywords: readonly HeaderName[];
  /** Free names with no rules meaning, which card text can refer to. */
  readonly traits: readonly HeaderName[];
  readonly abilities: readonly AbilityText[];
}

export function cardHeader(card: CardDecl): CardHeader {
  const b = card.body;
  return {
    title: card.title.text,
    type: b.type?.text ?? null,
    clans: b.clans,
    stats: b.stats.map((s) => ({ name: s.name.text, shown: statShown(s), range: s.range })),
    keywords: b.keywords,
    traits: b.traits,
    abilities: b.text?.abilities ?? [],
  };
}

/** A stat as the card prints it: "3", "+2", "-1", "-" (none), "*" or "+*". */
function statShown(s: CardDecl["body"]["stats"][number]): string {
  if (s.printed === "none") return "-";
  const magnitude = s.printed === "star" ? "*" : String(Math.abs(s.value));
  const sign = s.signed ? (s.value < 0 ? "-" : "+") : s.value < 0 ? "-" : "";
  return sign + magnitude;
}

const nameSource = (k: string): string => (/^[A-Za-z_]\w*$/.test(k) ? k : JSON.stringify(k));

/** The header back as .l5r card lines (the renderer's reader writes a printed card back as source). */
export function cardHeaderSource(h: Omit<CardHeader, "abilities" | "title">): string[] {
  const lines: string[] = [];
  if (h.type) lines.push(`type ${h.type}`);
  if (h.clans.length) lines.push(`clan ${h.clans.map((c) => nameSource(c.text)).join(", ")}`);
  for (const s of h.stats) lines.push(`${s.name} ${s.shown}`);
  if (h.keywords.length) lines.push(`keywords ${h.keywords.map((k) => nameSource(k.text)).join(", ")}`);
  if (h.traits.length) lines.push(`traits ${h.traits.map((t) => nameSource(t.text)).join(", ")}`);
  return lines;
}
