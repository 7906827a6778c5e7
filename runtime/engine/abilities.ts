// The engine's abilities: uses of a card's abilities, targets and performers, announcing and
// resolving, "the first time each ...", and abilities given to cards.
import type { Rt, Steps } from "../rt.ts";
import type { AbilityDef, Card, CardDef, Frame, GrantedAbility, Player, Use } from "../model.ts";
import { describe } from "../state.ts";
import { NO_ARGS, NO_BINDINGS } from "../lists.ts";
import { isCard } from "./base.ts";
import { abilityFlagKey } from "./cards.ts";
import { EngineZones } from "./zones.ts";

export abstract class EngineAbilities extends EngineZones {
  // ================================================================ abilities
  newUse(card: Card, player: Player, ability: AbilityDef, bindings: Readonly<Record<string, unknown>> = NO_BINDINGS): Use {
    return { id: ++this.useCount, card, player, ability, bindings, eventArgs: NO_ARGS, slots: {}, negated: false };
  }

  uses(kind: string, player: Player, card: Card | null, bindings: Record<string, unknown>): Use[] {
    if (!this.triggers.hasKind(kind) && this.currentGrants().length === 0) return NO_USES as Use[];
    const out: Use[] = [];
    const consider = (c: Card): void => {
      for (const ability of this.abilitiesOf(c)) {
        if (ability.kind !== kind) continue;
        const u = this.newUse(c, player, ability, bindings);
        if (ability.usable && !ability.usable(this, u)) continue;
        // A trait the rules consult is exercised only when it answers what was asked (its settings and
        // what it describes match): one consulted and passed over showed nothing of what it says.
        if (ability.consulted && this.options.recordEmits) this.noteResolved(c, ability);
        out.push(u);
      }
    };
    if (card) consider(card);
    else for (const c of this.triggers.cardsUsableFrom(this, kind, player)) consider(c);
    return out;
  }

  callsEffect(x: Use | Card, effect: string): boolean {
    // (A use's own ability is asked directly: the rules' limits ask this of every action a window offers.)
    if ("ability" in x) return x.ability.calls?.includes(effect) ?? false;
    for (const a of this.abilitiesOf(x)) if (a.calls?.includes(effect)) return true;
    return false;
  }

  costsWaived(u: Use): boolean {
    return this.bundle.entries.costsWaived?.(this, u) ?? false;
  }

  targetable(u: Use, cards: readonly Card[], anywhere = false): Card[] {
    const rule = this.targetRule(anywhere);
    return rule ? cards.filter((c) => rule(this, u, c)) : (cards as Card[]);
  }

  anyTargetable(u: Use, cards: readonly Card[], test?: (c: Card) => boolean, anywhere = false): boolean {
    const rule = this.targetRule(anywhere);
    for (const c of cards) if ((!test || test(c)) && (!rule || rule(this, u, c))) return true;
    return false;
  }

  private targetRule(anywhere: boolean): ((rt: Rt, u: Use, c: Card) => boolean) | undefined {
    const entries = this.bundle.entries;
    return (anywhere && entries.targetableAnywhere) || entries.targetable;
  }

  targetsOf(u: Use | null): Card[] {
    if (!u) return [];
    return cardsInSlots(u, u.ability.targets ?? []);
  }

  /** A target of an action replaced by another card, if that card is a legal target of the slot
   *  (`legalTarget`) and none of the action's targets yet; false when nothing changes. */
  retarget(u: Use, from: Card, to: Card): boolean {
    if (from === to || this.targetsOf(u).includes(to)) return false;
    const slots = u.slots as Record<string, unknown>;
    for (const s of u.ability.targets ?? []) {
      const v = slots[s];
      const many = Array.isArray(v);
      if (!(many ? (v as unknown[]).includes(from) : v === from)) continue;
      if (!u.ability.legalTarget?.(this, u, s, to)) return false;
      slots[s] = many ? (v as Card[]).map((c) => (c === from ? to : c)) : to;
      return true;
    }
    return false;
  }

  /** Who performs an action: the cards chosen to perform it ("your performing Personality"), else the
   *  card it is on. */
  performersOf(u: Use | null): Card[] {
    if (!u) return [];
    const chosen = u.ability.performers;
    if (!chosen || chosen.length === 0) return [u.card];
    return cardsInSlots(u, chosen);
  }

  *announce(u: Use): Steps<boolean> {
    if (this.log.full) this.log.add({ kind: "use", card: describe(u.card), player: u.player.name, ability: u.ability.text });
    if (!u.ability.announce) return true;
    this.pushSubject(u);
    try {
      return yield* u.ability.announce(this, u);
    } finally {
      this.dropSubject(u);
    }
  }

  *resolve(u: Use): Steps {
    if (this.options.recordEmits) this.noteResolved(u.card, u.ability);
    this.pushSubject(u);
    try {
      yield* u.ability.resolve(this, u);
    } finally {
      this.dropSubject(u);
    }
  }

  /** The abilities resolved so far (traits the rules consult: when consulted and matched), by card definition (kept
   *  when emits are: scenarios' coverage). */
  readonly resolvedAbilities = new Map<CardDef, Set<number>>();

  /** The abilities given to cards that resolved so far, by the definition of the card whose text gives them. */
  readonly resolvedGranted = new Map<CardDef, Set<number>>();

  protected noteResolved(c: Card, ability: AbilityDef): void {
    const own = c.def.abilities.indexOf(ability);
    const g = own < 0 ? this.effects.grants.find((x) => x.ability === ability) : undefined;
    const [map, def, index] = g ? [this.resolvedGranted, g.granted.from, g.granted.index] : [this.resolvedAbilities, c.def, own];
    let set = map.get(def);
    if (!set) map.set(def, (set = new Set()));
    set.add(index);
  }

  // ================================================================ "the first time each ..."
  /** For each card's ability, the first occurrence that matched its trigger, and in which period. */
  private readonly firstOccurrences = new Map<Card, Map<string, { period: Frame | null; args: readonly unknown[] }>>();

  firstTime(u: Use, sequences: readonly string[]): boolean {
    const period = sequences.length ? this.innermost(sequences) : null;
    let byAbility = this.firstOccurrences.get(u.card);
    if (!byAbility) this.firstOccurrences.set(u.card, (byAbility = new Map()));
    const key = abilityFlagKey(u, "firstTime");
    const seen = byAbility.get(key);
    if (seen && seen.period === period) return seen.args === u.eventArgs;
    byAbility.set(key, { period, args: u.eventArgs });
    return true;
  }

  // ================================================================ abilities given to cards
  /** Events some ability given to a card is triggered by (kept once seen: a cheap test on each event). */
  readonly grantedEvents = new Set<string>();

  /** "Give him the ability, ...": the card has it beside its own until `until` ends (none: for good), or
   *  while the continuous trait giving it applies; it ends when the card leaves play. */
  grant(c: Card, granted: GrantedAbility, until: Frame | null): void {
    this.version++;
    const g = this.lastingSource ? this.effects.grant(c, granted, until, this.lastingSource, this.lastingAt) : this.effects.grant(c, granted, until, null, ++this.clock);
    const t = g.ability.trigger;
    if (t) {
      this.grantedEvents.add(t.event);
      this.interesting.add(t.event);
    }
    if (!this.lastingSource && this.log.full) this.log.add({ kind: "grant", card: describe(c), ability: g.ability.text });
  }

  hasAbilityText(c: Card, granted: GrantedAbility): boolean {
    const text = granted.from.granted?.[granted.index]?.text;
    return text !== undefined && this.abilitiesOf(c).some((a) => a.text === text);
  }

  /** A card's abilities now: its own, then those given to it and in effect. */
  abilitiesOf(c: Card): readonly AbilityDef[] {
    this.grantLayer();
    const grants = this.effects.grants;
    if (grants.length === 0) return c.def.abilities;
    const given = grants.filter((g) => g.card === c).map((g) => g.ability);
    return given.length ? [...c.def.abilities, ...given] : c.def.abilities;
  }
}

/** The answer when no card has an ability of the kind asked about (frozen: it is shared). */
const NO_USES: readonly Use[] = Object.freeze([]);

/** The cards chosen for these slots of a use, in order (a slot of several cards holds a list of them).
 *  (Loops, not flatMap and filter: no arrays in between; the rules ask for targets and performers often.) */
function cardsInSlots(u: Use, names: readonly string[]): Card[] {
  const slots = u.slots as Record<string, unknown>;
  const out: Card[] = [];
  for (const s of names) {
    const v = slots[s];
    if (Array.isArray(v)) {
      for (const x of v) if (isCard(x)) out.push(x);
    } else if (isCard(v)) out.push(v);
  }
  return out;
}
