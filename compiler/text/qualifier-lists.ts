// Qualifiers joined by "or", and lists in a qualifier's slot: "an enemy Personality with lower Force or
// without attached Weapons" (either qualifier holds), "an enemy card without attached Weapons or Armor"
// (neither is attached: after "without", "no" or "not", "A or B" denies both), "with a Weapon or Armor"
// (either is attached).  Grammar only: what each qualifier means is the rules' declaration.
import type { Template } from "./lexicon.ts";
import type { QualifierUse, SlotValue } from "./match.ts";
import { literalAt as word, type Word } from "./words.ts";

/** How a reading after "or" joins the qualifiers before it: `and`, both hold (a list after a denial);
 *  `or`, the last qualifier or the new one holds. */
export interface QualifierAlternative {
  readonly joins: "and" | "or";
  readonly q: QualifierUse;
  readonly next: number;
}

const DENIALS = new Set(["without", "no", "not", "neither", "nor"]);

/** Where the word after an "or" at `at` begins, or -1.  (Not after ", or": "a target Personality with 3
 *  or lower Chi, or with 4 or lower Chi if you control a Ninja" is the first qualifier, or else the
 *  second when the condition holds, which an "if" read around the whole sentence would lose.) */
function afterOr(words: readonly Word[], at: number): number {
  return word(words, at) === "or" ? at + 1 : -1;
}

/**
 * The readings of what follows the last of `qualifiers` after "or": another qualifier
 * (`readQualifiers`, each a declared qualifier from that word on), or another value of the last
 * qualifier's closing text slot ("Weapons or Armor": `readText`).
 */
export function qualifierAlternatives(
  words: readonly Word[],
  at: number,
  end: number,
  qualifiers: readonly QualifierUse[],
  readQualifiers: (start: number) => readonly { q: QualifierUse; next: number; shared?: true }[],
  readText: (start: number) => readonly { v: SlotValue; next: number }[],
): QualifierAlternative[] {
  const last = qualifiers[qualifiers.length - 1];
  const start = afterOr(words, at);
  if (!last || start < 0 || start >= end) return [];
  const out: QualifierAlternative[] = [];
  // ("without attached Weapons or Armor": the same denial sharing its first word denies both)
  for (const r of readQualifiers(start)) out.push({ joins: r.shared && r.q.q.decl === last.q.decl && denies(last.q.template) ? "and" : "or", q: r.q, next: r.next });
  // A list in the closing text slot: the same qualifier of the other name.
  const parts = last.q.template.parts;
  const closing = parts[parts.length - 1];
  if (closing && "slot" in closing && last.slots.get(closing.slot)?.ty === "text") {
    const joins = denies(last.q.template) ? "and" : "or";
    for (const t of readText(start)) {
      if (t.v.ty !== "text") continue;
      const slots = new Map(last.slots);
      slots.set(closing.slot, t.v);
      out.push({ joins, q: { q: last.q, slots, listed: true }, next: t.next });
    }
  }
  return out;
}

/** Does a template deny what its slots name ("without a {k}", "with no {k} attached")? */
function denies(template: Template): boolean {
  return template.parts.some((p) => "lit" in p && DENIALS.has(p.lit));
}

/** "with either equal or lower Force": "either" before a template's own "A or B" only announces it,
 *  so a word "either" where the template has a literal, and an "or" to come, is passed over. */
export function eitherAnnouncesOr(template: Template, part: number, words: readonly Word[], pos: number): boolean {
  if (word(words, pos) !== "either") return false;
  for (let i = part; i < template.parts.length; i++) {
    const p = template.parts[i]!;
    if ("lit" in p && p.lit === "or") return true;
  }
  return false;
}
