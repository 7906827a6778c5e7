// Lasting effects: stat modifiers and rule-parameter overrides, each with a duration.  A duration is
// the end of a running sequence ("until the end of the duel"), the presence in play of the card whose
// continuous trait created it, or the whole game.  The effects of continuous traits (those with a
// `source`) are a layer of their own, worked out afresh whenever the game has changed (the engine
// clears it and applies every continuous trait again), so "while" conditions and cards that enter play
// later are always taken into account.
import type { AbilityDef, Card, Frame, GrantedAbility, Use } from "./model.ts";
import { insertAt } from "./lists.ts";

/** Stands for "any" argument of an overridden parameter ("each Personality uses Force"). */
export const ANY: unique symbol = Symbol("any");

interface Lasting {
  readonly until: Frame | null;
  readonly source: Card | null;
  /** When it began: "the most recent ... takes precedence" (a continuous trait's is its card's). */
  readonly at: number;
}

interface Override extends Lasting {
  readonly args: readonly unknown[];
  readonly value: unknown;
}

interface Modifier extends Lasting {
  readonly stat: string;
  readonly delta: number;
  /** The use of an ability whose effects gave it (none for a continuous trait's or the rules' own). */
  readonly from: Use | null;
}

/** Does a modifier count now (the rules may negate bonuses and penalties: "Negate all Force penalties
 *  on him from actions")? */
export type ModifierTest = (card: Card, stat: string, delta: number, from: Use | null, at: number) => boolean;

/** An ability a card has for a while ("give him the ability, ..."), beside its own. */
export interface Grant extends Lasting {
  readonly card: Card;
  readonly granted: GrantedAbility;
  readonly ability: AbilityDef;
}

/** Which lists hold the effects that end together (with one sequence, or with the continuous layer):
 *  only those are gone through when they end, not every parameter's and card's. */
interface Places {
  // (Short arrays, not Sets: they are gone through at every end, and hold a few names each.)
  readonly overrides: string[];
  readonly modifiers: number[];
}

const newPlaces = (): Places => ({ overrides: [], modifiers: [] });

function argsMatch(pattern: readonly unknown[], args: readonly unknown[]): boolean {
  for (let i = 0; i < pattern.length; i++) if (pattern[i] !== ANY && pattern[i] !== args[i]) return false;
  return true;
}

export class EffectStore {
  private readonly overrides = new Map<string, Override[]>();
  private readonly modifiers = new Map<number, Modifier[]>();
  /** Abilities given to cards, in the order they were given. */
  private grantList: Grant[] = [];
  /** Sequences some effect lasts until the end of (most end with nothing to expire), with where
   *  those effects are. */
  private readonly endingFrames = new Map<Frame, Places>();
  /** Cards whose continuous traits have effects now, and where all such effects are (the layer is
   *  cleared and applied again whenever the game changes: it must not cost a walk over every list). */
  private readonly endingSources = new Set<Card>();
  private sourcePlaces = newPlaces();
  /** Cards (and other values) some override is for: an override for a card ends when it leaves play. */
  private readonly overriddenFor = new Set<unknown>();

  private noteEnds(until: Frame | null, source: Card | null, override: string | null, modifier: number | null): void {
    if (until) {
      let places = this.endingFrames.get(until);
      if (!places) this.endingFrames.set(until, (places = newPlaces()));
      note(places, override, modifier);
    }
    if (source) {
      this.endingSources.add(source);
      note(this.sourcePlaces, override, modifier);
    }
  }

  override(name: string, args: readonly unknown[], value: unknown, until: Frame | null, source: Card | null, at: number): void {
    let list = this.overrides.get(name);
    if (!list) this.overrides.set(name, (list = []));
    const o = { args: [...args], value, until, source, at };
    // Kept in the order they began, so the last that matches is the most recent.
    let i = list.length;
    while (i > 0 && list[i - 1]!.at > at) i--;
    if (i === list.length) list.push(o);
    else insertAt(list, i, o);
    this.noteEnds(until, source, name, null);
    for (const a of args) if (typeof a === "object" && a !== null) this.overriddenFor.add(a);
  }

  hasOverrides(name: string): boolean {
    return this.overrides.has(name);
  }

  /** The most recent override in effect: "the most recent ... takes precedence". */
  find(name: string, args: readonly unknown[]): { value: unknown } | null {
    const list = this.overrides.get(name);
    if (!list) return null;
    for (let i = list.length - 1; i >= 0; i--) if (argsMatch(list[i]!.args, args)) return list[i]!;
    return null;
  }

  /** The sum of every override in effect for these arguments (parameters whose overrides add up). */
  sum(name: string, args: readonly unknown[]): number {
    const list = this.overrides.get(name);
    if (!list) return 0;
    let total = 0;
    for (const o of list) if (argsMatch(o.args, args)) total += o.value as number;
    return total;
  }

  modify(card: Card, stat: string, delta: number, until: Frame | null, source: Card | null, at: number, from: Use | null = null): void {
    let list = this.modifiers.get(card.id);
    if (!list) this.modifiers.set(card.id, (list = []));
    list.push({ stat, delta, until, source, at, from });
    this.noteEnds(until, source, null, card.id);
  }

  grant(card: Card, granted: GrantedAbility, until: Frame | null, source: Card | null, at: number): Grant {
    const ability = granted.from.granted?.[granted.index];
    if (!ability) throw new Error(`${granted.from.title} gives no ability ${granted.index}`);
    const g = { card, granted, ability, until, source, at };
    this.grantList.push(g);
    this.noteEnds(until, source, null, null);
    this.overriddenFor.add(card);
    return g;
  }

  /** Every ability given to a card and in effect (none: the same empty list). */
  get grants(): readonly Grant[] {
    return this.grantList;
  }

  /** Takes out every effect of continuous traits, before they are applied again. */
  clearContinuous(): void {
    if (this.endingSources.size === 0) return;
    this.endingSources.clear();
    const places = this.sourcePlaces;
    this.sourcePlaces = newPlaces();
    this.expire((l) => l.source !== null, places);
  }

  statDelta(card: Card, stat: string, counts?: ModifierTest): number {
    const list = this.modifiers.get(card.id);
    if (!list) return 0;
    let sum = 0;
    for (const m of list) if (m.stat === stat && (!counts || counts(card, stat, m.delta, m.from, m.at))) sum += m.delta;
    return sum;
  }

  endModifiers(card: Card, stat: string | null): void {
    const list = this.modifiers.get(card.id);
    if (!list) return;
    const kept = list.filter((m) => stat !== null && m.stat !== stat);
    if (kept.length) this.modifiers.set(card.id, kept);
    else this.modifiers.delete(card.id);
  }

  /** Effects lasting "until the end of" a sequence end with it (false: none did). */
  expireFrame(frame: Frame): boolean {
    const places = this.endingFrames.get(frame);
    if (!places) return false;
    this.endingFrames.delete(frame);
    this.expire((l) => l.until === frame, places);
    return true;
  }

  /** Continuous effects of a card end when it leaves play, and so do the overrides for it (a card
   *  that leaves play is a new card if it comes back: "gains the Cavalry keyword" does not last). */
  expireSource(card: Card): void {
    // (The other cards' continuous effects stay, and so does where they are.)
    if (this.endingSources.delete(card)) this.expire((l) => l.source === card, this.sourcePlaces);
    if (this.overriddenFor.delete(card)) this.expire((l) => ("args" in l && (l as Override).args.includes(card)) || ("card" in l && (l as Grant).card === card));
  }

  /** Takes out the effects that end, from the lists `places` names (every list, without it). */
  private expire(ends: (l: Lasting) => boolean, places?: Places): void {
    if (this.grantList.length && this.grantList.some(ends)) this.grantList = this.grantList.filter((g) => !ends(g));
    if (this.overrides.size === 0 && this.modifiers.size === 0) return;
    for (const name of places ? places.overrides : [...this.overrides.keys()]) {
      const list = this.overrides.get(name);
      if (!list || !list.some(ends)) continue;
      const kept = list.filter((l) => !ends(l));
      if (kept.length) this.overrides.set(name, kept);
      else this.overrides.delete(name);
    }
    for (const id of places ? places.modifiers : [...this.modifiers.keys()]) {
      const list = this.modifiers.get(id);
      if (!list || !list.some(ends)) continue;
      const kept = list.filter((l) => !ends(l));
      if (kept.length) this.modifiers.set(id, kept);
      else this.modifiers.delete(id);
    }
  }
}

function note(places: Places, override: string | null, modifier: number | null): void {
  if (override !== null && !places.overrides.includes(override)) places.overrides.push(override);
  if (modifier !== null && !places.modifiers.includes(modifier)) places.modifiers.push(modifier);
}
