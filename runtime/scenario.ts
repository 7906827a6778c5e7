// What a compiled `scenario` block runs against: a game with scripted players, set-up helpers, and
// expectations that collect failures instead of stopping at the first.
import type { Rt, Steps } from "./rt.ts";
import type { AbilityDef, Card, CardDef, Player, RulesBundle, Zone } from "./model.ts";
import { createGame, type Game } from "./game.ts";
import { scriptedAgent, type ScriptedAnswer } from "./agents.ts";
import { RuleError } from "./errors.ts";
import { describeOption, type Decision } from "./decisions.ts";

export interface ScenarioFailure {
  readonly expectation: string;
  readonly detail: string;
}

export interface AnswerPart {
  readonly label?: string;
  readonly card?: Card;
  readonly player?: Player;
  readonly zone?: Zone;
}

export class ScenarioRun {
  readonly game: Game;
  readonly failures: ScenarioFailure[] = [];
  private readonly script: ScriptedAnswer[] = [];
  private unscripted: "fail" | "first" = "fail";
  private readonly looks: { event: string; fired: boolean }[] = [];
  private readonly results: { how: "winner" | "draw" | "refused"; player: Player | null; text: string; source: string }[] = [];
  private readonly byTitle = new Map<string, CardDef>();
  /** Every decision put to a player (forced single-option choices are never put), with the answer it
   *  got and where the answer came from (null: none fitted, and the scenario stopped). */
  private readonly seen: { decision: Decision; answer: number | null; how: string }[] = [];

  constructor(readonly bundle: RulesBundle, seed: number) {
    this.game = createGame({ bundle, players: [], seed, recordEmits: true, checkInvariants: true, stepCap: 100_000 });
    const agent = scriptedAgent(this.script, () => this.unscripted);
    this.game.setAgent(null, {
      decide: (d) => {
        const seen = { decision: d, answer: null as number | null, how: "no answer fits" };
        this.seen.push(seen);
        const before = this.script.length;
        const i = agent.decide(d);
        seen.answer = i;
        seen.how = this.script.length < before ? "scripted" : i === d.defaultIndex ? "default" : "unscripted first";
        return i;
      },
    });
    for (const def of bundle.cards) this.byTitle.set(def.title, def);
  }

  get rt(): Rt {
    return this.game.rt;
  }

  /** `players p1, p2`: seats players in turn order; the first is the active player. */
  players(names: readonly string[]): Player[] {
    const engine = this.game.engine;
    const created = names.map((n) => engine.state.addPlayer(n));
    if (created[0]) engine.setActive(created[0]);
    return created;
  }

  cardDef(title: string): CardDef {
    const def = this.byTitle.get(title);
    if (!def) throw new RuleError(`no card is titled "${title}"`);
    return def;
  }

  /** `put x = ... in zone`: new cards, owned by the zone's player (or the first player). */
  put(def: CardDef, zone: Zone, copies: number): Card[] {
    const engine = this.game.engine;
    const owner = zone.owner && !("def" in zone.owner) ? zone.owner : engine.state.players[0];
    if (!owner) throw new RuleError("a scenario puts cards only after its `players` line");
    const faceUp = zone.def.visibility === "public";
    const out: Card[] = [];
    for (let i = 0; i < copies; i++) out.push(engine.createCard(def, owner, zone, faceUp));
    return out;
  }

  answer(player: Player, parts: readonly AnswerPart[], source: string): void {
    const a: { player: Player; label?: string; card?: Card; subject?: Player; zone?: Zone; source: string } = { player, source };
    for (const p of parts) {
      if (p.label !== undefined) a.label = p.label;
      if (p.card !== undefined) a.card = p.card;
      if (p.player !== undefined) a.subject = p.player;
      if (p.zone !== undefined) a.zone = p.zone;
    }
    this.script.push(a);
  }

  /** `result ...`: how the game must end, checked once the scenario is over. */
  expectResult(how: "winner" | "draw" | "refused", player: Player | null, text: string, source: string): void {
    this.results.push({ how, player, text, source });
  }

  /** The `result` expectations the ended game does not meet; a game that ended unexpected is a failure
   *  too (the scenario's statements after the point it ended never ran). */
  checkResults(): ScenarioFailure[] {
    const g = this.game;
    const got = g.refused ? `the deck was refused: ${g.refused}` : g.result ? (g.result.winner ? `${g.result.winner} won (${g.result.victory})` : `a draw (${g.result.victory})`) : "the game did not end";
    if (this.results.length === 0 && (g.refused || g.result)) {
      return [{ expectation: "the scenario runs to its end", detail: `${got}, so the statements after that point never ran (say how the game ends with \`result ...\`)` }];
    }
    return this.results.flatMap((r) => {
      const ok =
        r.how === "refused" ? g.refused !== null && g.refused.includes(r.text)
        : r.how === "draw" ? g.result !== null && g.result.winner === null && g.result.victory === r.text
        : g.result !== null && g.result.winner === r.player?.name && g.result.victory === r.text;
      return ok ? [] : [{ expectation: r.source, detail: got }];
    });
  }

  setUnscripted(mode: string): void {
    if (mode !== "fail" && mode !== "first") throw new RuleError(`unscripted takes 'fail' or 'first', not '${mode}'`);
    this.unscripted = mode;
  }

  /** `take card by player [ability n]`: the player takes the action at an opportunity of the rules'
   *  `opportunity` window, as a game would offer it there; one a game would not allow now is an error
   *  that says why.  (Its other decisions go to the script as usual.) */
  *take(card: Card, player: Player, abilityNumber: number | null): Steps {
    const ability = this.actionNumbered(card, abilityNumber);
    const engine = this.game.engine;
    const opportunity = this.bundle.entries.opportunity;
    if (!opportunity) throw new RuleError("the rules declare no `entry opportunity`, so a scenario's `take` has no window to be legal in (`force` takes an action without the legality checks)");
    const steps = opportunity(engine, player);
    let r = steps.next();
    const offered = r.done || r.value.player !== player ? -1 : r.value.options.findIndex((o) => o.use?.card === card && o.use.ability === ability);
    if (offered < 0) {
      steps.return();
      throw new RuleError(`${player.name} cannot take ${describeAbility(card, abilityNumber)} now: ${engine.whyNotOffered(card, player, ability)} (\`force\` takes it without the legality checks)`);
    }
    this.seen.push({ decision: r.value as Decision, answer: offered, how: TAKEN });
    r = steps.next(offered);
    while (!r.done) r = steps.next(yield r.value);
  }

  /** `force card by player [ability n]`: the action is announced and resolved through the rules, without
   *  asking whether a game would allow it now (its timing, where the card is, its conditions). */
  *force(card: Card, player: Player, abilityNumber: number | null): Steps {
    const engine = this.game.engine;
    yield* engine.takeAction(engine.newUse(card, player, this.actionNumbered(card, abilityNumber)));
  }

  /** A card's action ability by its place among the card's actions as written: one left out of the
   *  compiled card (a phrase the game cannot yet do) is an error that names it and why. */
  private actionNumbered(card: Card, abilityNumber: number | null): AbilityDef {
    const n = abilityNumber ?? 1;
    const leftOut = card.def.leftOut ?? [];
    const left = leftOut.find((l) => l.action === n);
    if (left) throw new RuleError(`${describeAbility(card, abilityNumber)} ("${left.text}") was left out of the compiled card: ${left.why}`);
    const before = leftOut.filter((l) => l.action !== null && l.action < n).length;
    // (Abilities given to the card come after its own, in the order they were given.)
    const ability = this.game.engine.abilitiesOf(card).filter((a) => a.kind === "action" || a.trigger?.reaction)[n - before - 1];
    if (!ability) throw new RuleError(`${card.def.title} has no action ability ${n}${leftOutNote(card.def)}`);
    return ability;
  }

  expect(ok: boolean, expectation: string, detail: () => string): void {
    if (!ok) this.failures.push({ expectation, detail: detail() });
  }

  /** How many times an event was emitted (with these leading arguments, when given). */
  emitted(event: string, args: readonly unknown[] | null): number {
    let n = 0;
    for (const e of this.game.engine.emits) {
      if (e.event !== event) continue;
      if (args && args.some((a, i) => e.args[i] !== a)) continue;
      n++;
    }
    return n;
  }

  /** The decisions put to players as an author reads them, with the answer each got and why. */
  describeDecisions(): string[] {
    return this.seen.map(({ decision: d, answer, how }) => {
      const question = `${d.player.name}: "${d.prompt}" [${d.options.map(describeOption).join(", ")}]`;
      return `${question} -> ${answer === null ? how : `${describeOption(d.options[answer]!)} (${how})`}`;
    });
  }

  /** How many decisions were put to players with this prompt (the opportunities a `take` answered were
   *  the scenario's, not put to a player). */
  asked(prompt: string): number {
    return this.seen.filter(({ decision: d, how }) => how !== TAKEN && d.options.length > 1 && d.prompt === prompt).length;
  }

  /** How many decisions offered an option with this label. */
  offered(label: string): number {
    return this.seen.filter(({ decision: d, how }) => how !== TAKEN && d.options.length > 1 && d.options.some((o) => o.label === label)).length;
  }

  /** Looks at the game whenever an event (or timing point) happens. */
  on(event: string, look: (args: readonly unknown[]) => void): void {
    const watch = { event, fired: false };
    this.looks.push(watch);
    this.game.engine.observe(event, (args) => {
      watch.fired = true;
      look(args);
    });
  }

  /** Looks whose event never happened: their expectations were never checked. */
  unusedLooks(): string[] {
    return this.looks.filter((l) => !l.fired).map((l) => l.event);
  }

  /** Scripted answers nobody asked for: the scenario expected decisions that never came (an answer naming
   *  a card with abilities left out of the compiled card says so: the option it names may be one). */
  unusedAnswers(): string[] {
    return this.script.map((a) => a.source + (a.card ? leftOutNote(a.card.def) : ""));
  }
}

/** How a decision a scenario's `take` answered reads among the decisions put to players. */
const TAKEN = "the scenario's take";

/** "Ambush's ability 2", or "Ambush's ability" when the scenario named none. */
function describeAbility(card: Card, abilityNumber: number | null): string {
  return `${card.def.title}'s ability${abilityNumber === null ? "" : ` ${abilityNumber}`}`;
}

/** The abilities a card lost to phrases the game cannot yet do, with why, for a message about it. */
function leftOutNote(def: CardDef): string {
  const left = def.leftOut ?? [];
  return left.length ? ` (${def.title} has abilities left out of the compiled card: ${left.map((l) => `"${l.text}": ${l.why}`).join("; ")})` : "";
}

/** A compiled scenario: its title, where it is written, and its body. */
export interface ScenarioDef {
  readonly title: string;
  readonly location: string;
  /** The seed of its game (`scenario "..." seed 7`); runScenario's `seed` when not given. */
  readonly seed?: number;
  run(s: ScenarioRun, rt: Rt): Steps;
}

export interface ScenarioResult {
  readonly title: string;
  readonly location: string;
  readonly failures: readonly ScenarioFailure[];
  /** Each decision put to a player, in order, as an author reads it: who, the prompt, the options, the
   *  answer and why (described for a failing scenario only; a passing one has none listed). */
  readonly decisionsPut: readonly string[];
  readonly log: readonly import("./log.ts").LogEntry[];
  /** The card abilities that resolved (each by its card's definition and its place among its abilities,
   *  or among the abilities its text gives other cards: `granted`). */
  readonly resolved: readonly { readonly card: CardDef; readonly ability: number; readonly granted?: boolean }[];
}

/** Runs a scenario with its scripted answers; every expectation that fails is reported. */
export function runScenario(bundle: RulesBundle, def: ScenarioDef, seed = 1): ScenarioResult {
  const s = new ScenarioRun(bundle, def.seed ?? seed);
  const failures = s.failures;
  try {
    s.game.start((rt) => def.run(s, rt));
    const waiting = s.game.pending();
    if (waiting) failures.push({ expectation: "the scenario runs to its end", detail: `it waits for ${waiting.player.name}: "${waiting.prompt}"` });
    failures.push(...s.checkResults());
    for (const event of s.unusedLooks()) failures.push({ expectation: `on "${event}"`, detail: "it never happened, so what it expects was never checked" });
  } catch (e) {
    failures.push({ expectation: "the scenario runs without error", detail: e instanceof Error ? e.message : String(e) });
  }
  // Reported whatever else failed: an answer never asked for often says why.
  const unused = s.unusedAnswers();
  if (unused.length) {
    failures.push({ expectation: "every scripted answer is used", detail: `never asked: ${unused.join("; ")} (a choice with one option is made without asking)` });
  }
  const engine = s.game.engine;
  const resolved = [
    ...[...engine.resolvedAbilities].flatMap(([card, set]) => [...set].map((ability) => ({ card, ability }))),
    ...[...engine.resolvedGranted].flatMap(([card, set]) => [...set].map((ability) => ({ card, ability, granted: true }))),
  ];
  return { title: def.title, location: def.location, failures, decisionsPut: failures.length ? s.describeDecisions() : [], log: s.game.log, resolved };
}
