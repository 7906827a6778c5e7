// A game and its driver: the pull API engines use (pending decision, answer, log) and the loop that
// lets in-process agents answer.  A game is reproducible from (rules, set-up, seed, answers).
import type { Rt, Steps } from "./rt.ts";
import type { DeckSpec, Player, RulesBundle } from "./model.ts";
import type { Choice, Decision } from "./decisions.ts";
import { describeOption } from "./decisions.ts";
import type { LogEntry, LogListener } from "./log.ts";
import type { Agent, PlayerAgent } from "./agents.ts";
import { decisionView, entryFor, playerView, type PlayerView, type Seen } from "./view.ts";
import { adviceFor } from "./advice.ts";
import { Engine } from "./engine.ts";
import { createRng } from "./rng.ts";
import { DeckRefused, GameOver, IllegalAnswer, RuleError } from "./errors.ts";

export interface GameSetup {
  readonly bundle: RulesBundle;
  readonly players: readonly string[];
  /** Each player's deck, in the order of `players` (none: the zones start empty). */
  readonly decks?: readonly DeckSpec[];
  readonly seed: number;
  /** Keep events and state changes in the log (default); false keeps only the decisions (and still
   *  pushes every entry to subscribers). */
  readonly fullLog?: boolean;
  /** With `fullLog` false, keep the decisions in the log (default); false keeps no entry at all (the
   *  answers are kept all the same, so the game can be replayed): for simulations that read outcomes. */
  readonly keepDecisions?: boolean;
  readonly stepCap?: number;
  /** Check after every answer that each card is in exactly one place (test runs). */
  readonly checkInvariants?: boolean;
  readonly recordEmits?: boolean;
}

export interface GameResult {
  /** The winner's name, or null for a draw. */
  readonly winner: string | null;
  /** "Honor", "Military", "Dishonor", "Enlightenment", a card's title, or why it is drawn. */
  readonly victory: string;
}

/** An answer by numbers: the pending decision's id, an option's index, and (checked when given) the
 *  player who answers.  A decision's own answers are its `choicesOf` (a Choice is an AnswerInput). */
export interface AnswerInput {
  readonly decision: number;
  readonly option: number;
  readonly player?: string;
}

/** Reads an answer that came from outside (a client's JSON): its shape checked, or IllegalAnswer. */
export function readAnswer(input: unknown): AnswerInput {
  const o = input as { decision?: unknown; option?: unknown; player?: unknown } | null;
  if (typeof o !== "object" || o === null || typeof o.decision !== "number" || typeof o.option !== "number" || (o.player !== undefined && typeof o.player !== "string")) {
    throw new IllegalAnswer("an answer must name a decision and an option by number (and may name the player)");
  }
  return { decision: o.decision, option: o.option, ...(o.player !== undefined ? { player: o.player as string } : {}) };
}

export interface Game {
  /** What the game was created from (with the answers, what a snapshot keeps). */
  readonly setup: GameSetup;
  readonly rt: Rt;
  readonly engine: Engine;
  readonly players: readonly Player[];
  readonly log: readonly LogEntry[];
  /** Every answer given, in order: with the seed, enough to replay the game. */
  readonly answers: readonly number[];
  readonly rejections: readonly string[];
  readonly finished: boolean;
  /** How the game ended (null while it runs, or when its main procedure simply returned). */
  readonly result: GameResult | null;
  /** Why a deck was refused before play (it breaks a construction rule), or null. */
  readonly refused: string | null;
  /** The agent answering for a player (or, with null, for every player without one); a PlayerAgent
   *  is shown only what that player may see. */
  setAgent(player: Player | null, agent: Agent): void;
  setAgent(player: Player | null, agent: PlayerAgent): void;
  /** Runs `main` until it needs an answer nobody's agent gives, or ends. */
  start(main: (rt: Rt) => Steps<unknown>): void;
  /** Runs the direct form of a main procedure (generated code's `$direct` functions) to the end of the
   *  game, each decision answered at once by the players' agents (every player needs one): the same
   *  steps, log and answers as `start`, without suspending the rules at each decision. */
  run(main: (rt: Rt) => unknown): void;
  pending(): Decision | null;
  /** Answers the pending decision (with one of its `choicesOf`, or by numbers); an illegal answer
   *  throws IllegalAnswer and changes nothing. */
  answer(input: AnswerInput | Choice): void;
  /** The game as a player (by name) may see it now: their private zones, face-up cards, counts of the
   *  rest, and their pending decision's options. */
  view(player: string): PlayerView;
  /** Pushes every log entry from now on to `listener`; for a `player`, as that player may see it.
   *  Returns the way to stop. */
  subscribe(listener: LogListener, options?: { readonly player?: string }): () => void;
}

const MAX_AGENT_RETRIES = 20;

class GameImpl implements Game {
  readonly engine: Engine;
  readonly answers: number[] = [];
  readonly rejections: string[] = [];
  finished = false;
  result: GameResult | null = null;
  refused: string | null = null;
  private main: Steps<unknown> | null = null;
  private started = false;
  private pendingDecision: Decision | null = null;
  private readonly agents = new Map<Player | null, Agent | PlayerAgent>();
  /** What views are made from (a player's view reads the state, stats and advice through it). */
  private readonly seen: Seen;

  constructor(readonly setup: GameSetup) {
    this.engine = new Engine(setup.bundle, createRng(setup.seed), {
      seed: setup.seed,
      fullLog: setup.fullLog ?? true,
      keepDecisions: setup.keepDecisions ?? true,
      stepCap: setup.stepCap ?? 500_000,
      recordEmits: setup.recordEmits ?? false,
      checkEveryStep: setup.checkInvariants ?? false,
    });
    const engine = this.engine;
    this.seen = { state: engine.state, stat: (c, stat) => engine.stat(c, stat), advise: (d, i) => adviceFor(engine, setup.bundle, d, i) };
    for (const name of setup.players) this.engine.state.addPlayer(name);
    if (setup.decks) {
      if (setup.decks.length !== setup.players.length) throw new RuleError(`${setup.players.length} players need ${setup.players.length} decks, not ${setup.decks.length}`);
      setup.decks.forEach((deck, i) => this.engine.setUpDeck(this.engine.state.players[i]!, deck));
    }
  }

  get rt(): Rt {
    return this.engine;
  }
  get players(): readonly Player[] {
    return this.engine.state.players;
  }
  get log(): readonly LogEntry[] {
    return this.engine.log.entries;
  }

  setAgent(player: Player | null, agent: Agent | PlayerAgent): void {
    this.agents.set(player, agent);
    this.seatAgents = null;
  }

  /** Each player's agent (its own, else the one for every player), by player id: asked at every decision. */
  private seatAgents: (Agent | PlayerAgent | undefined)[] | null = null;

  private agentOf(p: Player): Agent | PlayerAgent | undefined {
    const seats = (this.seatAgents ??= this.players.map((q) => this.agents.get(q) ?? this.agents.get(null)));
    return seats[p.id];
  }

  private playerNamed(name: string): Player {
    const p = this.players.find((x) => x.name === name);
    if (!p) throw new RuleError(`no player is named "${name}" (players: ${this.players.map((x) => x.name).join(", ")})`);
    return p;
  }

  view(player: string): PlayerView {
    return playerView(this.seen, this.playerNamed(player), this.pendingDecision);
  }

  subscribe(listener: LogListener, options: { readonly player?: string } = {}): () => void {
    if (options.player === undefined) return this.engine.log.subscribe(listener);
    const viewer = this.playerNamed(options.player);
    return this.engine.log.subscribe((e) => listener(entryFor(this.engine.state, viewer, e, e.kind === "decision" ? this.answering : null)));
  }

  /** The decision whose answer is being logged (its options were shown to its player). */
  private answering: Decision | null = null;

  start(main: (rt: Rt) => Steps<unknown>): void {
    if (this.started) throw new RuleError("the game has already started");
    this.started = true;
    this.main = main(this.engine);
    this.resume(undefined);
  }

  run(main: (rt: Rt) => unknown): void {
    if (this.started) throw new RuleError("the game has already started");
    this.started = true;
    this.engine.answerer = (d) => this.answerAtOnce(d);
    try {
      main(this.engine);
      if (this.setup.checkInvariants) this.checkInvariants();
      this.finished = true;
    } catch (e) {
      this.ended(e);
    } finally {
      this.engine.answerer = null;
    }
  }

  /** A decision of a direct run: what `drive` does with each decision yielded, returning the answer. */
  private answerAtOnce(d: Decision): number {
    if (this.setup.checkInvariants) this.checkInvariants();
    this.pendingDecision = d;
    const agent = this.agentOf(d.player);
    if (!agent) return this.engine.fail(`no agent answers for ${d.player.name}: a game run directly needs an agent for every player`);
    const index = this.askAgent(agent, d);
    this.accept(d, index);
    return index;
  }

  pending(): Decision | null {
    return this.pendingDecision;
  }

  answer(input: AnswerInput | Choice): void {
    const d = this.pendingDecision;
    const problem = typeof input !== "object" || input === null ? "an answer must name a decision and an option" : this.validate(d, input.decision, input.option, input.player);
    if (problem) {
      this.rejections.push(problem);
      throw new IllegalAnswer(problem);
    }
    this.accept(d!, input.option as number);
    this.resume(input.option as number);
  }

  private validate(d: Decision | null, decision: unknown, o: unknown, player: unknown): string | null {
    if (this.finished) return "the game is over";
    if (!d) return "the game is not waiting for a decision";
    if (decision !== d.id) return `decision ${String(decision)} is not the pending decision (${d.id})`;
    if (player !== undefined && player !== d.player.name) {
      return `decision ${d.id} is for ${d.player.name}, not ${String(player)}`;
    }
    if (typeof o !== "number" || !Number.isInteger(o) || o < 0 || o >= d.options.length) {
      return `decision ${d.id} takes an option from 0 to ${d.options.length - 1}, not ${JSON.stringify(o) ?? String(o)}`;
    }
    return null;
  }

  private accept(d: Decision, index: number): void {
    this.answers.push(index);
    this.pendingDecision = null;
    // Decisions are logged (with fullLog false, they are all the log keeps) unless nothing is kept.
    if (!this.engine.log.decisions) return;
    this.answering = d;
    const chose = describeOption(d.options[index]!);
    const about = d.about;
    this.engine.log.add(about ? { kind: "decision", id: d.id, player: d.player.name, prompt: d.prompt, about: `${about.def.title}#${about.id}`, chose } : { kind: "decision", id: d.id, player: d.player.name, prompt: d.prompt, chose });
    this.answering = null;
  }

  private resume(value: number | undefined): void {
    try {
      this.drive(value);
    } catch (e) {
      this.ended(e);
    }
  }

  /** The game stopped by an exception: it is over (won, drawn or refused), or the error goes on. */
  private ended(e: unknown): void {
    this.finished = true;
    this.pendingDecision = null;
    if (e instanceof GameOver) {
      this.result = { winner: e.winner, victory: e.victory };
      return;
    }
    if (e instanceof DeckRefused) {
      this.refused = e.message;
      return;
    }
    // A rule error raised by the state (a card not where it should be) learns where the game was.
    if (e instanceof RuleError && !/\(seed \d+, step \d+\)$/.test(e.message)) throw new RuleError(this.engine.where(e.message));
    throw e;
  }

  private drive(value: number | undefined): void {
    const main = this.main!;
    let r = value === undefined ? main.next() : main.next(value);
    for (;;) {
      if (this.setup.checkInvariants) this.checkInvariants();
      if (r.done) {
        this.finished = true;
        return;
      }
      const d = r.value;
      this.pendingDecision = d;
      const agent = this.agentOf(d.player);
      if (!agent) return;
      const index = this.askAgent(agent, d);
      this.accept(d, index);
      r = main.next(index);
    }
  }

  /** An agent that answers illegally is told so and asked again; the game state does not change. */
  private askAgent(agent: Agent | PlayerAgent, d: Decision): number {
    for (let attempt = 0; attempt < MAX_AGENT_RETRIES; attempt++) {
      const index = "seesOnly" in agent ? agent.decide(decisionView(this.seen, d.player, d), () => playerView(this.seen, d.player, d)) : agent.decide(d);
      const problem = this.validate(d, d.id, index, undefined);
      if (!problem) return index;
      this.rejections.push(problem);
    }
    return this.engine.fail(`the agent for ${d.player.name} gave ${MAX_AGENT_RETRIES} illegal answers in a row`);
  }

  private checkInvariants(): void {
    const problem = this.engine.state.checkInvariants();
    if (problem) this.engine.fail(`invariant broken: ${problem}`);
  }
}

export function createGame(setup: GameSetup): Game {
  return new GameImpl(setup);
}
