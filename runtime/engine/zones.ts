// The engine's zones: zones by name and owner, cards made, moved and exchanged, decks set up.
import type { Card, CardDef, DeckSpec, Player, Zone, ZoneOwner } from "../model.ts";
import { describe } from "../state.ts";
import { RuleError } from "../errors.ts";
import { playerOf } from "../state.ts";
import { shuffle } from "../rng.ts";
import type { CardDescription } from "../values.ts";
import { EngineCards } from "./cards.ts";

export abstract class EngineZones extends EngineCards {
  // ================================================================ zones
  // The zone asked for last: rules often ask for the same one several times running (a player's hand
  // for each card in it).  A name and owner always give the same zone, so the answer cannot go stale.
  private lastZoneName = "";
  private lastZoneOwner: ZoneOwner | null = null;
  private lastZone: Zone | null = null;

  zone(name: string, owner: ZoneOwner | null): Zone {
    if (name === this.lastZoneName && owner === this.lastZoneOwner) return this.lastZone!;
    const z = this.state.zone(name, owner);
    this.lastZoneName = name;
    this.lastZoneOwner = owner;
    this.lastZone = z;
    return z;
  }

  /** Each player's zones by slot (zoneAt), by player id. */
  private readonly zoneSlots: (Zone | undefined)[][] = [];

  zoneAt(slot: number, name: string, p: Player): Zone {
    const slots = this.zoneSlots[p.id];
    if (slots !== undefined) {
      const z = slots[slot];
      if (z !== undefined && z.owner === p && z.def.name === name) return z;
    }
    return this.slotZone(slot, name, p);
  }

  private slotZone(slot: number, name: string, p: Player): Zone {
    const z = this.zone(name, p);
    // (Kept only for the game's own players: `p` is checked to be one.)
    if (this.state.players[p.id] === p) (this.zoneSlots[p.id] ??= [])[slot] = z;
    return z;
  }

  newZone(name: string, owner: ZoneOwner): Zone {
    this.version++;
    const z = this.state.newZone(name, owner);
    if (this.log.full) this.log.add({ kind: "create", zone: z.key });
    return z;
  }

  zonesOf(name: string, owner: ZoneOwner): Zone[] {
    return this.state.zonesOf(name, owner);
  }

  zonePlayer(z: Zone): Player | null {
    return playerOf(z);
  }

  zoneValue(z: Zone, name: string): number {
    return z.values[name] ?? 0;
  }

  setZoneValue(z: Zone, name: string, value: number): void {
    if (z.values[name] === value) return;
    this.version++;
    z.values[name] = value;
    if (this.log.full) this.log.add({ kind: "value", zone: z.key, name, value });
  }

  shuffle(z: Zone): void {
    this.version++;
    shuffle(z.cards, this.rng);
    this.state.touched();
    if (this.log.full) this.log.add({ kind: "shuffle", zone: z.key });
  }

  allCards(): Card[] {
    return this.state.cards.slice();
  }

  allCardsView(): readonly Card[] {
    return this.state.cards;
  }

  private defsByTitle: Map<string, CardDef> | null = null;
  newCard(title: string, z: Zone): Card {
    this.defsByTitle ??= new Map(this.bundle.cards.map((d) => [d.title, d]));
    const def = this.defsByTitle.get(title);
    if (!def) return this.fail(`no card is titled "${title}"`);
    const owner = playerOf(z) ?? this.state.players[0];
    if (!owner) return this.fail("a card needs an owner");
    return this.createCard(def, owner, z, z.def.visibility === "public");
  }

  private createdCount = 0;
  createDescribed(d: CardDescription, owner: Player, z: Zone): Card {
    const def: CardDef = { key: `created-${++this.createdCount}`, title: "", type: d.type, clans: d.clans, stats: d.stats, keywords: d.keywords, traits: d.traits, abilities: [], text: "", created: true };
    return this.createCard(def, owner, z, true);
  }

  /** The description with one more clan (none: the description as it is). */
  withClan(d: CardDescription, clan: string | null): CardDescription {
    return clan === null || d.clans.includes(clan) ? d : { ...d, clans: [...d.clans, clan] };
  }

  lastCreated(): Card | null {
    const cards = this.state.cards;
    for (let i = cards.length - 1; i >= 0; i--) if (cards[i]!.def.created) return cards[i]!;
    return null;
  }

  cards(z: Zone): Card[] {
    return z.cards.slice();
  }

  view(z: Zone): readonly Card[] {
    return z.cards;
  }

  cardsInPlay(): Card[] {
    return this.state.cardsInPlay();
  }

  exists(z: Zone): boolean {
    return z.exists;
  }

  create(z: Zone): void {
    this.version++;
    if (z.exists) this.fail(`${z.def.label} (${z.key}) already exists`);
    z.exists = true;
    if (this.log.full) this.log.add({ kind: "create", zone: z.key });
  }

  cease(z: Zone): void {
    if (!z.exists) return;
    this.version++;
    if (z.cards.length > 0) this.fail(`${z.def.label} cannot cease to exist while it holds ${z.cards.length} card(s)`);
    z.exists = false;
    if (this.log.full) this.log.add({ kind: "cease", zone: z.key });
  }

  move(c: Card, to: Zone, position: "top" | "bottom", faceUp: boolean | null): void {
    this.version++;
    const from = c.zone.key;
    const wasInPlay = c.zone.def.inPlay;
    const nowInPlay = to.def.inPlay;
    this.state.move(c, to, position, faceUp);
    this.triggers.cardMoved(c);
    if (this.log.full) this.log.add({ kind: "move", card: describe(c), from, to: to.key });
    if (wasInPlay && !nowInPlay) {
      // (A card leaving play loses its flags: state.move.)
      for (const cards of this.flagged.values()) cards.delete(c);
      if (this.staticCards.delete(c)) this.layerReach = null;
      this.effects.expireSource(c);
      this.effects.endModifiers(c, null);
    }
    if (!wasInPlay && nowInPlay) this.entersWithTraits(c);
  }

  /** The two cards exchange what they are (definitions and owners): each keeps its place, states,
   *  attachments, tokens and the effects on it, and its continuous traits are now its new definition's. */
  exchange(a: Card, b: Card): void {
    this.version++;
    this.state.exchange(a, b);
    this.triggers.exchanged(a, b);
    this.layerReach = null;
    for (const c of [a, b]) {
      this.staticCards.delete(c);
      if (c.zone.def.inPlay) this.entersWithTraits(c);
    }
    this.continuousAt = -1;
    if (this.log.full) this.log.add({ kind: "exchange", card: describe(a), with: describe(b) });
  }

  /** A player's deck at set-up: each part's cards, in order, in the player's zone of that name. */
  setUpDeck(p: Player, deck: DeckSpec): void {
    this.defsByTitle ??= new Map(this.bundle.cards.map((d) => [d.title, d]));
    for (const part of deck.parts) {
      const def = this.bundle.vocabulary.zones.find((z) => z.name === part.zone);
      if (!def || def.per !== "player" || def.many) throw new RuleError(`deck "${deck.title}": '${part.zone}' is not a zone each player has`);
      const zone = this.zone(part.zone, p);
      for (const entry of part.cards) {
        const card = this.defsByTitle.get(entry.title);
        if (!card) throw new RuleError(`deck "${deck.title}": no card is titled "${entry.title}"`);
        for (let i = 0; i < entry.copies; i++) this.createCard(card, p, zone, def.visibility === "public");
      }
    }
  }

  /** Puts a new card into a zone (scenario set-up and decks). */
  createCard(def: CardDef, owner: Player, zone: Zone, faceUp: boolean): Card {
    this.version++;
    const c = this.state.createCard(def, owner, zone, faceUp);
    for (const event of this.triggers.addCard(c)) this.interesting.add(event);
    if (this.log.full) this.log.add({ kind: "card", card: describe(c), zone: zone.key });
    if (zone.def.inPlay) this.entersWithTraits(c);
    return c;
  }
}
