// Small helpers generated code uses for values: stat bonuses, options naming a value, and how a
// value reads in a scenario's failure message.
import type { Option } from "./decisions.ts";
import type { Card, Player, Use, Zone } from "./model.ts";
import type { Steps } from "./rt.ts";
import { describe, playerOf } from "./state.ts";

/** Steps already over: what a function that returns its one step gives when there is nothing to wait for. */
export const NO_STEPS: Steps = (function* (): Steps {})();
NO_STEPS.next();

/** The hooks a sequence or effect is given when its caller gives none (frozen: it is shared). */
export const NO_HOOKS: {} = Object.freeze({});

/** Has the card (as printed) an ability of this kind?  (A loop, not `some` with a closure made at
 *  each call: the rules ask this of cards all the time.) */
export function hasAbilityKind(c: Card, kind: string): boolean {
  for (const a of c.def.abilities) if (a.kind === kind) return true;
  return false;
}

/** Has one of the card's printed abilities this keyword? */
export function abilityHasKeyword(c: Card, keyword: string): boolean {
  for (const a of c.def.abilities) if (a.keywords.includes(keyword)) return true;
  return false;
}

/** Has one of the card's printed abilities this timing? */
export function abilityHasTiming(c: Card, timing: string): boolean {
  for (const a of c.def.abilities) if (a.timings.includes(timing)) return true;
  return false;
}

/** "+3F": a bonus to one stat. */
export interface Bonus {
  readonly stat: string;
  readonly amount: number;
}

/** A card to be created, as card text describes it ("a 2F / 2C / 0PH Shadowlands • Undead Personality"). */
export interface CardDescription {
  readonly type: string;
  readonly keywords: readonly string[];
  readonly traits: readonly string[];
  readonly clans: readonly string[];
  readonly stats: Readonly<Record<string, number>>;
}

/** An option labelled `label` that names a card, a player or a use (or just a value). */
export function optionOf(label: string, value: unknown): Option {
  if (value && typeof value === "object") {
    if ("cards" in value && "key" in value) return { label: `${label} ${describeZone(value as Zone)}`.trim(), zone: value as Zone };
    if ("def" in value) return { label, card: value as Card };
    if ("values" in value) return { label: label || (value as Player).name, player: value as Player };
    if ("ability" in value) return { label: label || (value as Use).ability.text, use: value as Use };
  }
  return { label: value === undefined ? label : `${label} ${String(describe(value))}`.trim() };
}

/** "province 2 of Lion Honor": a zone as a player reads it. */
export function describeZone(z: Zone): string {
  const owner = playerOf(z);
  const n = /\.(\d+)$/.exec(z.key)?.[1];
  return `${z.def.label}${n ? ` ${n}` : ""}${owner ? ` of ${owner.name}` : ""}`;
}

export function show(value: unknown): string {
  return JSON.stringify(describe(value));
}

/** Same items in the same order. */
export function sameList(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** The lists' items, one list after another.  (A loop: `Array.prototype.flat` is several times
 *  slower, and the rules flatten lists of zones' cards on many reads.) */
export function flatten<T>(lists: readonly (readonly T[])[]): T[] {
  const out: T[] = [];
  for (const list of lists) for (const item of list) out.push(item);
  return out;
}

/** How many items pass `test` (a count of a comprehension, without building the list). */
export function countWhere<T>(list: readonly T[], test: (item: T) => boolean): number {
  let n = 0;
  for (const item of list) if (test(item)) n++;
  return n;
}

/** The sum of `value` over the items that pass `test` (a sum of a comprehension, without the list). */
export function sumOf<T>(list: readonly T[], value: (item: T) => number, test?: (item: T) => boolean): number {
  let total = 0;
  for (const item of list) if (!test || test(item)) total += value(item);
  return total;
}
