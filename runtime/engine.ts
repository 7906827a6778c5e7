// The engine: implements what generated code calls (rt.ts) over the game state, lasting effects,
// running sequences, the trigger index and the log.  The driver (game.ts) feeds it answers.
// It is built in layers, one concern a file, in engine/: base.ts (state, set-up, bookkeeping),
// players, decisions, sequences, continuous (the continuous layer and lasting effects), cards,
// zones, abilities.  The Engine itself adds the events and the windows (windows.ts), which are
// handed the whole engine.
import type { Rt, Steps, WindowRule } from "./rt.ts";
import type { AbilityDef, Card, Frame, Player, Use } from "./model.ts";
import { describe } from "./state.ts";
import { NO_STEPS } from "./values.ts";
import { removeAt } from "./lists.ts";
import { Windows } from "./windows.ts";
import { EngineAbilities } from "./engine/abilities.ts";

export type { EngineOptions } from "./engine/base.ts";

export class Engine extends EngineAbilities implements Rt {
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
      // "The occurrence of a trait's trigger, and the successful meeting of any other conditions or
      // costs, means that the trait resolves" (Twenty Festivals, TRIGGERED TRAITS): its conditions are
      // asked as it comes to resolve, after those resolved before it.
      if (u.ability.usable && !u.ability.usable(this, u)) continue;
      if (yield* this.announce(u)) {
        this.bundle.entries.traitUsed?.(this, u);
        yield* this.resolve(u);
      }
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
  protected checkHolds(): void {
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
}
