// What generated rules and cards call.  Every step that may put a decision to a player is a
// generator (`Steps`): it yields the decision and is resumed with the chosen option's index.
import type { Decision, Option } from "./decisions.ts";
import type { Card, Frame, GrantedAbility, Player, Use, Zone, ZoneOwner } from "./model.ts";
import type { CardDescription } from "./values.ts";

export type Steps<T = void> = Generator<Decision, T, number>;

/** A hook a sequence or effect receives from its caller (the consequences of a duel, ...). */
export type Hook<A extends unknown[] = []> = (...args: A) => Steps;

export interface WindowRule {
  readonly timings: readonly string[];
  /** `keywords`: the ability's own keywords (rules read a list as `string[]`; a condition is pure). */
  readonly when: ((player: Player, card: Card, keywords: string[]) => boolean) | null;
}

/** A loop of the rules or a scenario while it runs: where it is written and how often it has repeated. */
export interface LoopMark {
  readonly where: string;
  times: number;
}

/** An event that ends a running sequence without resolution when `when` holds (given the runtime, the
 *  sequence's frame and the event's arguments). */
export interface AbortWatch<F extends Frame = Frame> {
  readonly event: string;
  when(rt: Rt, frame: F, args: readonly unknown[]): boolean;
}

export interface Rt {
  // ---------------------------------------------------------------- players and turn order
  readonly players: readonly Player[];
  readonly active: Player;
  setActive(p: Player): void;
  /** Players in turn order starting with `from` (default: the active player), skipping eliminated ones. */
  turnOrder(from?: Player): Player[];
  /** The player to the left of `p` still in the game. */
  nextPlayer(p: Player): Player;
  /** A random item, with the game's seeded generator (null from an empty list). */
  random<T>(items: readonly T[]): T | null;
  /** The game ends: a winner and the kind of victory, or (winner null) a draw. Never returns. */
  declare(winner: Player | null, victory: string): never;
  /** A player loses the game; if one player remains, he wins with that victory. */
  eliminate(p: Player, victory: string): void;
  /** A deck that breaks a construction rule cannot play. Never returns. */
  refuse(message: string): never;
  /** The game state remembers a fact (an Event that resolved for a player). */
  remember(fact: string): void;
  remembers(fact: string): boolean;

  // ---------------------------------------------------------------- cards
  setFlag(c: Card, flag: string, value: boolean): void;
  /** A flag held by a use's ability on its card (any use of that ability of that card reads it). */
  abilityFlag(u: Use, flag: string): boolean;
  /** Sets it; a set flag is held by the card too, and clearing the card's clears it from all its abilities. */
  setAbilityFlag(u: Use, flag: string, value: boolean): void;
  setFaceUp(c: Card, faceUp: boolean): void;
  /** Who controls a card in play (a card that leaves play returns to its owner's control). */
  setController(c: Card, p: Player): void;
  stat(c: Card, stat: string): number;
  /** A stat's base value plus its modifiers, before the rules' stat rules apply. */
  rawStat(c: Card, stat: string): number;
  attach(a: Card, to: Card): void;
  detach(a: Card): void;
  attachmentsOf(c: Card): Card[];
  /** The cards attached to `c` as they are now (no copy): for reading at once, never for keeping. */
  attachedView(c: Card): readonly Card[];
  hasKeyword(c: Card, keyword: string): boolean;
  printsKeyword(c: Card, keyword: string): boolean;
  /** The two cards exchange what they are (definitions and owners), each keeping its place, states,
   *  attachments, tokens and the effects on it. */
  exchange(a: Card, b: Card): void;
  /** The duration card text gives the effects being resolved: the frame whose end they last until
   *  (null: no end).  Begun and ended around those effects. */
  ongoing(): Frame | null;
  beginOngoing(until: Frame | null): void;
  endOngoing(): void;
  /** The innermost running frame of any of these sequences, or null. */
  innermost(sequences: readonly string[]): Frame | null;
  /** What a card's abilities of a kind give before they are used (their `measure`), for a player. */
  measured(c: Card, kind: string, p: Player): number;
  printsStat(c: Card, stat: string): boolean;
  /** Is the card of this type, or of a type of this kind? */
  isType(c: Card, typeOrKind: string): boolean;
  inPlay(c: Card): boolean;
  zoneOwner(c: Card): Player | null;

  // ---------------------------------------------------------------- player values
  value(p: Player, name: string): number;
  setValue(p: Player, name: string, value: number): void;

  // ---------------------------------------------------------------- zones and areas
  zone(name: string, owner: ZoneOwner | null): Zone;
  newZone(name: string, owner: ZoneOwner): Zone;
  zonesOf(name: string, owner: ZoneOwner): Zone[];
  /** The player a zone belongs to (following its owners), if any. */
  zonePlayer(z: Zone): Player | null;
  zoneValue(z: Zone, name: string): number;
  setZoneValue(z: Zone, name: string, value: number): void;
  shuffle(z: Zone): void;
  allCards(): Card[];
  /** The zone `name` of player `p`, as zone(name, p) gives it; `slot` is where it is kept for `p` (any
   *  small number: generated code gives each zone name its own), so it is found without a lookup. */
  zoneAt(slot: number, name: string, p: Player): Zone;
  /** Every card as it is now, in the order they were made (no copy): for reading at once, never for keeping. */
  allCardsView(): readonly Card[];
  /** Every card holding the flag, in the order the cards were made (a new list). */
  cardsFlagged(flag: string): Card[];
  /** A new card of the given title (from the rules' cards), owned by the zone's player. */
  newCard(title: string, z: Zone): Card;
  /** A card an effect creates, owned by the player, put face up in the zone: "The printed text and stats
   *  of a created card are determined by the effect that created it" (Twenty Festivals, Created cards). */
  createDescribed(d: CardDescription, owner: Player, z: Zone): Card;
  /** The card created last in the game, or null before any. */
  withClan(d: CardDescription, clan: string | null): CardDescription;
  lastCreated(): Card | null;
  /** The cards of a zone, top first: a copy, safe to iterate while cards move. */
  cards(z: Zone): Card[];
  /** The cards of a zone as they are now (no copy): for reading at once, never for keeping. */
  view(z: Zone): readonly Card[];
  cardsInPlay(): Card[];
  exists(z: Zone): boolean;
  create(z: Zone): void;
  cease(z: Zone): void;
  move(c: Card, to: Zone, position: "top" | "bottom", faceUp: boolean | null): void;

  // ---------------------------------------------------------------- events and decisions
  emit(event: string, args: readonly unknown[]): Steps;
  /** Counts a step, and tells whether anything (log, watcher, observer, trigger) hears this event:
   *  generated code then calls `emitHeard`, and builds no arguments for an event nobody hears. */
  hears(event: string): boolean;
  emitHeard(event: string, args: readonly unknown[]): Steps;
  /** Players in turn order from `from` each take an action or pass until all pass in a row. */
  /** With `once`, a single opportunity for `from` alone.  An action is allowed when a rule allows its
   *  timing for the player and the card whose ability it is. */
  window(from: Player, rules: readonly WindowRule[], once?: boolean): Steps;
  /** A decision for generated code to `yield` itself (it has two options or more); resumed with the index. */
  decide(p: Player, prompt: string, options: readonly Option[], defaultIndex?: number | null): Decision;
  choose(p: Player, prompt: string, options: readonly Option[], defaultIndex?: number | null): Steps<number>;
  chooseFrom<T>(p: Player, prompt: string, items: readonly T[]): Steps<T | null>;
  /** Several different items, one at a time: at least `min` (null when there are fewer) and at most
   *  `max` (null: any number); once `min` are chosen the player may stop ("done", the default).  With
   *  `fits`, what the items chosen must be together ("two Personalities controlled by the same player",
   *  "whose total Chi is 6 or lower"): an item is offered only when some set holding it and those chosen
   *  fits, and the player may stop only with a set that fits. */
  chooseSeveral<T>(p: Player, prompt: string, items: readonly T[], min: number, max: number | null, fits?: (chosen: T[]) => boolean): Steps<T[] | null>;
  /** Can `min` to `max` of the items be chosen that fit together (as `chooseSeveral` with `fits` would)? */
  canChooseSeveral<T>(items: readonly T[], min: number, max: number | null, fits: (chosen: T[]) => boolean): boolean;
  ask(p: Player, prompt: string): Steps<boolean>;
  /** Removes and returns the item `p` picks to come next ("in an order chosen by the active player"). */
  pickNext<T>(p: Player, prompt: string, rest: T[]): Steps<T>;

  // ---------------------------------------------------------------- the direct form
  /** Runs a step to its end at once, each decision it puts answered by the game's agent as it comes, and
   *  returns its value: how generated code's direct form (for agents that answer at once) takes steps. */
  now<T>(steps: Steps<T>): T;
  /** The game's agent answers this decision at once (the direct form's `yield`); an error when the game
   *  is not running directly (`Game.run`). */
  answerNow(d: Decision): number;

  // ---------------------------------------------------------------- running sequences
  /** Starts a frame: `fields` holds the frame's own fields (id 0, not aborted...) and the sequence's. */
  open<F extends Frame>(seq: string, fields: F): F;
  watch<F extends Frame>(f: F, aborts: readonly AbortWatch<F>[]): void;
  close(f: Frame): Steps;
  /** Announces a heading's start or end ("before Focus Effects resolve") as a timing point. */
  point(point: string, f: Frame): Steps;
  current<F extends Frame>(seq: string): F | null;
  /** The running frame of a sequence; the rules asking for one when none runs is an error. */
  running<F extends Frame>(seq: string): F;
  last<F extends Frame>(seq: string): F | null;
  abort(f: Frame): void;
  /** Runs `body` once after `f` ends ("after this duel ends, ..."). */
  atEnd(f: Frame, body: Hook): void;
  /** A delayed effect: runs `body` once, the next time `event` happens with arguments `when` accepts,
   *  unless `until` (a frame) has ended first ("After the next time this turn ..."); with `each`, every
   *  time it so happens until then ("After each time ...").  Of those made with one `group`, the first
   *  to happen ends the others ("After the next time he bows or is destroyed"). */
  once(event: string, until: Frame | null, when: (args: readonly unknown[]) => boolean, body: (args: readonly unknown[]) => Steps, each?: boolean, group?: object | null): void;
  /** Is the occurrence of the event that triggers `u` (its `eventArgs`) the first that matches its ability
   *  on its card in the running period of these sequences (none: the whole game)?  Asked again for the
   *  same occurrence, the same answer ("the first time each turn ..."). */
  firstTime(u: Use, sequences: readonly string[]): boolean;
  /** A duration that ends the next time `event` happens with these first arguments ("until your next turn
   *  begins"): a frame of its own, which ends then (what lasts until its end ends with it). */
  untilEvent(event: string, args: readonly unknown[]): Frame;
  /** A duration that lasts while `holds` is true: a frame of its own, which ends (with what lasts until
   *  its end) the first time the game is found to have changed so that it is not ("While your Samurai
   *  remains unbowed, ..."); one that does not hold when made ends at once. */
  whileHolds(holds: () => boolean): Frame;

  // ---------------------------------------------------------------- parameters and modifiers
  /** A rule parameter's latest override in effect for these arguments (undefined: the rule's default). */
  param(name: string, args: readonly unknown[]): unknown;
  /** Does any override of this parameter exist now (for any arguments)? */
  overridden(name: string): boolean;
  /** The sum of every override in effect (rule parameters whose overrides add up). */
  paramSum(name: string, args: readonly unknown[]): number;
  override(name: string, args: readonly unknown[], value: unknown, until: Frame | null): void;
  modify(c: Card, stat: string, delta: number, until: Frame | null): void;
  endModifiers(c: Card, stat: string): void;
  /** A card has an ability a card's text gives it, until `until` ends (none: for good). */
  grant(c: Card, ability: GrantedAbility, until: Frame | null): void;
  /** One of the card's abilities or traits now (its own, or one given to it) has that quoted text. */
  hasAbilityText(c: Card, ability: GrantedAbility): boolean;

  // ---------------------------------------------------------------- abilities
  /** Uses of abilities of a kind: those on `card`, or every one `player` may use now. */
  uses(kind: string, player: Player, card: Card | null, bindings: Record<string, unknown>): Use[];
  announce(u: Use): Steps<boolean>;
  /** Does the use's ability (or any ability of the card) call the rules effect of that name? */
  callsEffect(x: Use | Card, effect: string): boolean;
  /** The cards a use may target, of those its text describes (the rules' `targetable` entry decides;
   *  `anywhere`: a target its text says is chosen wherever it is, whom `targetableAnywhere` decides). */
  targetable(u: Use, cards: readonly Card[], anywhere?: boolean): Card[];
  /** Is the use taken without paying its costs (the rules' `costsWaived` entry decides; default no)? */
  costsWaived(u: Use): boolean;
  /** Is any card of `cards` (that passes `test`, if given) one the use may target? */
  anyTargetable(u: Use, cards: readonly Card[], test?: (c: Card) => boolean, anywhere?: boolean): boolean;
  /** The cards a use targeted (its choices made when announced); none for no use. */
  targetsOf(u: Use | null): Card[];
  retarget(u: Use, from: Card, to: Card): boolean;
  /** A time stamp that grows as effects begin (a stat modifier's `at`): what began at or before it is current. */
  timeNow(): number;
  /** The card performing a use (the card whose ability it is); none for no use. */
  performersOf(u: Use | null): Card[];
  resolve(u: Use): Steps;

  // ---------------------------------------------------------------- failures
  /** Where a `cached function` keeps its value for these arguments: the value is worked out once, and
   *  again only after the state changes (`fresh` tells; `fill` stores the new value and returns it). */
  cacheEntry(fn: string, args: readonly unknown[]): CacheEntry;
  fresh(entry: CacheEntry): boolean;
  fill<T>(entry: CacheEntry, value: T): T;

  /** A loop (`while`, `repeat`) starts; `where` is its place in the source ("rules/game.l5r:12:5"). */
  enterLoop(where: string): LoopMark;
  /** The loop repeats once more: a step of the game, so a loop that never ends stops at the step cap,
   *  with an error that names the loops running then. */
  loopStep(loop: LoopMark): void;
  exitLoop(loop: LoopMark): void;

  /** Stops the game with an error that names where it was: the rules asked for the impossible. */
  fail(message: string): never;
}

/** A cached function's value for some arguments, and the state version it was worked out at. */
export interface CacheEntry {
  readonly value: unknown;
}
