// The engine: implements what generated code calls (rt.ts) over the game state, lasting effects,
// running sequences, the trigger index and the log.  The driver (game.ts) feeds it answers.
import type { AbortWatch, CacheEntry, Hook, LoopMark, Rt, Steps, WindowRule } from "./rt.ts";
import type { AbilityDef, Card, CardDef, DeckSpec, Frame, GrantedAbility, Player, RulesBundle, Use, Zone, ZoneOwner } from "./model.ts";
import type { Decision, Option } from "./decisions.ts";
import { describe, GameState } from "./state.ts";
import { EffectStore, type Grant, type ModifierTest } from "./effects.ts";
import { GameLog } from "./log.ts";
import { DeckRefused, GameOver, RuleError } from "./errors.ts";
import { playerOf } from "./state.ts";
import { shuffle } from "./rng.ts";
import { NO_STEPS, optionOf, type CardDescription } from "./values.ts";
import { NO_ARGS, NO_BINDINGS, removeAt } from "./lists.ts";
import { Windows } from "./windows.ts";

/** A sequence about no card (see Engine.frameCard). */
const NO_CARD = Symbol("no card");
const isCard = (v: unknown): v is Card => typeof v === "object" && v !== null && "attachedTo" in v;
const isPlayer = (v: unknown): v is Player => typeof v === "object" && v !== null && "eliminated" in v;

/** The players and cards a frame is about (its parameters), for the log. */
function frameArgs(fields: object): unknown[] {
  const out: unknown[] = [];
  for (const [k, v] of Object.entries(fields)) {
    if (k === "id" || k === "seq") continue;
    if (isCard(v) || isPlayer(v)) out.push(describe(v));
  }
  return out;
}
import type { Rng } from "./rng.ts";
import { TriggerIndex } from "./triggers.ts";

export interface EngineOptions {
  readonly seed: number;
  readonly fullLog: boolean;
  /** Keep the decisions in the log when the rest is not kept (default: yes). */
  readonly keepDecisions?: boolean;
  readonly stepCap: number;
  /** Keep every emitted event with its arguments (scenarios count them). */
  readonly recordEmits: boolean;
  /** Check at every step (each event and timing point) that every card is in exactly one place. */
  readonly checkEveryStep?: boolean;
}

interface Watcher {
  readonly frame: Frame;
  readonly event: string;
  readonly watch: AbortWatch;
}


export class Engine implements Rt {
  readonly state: GameState;
  readonly effects = new EffectStore();
  readonly log: GameLog;
  readonly emits: { event: string; args: readonly unknown[] }[] = [];
  /** (read by windows.ts) */
  readonly triggers: TriggerIndex;
  private readonly openFrames: Frame[] = [];
  private readonly lastFrames = new Map<string, Frame>();
  private watchers: Watcher[] = [];
  private readonly delayed = new Map<Frame, Hook[]>();
  /** Durations that end when an event next happens (rt.untilEvent). */
  private readonly endingAt: { event: string; args: readonly unknown[]; frame: Frame }[] = [];
  /** Delayed effects waiting for an event (rt.once), in the order they were made. */
  private readonly waiting: { event: string; until: Frame | null; when: (args: readonly unknown[]) => boolean; body: (args: readonly unknown[]) => Steps; each: boolean; group: object | null }[] = [];
  private readonly observers = new Map<string, ((args: readonly unknown[]) => void)[]>();
  /** Events something watches, observes or listens to (the rest need no work when emitted). */
  private readonly interesting = new Set<string>();
  private activePlayer: Player | null = null;
  private decisionCount = 0;
  /** What is running, innermost last (sequences and ability uses): what a decision is about. */
  private readonly subjects: (Frame | Use)[] = [];
  /** Beside each subject (index for index), the one card it is about if it is a sequence, once worked
   *  out (undefined: not yet; see frameCard).  An array kept with `subjects`, not a Map by frame: every
   *  sequence opens and closes, and most are asked about once a decision is made in them. */
  private readonly subjectCards: (Card | null | typeof NO_CARD | undefined)[] = [];
  /** The card a player chose last, and in which sequence (a yes/no question after it is about it). */
  private lastChosen: { readonly player: Player; readonly frame: Frame | undefined; readonly card: Card } | null = null;
  private useCount = 0;
  private frameCount = 0;
  private steps = 0;
  /** The rules' limits on using abilities (entry `useLimit`), as a test of a use, if the rules have any. */
  readonly withinLimit: ((rt: Rt, u: Use) => boolean) | null = null;
  /** The card whose continuous trait is being applied: its effects last while it is in play. */
  private lastingSource: Card | null = null;
  /** When the continuous trait being applied began (its card's entry into play). */
  private lastingAt = 0;
  /** Counts lasting effects and cards entering play with continuous traits, in the order they begin. */
  private clock = 0;
  /** Cards in play with continuous traits, each with when it entered play. */
  private readonly staticCards = new Map<Card, number>();
  /** The version the continuous layer was last worked out at, and whether it holds anything. */
  private continuousAt = -1;
  private continuousApplied = false;
  private applyingTraits = false;
  /** Version bumps that only opened or closed a sequence (open, close): the layer need not be worked
   *  out again for those alone when the traits, as last applied, read no running sequence. */
  private frameBumps = 0;
  /** `frameBumps` when the layer was last worked out, and whether its traits read the running
   *  sequences then (current, innermost, running, last) or a cached value that might have. */
  private continuousFrameBumps = 0;
  private traitsReadFrames = true;

  /** options.recordEmits, read at every read of a rule parameter. */
  private readonly recordEmits: boolean;

  constructor(readonly bundle: RulesBundle, readonly rng: Rng, readonly options: EngineOptions) {
    this.recordEmits = options.recordEmits;
    this.state = new GameState(bundle.vocabulary);
    this.log = new GameLog(options.fullLog, options.keepDecisions ?? true);
    this.triggers = new TriggerIndex(bundle);
    const usableFrom = bundle.entries.usableFrom;
    if (usableFrom) this.triggers.usableFrom = (c, p) => usableFrom(this, c, p);
    const useLimit = bundle.entries.useLimit;
    if (useLimit) this.withinLimit = (rt, u) => useLimit(rt, u) === null;
    const applies = bundle.entries.modifierApplies;
    if (applies) this.modifierCounts = (card, stat, delta, from, at) => applies(this, card, stat, delta, from, at);
  }

  // ================================================================ players
  get players(): readonly Player[] {
    return this.state.players;
  }

  get active(): Player {
    if (!this.activePlayer) return this.fail("there is no active player");
    return this.activePlayer;
  }

  setActive(p: Player): void {
    this.version++;
    this.activePlayer = p;
    if (this.log.full) this.log.add({ kind: "active", player: p.name });
  }

  nextPlayer(p: Player): Player {
    const all = this.state.players;
    for (let i = 1; i <= all.length; i++) {
      const q = all[(p.id + i) % all.length]!;
      if (!q.eliminated) return q;
    }
    return p;
  }

  random<T>(items: readonly T[]): T | null {
    if (items.length === 0) return null;
    return items[this.rng.below(items.length)]!;
  }

  declare(winner: Player | null, victory: string): never {
    if (this.log.full) this.log.add({ kind: "game over", winner: winner?.name ?? null, victory });
    throw new GameOver(winner?.name ?? null, victory);
  }

  eliminate(p: Player, victory: string): void {
    if (p.eliminated) return;
    this.version++;
    p.eliminated = true;
    if (this.log.full) this.log.add({ kind: "eliminated", player: p.name, because: victory });
    const left = this.state.players.filter((q) => !q.eliminated);
    if (left.length === 1) this.declare(left[0]!, victory);
    if (left.length === 0) this.declare(null, victory);
    if (this.activePlayer === p) this.activePlayer = this.nextPlayer(p);
  }

  refuse(message: string): never {
    throw new DeckRefused(message);
  }

  private readonly memory = new Set<string>();
  remember(fact: string): void {
    this.version++;
    this.memory.add(fact);
    if (this.log.full) this.log.add({ kind: "remember", fact });
  }
  remembers(fact: string): boolean {
    return this.memory.has(fact);
  }

  turnOrder(from?: Player): Player[] {
    const all = this.state.players;
    if (all.length === 0) return [];
    const start = (from ?? this.activePlayer ?? all[0]!).id;
    const out: Player[] = [];
    for (let i = 0; i < all.length; i++) {
      const p = all[(start + i) % all.length]!;
      if (!p.eliminated) out.push(p);
    }
    return out;
  }

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
  private readonly flagged = new Map<string, Set<Card>>();

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

  /** The rules' say on whether a stat modifier counts now (their `modifierApplies` entry), if they have one. */
  private readonly modifierCounts: ModifierTest | undefined;

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

  // ================================================================ player values
  value(p: Player, name: string): number {
    return p.values[name] ?? 0;
  }

  setValue(p: Player, name: string, value: number): void {
    if (p.values[name] === value) return;
    this.version++;
    p.values[name] = value;
    if (this.log.full) this.log.add({ kind: "value", player: p.name, name, value });
  }

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

  /** Continuous traits ("This Personality wins tied duels") apply while their card is in play: a card
   *  that has any joins the cards whose traits the continuous layer is worked out from. */
  private entersWithTraits(c: Card): void {
    if (!c.def.abilities.some((a) => a.kind === "static")) return;
    this.staticCards.delete(c);
    this.staticCards.set(c, ++this.clock);
    this.continuousAt = -1;
    this.layerReach = null;
  }

  /**
   * The effects of continuous traits, worked out again when the game has changed since they last were:
   * each card's traits are applied in the order the cards entered play ("the most recent ... takes
   * precedence").  While they are applied, what they read sees the layer as far as it is built.
   */
  private continuous(): void {
    if (!this.applyingTraits) this.checkHolds();
    // (Small enough to inline where rules read the game: most reads find the layer up to date.)
    if (this.continuousAt === this.version || this.applyingTraits) return;
    this.workOutContinuous();
  }

  private workOutContinuous(): void {
    if (this.staticCards.size === 0 && !this.continuousApplied) {
      this.continuousAt = this.version;
      this.continuousFrameBumps = this.frameBumps;
      return;
    }
    // Only sequences opened or closed since, and the traits read none: applied again, they would make
    // the same effects.
    if (!this.traitsReadFrames && this.continuousAt >= 0 && this.version - this.continuousAt === this.frameBumps - this.continuousFrameBumps) {
      this.continuousAt = this.version;
      this.continuousFrameBumps = this.frameBumps;
      return;
    }
    this.applyingTraits = true;
    this.traitsReadFrames = false;
    // A continuous trait's effects last while its card is in play, whatever is resolving meanwhile.
    this.beginOngoing(null);
    try {
      this.effects.clearContinuous();
      for (const [c, at] of this.staticCards) {
        for (const ability of c.def.abilities) {
          if (ability.kind !== "static") continue;
          this.lastingSource = c;
          this.lastingAt = at;
          if (this.options.recordEmits) this.noteResolved(c, ability);
          this.runSync(ability.resolve(this, this.newUse(c, c.controller, ability)));
        }
      }
    } finally {
      this.lastingSource = null;
      this.lastingAt = 0;
      this.applyingTraits = false;
      this.endOngoing();
    }
    this.continuousApplied = this.staticCards.size > 0;
    // What the layer can hold changes only if it was worked out from other cards than before.
    if (!sameCards(this.staticCards.keys(), this.appliedCards)) {
      this.appliedCards = [...this.staticCards.keys()];
      this.layerReach = null;
    }
    // Values worked out while the layer was being built are stale now.
    this.continuousAt = ++this.version;
    this.continuousFrameBumps = this.frameBumps;
  }

  // What the layer can hold: reads of anything else need it not worked out again first.
  /** The cards whose traits the layer was last worked out from. */
  private appliedCards: Card[] = [];
  /** What the traits of those cards and of the cards in play with traits can make (their `layer`
   *  lists together), worked out again when either changes (null: not yet). */
  private layerReach: LayerReach | null = null;

  private reach(): LayerReach {
    // (Scenarios keep the layer worked out at every read: their coverage counts the traits applied.)
    if (this.continuousAt < 0 || this.recordEmits) return REACHES_ALL;
    return this.layerReach ?? this.workOutReach();
  }

  private workOutReach(): LayerReach {
    const params = new Set<string>();
    let stats = false;
    let grants = false;
    for (const cards of [this.staticCards.keys(), this.appliedCards]) {
      for (const c of cards) {
        for (const a of c.def.abilities) {
          if (a.kind !== "static") continue;
          if (!a.layer) return (this.layerReach = REACHES_ALL);
          for (const name of a.layer.params) params.add(name);
          stats ||= a.layer.stats;
          grants ||= a.layer.grants;
        }
      }
    }
    return (this.layerReach = { params, stats, grants });
  }

  /** Before reading a rule parameter: the layer, if a trait could override it; else the durations that
   *  end when their condition stops holding (what \`continuous\` checks first). */
  private paramLayer(name: string): void {
    const r = this.reach();
    if (r.params === null || r.params.has(name)) this.continuous();
    else if (!this.applyingTraits) this.checkHolds();
  }

  private statLayer(): void {
    if (this.reach().stats) this.continuous();
    else if (!this.applyingTraits) this.checkHolds();
  }

  private grantLayer(): void {
    if (this.reach().grants) this.continuous();
    else if (!this.applyingTraits) this.checkHolds();
  }

  /** Are there cards in play with continuous traits (which may give abilities)? */
  hasContinuousTraits(): boolean {
    return this.staticCards.size > 0;
  }

  /** The abilities given to cards and in effect now (the layer's included). */
  currentGrants(): readonly Grant[] {
    this.grantLayer();
    return this.effects.grants;
  }

  private runSync(steps: Steps): void {
    const r = steps.next();
    if (!r.done) this.fail("a continuous trait cannot put a decision to a player");
  }

  // ================================================================ events
  emit(event: string, args: readonly unknown[]): Steps {
    return this.hears(event) ? this.emitHeard(event, args) : NO_STEPS;
  }

  hears(event: string): boolean {
    this.tick();
    this.checkHolds();
    // Most events have no watcher, observer or listener: with a short log, nothing more to do.
    return this.log.full || this.options.recordEmits || this.interesting.has(event);
  }

  emitHeard(event: string, args: readonly unknown[]): Steps {
    if (this.log.full) this.log.add({ kind: "event", event, args: args.map(describe) });
    if (this.options.recordEmits) this.emits.push({ event, args });
    for (const w of this.watchers) {
      if (w.event === event && !w.frame.closed && !w.frame.aborted && w.watch.when(this, w.frame, args)) this.abort(w.frame);
    }
    const looks = this.observers.get(event);
    if (looks) for (const look of looks) look(args);
    if (this.endingAt.length) this.endDurations(event, args);
    return this.triggers.listens(event) || this.waiting.length > 0 || this.grantedEvents.has(event) ? this.triggered(event, args) : NO_STEPS;
  }

  /** Triggered traits resolve (in an order the active player picks), then delayed effects waiting for the
   *  event (in the order they were made), then Reactions may be taken. */
  private *triggered(event: string, args: readonly unknown[]): Steps {
    const traits = this.triggers.listens(event) ? this.triggers.matchingTraits(this, event, args) : [];
    if (this.grantedEvents.has(event)) traits.push(...this.triggers.matchingGrantedTraits(this, event, args));
    while (traits.length > 0) {
      const u = traits.length > 1 ? yield* this.pickNext(this.active, "Choose the next triggered effect to resolve", traits) : traits.shift()!;
      if (yield* this.announce(u)) yield* this.resolve(u);
    }
    for (const d of this.due(event, args)) yield* d.body(args);
    if (this.triggers.hasReactions(event) || this.grantedEvents.has(event)) yield* this.windows.reactionWindow(event, args);
  }

  /** The delayed effects this event sets off, taken from those waiting; those whose duration has ended
   *  are dropped.  (Each happens once, "After the next time ...", unless it waits for each time.) */
  private due(event: string, args: readonly unknown[]): typeof this.waiting {
    const out: typeof this.waiting = [];
    const ended = new Set<object>();
    for (let i = 0; i < this.waiting.length; ) {
      const d = this.waiting[i]!;
      if (d.until?.closed || (d.group && ended.has(d.group))) removeAt(this.waiting, i);
      else if (d.event === event && d.when(args)) {
        // ("After each time ...": it waits again, until its duration ends.)
        if (d.each) i++;
        else removeAt(this.waiting, i);
        out.push(d);
        if (d.group && !d.each) ended.add(d.group);
      } else i++;
    }
    // The others of a group one of them ended, made before it (those after it are dropped above).
    if (ended.size) for (let i = this.waiting.length - 1; i >= 0; i--) if (this.waiting[i]!.group && ended.has(this.waiting[i]!.group!)) removeAt(this.waiting, i);
    if (out.length) this.version++;
    return out;
  }

  /** Durations that last while a condition holds (rt.whileHolds), and the version last checked. */
  private readonly holding: { frame: Frame; holds: () => boolean }[] = [];
  private holdingChecked = -1;
  private checkingHolds = false;

  whileHolds(holds: () => boolean): Frame {
    const frame: Frame = { id: ++this.frameCount, seq: "while", aborted: false, stopped: false, closed: false };
    this.holding.push({ frame, holds });
    // (checked the next time the game is read or an event happens, after the effects under it are made)
    this.version++;
    return frame;
  }

  /** The durations whose condition no longer holds end: what lasts until their end expires now, and
   *  for good, though the condition may hold again later ("remains"). */
  private checkHolds(): void {
    if (this.holding.length === 0 || this.checkingHolds || this.holdingChecked === this.version) return;
    this.endHolds();
  }

  private endHolds(): void {
    this.checkingHolds = true;
    try {
      for (let i = this.holding.length - 1; i >= 0; i--) {
        const h = this.holding[i]!;
        if (!h.frame.closed && h.holds()) continue;
        removeAt(this.holding, i);
        if (h.frame.closed) continue;
        (h.frame as { closed: boolean }).closed = true;
        this.effects.expireFrame(h.frame);
        this.version++;
      }
    } finally {
      this.checkingHolds = false;
    }
    this.holdingChecked = this.version;
  }

  untilEvent(event: string, args: readonly unknown[]): Frame {
    const frame: Frame = { id: ++this.frameCount, seq: `until ${event}`, aborted: false, stopped: false, closed: false };
    this.endingAt.push({ event, args: [...args], frame });
    this.interesting.add(event);
    return frame;
  }

  /** The event ends the durations waiting for it: what lasts until their end expires now. */
  private endDurations(event: string, args: readonly unknown[]): void {
    for (let i = this.endingAt.length - 1; i >= 0; i--) {
      const e = this.endingAt[i]!;
      if (e.event !== event || e.args.some((a, k) => a !== args[k])) continue;
      removeAt(this.endingAt, i);
      this.version++;
      (e.frame as { closed: boolean }).closed = true;
      this.effects.expireFrame(e.frame);
    }
  }

  once(event: string, until: Frame | null, when: (args: readonly unknown[]) => boolean, body: (args: readonly unknown[]) => Steps, each = false, group: object | null = null): void {
    if (until?.closed) return;
    this.version++;
    this.waiting.push({ event, until, when, body, each, group });
    this.interesting.add(event);
  }

  // ================================================================ windows (windows.ts)
  private readonly windows = new Windows(this);

  window(from: Player, rules: readonly WindowRule[], once = false): Steps {
    return this.windows.window(from, rules, once);
  }

  whyNotOffered(c: Card, p: Player, ability: AbilityDef): string {
    return this.windows.whyNotOffered(c, p, ability);
  }

  /** A player's action goes through the rules' `actions` entry point (or, without one, straight through). */
  *takeAction(u: Use): Steps {
    // While the game runs directly, the rules' direct form takes the action: its decisions are answered
    // at once (in the order they come, as the generator's would be).
    const direct = this.answerer ? this.bundle.direct?.actions : undefined;
    if (direct) return direct(this, u);
    const entry = this.bundle.entries.actions;
    if (entry) yield* entry(this, u);
    else if (yield* this.announce(u)) yield* this.resolve(u);
  }

  /** Calls `look` (which must not change the game) whenever `event` happens: scenarios and tools watch this way. */
  observe(event: string, look: (args: readonly unknown[]) => void): void {
    let list = this.observers.get(event);
    if (!list) this.observers.set(event, (list = []));
    list.push(look);
    this.interesting.add(event);
  }

  // ================================================================ decisions
  decide(p: Player, prompt: string, options: readonly Option[], defaultIndex: number | null = null): Decision {
    return { id: ++this.decisionCount, player: p, prompt, options, defaultIndex, about: this.aboutFor(p) };
  }

  /** The use of an ability innermost among those being announced or resolved, if any. */
  private innermostUse(): Use | null {
    for (let i = this.subjects.length - 1; i >= 0; i--) {
      const s = this.subjects[i]!;
      if ("ability" in s) return s;
    }
    return null;
  }

  /** The card a decision is about: that of the innermost ability being used, or of the innermost
   *  sequence about one card; else the card the player has just chosen in the same sequence. */
  private aboutFor(p: Player): Card | null {
    for (let i = this.subjects.length - 1; i >= 0; i--) {
      const s = this.subjects[i]!;
      if ("ability" in s) return s.card;
      const card = this.frameCard(i);
      if (card !== NO_CARD) return card;
    }
    const last = this.lastChosen;
    return last && last.player === p && last.frame === this.openFrames[this.openFrames.length - 1] ? last.card : null;
  }

  /** Sequence and event names as a person reads them ("after Dynasty Phase", "Kakita Duelist wins a duel"). */
  moment(event: string, args: readonly unknown[]): string {
    const titles = (this.sequenceTitles ??= new Map((this.bundle.vocabulary.sequences ?? []).map((q) => [q.name, q.title])));
    const point = /^(before|after|start|end):([^.]+)(?:\.(.+))?$/.exec(event);
    if (point) return `${point[1]} ${titles.get(point[2]!) ?? point[2]}${point[3] ? `, heading ${point[3]}` : ""}`;
    const e = this.bundle.vocabulary.events?.find((x) => x.name === event);
    if (!e?.phrase) return event;
    return e.phrase.replace(/\{(\w+)\}/g, (_, name: string) => {
      const v = args[e.params.indexOf(name)];
      return isCard(v) ? v.def.title : isPlayer(v) ? v.name : String(describe(v));
    });
  }

  private sequenceTitles: Map<string, string> | null = null;

  /** The one card the sequence that is subject `i` is about (null: several; NO_CARD: none), worked out
   *  once per sequence. */
  private frameCard(i: number): Card | null | typeof NO_CARD {
    let known = this.subjectCards[i];
    if (known === undefined) {
      const f = this.subjects[i]!;
      let cards = 0;
      known = NO_CARD;
      for (const k in f) {
        const v = (f as unknown as Record<string, unknown>)[k];
        if (isCard(v)) (known = v), cards++;
      }
      if (cards > 1) known = null;
      this.subjectCards[i] = known;
    }
    return known;
  }

  private pushSubject(s: Frame | Use): void {
    this.subjects.push(s);
    this.subjectCards.push(undefined);
  }

  private dropSubject(s: Frame | Use): void {
    const at = this.subjects.lastIndexOf(s);
    if (at < 0) return;
    removeAt(this.subjects, at);
    removeAt(this.subjectCards, at);
  }

  *choose(p: Player, prompt: string, options: readonly Option[], defaultIndex: number | null = null): Steps<number> {
    if (options.length === 0) return this.fail(`no option to choose for: ${prompt}`);
    // A forced choice is made without asking (a player who cannot focus strikes).
    if (options.length === 1) {
      const card = options[0]!.card;
      if (card) this.lastChosen = { player: p, frame: this.openFrames[this.openFrames.length - 1], card };
      return 0;
    }
    const d: Decision = { id: ++this.decisionCount, player: p, prompt, options, defaultIndex, about: this.aboutFor(p) };
    const i = yield d;
    const card = options[i]?.card;
    if (card) this.lastChosen = { player: p, frame: this.openFrames[this.openFrames.length - 1], card };
    return i;
  }

  *chooseFrom<T>(p: Player, prompt: string, items: readonly T[]): Steps<T | null> {
    if (items.length === 0) return null;
    const i = yield* this.choose(p, prompt, items.map(optionFor));
    return items[i]!;
  }

  *chooseSeveral<T>(p: Player, prompt: string, items: readonly T[], min: number, max: number | null, fits?: (chosen: T[]) => boolean): Steps<T[] | null> {
    if (items.length < min || (fits && !this.canChooseSeveral(items, min, max, fits))) return null;
    const chosen: T[] = [];
    while (max === null || chosen.length < max) {
      const rest = items.filter((x) => !chosen.includes(x) && (!fits || fitsWhenGrown([...chosen, x], items, min, max, fits)));
      if (rest.length === 0) break;
      const mayStop = chosen.length >= min && (!fits || fits([...chosen]));
      const options = mayStop ? [...rest.map(optionFor), { label: "done" }] : rest.map(optionFor);
      const i = yield* this.choose(p, prompt, options, mayStop ? rest.length : null);
      if (i >= rest.length) break;
      chosen.push(rest[i]!);
    }
    return chosen;
  }

  canChooseSeveral<T>(items: readonly T[], min: number, max: number | null, fits: (chosen: T[]) => boolean): boolean {
    return fitsWhenGrown([], items, min, max, fits);
  }

  *ask(p: Player, prompt: string): Steps<boolean> {
    return (yield* this.choose(p, prompt, [{ label: "yes" }, { label: "no" }], 1)) === 0;
  }

  *pickNext<T>(p: Player, prompt: string, rest: T[]): Steps<T> {
    if (rest.length === 0) return this.fail(`nothing left to pick for: ${prompt}`);
    const i = rest.length === 1 ? 0 : yield* this.choose(p, prompt, rest.map(optionFor), 0);
    return rest.splice(i, 1)[0]!;
  }

  // ================================================================ the direct form
  /** Who answers each decision at once while a game runs directly (set by the driver, Game.run). */
  answerer: ((d: Decision) => number) | null = null;

  now<T>(steps: Steps<T>): T {
    // Most steps the runtime hands back are empty (an event nobody hears, a sequence with nothing delayed).
    if (steps === NO_STEPS) return undefined as T;
    let r = steps.next();
    while (!r.done) r = steps.next(this.answerNow(r.value));
    return r.value;
  }

  answerNow(d: Decision): number {
    const answer = this.answerer;
    if (!answer) return this.fail(`"${d.prompt}" must wait for an answer, but the game is running directly (Game.run), where every decision is answered at once`);
    return answer(d);
  }

  // ================================================================ running sequences
  open<F extends Frame>(seq: string, fields: F): F {
    this.version++;
    this.frameBumps++;
    // Generated code writes the frame's own fields first (id, seq, aborted, stopped, closed), so the
    // object keeps one shape; only the id is given here.
    const frame = fields as unknown as { -readonly [K in keyof Frame]: Frame[K] };
    frame.id = ++this.frameCount;
    if (frame.seq !== seq) frame.seq = seq;
    this.openFrames.push(frame);
    this.pushSubject(frame);
    if (this.log.full) this.log.add({ kind: "begin", frame: describe(frame), args: frameArgs(fields) });
    return frame as unknown as F;
  }

  watch<F extends Frame>(f: F, aborts: readonly AbortWatch<F>[]): void {
    for (const a of aborts) {
      this.watchers.push({ frame: f, event: a.event, watch: a as unknown as AbortWatch });
      this.interesting.add(a.event);
    }
  }

  /** Ends a sequence; what was delayed until its end runs now (a plain call when nothing was). */
  close(f: Frame): Steps {
    this.version++;
    this.frameBumps++;
    if (f.closed) return NO_STEPS;
    f.closed = true;
    const i = this.openFrames.lastIndexOf(f);
    if (i >= 0) removeAt(this.openFrames, i);
    this.dropSubject(f);
    // Watchers are removed in place (most sequences have none).
    const ws = this.watchers;
    for (let k = ws.length - 1; k >= 0; k--) if (ws[k]!.frame === f) removeAt(ws, k);
    // (Effects that end with it change more than the running sequences.)
    if (this.effects.expireFrame(f)) this.version++;
    this.lastFrames.set(f.seq, f);
    if (this.log.full) this.log.add({ kind: "end", frame: describe(f), resolved: !f.aborted });
    const later = this.delayed.get(f);
    if (!later) return NO_STEPS;
    this.delayed.delete(f);
    return runAll(later);
  }

  point(point: string, f: Frame): Steps {
    if (!this.log.full && !this.options.recordEmits && !this.interesting.has(point)) {
      this.tick();
      return NO_STEPS;
    }
    return this.emit(point, [f]);
  }

  current<F extends Frame>(seq: string): F | null {
    if (this.applyingTraits) this.traitsReadFrames = true;
    for (let i = this.openFrames.length - 1; i >= 0; i--) if (this.openFrames[i]!.seq === seq) return this.openFrames[i] as F;
    return null;
  }

  innermost(sequences: readonly string[]): Frame | null {
    if (this.applyingTraits) this.traitsReadFrames = true;
    for (let i = this.openFrames.length - 1; i >= 0; i--) if (sequences.includes(this.openFrames[i]!.seq)) return this.openFrames[i]!;
    return null;
  }

  /** Durations card text gives, innermost last (see Rt.ongoing). */
  private readonly ongoingFrames: (Frame | null)[] = [];

  ongoing(): Frame | null {
    return this.ongoingFrames.length ? this.ongoingFrames[this.ongoingFrames.length - 1]! : null;
  }

  beginOngoing(until: Frame | null): void {
    this.ongoingFrames.push(until);
  }

  endOngoing(): void {
    this.ongoingFrames.pop();
  }

  running<F extends Frame>(seq: string): F {
    return this.current<F>(seq) ?? this.fail(`no ${seq} is running`);
  }

  last<F extends Frame>(seq: string): F | null {
    if (this.applyingTraits) this.traitsReadFrames = true;
    return (this.lastFrames.get(seq) as F | undefined) ?? null;
  }

  abort(f: Frame): void {
    if (f.closed || f.aborted) return;
    this.version++;
    f.aborted = true;
    if (this.log.full) this.log.add({ kind: "abort", frame: describe(f) });
  }

  atEnd(f: Frame, body: Hook): void {
    if (f.closed) return;
    let list = this.delayed.get(f);
    if (!list) this.delayed.set(f, (list = []));
    list.push(body);
  }

  // ================================================================ parameters and modifiers
  param(name: string, args: readonly unknown[]): unknown {
    this.paramLayer(name);
    const o = this.effects.find(name, args);
    return o ? o.value : undefined;
  }

  overridden(name: string): boolean {
    this.paramLayer(name);
    return this.effects.hasOverrides(name);
  }

  paramSum(name: string, args: readonly unknown[]): number {
    this.paramLayer(name);
    return this.effects.sum(name, args);
  }

  override(name: string, args: readonly unknown[], value: unknown, until: Frame | null): void {
    this.version++;
    if (this.lastingSource) return this.effects.override(name, args, value, until, this.lastingSource, this.lastingAt);
    this.effects.override(name, args, value, until, null, ++this.clock);
    if (this.log.full) this.log.add({ kind: "override", param: name, args: args.map(describe), value: describe(value) });
  }

  modify(c: Card, stat: string, delta: number, until: Frame | null): void {
    this.version++;
    if (this.lastingSource) return this.effects.modify(c, stat, delta, until, this.lastingSource, this.lastingAt);
    this.effects.modify(c, stat, delta, until, null, ++this.clock, this.innermostUse());
    if (this.log.full) this.log.add({ kind: "modify", card: describe(c), stat, delta });
  }

  endModifiers(c: Card, stat: string): void {
    this.version++;
    this.effects.endModifiers(c, stat);
  }

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
        if (ability.consulted && this.options.recordEmits) this.noteResolved(c, ability);
        if (!ability.usable || ability.usable(this, u)) out.push(u);
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

  /** The abilities resolved so far (traits the rules consult: when consulted), by card definition (kept
   *  when emits are: scenarios' coverage). */
  readonly resolvedAbilities = new Map<CardDef, Set<number>>();

  /** The abilities given to cards that resolved so far, by the definition of the card whose text gives them. */
  readonly resolvedGranted = new Map<CardDef, Set<number>>();

  private noteResolved(c: Card, ability: AbilityDef): void {
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

  // ================================================================ bookkeeping
  /** Increases with every change to the game state: cached rules functions are worked out again. */
  private version = 0;
  /** Cached values, nested by function and argument; each remembers the version it was worked out at,
   *  so a change makes them stale without clearing (and re-making) the maps. */
  private readonly cache = new Map<string, Map<unknown, unknown>>();
  private cacheEntries = 0;

  cacheEntry(fn: string, args: readonly unknown[]): StoredEntry {
    let m = this.cache.get(fn);
    if (!m) this.cache.set(fn, (m = new Map()));
    // Nested by argument: the last map holds the entry.
    for (let i = 0; i < args.length - 1; i++) {
      let next = m.get(args[i]) as Map<unknown, unknown> | undefined;
      if (!next) m.set(args[i], (next = new Map()));
      m = next;
    }
    const last = args.length ? args[args.length - 1] : fn;
    let entry = m.get(last) as StoredEntry | undefined;
    if (!entry) {
      m.set(last, (entry = { version: -1, asked: 0, value: undefined }));
      // Arguments can be numbers: a game that keeps meeting new ones starts its cache afresh.
      if (++this.cacheEntries > MAX_CACHE_ENTRIES) {
        this.cache.clear();
        this.cacheEntries = 0;
      }
    }
    // A value worked out now belongs to this version (working it out changes nothing).
    entry.asked = this.version;
    return entry;
  }

  fresh(entry: CacheEntry): boolean {
    if ((entry as StoredEntry).version !== this.version) return false;
    // (A value worked out earlier may have read the running sequences: the layer's traits then count
    // as reading them.)
    if (this.applyingTraits) this.traitsReadFrames = true;
    return true;
  }

  fill<T>(entry: CacheEntry, value: T): T {
    const e = entry as StoredEntry;
    e.version = e.asked;
    e.value = value;
    return value;
  }

  tick(): void {
    if (++this.steps > this.options.stepCap) this.stepCapReached();
    if (this.options.checkEveryStep) {
      const problem = this.state.checkInvariants();
      if (problem) this.fail(`invariant broken: ${problem}`);
    }
  }

  /** The loops running now, innermost last (a loop that never ends is among them at the step cap). */
  private readonly loops: LoopMark[] = [];

  enterLoop(where: string): LoopMark {
    const mark = { where, times: 0 };
    this.loops.push(mark);
    return mark;
  }

  loopStep(loop: LoopMark): void {
    if (++this.steps > this.options.stepCap) this.stepCapReached();
    loop.times++;
  }

  exitLoop(loop: LoopMark): void {
    const i = this.loops.lastIndexOf(loop);
    if (i >= 0) removeAt(this.loops, i);
  }

  /** "No stuck loop (a step cap with a clear error)": the error names the loops running, innermost first. */
  private stepCapReached(): never {
    const running = this.loops
      .slice()
      .reverse()
      .map((l) => `the loop at ${l.where} (repeated ${l.times} time${l.times === 1 ? "" : "s"})`);
    const inLoops = running.length ? ` in ${running.join(", inside ")}` : "";
    return this.fail(`the game reached its step cap of ${this.options.stepCap}${inLoops}`);
  }

  fail(message: string): never {
    throw new RuleError(this.where(message));
  }

  /** A message with where the game was: its seed and step, so the failure can be replayed. */
  where(message: string): string {
    return `${message} (seed ${this.options.seed}, step ${this.steps})`;
  }
}

/** Where a card keeps a flag of one of its abilities: "usedThisTurn@2" (its place among the card's
 *  abilities; its text for one not among them). */
const ABILITY_FLAG = "@";
function abilityFlagKey(u: Use, flag: string): string {
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


/** What the continuous layer can hold: the parameters a trait may override (null: any), whether one
 *  may modify stats or give abilities. */
interface LayerReach {
  readonly params: ReadonlySet<string> | null;
  readonly stats: boolean;
  readonly grants: boolean;
}
const REACHES_ALL: LayerReach = { params: null, stats: true, grants: true };

/** Are these the cards of the list, in its order? */
function sameCards(cards: Iterable<Card>, list: readonly Card[]): boolean {
  let i = 0;
  for (const c of cards) if (list[i++] !== c) return false;
  return i === list.length;
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

function* runAll(bodies: readonly (() => Steps)[]): Steps {
  for (const body of bodies) yield* body();
}

interface StoredEntry extends CacheEntry {
  version: number;
  /** The version when the value was last looked up. */
  asked: number;
  value: unknown;
}

const MAX_CACHE_ENTRIES = 10_000;

/** The option naming an item to choose (a card, a player, a use, a zone or a value). */
function optionFor(item: unknown): Option {
  return optionOf("", item);
}

/** Is there a set of items that fits, of `min` to `max` items, holding those `chosen` (and, added to them,
 *  items from `from` on, so that each set is tried once)?  Sets of at most four items more are tried: a
 *  target of several takes two or three, of the few cards in any game. */
function fitsWhenGrown<T>(chosen: T[], items: readonly T[], min: number, max: number | null, fits: (chosen: T[]) => boolean, from = 0, depth = 0): boolean {
  if (chosen.length >= min && fits(chosen)) return true;
  if ((max !== null && chosen.length >= max) || depth >= Math.max(min, 4)) return false;
  for (let i = from; i < items.length; i++) {
    const x = items[i]!;
    if (!chosen.includes(x) && fitsWhenGrown([...chosen, x], items, min, max, fits, i + 1, depth + 1)) return true;
  }
  return false;
}
