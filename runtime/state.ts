// The game state: players, cards and zones, and the one way cards change place.
import type { Card, CardDef, Frame, Player, Use, Vocabulary, Zone, ZoneDef } from "./model.ts";
import { RuleError } from "./errors.ts";

export class GameState {
  readonly players: Player[] = [];
  readonly cards: Card[] = [];
  private readonly zoneDefs = new Map<string, ZoneDef>();
  private readonly globalZones = new Map<string, Zone>();
  private readonly inPlayZoneNames: string[];

  constructor(readonly vocabulary: Vocabulary) {
    for (const z of vocabulary.zones) this.zoneDefs.set(z.name, z);
    this.inPlayZoneNames = vocabulary.zones.filter((z) => z.inPlay).map((z) => z.name);
  }

  addPlayer(name: string): Player {
    const values: Record<string, number> = {};
    for (const v of this.vocabulary.values) values[v.name] = v.initial;
    const p: Player = { id: this.players.length, name, values, zones: new Map(), eliminated: false };
    this.players.push(p);
    return p;
  }

  zoneDef(name: string): ZoneDef {
    const def = this.zoneDefs.get(name);
    if (!def) throw new RuleError(`no zone or area is named '${name}'`);
    return def;
  }

  /** The zone instance; areas start out not existing until created. */
  zone(name: string, owner: Player | Card | null): Zone {
    const known = owner ? owner.zones.get(name) : this.globalZones.get(name);
    if (known) return known;
    const def = this.zoneDef(name);
    if (def.per === null) {
      let z = this.globalZones.get(name);
      if (!z) this.globalZones.set(name, (z = { key: name, def, owner: null, cards: [], exists: !def.isArea }));
      return z;
    }
    if (!owner) throw new RuleError(`the ${def.label} belongs to a ${def.per}; none was given`);
    const isCard = "def" in owner;
    if ((def.per === "card") !== isCard) throw new RuleError(`the ${def.label} belongs to a ${def.per}`);
    let z = owner.zones.get(name);
    if (!z) {
      const key = isCard ? `${name}@${owner.id}` : `${name}#${owner.id}`;
      owner.zones.set(name, (z = { key, def, owner, cards: [], exists: !def.isArea }));
    }
    return z;
  }

  createCard(def: CardDef, owner: Player, zone: Zone, faceUp: boolean): Card {
    if (!zone.exists) throw new RuleError(`cannot put a card into ${zone.def.label}: it does not exist`);
    const c: Card = { id: this.cards.length + 1, def, owner, controller: owner, zone, faceUp, flags: {}, zones: new Map() };
    this.cards.push(c);
    zone.cards.push(c);
    return c;
  }

  /** Moves a card; returns whether it was in play before and after. */
  move(c: Card, to: Zone, position: "top" | "bottom", faceUp: boolean | null): { wasInPlay: boolean; nowInPlay: boolean } {
    if (!to.exists) throw new RuleError(`cannot move ${c.def.title} to ${to.def.label}: it does not exist`);
    const from = c.zone;
    const wasInPlay = from.def.inPlay;
    const index = from.cards.indexOf(c);
    if (index < 0) throw new RuleError(`${c.def.title} is not where the game thinks it is`);
    from.cards.splice(index, 1);
    if (position === "top") to.cards.unshift(c);
    else to.cards.push(c);
    c.zone = to;
    if (faceUp !== null) c.faceUp = faceUp;
    const nowInPlay = to.def.inPlay;
    if (to.owner && !("def" in to.owner)) c.controller = to.owner;
    if (wasInPlay && !nowInPlay) {
      // A card that leaves play loses its states and returns to its owner's control.
      for (const f of Object.keys(c.flags)) delete c.flags[f];
      c.controller = c.owner;
    }
    return { wasInPlay, nowInPlay };
  }

  cardsInPlay(): Card[] {
    const out: Card[] = [];
    for (const p of this.players) for (const name of this.inPlayZoneNames) {
      const z = p.zones.get(name);
      if (z) out.push(...z.cards);
    }
    for (const name of this.inPlayZoneNames) {
      const z = this.globalZones.get(name);
      if (z) out.push(...z.cards);
    }
    return out;
  }

  /** Every card in exactly one place, and every place's cards pointing back to it. */
  checkInvariants(): string | null {
    let placed = 0;
    const zones: Zone[] = [...this.globalZones.values()];
    for (const p of this.players) zones.push(...p.zones.values());
    for (const c of this.cards) zones.push(...c.zones.values());
    const seen = new Set<number>();
    for (const z of zones) {
      if (!z.exists && z.cards.length > 0) return `${z.def.label} does not exist but holds ${z.cards.length} card(s)`;
      for (const c of z.cards) {
        if (seen.has(c.id)) return `${c.def.title}#${c.id} is in two places`;
        seen.add(c.id);
        if (c.zone !== z) return `${c.def.title}#${c.id} is listed in ${z.key} but thinks it is in ${c.zone.key}`;
        placed++;
      }
    }
    if (placed !== this.cards.length) return `${this.cards.length - placed} card(s) are in no place`;
    return null;
  }
}

/** How a value reads in the log: cards and players by name, frames and uses by their kind. */
export function describe(v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (typeof v !== "object") return typeof v === "symbol" ? "any" : v;
  if (Array.isArray(v)) return v.map(describe);
  const o = v as Partial<Card & Player & Frame & Use>;
  if ("def" in o && o.def && "title" in o.def) return `${o.def.title}#${o.id}`;
  if ("values" in o && typeof o.name === "string") return o.name;
  if ("seq" in o) return `${o.seq}#${o.id}`;
  if ("ability" in o && o.card) return `use of ${o.card.def.title}#${o.card.id}`;
  if ("key" in o && "cards" in o) return (o as unknown as Zone).key;
  return "?";
}
