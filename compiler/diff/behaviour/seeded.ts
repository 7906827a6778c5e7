// One seed played under both versions: a whole game between the declared decks, or a trial scenario,
// with seeded random players; the two outcomes and, when the logs part, where they first do.
import { firstDifference, playGame, randomAgent, ScenarioRun, type DeckSpec, type LogEntry, type RulesBundle, type ScenarioDef } from "../../../runtime/api.ts";

export interface Loaded {
  readonly bundle: RulesBundle;
  readonly decks: readonly DeckSpec[];
  readonly scenarios: readonly ScenarioDef[];
}

export interface Played {
  /** "Crane Duelists won (Honor)", "draw (turn cap)", "the challenger won", "error: ...". */
  readonly outcome: string;
  readonly log: readonly LogEntry[];
}

export interface StepAt {
  /** The innermost sequence running ("duel#7"), or null outside any. */
  readonly frame: string | null;
  /** The first decision put at or after the point (who, the prompt, the answer). */
  readonly decision: { readonly player: string; readonly prompt: string; readonly chose: string } | null;
  readonly entry: LogEntry | null;
}

export interface Divergence {
  /** 1-based number of the decision where the games part (the first one after the common part). */
  readonly decision: number;
  readonly old: StepAt;
  readonly new: StepAt;
}

export interface SeedResult {
  readonly seed: number;
  /** "game", or the trial's title. */
  readonly what: string;
  readonly old: string;
  readonly new: string;
  readonly divergence: Divergence | null;
}

const AGENT_SALT = 0x5bd1e995;

export function playGameSeed(v: Loaded, decks: readonly DeckSpec[], seed: number): Played {
  try {
    const o = playGame({ bundle: v.bundle, decks, seed, fullLog: true });
    const outcome = o.refused ? `refused: ${o.refused}` : o.result ? (o.result.winner ? `${o.result.winner} won (${o.result.victory})` : `draw (${o.result.victory})`) : "no result";
    return { outcome, log: o.game.log };
  } catch (e) {
    return { outcome: `error: ${e instanceof Error ? e.message : String(e)}`, log: [] };
  }
}

/** A trial: its set-up and every decision random (the set-up from the game's seeded stream, the
 *  answers from the agent's); its outcome is how it declares the game ended. */
export function playTrialSeed(v: Loaded, title: string, seed: number): Played {
  const def = v.scenarios.find((s) => s.title === title);
  if (!def) return { outcome: "error: no such trial in this version", log: [] };
  const s = new ScenarioRun(v.bundle, seed);
  s.game.setAgent(null, randomAgent(seed ^ AGENT_SALT));
  try {
    s.game.start((rt) => def.run(s, rt));
  } catch (e) {
    return { outcome: `error: ${e instanceof Error ? e.message : String(e)}`, log: s.game.log };
  }
  const r = s.game.result;
  return { outcome: r ? r.victory : "no result", log: s.game.log };
}

export function compareSeed(what: string, seed: number, a: Played, b: Played): SeedResult {
  const at = a.log.length || b.log.length ? firstDifference(a.log, b.log) : null;
  return { seed, what, old: a.outcome, new: b.outcome, divergence: at === null ? null : divergenceAt(a.log, b.log, at) };
}

function divergenceAt(a: readonly LogEntry[], b: readonly LogEntry[], at: number): Divergence {
  let decisions = 0;
  for (let i = 0; i < at; i++) if (a[i]!.kind === "decision") decisions++;
  return { decision: decisions + 1, old: stepAt(a, at), new: stepAt(b, at) };
}

function stepAt(log: readonly LogEntry[], at: number): StepAt {
  const open: string[] = [];
  for (let i = 0; i < Math.min(at, log.length); i++) {
    const e = log[i]!;
    if (e.kind === "begin") open.push(String(e.frame));
    else if (e.kind === "end") open.pop();
  }
  let decision: StepAt["decision"] = null;
  for (let i = at; i < log.length; i++) {
    const e = log[i]!;
    if (e.kind === "decision") {
      decision = { player: String(e.player), prompt: String(e.prompt), chose: String(e.chose) };
      break;
    }
  }
  return { frame: open[open.length - 1] ?? null, decision, entry: log[at] ?? null };
}
