// The baseline: the same duels written by hand in plain TypeScript, with the same random choices
// (the same decisions, offered in the same order, answered by the same seeded generator).  It is what
// an engine developer would write for Challenges and Duels without a rules language: the same steps
// (a challenge's checks and refusal, headings A-J, focus from hand, Focus Effects, ties, forced
// outcomes, consequences 1-5, final steps), card objects moving between zones, listeners for the
// points other cards react to, a duel that stops at each decision until it is answered (the pull API
// an engine needs), and the answers recorded for replay.
import { createRng } from "../runtime/rng.ts";
import { defaultSetup, type DuelOutcome, type DuelSetup } from "./duel-generated.ts";

export interface PlainCard {
  readonly id: number;
  readonly focusValue: number;
  readonly hasFocusEffect: boolean;
  faceUp: boolean;
  zone: PlainCard[];
  focusModifier: number;
}

export interface PlainPersonality {
  readonly chi: number;
  readonly force: number;
  readonly duelist: boolean;
  readonly winsTiedDuels: boolean;
  inPlay: boolean;
}

export interface Side {
  readonly personality: PlainPersonality;
  readonly deck: PlainCard[];
  readonly hand: PlainCard[];
  readonly discard: PlainCard[];
  pool: PlainCard[] | null;
  focusing: PlainCard[] | null;
}

export type Outcome = "win" | "lose" | "none";

/** Listeners other cards would register: empty here, but every point still checks them. */
export const listeners = new Map<string, ((...args: unknown[]) => void)[]>();
export function notify(event: string, ...args: unknown[]): void {
  const ls = listeners.get(event);
  if (ls) for (const l of ls) l(...args);
}

export function moveCard(c: PlainCard, to: PlainCard[], faceUp: boolean | null): void {
  c.zone.splice(c.zone.indexOf(c), 1);
  to.push(c);
  c.zone = to;
  if (faceUp !== null) c.faceUp = faceUp;
}

/** A decision: how many options; the duel is resumed with the chosen index. */
type Steps = Generator<number, void, number>;

function* choose(options: number): Generator<number, number, number> {
  // A decision with one option is forced and never asked.
  if (options === 1) return 0;
  return yield options;
}

export interface DuelState {
  challenger: PlainPersonality;
  challenged: PlainPersonality;
  struck: Side | null;
  revealed: boolean;
  handFocused: Side[];
  mustWin: PlainPersonality[];
  mustLose: PlainPersonality[];
  winners: PlainPersonality[];
  losers: PlainPersonality[];
  aborted: boolean;
  decided: boolean;
  duelStat: "chi" | "force";
}

function* challengeAndDuel(a: Side, b: Side, outcomes: DuelOutcome[]): Steps {
  // Challenges: fails if not two Personalities of different players (always fine here); no refusal.
  if (a === b || !a.personality.inPlay || !b.personality.inPlay) return;
  notify("challenge begins", a.personality, b.personality);
  const refusable = false;
  if (refusable) yield* choose(2);
  const d: DuelState = {
    challenger: a.personality, challenged: b.personality, struck: null, revealed: false, handFocused: [],
    mustWin: [], mustLose: [], winners: [], losers: [], aborted: false, decided: false, duelStat: "chi",
  };
  const sides = [a, b];
  // A: both Personalities enter the duel.
  notify("enters duel", a.personality);
  notify("enters duel", b.personality);
  // B: focus pools (top three Fate cards, fewer if the deck is short) and focusing areas.
  for (const s of sides) {
    const pool: PlainCard[] = (s.pool = []);
    for (const c of s.deck.slice(0, 3)) moveCard(c, pool, false);
  }
  for (const s of sides) s.focusing = [];
  // C: the challenged player chooses first (unless exactly one Duelist decides); alternate until a strike.
  let chooser = b;
  if (a.personality.duelist !== b.personality.duelist) {
    const decider = a.personality.duelist ? a : b;
    void decider;
    chooser = (yield* choose(2)) === 0 ? a : b;
  }
  while (d.struck === null) {
    const pool = chooser.pool!;
    const hand = d.handFocused.includes(chooser) ? [] : chooser.hand;
    const pick = yield* choose(1 + pool.length + hand.length);
    if (pick === 0) {
      d.struck = chooser;
      notify("strikes", chooser);
    } else if (pick <= pool.length) {
      focus(chooser, pool[pick - 1]!, d);
    } else {
      d.handFocused.push(chooser);
      focus(chooser, hand[pick - 1 - pool.length]!, d);
    }
    chooser = chooser === b ? a : b;
  }
  // D: resolution begins.  E: reveal; later cards enter face up.
  for (const s of sides) for (const c of s.focusing!) c.faceUp = true;
  d.revealed = true;
  // F: Focus Effects, in an order the active player chooses (none of these cards has one).
  const waiting = [...a.focusing!, ...b.focusing!].filter((c) => c.hasFocusEffect);
  while (waiting.length > 0) waiting.splice(yield* choose(waiting.length), 1);
  // G: scores: the duel stat plus modified Focus Values.
  const score = (s: Side) => s.focusing!.reduce((sum, c) => sum + c.focusValue + c.focusModifier, s.personality[d.duelStat]);
  const challengerScore = score(a);
  const challengedScore = score(b);
  decideOutcome(d, challengerScore, challengedScore, d.challenger.winsTiedDuels, d.challenged.winsTiedDuels);
  // I: consequences 1-5; simultaneous ones in an order the active player chooses.
  for (let step = 2; step <= 5; step++) {
    const list = [...(step <= 3 ? d.losers : d.winners)];
    while (list.length > 0) {
      const p = list.splice(list.length === 1 ? 0 : yield* choose(list.length), 1)[0]!;
      notify(step <= 3 ? "loses duel" : "wins duel", p);
    }
  }
  // J: discard focused cards, end Focus Value changes, pools under the Fate decks in any order, areas cease.
  const focused = [...a.focusing!, ...b.focusing!];
  for (const s of sides) for (const c of s.focusing!.slice()) moveCard(c, s.discard, true);
  for (const c of focused) c.focusModifier = 0;
  for (const s of sides) {
    const pool = s.pool!;
    while (pool.length > 0) moveCard(pool[pool.length === 1 ? 0 : yield* choose(pool.length)]!, s.deck, false);
  }
  for (const s of sides) {
    s.pool = null;
    s.focusing = null;
  }
  const winner = d.winners.length === 2 ? "both" : d.winners.length === 0 ? "none" : d.winners[0] === d.challenger ? "challenger" : "challenged";
  outcomes.push({ winner, challengerScore, challengedScore });
}

/** H: the higher score wins; a tie makes both lose unless they win tied duels; forced outcomes. */
export function decideOutcome(d: DuelState, challengerScore: number, challengedScore: number, challengerWinsTies: boolean, challengedWinsTies: boolean): void {
  if (challengerScore === challengedScore) {
    if (challengerWinsTies && !d.mustLose.includes(d.challenger)) d.mustWin.push(d.challenger);
    if (challengedWinsTies && !d.mustLose.includes(d.challenged)) d.mustWin.push(d.challenged);
  }
  const forced = (p: PlainPersonality): Outcome => (d.mustLose.includes(p) ? "lose" : d.mustWin.includes(p) ? "win" : "none");
  let oa = forced(d.challenger);
  let ob = forced(d.challenged);
  if (oa === "none" && ob === "none") {
    oa = challengerScore > challengedScore ? "win" : "lose";
    ob = challengedScore > challengerScore ? "win" : "lose";
  } else if (oa === "none") oa = ob === "win" ? "lose" : "win";
  else if (ob === "none") ob = oa === "win" ? "lose" : "win";
  (oa === "win" ? d.winners : d.losers).push(d.challenger);
  (ob === "win" ? d.winners : d.losers).push(d.challenged);
  d.decided = true;
}

export function focus(s: Side, c: PlainCard, d: DuelState): void {
  moveCard(c, s.focusing!, false);
  if (d.revealed) c.faceUp = true;
  notify("focuses", s, c);
}

/** The challenger's and the challenged player's sides as the set-up describes them. */
export function sidesOf(setup: DuelSetup): [Side, Side] {
  let nextId = 0;
  const side = (chi: number, deckValues: readonly number[]): Side => {
    const s: Side = {
      personality: { chi, force: 2, duelist: false, winsTiedDuels: false, inPlay: true },
      deck: [], hand: [], discard: [], pool: null, focusing: null,
    };
    for (const v of deckValues) s.deck.push({ id: ++nextId, focusValue: v, hasFocusEffect: false, faceUp: false, zone: s.deck, focusModifier: 0 });
    return s;
  };
  return [side(setup.challengerChi, setup.challengerDeck), side(setup.challengedChi, setup.challengedDeck)];
}

export function runHandwrittenDuels(count: number, seed: number, setup: DuelSetup = defaultSetup): { outcomes: DuelOutcome[]; decisions: number } {
  const rng = createRng(seed);
  const answers: number[] = [];
  const [challenger, challenged] = sidesOf(setup);
  const outcomes: DuelOutcome[] = [];
  for (let n = 0; n < count; n++) {
    const duel = challengeAndDuel(challenger, challenged, outcomes);
    // The driver: each decision goes to the random agent, which picks uniformly.
    for (let r = duel.next(); !r.done; ) {
      const i = rng.below(r.value);
      answers.push(i);
      r = duel.next(i);
    }
    // Between duels the discarded cards go back under the Fate decks.
    for (const s of [challenger, challenged]) for (const c of s.discard.slice()) moveCard(c, s.deck, false);
  }
  return { outcomes, decisions: answers.length };
}
