// A second hand-written baseline: the same duels as bench/duel-handwritten.ts, plus what the rules and
// an engine's pull API need and that baseline leaves out because nothing in the bench exercises it:
// - decisions described to the player (who decides, the prompt, each option and the card it names),
//   as a UI needs them, instead of a bare number of options;
// - "If a Personality involved leaves play, the duel ends immediately without resolution" (step J
//   still happens), checked after every step where cards could have moved;
// - the timing points other cards react to at each heading's start and end (duel begins, before
//   Scores, after J, duel ends, challenge ends), not only the named events;
// - the rule parameters cards may change (Cardinal Rule 1): refusal, focus pool size, who chooses
//   first, whether a Duelist decides, focuses from hand, duel stat, wins tied duels;
// - "instead of focusing" options from other cards.
// The compiled rules do all of these too.  Outcomes and decisions are the same as both others'.
import { createRng } from "../runtime/rng.ts";
import { defaultSetup, type DuelOutcome, type DuelSetup } from "./duel-generated.ts";
import { decideOutcome, focus, listeners, moveCard, notify, sidesOf, type DuelState, type PlainCard, type PlainPersonality, type Side } from "./duel-handwritten.ts";

interface Choice {
  readonly label: string;
  readonly card?: PlainCard | PlainPersonality;
}

interface Decision {
  readonly player: Side;
  readonly prompt: string;
  readonly options: readonly Choice[];
}

type Steps = Generator<Decision, void, number>;

/** Rule parameters cards have overridden (none here; every use still asks). */
const overrides = new Map<string, unknown>();
function param<T>(name: string, rule: T): T {
  const v = overrides.get(name);
  return v === undefined ? rule : (v as T);
}

function* choose(player: Side, prompt: string, options: readonly Choice[]): Generator<Decision, number, number> {
  // A decision with one option is forced and never asked.
  if (options.length === 1) return 0;
  return yield { player, prompt, options };
}

const cardChoices = (label: string, cards: readonly PlainCard[]): Choice[] => cards.map((card) => ({ label, card }));

function* challengeAndDuel(a: Side, b: Side, outcomes: DuelOutcome[]): Steps {
  // Challenges: fails if not two Personalities of different players; refusal where a rule allows it.
  if (a === b || !a.personality.inPlay || !b.personality.inPlay) return;
  notify("challenge begins", a.personality, b.personality);
  if (param("mayRefuse", false)) yield* choose(b, "Refuse the challenge?", [{ label: "yes" }, { label: "no" }]);
  notify("challenge ends");
  const d: DuelState = {
    challenger: a.personality, challenged: b.personality, struck: null, revealed: false, handFocused: [],
    mustWin: [], mustLose: [], winners: [], losers: [], aborted: false, decided: false, duelStat: "chi",
  };
  const sides = [a, b];
  notify("duel begins", d);
  const leftPlay = (): boolean => !a.personality.inPlay || !b.personality.inPlay;
  let challengerScore = 0;
  let challengedScore = 0;
  // Headings A-I; leaving play ends the duel without resolution, and J happens all the same.
  resolution: {
    // A: both Personalities enter the duel.
    notify("enters duel", a.personality);
    notify("enters duel", b.personality);
    if (leftPlay()) break resolution;
    // B: focus pools (the top cards of the Fate deck, fewer if it is short) and focusing areas.
    for (const s of sides) {
      const pool: PlainCard[] = (s.pool = []);
      for (const c of s.deck.slice(0, param("focusPoolSize", 3))) moveCard(c, pool, false);
    }
    for (const s of sides) s.focusing = [];
    // C: the first chooser (the challenged player unless exactly one Duelist decides); alternate until a strike.
    let chooser = param("firstChooser", b);
    if (param("duelistDecidesFirst", a.personality.duelist !== b.personality.duelist)) {
      const decider = a.personality.duelist ? a : b;
      chooser = (yield* choose(decider, "Who has the first choice to focus or strike?", [{ label: "challenger" }, { label: "challenged" }])) === 0 ? a : b;
    }
    while (d.struck === null) {
      const pool = chooser.pool!;
      const fromHand = d.handFocused.filter((s) => s === chooser).length < param("handFocusesPerDuel", 1);
      const hand = fromHand ? chooser.hand : [];
      const options: Choice[] = [{ label: "strike" }, ...cardChoices("focus", pool), ...cardChoices("focus from hand", hand)];
      for (const l of listeners.get("instead of focusing") ?? []) options.push({ label: String(l) });
      const pick = yield* choose(chooser, "Focus or strike?", options);
      if (pick === 0) {
        d.struck = chooser;
        notify("strikes", chooser);
      } else if (pick <= pool.length) {
        focus(chooser, pool[pick - 1]!, d);
      } else {
        d.handFocused.push(chooser);
        focus(chooser, hand[pick - 1 - pool.length]!, d);
      }
      if (leftPlay()) break resolution;
      chooser = chooser === b ? a : b;
    }
    // D: resolution begins.  E: reveal; later cards enter face up.
    for (const s of sides) for (const c of s.focusing!) c.faceUp = true;
    d.revealed = true;
    // F: Focus Effects, in an order the active player chooses.
    const waiting = [...a.focusing!, ...b.focusing!].filter((c) => c.hasFocusEffect);
    while (waiting.length > 0) waiting.splice(yield* choose(a, "Choose the next Focus Effect to resolve", cardChoices("", waiting)), 1);
    if (leftPlay()) break resolution;
    // G: scores: the duel stat plus modified Focus Values.
    notify("before scores", d);
    const stat = param("duelStat", d.duelStat);
    const score = (s: Side) => s.focusing!.reduce((sum, c) => sum + c.focusValue + c.focusModifier, s.personality[stat]);
    challengerScore = score(a);
    challengedScore = score(b);
    // H: winner and loser.
    decideOutcome(d, challengerScore, challengedScore, param("winsTiedDuels", d.challenger.winsTiedDuels), param("winsTiedDuels", d.challenged.winsTiedDuels));
    // I: consequences 1-5; simultaneous ones in an order the active player chooses.
    for (let step = 2; step <= 5; step++) {
      const list = [...(step <= 3 ? d.losers : d.winners)];
      while (list.length > 0) {
        const at = list.length === 1 ? 0 : yield* choose(a, "Choose whose consequences apply next", list.map((card) => ({ label: "", card })));
        notify(step <= 3 ? "loses duel" : "wins duel", list.splice(at, 1)[0]!);
        if (leftPlay()) break resolution;
      }
    }
  }
  d.aborted = leftPlay();
  // J: discard focused cards, end Focus Value changes, pools under the Fate decks in any order, areas
  // cease (a duel that ended before B has none).
  const focused = [...(a.focusing ?? []), ...(b.focusing ?? [])];
  for (const s of sides) for (const c of (s.focusing ?? []).slice()) moveCard(c, s.discard, true);
  for (const c of focused) c.focusModifier = 0;
  for (const s of sides) {
    const pool = s.pool ?? [];
    while (pool.length > 0) {
      const at = pool.length === 1 ? 0 : yield* choose(s, "Choose the next focus pool card to put under your Fate deck", cardChoices("", pool));
      moveCard(pool[at]!, s.deck, false);
    }
  }
  for (const s of sides) {
    s.pool = null;
    s.focusing = null;
  }
  notify("after J", d);
  notify("duel ends", d);
  const winner = d.winners.length === 2 ? "both" : d.winners.length === 0 ? "none" : d.winners[0] === d.challenger ? "challenger" : "challenged";
  outcomes.push({ winner, challengerScore, challengedScore });
}

// Its own driver, like the other baseline's (not one shared with a callback), so neither measured loop
// calls through code the other also runs.
export function runCompleteHandwrittenDuels(count: number, seed: number, setup: DuelSetup = defaultSetup): { outcomes: DuelOutcome[]; decisions: number } {
  const rng = createRng(seed);
  const answers: number[] = [];
  const [challenger, challenged] = sidesOf(setup);
  const outcomes: DuelOutcome[] = [];
  for (let n = 0; n < count; n++) {
    const duel = challengeAndDuel(challenger, challenged, outcomes);
    // The driver: each decision goes to the random agent, which picks uniformly among its options.
    for (let r = duel.next(); !r.done; ) {
      const i = rng.below(r.value.options.length);
      answers.push(i);
      r = duel.next(i);
    }
    // Between duels the discarded cards go back under the Fate decks.
    for (const s of [challenger, challenged]) for (const c of s.discard.slice()) moveCard(c, s.deck, false);
  }
  return { outcomes, decisions: answers.length };
}
