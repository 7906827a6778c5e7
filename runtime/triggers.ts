// Which abilities listen to which events, and where each ability can be used from.  Built once per
// game from the card definitions so that an event nobody listens to costs one map lookup.
import type { AbilityDef, Card, CardDef, Player, RulesBundle, Use } from "./model.ts";
import type { Engine } from "./engine.ts";
import type { EngineBase } from "./engine/base.ts";
import { insertAt, removeAt } from "./lists.ts";

/** What a window with these timings can offer, kept up to date as cards move. */
export interface WindowCandidates {
  readonly timings: readonly string[];
  /** The visible action cards with an action of one of the timings, in the order the cards were made. */
  readonly cards: Card[];
  /** Beside each of `cards` (index for index), its definition's actions of one of the timings. */
  readonly offered: (readonly AbilityDef[])[];
  /** By card definition, its action abilities of one of the timings, in their order on the card
   *  (worked out once per definition: windows go through them at every opportunity). */
  readonly actions: Map<CardDef, readonly AbilityDef[]>;
}

interface Listener {
  readonly def: CardDef;
  readonly ability: AbilityDef;
}

export class TriggerIndex {
  private readonly listeners = new Map<string, Listener[]>();
  private readonly reactionEvents = new Set<string>();
  private readonly cardsByDef = new Map<CardDef, Card[]>();
  /** For each kind, the card types of it (maps of strings: no lookup of a property by a varying name). */
  private readonly typesOfKind = new Map<string, Set<string>>();
  /** Cards whose definitions have action abilities and that are not in a hidden zone (a deck): the only
   *  ones a window can offer.  Kept in the order the cards were made, as cards move. */
  private readonly visibleActionCards: Card[] = [];
  private readonly visibleActionSet = new Set<Card>();
  private readonly hasActions = new Set<CardDef>();
  /** For each set of timings a window has asked about (a game has few: "Limited, Open", "Battle"), the
   *  visible action cards with an action of one of them, in the same order, kept as cards move. */
  private readonly candidatesByTimings = new Map<string, WindowCandidates>();
  private readonly playedFrom = new Map<string, string | null>();
  private readonly abilityKindZones = new Map<string, readonly string[]>();
  /** Ability kinds some card in this game has: a kind no card has needs no search. */
  private readonly kindsPresent = new Set<string>();

  /** The rules' own answer to where a player may use a card's abilities (entry `usableFrom`), if any. */
  usableFrom: ((c: Card, p: Player) => boolean) | null = null;

  constructor(bundle: RulesBundle) {
    for (const t of bundle.vocabulary.types) {
      this.playedFrom.set(t.name, t.playedFrom);
      for (const k of t.kinds) {
        let types = this.typesOfKind.get(k);
        if (!types) this.typesOfKind.set(k, (types = new Set()));
        types.add(t.name);
      }
    }
    for (const k of bundle.vocabulary.abilityKinds) this.abilityKindZones.set(k.name, k.from);
  }

  private readonly actionTimings = new Map<CardDef, readonly string[]>();

  /** Has the card an action ability of one of these timings? (Checked before where it is.) */
  hasActionFor(def: CardDef, timings: readonly string[]): boolean {
    let mine = this.actionTimings.get(def);
    if (!mine) this.actionTimings.set(def, (mine = [...new Set(def.abilities.filter((a) => a.kind === "action").flatMap((a) => a.timings))]));
    for (const t of mine) if (timings.includes(t)) return true;
    return false;
  }

  /** Visible cards with an action of one of these timings, in the order the cards were made. */
  actionCandidates(timings: readonly string[]): WindowCandidates {
    const key = timings.join("\n");
    let entry = this.candidatesByTimings.get(key);
    if (!entry) {
      const cards = this.visibleActionCards.filter((c) => this.hasActionFor(c.def, timings));
      const made: WindowCandidates = { timings: [...timings], cards, offered: [], actions: new Map() };
      for (const c of cards) made.offered.push(this.actionsOf(made, c.def));
      this.candidatesByTimings.set(key, (entry = made));
    }
    return entry;
  }

  /** A definition's action abilities that a window with these candidates' timings could offer. */
  actionsOf(candidates: WindowCandidates, def: CardDef): readonly AbilityDef[] {
    let list = candidates.actions.get(def);
    if (!list) {
      const timings = candidates.timings;
      list = def.abilities.filter((a) => a.kind === "action" && a.timings.some((t) => timings.includes(t)));
      candidates.actions.set(def, list);
    }
    return list;
  }

  /** Adds a card to a window's candidates (with its actions beside it), or removes it. */
  private updateCandidate(entry: WindowCandidates, c: Card, present: boolean): void {
    const list = entry.cards;
    if (present) {
      let i = list.length;
      while (i > 0 && list[i - 1]!.id > c.id) i--;
      insertAt(list, i, c);
      insertAt(entry.offered, i, this.actionsOf(entry, c.def));
    } else {
      const i = list.indexOf(c);
      removeAt(list, i);
      removeAt(entry.offered, i);
    }
  }

  /** Is a card of this type, or of a type of this kind? */
  isType(type: string, typeOrKind: string): boolean {
    return type === typeOrKind || this.typesOfKind.get(typeOrKind)?.has(type) === true;
  }

  /** Indexes a new card; returns the events its definition listens to (once per definition). */
  addCard(c: Card): string[] {
    const events: string[] = [];
    let list = this.cardsByDef.get(c.def);
    if (!list) {
      this.cardsByDef.set(c.def, (list = []));
      for (const ability of c.def.abilities) {
        this.kindsPresent.add(ability.kind);
        const t = ability.trigger;
        if (!t) continue;
        let ls = this.listeners.get(t.event);
        if (!ls) this.listeners.set(t.event, (ls = []));
        ls.push({ def: c.def, ability });
        events.push(t.event);
        if (t.reaction) this.reactionEvents.add(t.event);
      }
    }
    list.push(c);
    if (c.def.abilities.some((a) => a.kind === "action")) this.hasActions.add(c.def);
    this.cardMoved(c);
    return events;
  }

  /** A card changed zones: is it now among the cards whose actions could be offered? */
  cardMoved(c: Card): void {
    if (!this.hasActions.has(c.def)) return;
    const visible = c.zone.def.visibility !== "hidden";
    if (visible === this.visibleActionSet.has(c)) return;
    if (visible) this.visibleActionSet.add(c);
    else this.visibleActionSet.delete(c);
    updateOrdered(this.visibleActionCards, c, visible);
    for (const entry of this.candidatesByTimings.values()) if (this.hasActionFor(c.def, entry.timings)) this.updateCandidate(entry, c, visible);
  }

  /** Two cards exchanged definitions (Engine.exchange): each is listed under its new one, and is among
   *  the cards whose actions could be offered as its new definition says. */
  exchanged(a: Card, b: Card): void {
    if (a.def === b.def) return;
    // Each is where the other was in the list of its new definition's cards.
    const listA = this.cardsByDef.get(a.def);
    const listB = this.cardsByDef.get(b.def);
    if (listA) listA[listA.indexOf(b)] = a;
    if (listB) listB[listB.indexOf(a)] = b;
    for (const c of [a, b]) {
      if (this.visibleActionSet.has(c)) {
        this.visibleActionSet.delete(c);
        removeAt(this.visibleActionCards, this.visibleActionCards.indexOf(c));
        for (const entry of this.candidatesByTimings.values()) {
          const i = entry.cards.indexOf(c);
          if (i >= 0) {
            removeAt(entry.cards, i);
            removeAt(entry.offered, i);
          }
        }
      }
      this.cardMoved(c);
    }
  }

  hasKind(kind: string): boolean {
    return this.kindsPresent.has(kind);
  }

  listens(event: string): boolean {
    return this.listeners.has(event);
  }

  hasReactions(event: string): boolean {
    return this.reactionEvents.has(event);
  }

  /**
   * Triggered traits (not Reactions) whose trigger matches, of cards that can trigger: "only if the card
   * they are on is (a) in play, (b) in the focusing area, (c) in a resolution or entering-play area"
   * (Twenty Festivals, Triggered traits), face up; and a card the event is about, which has just left
   * play by it ("After this card is destroyed": its state "is checked just before"); or "(d) if they
   * say they are triggered from an area not in play", as the rules' `triggersOutOfPlay` entry answers.
   */
  matchingTraits(engine: Engine, event: string, args: readonly unknown[]): Use[] {
    const out: Use[] = [];
    const outOfPlay = engine.bundle.entries.triggersOutOfPlay;
    for (const l of this.listeners.get(event) ?? []) {
      if (l.ability.trigger!.reaction) continue;
      for (const c of this.cardsByDef.get(l.def) ?? []) {
        // Out of play, only a card someone can see may say it triggers from there (not one in a deck).
        const away = !c.zone.def.inPlay && !(c.zone.def.isArea && c.faceUp) && !args.includes(c);
        if (away && (!outOfPlay || c.zone.def.visibility === "hidden")) continue;
        const u = engine.newUse(c, c.controller, l.ability);
        u.eventArgs = args;
        if (away && !outOfPlay!(engine, u)) continue;
        if (l.ability.trigger!.matches(engine, u, args)) out.push(u);
      }
    }
    return out;
  }

  /** Triggered traits given to cards in play (not Reactions) whose trigger matches. */
  matchingGrantedTraits(engine: Engine, event: string, args: readonly unknown[]): Use[] {
    const out: Use[] = [];
    for (const g of engine.currentGrants()) {
      const t = g.ability.trigger;
      if (!t || t.reaction || t.event !== event || !g.card.zone.def.inPlay) continue;
      const u = engine.newUse(g.card, g.card.controller, g.ability);
      u.eventArgs = args;
      if (t.matches(engine, u, args)) out.push(u);
    }
    return out;
  }

  /** Reactions given to cards that `p` may take now. */
  eligibleGrantedReactions(engine: Engine, event: string, args: readonly unknown[], p: Player): Use[] {
    const out: Use[] = [];
    for (const g of engine.currentGrants()) {
      const t = g.ability.trigger;
      if (!t || !t.reaction || t.event !== event || !this.usableBy(g.card, p)) continue;
      const u = engine.newUse(g.card, p, g.ability);
      u.eventArgs = args;
      if (!t.matches(engine, u, args)) continue;
      if (engine.withinLimit && !engine.withinLimit(engine, u)) continue;
      if (g.ability.usable && !g.ability.usable(engine, u)) continue;
      out.push(u);
    }
    return out;
  }

  /** Reactions `p` may take now: from the zone its card type is played from, or from play. */
  eligibleReactions(engine: Engine, event: string, args: readonly unknown[], p: Player): Use[] {
    const out: Use[] = [];
    for (const l of this.listeners.get(event) ?? []) {
      if (!l.ability.trigger!.reaction) continue;
      for (const c of this.cardsByDef.get(l.def) ?? []) {
        if (!this.usableBy(c, p)) continue;
        // A probe answers whether it matches and can be used; a use is made only for those that can.
        const probe = { id: 0, card: c, player: p, ability: l.ability, bindings: {}, eventArgs: args, slots: {}, negated: false };
        if (!l.ability.trigger!.matches(engine, probe, args)) continue;
        if (engine.withinLimit && !engine.withinLimit(engine, probe)) continue;
        if (l.ability.usable && !l.ability.usable(engine, probe)) continue;
        const u = engine.newUse(c, p, l.ability);
        u.eventArgs = args;
        out.push(u);
      }
    }
    return out;
  }

  /** Can `p` use an action on this card where it is now? */
  usableBy(c: Card, p: Player): boolean {
    if (this.usableFrom) return this.usableFrom(c, p);
    const from = this.playedFrom.get(c.def.type) ?? null;
    if (from !== null) return c.zone.def.name === from && c.zone.owner === p;
    return c.zone.def.inPlay && c.controller === p;
  }

  /** Cards whose abilities of `kind` `p` could use: from the zones the ability kind names. */
  cardsUsableFrom(engine: EngineBase, kind: string, p: Player): Card[] {
    const zones = this.abilityKindZones.get(kind);
    if (!zones) return engine.state.cards.filter((c) => this.usableBy(c, p));
    const out: Card[] = [];
    for (const name of zones) {
      if (name === "play") out.push(...engine.state.cardsInPlay().filter((c) => c.controller === p));
      else {
        const def = engine.state.zoneDef(name);
        if (def.per === "player") out.push(...engine.zone(name, p).cards);
      }
    }
    return out;
  }
}

/** Adds a card to, or removes it from, a list kept in the order cards were made (by id). */
function updateOrdered(list: Card[], c: Card, present: boolean): void {
  if (present) {
    let i = list.length;
    while (i > 0 && list[i - 1]!.id > c.id) i--;
    insertAt(list, i, c);
  } else removeAt(list, list.indexOf(c));
}
