// The engine's continuous layer (the effects of continuous traits while their cards are in play, worked
// out again only when they could differ) and the lasting effects on rule parameters and stats.
import type { Steps } from "../rt.ts";
import type { AbilityDef, Card, Frame, Player, Use } from "../model.ts";
import { describe } from "../state.ts";
import type { Grant } from "../effects.ts";
import { EngineSequences } from "./sequences.ts";

export abstract class EngineContinuous extends EngineSequences {
  /** Continuous traits ("This Personality wins tied duels") apply while their card is in play: a card
   *  that has any joins the cards whose traits the continuous layer is worked out from. */
  protected entersWithTraits(c: Card): void {
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
  protected layerReach: LayerReach | null = null;

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

  protected statLayer(): void {
    if (this.reach().stats) this.continuous();
    else if (!this.applyingTraits) this.checkHolds();
  }

  protected grantLayer(): void {
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

  /** (engine.ts) */
  protected abstract checkHolds(): void;
  /** (abilities.ts) */
  abstract newUse(card: Card, player: Player, ability: AbilityDef, bindings?: Readonly<Record<string, unknown>>): Use;
  protected abstract noteResolved(c: Card, ability: AbilityDef): void;
}

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
