// The engine's cards: flags (a card's and its abilities'), facing, control, stats, attachments,
// keywords and what a card is.
import type { AbilityDef, Card, CardDef, Player, Use } from "../model.ts";
import { describe } from "../state.ts";
import { EngineContinuous } from "./continuous.ts";

export abstract class EngineCards extends EngineContinuous {
  // ================================================================ cards
  setFlag(c: Card, flag: string, value: boolean): void {
    if ((c.flags[flag] ?? false) === value) return;
    this.version++;
    const indexed = this.flagged.get(flag);
    if (indexed) {
      if (value) indexed.add(c);
      else indexed.delete(c);
    }
    if (value) c.flags[flag] = true;
    else {
      delete c.flags[flag];
      // Its abilities' hold of it goes with the card's (they hold it only while the card does): looked
      // for only when some ability has held a flag of this name (most flags, "bowed", never are).
      if (this.abilityFlagNames.has(flag)) {
        const prefix = `${flag}${ABILITY_FLAG}`;
        // (for-in, not Object.keys: no array of keys is made; deleting the key being visited is safe)
        for (const key in c.flags) if (key.startsWith(prefix)) delete c.flags[key];
      }
    }
    if (this.log.full) this.log.add({ kind: "set", card: describe(c), flag, value });
  }

  /** For each flag asked about by `cardsFlagged`, the cards holding it (kept as flags change). */
  protected readonly flagged = new Map<string, Set<Card>>();

  cardsFlagged(flag: string): Card[] {
    let cards = this.flagged.get(flag);
    if (!cards) {
      cards = new Set();
      for (const c of this.state.cards) if (c.flags[flag] === true) cards.add(c);
      this.flagged.set(flag, cards);
    }
    const out = [...cards];
    // (In the order the cards were made, as a scan of every card would give them.)
    if (out.length > 1) out.sort((a, b) => a.id - b.id);
    return out;
  }

  abilityFlag(u: Use, flag: string): boolean {
    // (No ability has held a flag of this name yet: no key to look for.)
    if (!this.abilityFlagNames.has(flag)) return false;
    return u.card.flags[abilityFlagKey(u, flag)] === true;
  }

  /** The names of flags some ability has held (setAbilityFlag): only these have keys to clear with the card's. */
  private readonly abilityFlagNames = new Set<string>();

  setAbilityFlag(u: Use, flag: string, value: boolean): void {
    if (value) this.abilityFlagNames.add(flag);
    this.setFlag(u.card, abilityFlagKey(u, flag), value);
    if (value) this.setFlag(u.card, flag, true);
  }

  setFaceUp(c: Card, faceUp: boolean): void {
    if (c.faceUp === faceUp) return;
    this.version++;
    c.faceUp = faceUp;
    if (this.log.full) this.log.add({ kind: "face", card: describe(c), up: faceUp });
  }

  setController(c: Card, p: Player): void {
    if (c.controller === p) return;
    this.version++;
    c.controller = p;
    if (this.log.full) this.log.add({ kind: "control", card: describe(c), player: p.name });
  }

  stat(c: Card, stat: string): number {
    this.statLayer();
    const raw = (c.def.stats[stat] ?? 0) + this.effects.statDelta(c, stat, this.modifierCounts);
    const rule = this.bundle.statRules?.[stat];
    return rule ? rule(this, c, raw) : raw;
  }

  rawStat(c: Card, stat: string): number {
    this.statLayer();
    return (c.def.stats[stat] ?? 0) + this.effects.statDelta(c, stat, this.modifierCounts);
  }

  /** A time stamp that grows as effects begin: what began at or before it is "current" (rules read it). */
  timeNow(): number {
    return this.clock;
  }

  attach(a: Card, to: Card): void {
    this.version++;
    const entering = !a.zone.def.inPlay;
    if (a.zone !== to.zone) this.move(a, to.zone, "bottom", true);
    // A card attaching from outside play is controlled by the controller of the card it attaches to (a
    // zone such as a battlefield's side may belong to another player).
    if (entering && a.controller !== to.controller) a.controller = to.controller;
    this.state.attach(a, to);
    if (this.log.full) this.log.add({ kind: "attach", card: describe(a), to: describe(to) });
  }

  detach(a: Card): void {
    this.version++;
    this.state.detach(a);
  }

  attachedView(c: Card): readonly Card[] {
    return c.attached;
  }

  attachmentsOf(c: Card): Card[] {
    return c.attached.slice();
  }

  hasKeyword(c: Card, keyword: string): boolean {
    const rule = this.bundle.entries.hasKeyword;
    return rule ? rule(this, c, keyword) : this.printsKeyword(c, keyword);
  }

  measured(c: Card, kind: string, p: Player): number {
    let total = 0;
    for (const a of c.def.abilities) {
      if (a.kind !== kind || !a.measure) continue;
      if (a.consulted && this.options.recordEmits) this.noteResolved(c, a);
      total += a.measure(this, this.newUse(c, p, a));
    }
    return total;
  }

  /** Is the name among the card's printed keywords or traits? */
  printsKeyword(c: Card, keyword: string): boolean {
    return c.def.keywords.includes(keyword) || (c.def.traits !== undefined && c.def.traits.includes(keyword));
  }

  /** Does the card have the stat?  Not when it prints "-" (a stat left out of a header is 0). */
  printsStat(c: Card, stat: string): boolean {
    return !(c.def.unprinted !== undefined && c.def.unprinted.includes(stat));
  }

  isType(c: Card, typeOrKind: string): boolean {
    return c.def.type === typeOrKind || this.triggers.isType(c.def.type, typeOrKind);
  }

  inPlay(c: Card): boolean {
    return c.zone.def.inPlay;
  }

  zoneOwner(c: Card): Player | null {
    const o = c.zone.owner;
    return o && !("def" in o) ? o : null;
  }
}

/** Where a card keeps a flag of one of its abilities: "usedThisTurn@2" (its place among the card's
 *  abilities; its text for one not among them). */
const ABILITY_FLAG = "@";
export function abilityFlagKey(u: Use, flag: string): string {
  // (Asked for every action a window offers: the keys are made once per ability of a card's kind.)
  let byAbility = flagKeys.get(u.card.def);
  if (!byAbility) flagKeys.set(u.card.def, (byAbility = new Map()));
  let byFlag = byAbility.get(u.ability);
  if (!byFlag) byAbility.set(u.ability, (byFlag = new Map()));
  let key = byFlag.get(flag);
  if (key === undefined) {
    const i = u.card.def.abilities.indexOf(u.ability);
    byFlag.set(flag, (key = `${flag}${ABILITY_FLAG}${i >= 0 ? i + 1 : u.ability.text}`));
  }
  return key;
}
const flagKeys = new WeakMap<CardDef, Map<AbilityDef, Map<string, string>>>();
