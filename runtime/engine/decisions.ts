// The engine's decisions: what each is about (the innermost ability or sequence about a card), how
// the moments are read, choices of one or several items, and the direct form's answers.
import type { Steps } from "../rt.ts";
import type { Card, Frame, Player, Use } from "../model.ts";
import type { Decision, Option } from "../decisions.ts";
import { describe } from "../state.ts";
import { NO_STEPS, optionOf, takeAt } from "../values.ts";
import { removeAt } from "../lists.ts";
import { isCard, isPlayer, NO_CARD } from "./base.ts";
import { EnginePlayers } from "./players.ts";

export abstract class EngineDecisions extends EnginePlayers {
  // ================================================================ decisions
  decide(p: Player, prompt: string, options: readonly Option[], defaultIndex: number | null = null): Decision {
    return { id: ++this.decisionCount, player: p, prompt, options, defaultIndex, about: this.aboutFor(p) };
  }

  /** The use of an ability innermost among those being announced or resolved, if any. */
  protected innermostUse(): Use | null {
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

  protected pushSubject(s: Frame | Use): void {
    this.subjects.push(s);
    this.subjectCards.push(undefined);
  }

  protected dropSubject(s: Frame | Use): void {
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
    return takeAt(rest, i);
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
}

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
