// One seed played under both versions: a whole game between the declared decks, or a trial scenario,
// with seeded players (random, or the agents named per seat); the two outcomes and, when the logs
// part, where they first do.
import { firstDifference, playGame, PLAYING_AGENTS, randomAgent, ScenarioRun, type AgentName, type DeckSpec, type Game, type LogEntry, type PlayerAgent, type RulesBundle, type ScenarioDef } from "../../../runtime/api.ts";

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

export function playGameSeed(v: Loaded, decks: readonly DeckSpec[], seed: number, agents: readonly AgentName[] = ["random"]): Played {
  try {
    const o = playGame({ bundle: v.bundle, decks, seed, fullLog: true, agents });
    const outcome = o.refused ? `refused: ${o.refused}` : o.result ? (o.result.winner ? `${o.result.winner} won (${o.result.victory})` : `draw (${o.result.victory})`) : "no result";
    return { outcome, log: o.game.log };
  } catch (e) {
    return { outcome: `error: ${e instanceof Error ? e.message : String(e)}`, log: [] };
  }
}

/** A trial: its set-up random (from the game's seeded stream) and every decision made by seeded random
 *  players (or the agents named per seat, in the order the trial seats its players); its outcome is how
 *  it declares the game ended. */
export function playTrialSeed(v: Loaded, title: string, seed: number, agents: readonly AgentName[] = ["random"]): Played {
  const def = v.scenarios.find((s) => s.title === title);
  if (!def) return { outcome: "error: no such trial in this version", log: [] };
  const s = new ScenarioRun(v.bundle, seed);
  s.game.setAgent(null, agents.every((a) => a === "random") ? randomAgent(seed ^ AGENT_SALT) : bySeat(s.game, agents, seed ^ AGENT_SALT));
  try {
    s.game.start((rt) => def.run(s, rt));
  } catch (e) {
    return { outcome: `error: ${e instanceof Error ? e.message : String(e)}`, log: s.game.log };
  }
  const r = s.game.result;
  return { outcome: r ? r.victory : "no result", log: s.game.log };
}

/** Hands each decision to the agent of its player's seat (the trial seats its players as it runs). */
function bySeat(game: Game, agents: readonly AgentName[], salted: number): PlayerAgent {
  const seats = new Map<string, PlayerAgent>();
  return {
    seesOnly: "view",
    decide(d, view) {
      let agent = seats.get(d.player);
      if (!agent) {
        const i = game.players.findIndex((p) => p.name === d.player);
        seats.set(d.player, (agent = PLAYING_AGENTS[agents[i % agents.length]!](salted + i + 1)));
      }
      return agent.decide(d, view);
    },
  };
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
