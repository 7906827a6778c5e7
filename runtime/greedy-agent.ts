// A seeded greedy player who plays to win, shown only what its player may see (a PlayerAgent).  It knows
// no word of the game: it weighs each option by what the decision itself carries and by a score of its
// position read from its view.
//
//  - The rules' advice (`advise` declarations, rules/advice.l5r): the option worth most is taken (an
//    option without advice is worth 0).
//  - A decision with a default (pass, decline: an action window, a Reaction, a question) and no advice:
//    anything but the default is an action to try; one after which the position did not improve is left
//    alone for a while, so it takes the actions that help it.
//  - A choice among cards without advice: the strongest card (the most in its stats).
//  - An answer that led straight back to the same decision is not given to it again (a choice that
//    leads back to itself would otherwise loop).
import type { PlayerAgent } from "./agents.ts";
import { createRng, type Rng } from "./rng.ts";
import type { CardView, DecisionView, OptionView, PlayerView } from "./view.ts";

/** How many of its own decisions an action that did not help is left alone. */
const UNHELPFUL_FOR = 100;
/** Within how many of its own decisions meeting the same decision again means the answer led back to it. */
const LOOP_WITHIN = 2;
/** How much one of a player's zones counts in the score (a province destroyed is one fewer). */
const ZONE_WEIGHT = 3;

export function greedyAgent(seed: number): PlayerAgent {
  const rng = createRng(seed);
  let decisions = 0;
  /** Options (by decision prompt and option text) not to try again before a decision number. */
  const unhelpful = new Map<string, number>();
  /** How often each option tried helped. */
  const helped = new Map<string, number>();
  let trial: { key: string; score: number } | null = null;
  /** Decisions just met, by prompt and options: the answer given and those that led back to it. */
  const loops = new Map<string, { excluded: Set<number>; index: number; at: number }>();

  return {
    seesOnly: "view",
    decide(d, view) {
      decisions++;
      const options = d.options ?? [];
      // The view is made only when the score is needed (after and before trying an action).
      let worked: number | null = null;
      const score = () => (worked ??= positionScore(view(), d.player));
      if (trial) {
        const key = trial.key;
        if (score() > trial.score) helped.set(key, (helped.get(key) ?? 0) + 1);
        else unhelpful.set(key, decisions + UNHELPFUL_FOR);
        trial = null;
      }
      // An answer that led straight back to this very decision is not given to it again (until it
      // changes): a choice that leads back to itself would otherwise loop.
      const signature = `${d.prompt}\u0000${options.map((o) => o.text).join("\u0000")}`;
      let loop = loops.get(signature);
      if (loop && decisions - loop.at <= LOOP_WITHIN) loop.excluded.add(loop.index);
      else loops.set(signature, (loop = { excluded: new Set(), index: -1, at: 0 }));
      if (loops.size > 64) for (const [k, l] of loops) if (decisions - l.at > LOOP_WITHIN) loops.delete(k);
      const open = options.filter((o) => !loop.excluded.has(o.index));
      const index = choose(d, open.length ? open : options, rng, {
        tryable: (o) => (unhelpful.get(keyOf(d, o)) ?? 0) <= decisions,
        helpedBefore: (o) => helped.get(keyOf(d, o)) ?? 0,
      });
      const chosen = options[index]!;
      if (chosen.advice === null && d.defaultIndex !== null && index !== d.defaultIndex) trial = { key: keyOf(d, chosen), score: score() };
      loop.index = index;
      loop.at = decisions;
      return index;
    },
  };
}

interface Memory {
  /** May this action be tried now (it has not just failed to help)? */
  tryable(o: OptionView): boolean;
  helpedBefore(o: OptionView): number;
}

function choose(d: DecisionView, options: readonly OptionView[], rng: Rng, memory: Memory): number {
  if (options.length === 1) return options[0]!.index;
  if (options.some((o) => o.advice !== null)) return best(options, rng, (o) => o.advice ?? 0, (o) => (o.card ? strength(o.card) : 0));
  const fallback = d.defaultIndex;
  if (fallback !== null) {
    const actions = options.filter((o) => o.index !== fallback && memory.tryable(o));
    return actions.length ? best(actions, rng, memory.helpedBefore, () => 0) : fallback;
  }
  if (options.every((o) => o.card)) return best(options, rng, (o) => strength(o.card!), () => 0);
  return options[rng.below(options.length)]!.index;
}

/** The option worth most, ties broken by `then`, and then at random. */
function best(options: readonly OptionView[], rng: Rng, worth: (o: OptionView) => number, then: (o: OptionView) => number): number {
  let chosen: OptionView[] = [];
  let top = -Infinity;
  let second = -Infinity;
  for (const o of options) {
    const w = worth(o);
    const t = then(o);
    if (w > top || (w === top && t > second)) {
      chosen = [o];
      top = w;
      second = t;
    } else if (w === top && t === second) chosen.push(o);
  }
  return chosen[rng.below(chosen.length)]!.index;
}

/** A card's strength as its player sees it: the sum of its stats now. */
function strength(c: CardView): number {
  let n = 0;
  for (const k in c.stats) n += c.stats[k]!;
  return n;
}

function keyOf(d: DecisionView, o: OptionView): string {
  return `${d.prompt}\u0000${o.text}`;
}

/**
 * How well placed `me` is against the others (their average), from the view: the players' values, the
 * stats of the cards each controls in play, the cards in their private zones (a hand) and how many of
 * the zones they may have several of (provinces) they still have.
 */
export function positionScore(v: PlayerView, me: string): number {
  const others = v.players.filter((p) => p.name !== me && !p.eliminated).length || 1;
  const side = (name: string | null) => (name === me ? 1 : -1 / others);
  let score = 0;
  for (const p of v.players) {
    if (p.eliminated) continue;
    for (const k in p.values) score += side(p.name) * p.values[k]!;
  }
  const zonesOf = new Map<string, number>();
  for (const z of v.zones) {
    if (z.inPlay) for (const c of z.cards) score += side(c.controller) * strength(c);
    if (z.visibility === "private" && z.player !== null) score += side(z.player) * z.count;
    if (z.player !== null) zonesOf.set(`${z.player}\u0000${z.kind}`, (zonesOf.get(`${z.player}\u0000${z.kind}`) ?? 0) + 1);
  }
  for (const [key, n] of zonesOf) if (n > 1) score += side(key.slice(0, key.indexOf("\u0000"))) * ZONE_WEIGHT * n;
  return score;
}
