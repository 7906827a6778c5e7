// The engine's base: what every part of it keeps (the game state, lasting effects, the log, the
// running sequences and subjects, the continuous layer's marks), the set-up from the rules bundle,
// and the bookkeeping: the version and cache of rules functions, the step cap and failures.
// The layers above it, one concern a file, end in the Engine (engine.ts).
import type { AbortWatch, CacheEntry, Hook, LoopMark, Rt, Steps } from "../rt.ts";
import type { Card, Frame, Player, RulesBundle, Use } from "../model.ts";
import { GameState } from "../state.ts";
import { EffectStore, type ModifierTest } from "../effects.ts";
import { GameLog } from "../log.ts";
import { RuleError } from "../errors.ts";
import { removeAt } from "../lists.ts";
import type { Rng } from "../rng.ts";
import { TriggerIndex } from "../triggers.ts";

/** A sequence about no card (see Engine.frameCard). */
export const NO_CARD = Symbol("no card");
export const isCard = (v: unknown): v is Card => typeof v === "object" && v !== null && "attachedTo" in v;
export const isPlayer = (v: unknown): v is Player => typeof v === "object" && v !== null && "eliminated" in v;

export interface EngineOptions {
  readonly seed: number;
  readonly fullLog: boolean;
  /** Keep the decisions in the log when the rest is not kept (default: yes). */
  readonly keepDecisions?: boolean;
  readonly stepCap: number;
  /** Keep every emitted event with its arguments (scenarios count them). */
  readonly recordEmits: boolean;
  /** Check at every step (each event and timing point) that every card is in exactly one place. */
  readonly checkEveryStep?: boolean;
}

interface Watcher {
  readonly frame: Frame;
  readonly event: string;
  readonly watch: AbortWatch;
}

// The layers read and call one another through the runtime API: each is an Rt as the Engine is.
export interface EngineBase extends Rt {}

export abstract class EngineBase {
  readonly state: GameState;
  readonly effects = new EffectStore();
  readonly log: GameLog;
  readonly emits: { event: string; args: readonly unknown[] }[] = [];
  /** (read by windows.ts) */
  readonly triggers: TriggerIndex;
  protected readonly openFrames: Frame[] = [];
  protected readonly lastFrames = new Map<string, Frame>();
  protected watchers: Watcher[] = [];
  protected readonly delayed = new Map<Frame, Hook[]>();
  /** Durations that end when an event next happens (rt.untilEvent). */
  protected readonly endingAt: { event: string; args: readonly unknown[]; frame: Frame }[] = [];
  /** Delayed effects waiting for an event (rt.once), in the order they were made. */
  protected readonly waiting: { event: string; until: Frame | null; when: (args: readonly unknown[]) => boolean; body: (args: readonly unknown[]) => Steps; each: boolean; group: object | null }[] = [];
  protected readonly observers = new Map<string, ((args: readonly unknown[]) => void)[]>();
  /** Events something watches, observes or listens to (the rest need no work when emitted). */
  protected readonly interesting = new Set<string>();
  protected activePlayer: Player | null = null;
  protected decisionCount = 0;
  /** What is running, innermost last (sequences and ability uses): what a decision is about. */
  protected readonly subjects: (Frame | Use)[] = [];
  /** Beside each subject (index for index), the one card it is about if it is a sequence, once worked
   *  out (undefined: not yet; see frameCard).  An array kept with `subjects`, not a Map by frame: every
   *  sequence opens and closes, and most are asked about once a decision is made in them. */
  protected readonly subjectCards: (Card | null | typeof NO_CARD | undefined)[] = [];
  /** The card a player chose last, and in which sequence (a yes/no question after it is about it). */
  protected lastChosen: { readonly player: Player; readonly frame: Frame | undefined; readonly card: Card } | null = null;
  protected useCount = 0;
  protected frameCount = 0;
  private steps = 0;
  /** The rules' limits on using abilities (entry `useLimit`), as a test of a use, if the rules have any. */
  readonly withinLimit: ((rt: Rt, u: Use) => boolean) | null = null;
  /** The card whose continuous trait is being applied: its effects last while it is in play. */
  protected lastingSource: Card | null = null;
  /** When the continuous trait being applied began (its card's entry into play). */
  protected lastingAt = 0;
  /** Counts lasting effects and cards entering play with continuous traits, in the order they begin. */
  protected clock = 0;
  /** Cards in play with continuous traits, each with when it entered play. */
  protected readonly staticCards = new Map<Card, number>();
  /** The version the continuous layer was last worked out at, and whether it holds anything. */
  protected continuousAt = -1;
  protected continuousApplied = false;
  protected applyingTraits = false;
  /** Version bumps that only opened or closed a sequence (open, close): the layer need not be worked
   *  out again for those alone when the traits, as last applied, read no running sequence. */
  protected frameBumps = 0;
  /** `frameBumps` when the layer was last worked out, and whether its traits read the running
   *  sequences then (current, innermost, running, last) or a cached value that might have. */
  protected continuousFrameBumps = 0;
  protected traitsReadFrames = true;

  /** options.recordEmits, read at every read of a rule parameter. */
  protected readonly recordEmits: boolean;

  /** The rules' say on whether a stat modifier counts now (their `modifierApplies` entry), if they have one. */
  protected readonly modifierCounts: ModifierTest | undefined;

  constructor(readonly bundle: RulesBundle, readonly rng: Rng, readonly options: EngineOptions) {
    this.recordEmits = options.recordEmits;
    this.state = new GameState(bundle.vocabulary);
    this.log = new GameLog(options.fullLog, options.keepDecisions ?? true);
    this.triggers = new TriggerIndex(bundle);
    const usableFrom = bundle.entries.usableFrom;
    if (usableFrom) this.triggers.usableFrom = (c, p) => usableFrom(this, c, p);
    const useLimit = bundle.entries.useLimit;
    if (useLimit) this.withinLimit = (rt, u) => useLimit(rt, u) === null;
    const applies = bundle.entries.modifierApplies;
    if (applies) this.modifierCounts = (card, stat, delta, from, at) => applies(this, card, stat, delta, from, at);
  }

  // ================================================================ bookkeeping
  /** Increases with every change to the game state: cached rules functions are worked out again. */
  protected version = 0;
  /** Cached values, nested by function and argument; each remembers the version it was worked out at,
   *  so a change makes them stale without clearing (and re-making) the maps. */
  private readonly cache = new Map<string, Map<unknown, unknown>>();
  private cacheEntries = 0;

  cacheEntry(fn: string, args: readonly unknown[]): StoredEntry {
    let m = this.cache.get(fn);
    if (!m) this.cache.set(fn, (m = new Map()));
    // Nested by argument: the last map holds the entry.
    for (let i = 0; i < args.length - 1; i++) {
      let next = m.get(args[i]) as Map<unknown, unknown> | undefined;
      if (!next) m.set(args[i], (next = new Map()));
      m = next;
    }
    const last = args.length ? args[args.length - 1] : fn;
    let entry = m.get(last) as StoredEntry | undefined;
    if (!entry) {
      m.set(last, (entry = { version: -1, asked: 0, value: undefined }));
      // Arguments can be numbers: a game that keeps meeting new ones starts its cache afresh.
      if (++this.cacheEntries > MAX_CACHE_ENTRIES) {
        this.cache.clear();
        this.cacheEntries = 0;
      }
    }
    // A value worked out now belongs to this version (working it out changes nothing).
    entry.asked = this.version;
    return entry;
  }

  fresh(entry: CacheEntry): boolean {
    if ((entry as StoredEntry).version !== this.version) return false;
    // (A value worked out earlier may have read the running sequences: the layer's traits then count
    // as reading them.)
    if (this.applyingTraits) this.traitsReadFrames = true;
    return true;
  }

  fill<T>(entry: CacheEntry, value: T): T {
    const e = entry as StoredEntry;
    e.version = e.asked;
    e.value = value;
    return value;
  }

  tick(): void {
    if (++this.steps > this.options.stepCap) this.stepCapReached();
    if (this.options.checkEveryStep) {
      const problem = this.state.checkInvariants();
      if (problem) this.fail(`invariant broken: ${problem}`);
    }
  }

  /** The loops running now, innermost last (a loop that never ends is among them at the step cap). */
  private readonly loops: LoopMark[] = [];

  enterLoop(where: string): LoopMark {
    const mark = { where, times: 0 };
    this.loops.push(mark);
    return mark;
  }

  loopStep(loop: LoopMark): void {
    if (++this.steps > this.options.stepCap) this.stepCapReached();
    loop.times++;
  }

  exitLoop(loop: LoopMark): void {
    const i = this.loops.lastIndexOf(loop);
    if (i >= 0) removeAt(this.loops, i);
  }

  /** "No stuck loop (a step cap with a clear error)": the error names the loops running, innermost first. */
  private stepCapReached(): never {
    const running = this.loops
      .slice()
      .reverse()
      .map((l) => `the loop at ${l.where} (repeated ${l.times} time${l.times === 1 ? "" : "s"})`);
    const inLoops = running.length ? ` in ${running.join(", inside ")}` : "";
    return this.fail(`the game reached its step cap of ${this.options.stepCap}${inLoops}`);
  }

  fail(message: string): never {
    throw new RuleError(this.where(message));
  }

  /** A message with where the game was: its seed and step, so the failure can be replayed. */
  where(message: string): string {
    return `${message} (seed ${this.options.seed}, step ${this.steps})`;
  }
}

interface StoredEntry extends CacheEntry {
  version: number;
  /** The version when the value was last looked up. */
  asked: number;
  value: unknown;
}

const MAX_CACHE_ENTRIES = 10_000;
