// Agents answer decisions for players: a seeded random agent (simulation, fuzzing), a greedy one that
// plays to win (./greedy-agent.ts), a scripted agent (scenarios) and a replay agent (answers recorded
// from an earlier run).
import type { Decision, Option } from "./decisions.ts";
import { describeOption } from "./decisions.ts";
import type { Card, Player, Zone } from "./model.ts";
import { createRng } from "./rng.ts";
import type { DecisionView, PlayerView } from "./view.ts";
import { greedyAgent } from "./greedy-agent.ts";

/** An agent inside the engine: it is handed the decision itself (scripts and replays name cards). */
export interface Agent {
  /** The index of the chosen option. */
  decide(d: Decision): number;
}

/** An agent that plays as a player would: it is shown only what its player may see (the decision as
 *  that player sees it, and on asking, the game as they see it). */
export interface PlayerAgent {
  readonly seesOnly: "view";
  decide(d: DecisionView, view: () => PlayerView): number;
}

export function randomAgent(seed: number): PlayerAgent {
  const rng = createRng(seed);
  return { seesOnly: "view", decide: (d) => rng.below(d.optionCount) };
}

/** The agents a simulated game seats, by name (`--agent random|greedy`). */
export const PLAYING_AGENTS: Readonly<Record<"random" | "greedy", (seed: number) => PlayerAgent>> = { random: randomAgent, greedy: greedyAgent };
export type AgentName = keyof typeof PLAYING_AGENTS;

/** Gives recorded answers in order; a recorded answer that is not an option of its decision (a corrupted
 *  record) stops the replay there, naming the decision. */
export function replayAgent(answers: readonly number[]): Agent {
  let next = 0;
  return {
    decide: (d) => {
      if (next >= answers.length) throw new ReplayExhausted(next);
      const a = answers[next];
      if (typeof a !== "number" || !Number.isInteger(a) || a < 0 || a >= d.options.length) {
        throw new ReplayMismatch(next, `recorded answer ${JSON.stringify(a) ?? String(a)} is not one of the ${d.options.length} options of "${d.prompt}"`);
      }
      next++;
      return a;
    },
  };
}

export class ReplayExhausted extends Error {
  constructor(readonly at: number) {
    super(`the recorded answers ran out at decision ${at + 1}`);
  }
}

export class ReplayMismatch extends Error {
  constructor(
    readonly at: number,
    why: string,
  ) {
    super(`replay fails at decision ${at + 1}: ${why}`);
  }
}

/**
 * A player who answers illegally part of the time (out of range, the wrong kind, garbage) and otherwise
 * as `honest` does (at random by default): the game must reject each bad answer, change nothing, and go on.
 */
export function hostileAgent(seed: number, share = 0.3, honest: PlayerAgent = randomAgent(seed ^ 0x2545f491)): PlayerAgent {
  const rng = createRng(seed);
  const garbage: unknown[] = [-1, 1e9, Number.NaN, 0.5, "0", null, undefined, {}, [], Infinity, -0.0001];
  return {
    seesOnly: "view",
    decide: (d, view) => (rng.below(1000) < share * 1000 ? (garbage[rng.below(garbage.length)] as number) : honest.decide(d, view)),
  };
}

/** What a scenario says a player answers: any of a label, a card and a player that name an option. */
export interface ScriptedAnswer {
  readonly player: Player;
  readonly label?: string;
  readonly card?: Card;
  readonly subject?: Player;
  readonly zone?: Zone;
  /** Where the answer was written, for failure messages. */
  readonly source: string;
}

export class UnscriptedDecision extends Error {}

function matches(o: Option, a: ScriptedAnswer): boolean {
  if (a.label !== undefined && o.label !== a.label) return false;
  if (a.card !== undefined && o.card !== a.card && o.use?.card !== a.card) return false;
  if (a.subject !== undefined && o.player !== a.subject) return false;
  if (a.zone !== undefined && o.zone !== a.zone) return false;
  return true;
}

/**
 * Answers from a script, in order.  A decision takes the next scripted answer when that answer is for
 * its player and names one of its options; otherwise it takes its default (pass, decline, keep the
 * order); a decision with no default and no fitting answer fails the scenario, or with `unscripted
 * first` takes its first option.  (A choice with one option never reaches an agent.)
 */
export function scriptedAgent(script: ScriptedAnswer[], onUnscripted: () => "fail" | "first"): Agent {
  return {
    decide(d) {
      const next = script[0];
      if (next && next.player === d.player) {
        const i = d.options.findIndex((o) => matches(o, next));
        if (i >= 0) {
          script.shift();
          return i;
        }
      }
      if (d.defaultIndex !== null) return d.defaultIndex;
      if (onUnscripted() === "first") return 0;
      const options = d.options.map(describeOption).join(", ");
      const expected = next ? ` (the next scripted answer, ${next.source}, does not fit)` : "";
      throw new UnscriptedDecision(`no scripted answer for ${d.player.name}: "${d.prompt}" [${options}]${expected}`);
    },
  };
}
