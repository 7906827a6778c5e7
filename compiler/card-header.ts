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
  /** Free names card text can refer to (the AST has none yet: every keyword is a rules keyword). */
  readonly traits: readonly HeaderName[];
  readonly abilities: readonly AbilityText[];
}

export function cardHeader(card: CardDecl): CardHeader {
  const b = card.body;
  return {
    title: card.title.text,
    type: b.type?.text ?? null,
    clans: b.clan ? [b.clan] : [],
    stats: b.stats.map((s) => ({ name: s.name.text, shown: s.signed && s.value >= 0 ? `+${s.value}` : String(s.value), range: s.range })),
    keywords: b.keywords,
    traits: [],
    abilities: b.text?.abilities ?? [],
  };
}

/** The header back as .l5r card lines (the renderer's reader writes a printed card back as source). */
export function cardHeaderSource(h: Omit<CardHeader, "abilities" | "title">): string[] {
  const lines: string[] = [];
  if (h.type) lines.push(`type ${h.type}`);
  for (const c of h.clans) lines.push(`clan ${c.text}`);
  for (const s of h.stats) lines.push(`${s.name} ${s.shown}`);
  if (h.keywords.length) lines.push(`keywords ${h.keywords.map(({ text: k }) => (/^[A-Za-z_]\w*$/.test(k) ? k : JSON.stringify(k))).join(", ")}`);
  return lines;
}
