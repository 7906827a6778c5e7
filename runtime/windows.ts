// Action windows and reaction opportunities: players in turn order may take the actions the window's
// rules allow until all pass in a row ("Windows and opportunities" in DESIGN.md).  Working out which
// actions a player may take is most of a game's work, so the checks are ordered cheapest first.
import type { AbilityDef, Card, Player, Use } from "./model.ts";
import type { Option } from "./decisions.ts";
import type { Steps, WindowRule } from "./rt.ts";
import type { Engine } from "./engine.ts";
import type { WindowCandidates } from "./triggers.ts";
import { describeZone } from "./values.ts";
import { NO_ARGS, NO_BINDINGS } from "./lists.ts";

export class Windows {
  constructor(private readonly engine: Engine) {}

  /** An action window: from `from`, each player in turn may take an allowed action or pass, until all
   *  pass in a row (`once`: one opportunity, for one player). */
  *window(from: Player, rules: readonly WindowRule[], once: boolean): Steps {
    const e = this.engine;
    let passes = 0;
    let p = from;
    if (p.eliminated) {
      if (once) return;
      p = e.nextPlayer(p);
    }
    // Kept up to date as cards move, so asked for once per window.
    const candidates = e.triggers.actionCandidates(timingsOf(rules));
    while (passes < (once ? 1 : this.playersLeft())) {
      const actions = this.usableActions(p, candidates, rules);
      let choice = 0;
      if (actions.length > 0) {
        const options: Option[] = [{ label: "pass" }];
        for (const u of actions) options.push({ label: "act", card: u.card, use: u });
        choice = yield e.decide(p, "Take an action?", options, 0);
      }
      if (choice === 0) passes++;
      else {
        // Each action taken is a step: a window that players keep acting in (an action with no limit
        // that changes nothing) stops at the step cap, whatever they answer.
        e.tick();
        passes = once ? 1 : 0;
        yield* e.takeAction(actions[choice - 1]!);
      }
      p = e.nextPlayer(p);
    }
  }

  private playersLeft(): number {
    let n = 0;
    for (const q of this.engine.state.players) if (!q.eliminated) n++;
    return n;
  }

  /** Action abilities `p` may use now whose timings include one of `timings` and that a rule allows. */
  private usableActions(p: Player, candidates: WindowCandidates, rules: readonly WindowRule[]): Use[] {
    const e = this.engine;
    const timings = candidates.timings;
    const out: Use[] = [];
    // A card in a hidden zone (a deck) is known to nobody: no player can choose to use it.
    // (Checking whether an action is usable moves no card: the list is read as it is.)
    // The checks only read the game, so the cheap ones come first: the window's own rules (a few
    // comparisons), then where the card is, then the rules' limits and the ability's conditions (which
    // work out costs and targets).  Most candidates fail the window rules or where they are.
    const cards = candidates.cards;
    for (let i = 0; i < cards.length; i++) {
      const c = cards[i]!;
      let where: boolean | null = null;
      for (const ability of candidates.offered[i]!) {
        if (!allowedBy(rules, p, c, ability)) continue;
        if (where === null) where = e.triggers.usableBy(c, p);
        if (!where) break;
        if (e.withinLimit && !this.couldUse(c, p, ability, e.withinLimit)) continue;
        if (ability.usable && !this.couldUse(c, p, ability, ability.usable)) continue;
        out.push(e.newUse(c, p, ability));
      }
    }
    // Then the actions given to cards, in the order they were given.
    if (e.effects.grants.length || e.hasContinuousTraits()) {
      for (const g of e.currentGrants()) {
        const ability = g.ability;
        if (ability.kind !== "action" || !sharesTiming(ability.timings, timings) || !allowedBy(rules, p, g.card, ability) || !e.triggers.usableBy(g.card, p)) continue;
        if (e.withinLimit && !this.couldUse(g.card, p, ability, e.withinLimit)) continue;
        if (ability.usable && !this.couldUse(g.card, p, ability, ability.usable)) continue;
        out.push(e.newUse(g.card, p, ability));
      }
    }
    return out;
  }

  /** One probe answers "could it be used now?" for every candidate: a use is made only for those that can.
   *  (A check that itself asks again gets a probe of its own.) */
  private probe: { -readonly [K in keyof Use]: Use[K] } | null = null;

  private couldUse(c: Card, p: Player, ability: AbilityDef, usable: NonNullable<AbilityDef["usable"]>): boolean {
    const probe = this.probe ?? { id: 0, card: c, player: p, ability, bindings: NO_BINDINGS, eventArgs: NO_ARGS, slots: {}, negated: false };
    this.probe = null;
    probe.card = c;
    probe.player = p;
    probe.ability = ability;
    const ok = usable(this.engine, probe);
    this.probe = probe;
    return ok;
  }

  /** Why a window would not offer `p` this ability of `c` now, the rules' checks in the order a window
   *  makes them (a scenario's `take` that is not legal says which). */
  whyNotOffered(c: Card, p: Player, ability: AbilityDef): string {
    const e = this.engine;
    if (ability.trigger?.reaction) return "it is a Reaction, which a player takes when its trigger happens and the rules offer it (answer \"react\" then)";
    if (ability.kind !== "action") return "it is not an action";
    if (!e.triggers.usableBy(c, p)) return `the rules do not let ${p.name} use ${c.def.title} where it is now (${describeZone(c.zone)})`;
    const limit = e.bundle.entries.useLimit;
    const refused = limit ? limit(e, e.newUse(c, p, ability)) : null;
    if (refused !== null) return refused;
    if (ability.usable && !this.couldUse(c, p, ability, ability.usable)) return "its conditions, costs or targets cannot be met now";
    return `the rules do not allow ${p.name} a ${ability.timings.join("/")} action at this opportunity`;
  }

  /** After a timing point, each player in turn order may take Reactions until all pass in a row. */
  *reactionWindow(event: string, args: readonly unknown[]): Steps {
    const e = this.engine;
    const taken = new Set<string>();
    const order = e.turnOrder();
    let passes = 0;
    for (let i = 0; passes < order.length; i++) {
      const p = order[i % order.length]!;
      const eligible = [...e.triggers.eligibleReactions(e, event, args, p), ...(e.grantedEvents.has(event) ? e.triggers.eligibleGrantedReactions(e, event, args, p) : [])].filter((u) => !taken.has(`${u.card.id}:${u.ability.text}`));
      if (eligible.length === 0) {
        passes++;
        continue;
      }
      const options: Option[] = [{ label: "pass" }, ...eligible.map((u) => ({ label: "react", card: u.card, use: u }))];
      const choice = yield* e.choose(p, `Take a Reaction (${e.moment(event, args)})?`, options, 0);
      if (choice === 0) {
        passes++;
        continue;
      }
      passes = 0;
      const u = eligible[choice - 1]!;
      taken.add(`${u.card.id}:${u.ability.text}`);
      yield* e.takeAction(u);
    }
  }
}

/** Does a window rule allow this action (its timing, for this player and card)? */
function allowedBy(rules: readonly WindowRule[], p: Player, c: Card, ability: AbilityDef): boolean {
  for (const r of rules) if (sharesTiming(ability.timings, r.timings) && (!r.when || r.when(p, c, ability.keywords as string[]))) return true;
  return false;
}

/** Every timing some rule of a window names, each once, in order.  (Loops: the rules are a fresh
 *  literal at each window, and windows are opened often.) */
function timingsOf(rules: readonly WindowRule[]): string[] {
  const out: string[] = [];
  for (const r of rules) for (const t of r.timings) if (!out.includes(t)) out.push(t);
  return out;
}

/** Has an ability one of these timings?  (A loop, not `some` with a closure: windows ask it a lot.) */
function sharesTiming(mine: readonly string[], asked: readonly string[]): boolean {
  for (const t of mine) if (asked.includes(t)) return true;
  return false;
}
