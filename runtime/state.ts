// The game state: players, cards and zones, and the one way cards change place.
import type { Card, CardDef, Frame, Player, Use, Vocabulary, Zone, ZoneDef, ZoneOwner } from "./model.ts";
import { RuleError } from "./errors.ts";
import { insertAt, removeAt } from "./lists.ts";

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
  zone(name: string, owner: ZoneOwner | null): Zone {
    // Asked for all the time: the zone that exists already is found in a call small enough to inline.
    return (owner ? owner.zones.get(name) : this.globalZones.get(name)) ?? this.firstZone(name, owner);
  }

  /** A zone asked for the first time (made now), or a clear error for one that cannot be. */
  private firstZone(name: string, owner: ZoneOwner | null): Zone {
    const def = this.zoneDef(name);
    if (def.per === null) {
      let z = this.globalZones.get(name);
      if (!z) this.globalZones.set(name, (z = this.makeZone(name, def, null, !def.isArea)));
      return z;
    }
    if (!owner) throw new RuleError(`the ${def.label} belongs to a ${def.per}; none was given`);
    if (ownerKind(owner) !== def.per && !(def.per !== "player" && def.per !== "card" && ownerKind(owner) === "zone")) {
      throw new RuleError(`the ${def.label} belongs to a ${def.per}`);
    }
    if (def.many) throw new RuleError(`a ${def.label} is one of many: create it with 'new ${name} for ...'`);
    let z = owner.zones.get(name);
    if (!z) owner.zones.set(name, (z = this.makeZone(`${name}${ownerKey(owner)}`, def, owner, !def.isArea)));
    return z;
  }

  private makeZone(key: string, def: ZoneDef, owner: ZoneOwner | null, exists: boolean): Zone {
    const values: Record<string, number> = {};
    for (const v of def.values) values[v] = 0;
    const z: Zone = { key, def, owner, cards: [], exists, values, zones: new Map(), player: owner ? ownerPlayer(owner) : null };
    if (def.inPlay && owner && ownerKind(owner) !== "player") this.nestedInPlay.push(z);
    return z;
  }

  /** A new instance of a zone kind an owner may have many of (a province), after the existing ones. */
  newZone(name: string, owner: ZoneOwner): Zone {
    const def = this.zoneDef(name);
    if (!def.many) throw new RuleError(`a ${def.label} is not a zone an owner has many of`);
    const list = this.manyOf(name, owner);
    const z = this.makeZone(`${name}${ownerKey(owner)}.${list.length + 1}`, def, owner, true);
    list.push(z);
    return z;
  }

  /** The existing instances of a many-zone kind, in the order they were created (left to right). */
  zonesOf(name: string, owner: ZoneOwner): Zone[] {
    return this.manyOf(name, owner).filter((z) => z.exists);
  }

  private readonly manyZones = new Map<ZoneOwner, Map<string, Zone[]>>();
  private manyOf(name: string, owner: ZoneOwner): Zone[] {
    let byName = this.manyZones.get(owner);
    if (!byName) this.manyZones.set(owner, (byName = new Map()));
    let list = byName.get(name);
    if (!list) byName.set(name, (list = []));
    return list;
  }

  /** Every zone instance (for invariants and zone owners). */
  allZones(): Zone[] {
    const out: Zone[] = [...this.globalZones.values()];
    const add = (z: Zone): void => {
      out.push(z);
      for (const inner of z.zones.values()) add(inner);
      for (const byName of [this.manyZones.get(z)]) if (byName) for (const list of byName.values()) for (const m of list) add(m);
    };
    for (const p of this.players) {
      for (const z of p.zones.values()) add(z);
      const byName = this.manyZones.get(p);
      if (byName) for (const list of byName.values()) for (const z of list) add(z);
    }
    for (const c of this.cards) for (const z of c.zones.values()) add(z);
    return out;
  }

  createCard(def: CardDef, owner: Player, zone: Zone, faceUp: boolean): Card {
    if (!zone.exists) throw new RuleError(`cannot put a card into ${zone.def.label}: it does not exist`);
    // A card's flags come and go all game under many names: kept as a dictionary from the start (an
    // object without a prototype), not a shape per set of names that each new name or removal changes.
    const flags = Object.create(null) as Record<string, boolean>;
    const c: Card = { id: this.cards.length + 1, def, owner, controller: owner, zone, faceUp, flags, zones: new Map(), attachedTo: null, attached: [] };
    this.cards.push(c);
    zone.cards.push(c);
    this.inPlayCache = null;
    return c;
  }

  /** The two cards exchange their definitions and owners; each keeps its place, states and attachments. */
  exchange(a: Card, b: Card): void {
    const x = a as { def: Card["def"]; owner: Card["owner"] };
    const y = b as { def: Card["def"]; owner: Card["owner"] };
    [x.def, y.def] = [y.def, x.def];
    [x.owner, y.owner] = [y.owner, x.owner];
    this.inPlayCache = null;
  }

  /** Moves a card (whether it was in play before and after: the zones' `inPlay`). */
  move(c: Card, to: Zone, position: "top" | "bottom", faceUp: boolean | null): void {
    if (!to.exists) throw new RuleError(`cannot move ${c.def.title} to ${to.def.label}: it does not exist`);
    const from = c.zone;
    const wasInPlay = from.def.inPlay;
    const index = from.cards.indexOf(c);
    if (index < 0) throw new RuleError(`${c.def.title} is not where the game thinks it is`);
    removeAt(from.cards, index);
    const nowInPlay = to.def.inPlay;
    // The cards in play change only when one comes, goes or moves within play.
    if (wasInPlay || nowInPlay) this.inPlayCache = null;
    if (position === "top") insertAt(to.cards, 0, c);
    else to.cards.push(c);
    c.zone = to;
    if (faceUp !== null) c.faceUp = faceUp;
    // Control changes when a card comes into a player's zone from outside play; moving within play
    // (home to a battlefield side, which belongs to the Defender's province) keeps its controller.
    const holder = playerOf(to);
    if (holder && !(wasInPlay && nowInPlay)) c.controller = holder;
    if (wasInPlay && !nowInPlay) {
      // A card that leaves play loses its states and returns to its owner's control.
      for (const f of Object.keys(c.flags)) delete c.flags[f];
      c.controller = c.owner;
      this.detach(c);
      for (const a of [...c.attached]) this.detach(a);
    }
  }

  attach(a: Card, to: Card): void {
    if (a === to) throw new RuleError(`${a.def.title} cannot attach to itself`);
    this.detach(a);
    a.attachedTo = to;
    to.attached.push(a);
  }

  detach(a: Card): void {
    const to = a.attachedTo;
    if (!to) return;
    const i = to.attached.indexOf(a);
    if (i >= 0) removeAt(to.attached, i);
    a.attachedTo = null;
  }

  /** The cards in play, worked out again only after a card moves (the array is never changed: a new
   *  one replaces it, so a caller may go through it while cards move). */
  cardsInPlay(): Card[] {
    return (this.inPlayCache ??= this.collectInPlay());
  }

  private inPlayCache: Card[] | null = null;

  /** Something changed where cards are or their order: the cards in play are worked out again. */
  touched(): void {
    this.inPlayCache = null;
  }

  private collectInPlay(): Card[] {
    const out: Card[] = [];
    for (const p of this.players) for (const name of this.inPlayZoneNames) {
      const z = p.zones.get(name);
      if (z) out.push(...z.cards);
    }
    for (const name of this.inPlayZoneNames) {
      const z = this.globalZones.get(name);
      if (z) out.push(...z.cards);
    }
    // Zones of zones (a province's Regions, a battlefield's sides), in the order they were made.
    for (const z of this.nestedInPlay) if (z.cards.length) out.push(...z.cards);
    return out;
  }

  /** In-play zones owned by another zone or a card. */
  private readonly nestedInPlay: Zone[] = [];

  /** Every card in exactly one place, and every place's cards pointing back to it. */
  checkInvariants(): string | null {
    // No value below the least the rules allow it ("no negative counts where the rules forbid them").
    for (const v of this.vocabulary.values) {
      if (v.minimum === null || v.minimum === undefined) continue;
      for (const p of this.players) if (p.values[v.name]! < v.minimum) return `${p.name}'s ${v.label ?? v.name} is ${p.values[v.name]}, below its minimum ${v.minimum}`;
    }
    let placed = 0;
    const zones = this.allZones();
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
    for (const c of this.cards) {
      if (c.attachedTo && (c.attachedTo.zone !== c.zone || !c.attachedTo.attached.includes(c))) return `${c.def.title}#${c.id} is attached to a card that is elsewhere`;
    }
    return null;
  }
}

function ownerKind(o: ZoneOwner): "player" | "card" | "zone" {
  return "def" in o ? ("cards" in o ? "zone" : "card") : "player";
}

function ownerKey(o: ZoneOwner): string {
  const kind = ownerKind(o);
  return kind === "player" ? `#${(o as Player).id}` : kind === "card" ? `@${(o as Card).id}` : `/${(o as Zone).key}`;
}

/** The player a zone belongs to, following its owners (a province's Regions belong to its player). */
export function playerOf(z: Zone): Player | null {
  return z.player;
}

function ownerPlayer(owner: ZoneOwner): Player | null {
  let o: ZoneOwner | null = owner;
  while (o) {
    const kind = ownerKind(o);
    if (kind === "player") return o as Player;
    if (kind === "card") return null;
    o = (o as Zone).owner;
  }
  return null;
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
  if (o instanceof Set || o instanceof Map) return "?";
  return "?";
}
