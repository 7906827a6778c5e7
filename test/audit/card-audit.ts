// The card audit (issue 12, "every card the project calls supported does what its text says in a running
// game"): the corpus cards `l5r corpus` calls fully supported are put into legal Samurai 40/40 decks built
// around the demo decks, many seeded games are played with the random and greedy agents, and for each
// ability of each such card it records in how many games its card was where the rules use it from, in how
// many the ability was offered to a player (an option of a decision names it) and in how many it resolved
// (or, for a trait, applied or was consulted).  An ability never offered though its card was there in many
// games is a lead: either the games never met its condition, or a rule keeps it from ever being offered.
//
//   node --import tsx test/audit/card-audit.ts [--corpus FILE] [--legal ARCS|all] [--games-per-deck N]
//        [--seed S] [--min-present N] [--json FILE] [--only TITLE,...] [--max-decks N]
//
// The corpus file is read where `l5r corpus` reads it; nothing of it is written anywhere but --json.
import { existsSync, writeFileSync } from "node:fs";
import { Command, CommanderError } from "commander";
import { progressBar } from "../../compiler/commands/progress.ts";
import { progressStream, wholeNumber } from "../../compiler/cli/options.ts";
import { compileSources, type SourceInput } from "../../compiler/compile.ts";
import { checkCards, rulesContext } from "../../compiler/corpus/check-cards.ts";
import { keptExercised } from "../../compiler/corpus/coverage.ts";
import { DEV_CORPUS } from "../../compiler/corpus/card-scenarios.ts";
import { formatDiagnostic } from "../../compiler/diagnostics.ts";
import { importAll, legalFilter, loadOracleFile } from "../../compiler/import/load.ts";
import { readSource, ruleDeclarationFiles } from "../../compiler/sources.ts";
import { loadCompiled } from "../../compiler/commands/test.ts";
import { createGame, greedyAgent, randomAgent, type AbilityDef, type Agent, type CardDef, type DeckSpec, type Decision, type PlayerAgent, type RulesBundle } from "../../runtime/api.ts";
import { decisionView, playerView, type Seen } from "../../runtime/view.ts";
import { adviceFor } from "../../runtime/advice.ts";
import type { Card } from "../../runtime/model.ts";
import type { Engine } from "../../runtime/engine.ts";

export interface AuditOptions {
  readonly corpus: string;
  /** Arcs the cards must be legal in (`l5r corpus --legal`), or null for every record. */
  readonly legal: string | null;
  /** Games each audit deck plays (as either seat). */
  readonly gamesPerDeck: number;
  readonly seed: number;
  /** Only these titles (a quick run); null: every supported card. */
  readonly only?: readonly string[] | null;
  /** At most this many audit decks (a quick run); null: as many as the cards need. */
  readonly maxDecks?: number | null;
  readonly progress?: (done: number, of: number) => void;
}

/** What the games showed of one ability of one card. */
export interface AbilityRecord {
  readonly title: string;
  readonly type: string;
  readonly index: number;
  readonly text: string;
  /** The ability's kind as a person groups it ("action Limited", "Reaction", "trait", ...). */
  readonly group: string;
  /** Games in which a copy of its card was where the rules use its abilities from. */
  present: number;
  /** Games in which the ability was an option of some decision. */
  offered: number;
  /** Games in which it resolved (a trait: applied or was consulted). */
  resolved: number;
  /** Why an action was not offered at windows that offered others of its timing to its player: reason → times. */
  why: Record<string, number>;
}

export interface AuditReport {
  readonly cards: number;
  readonly decks: number;
  readonly games: number;
  readonly outcomes: Record<string, number>;
  readonly abilities: AbilityRecord[];
  /** Games that threw, with why (the first few). */
  readonly failures: string[];
}

const FATE_TYPES = new Set(["Strategy", "Follower", "Item", "Spell", "Ring"]);
const DYNASTY_TYPES = new Set(["Personality", "Holding", "Event", "Region", "Celestial"]);
/** Audit titles each deck carries in each of its two decks. */
const TITLES_PER_PART = 12;
const DEMO_CARD_FILES = ["rules/cards/demo-set.l5r", "rules/cards/duel-cards.l5r"];

interface SupportedCard {
  readonly title: string;
  readonly type: string;
  readonly source: string;
  /** At most one copy in a deck (Unique, Event, Ring). */
  readonly single: boolean;
}

/** The corpus cards `l5r corpus` counts fully supported, imported as .l5r. */
export function supportedCards(corpus: string, legal: string | null): SupportedCard[] {
  const all = loadOracleFile(corpus);
  const keep = legalFilter(legal);
  const records = keep ? all.filter(keep) : all;
  const ctx = rulesContext(ruleDeclarationFiles().map((p) => readSource(p)));
  const imported = importAll(records, ctx);
  const checks = checkCards(ctx, imported.map((c) => ({ path: `oracle/${c.fileName}`, text: c.source })), undefined, keptExercised() ?? new Set());
  const seen = new Set<string>();
  const out: SupportedCard[] = [];
  imported.forEach((c, i) => {
    if (!checks[i]!.supported || seen.has(c.title)) return;
    seen.add(c.title);
    const single = c.type === "Event" || c.type === "Ring" || /^\s*keywords\b.*\bUnique\b/m.test(c.source);
    out.push({ title: c.title, type: c.type, source: c.source, single });
  });
  return out;
}

/** The demo cards, less those whose titles real cards take (the demo decks then play the real card). */
function demoSources(taken: ReadonlySet<string>): SourceInput[] {
  return DEMO_CARD_FILES.map((path) => {
    const s = readSource(path);
    const text = s.text.replace(/^card "([^"]+)" \{[\s\S]*?^\}\n/gm, (block, title: string) => (taken.has(title) ? "" : block));
    return { path: s.path, text };
  });
}

interface Part {
  readonly counts: Map<string, number>;
}

function add(part: Part, title: string, n: number, single: boolean): void {
  const have = part.counts.get(title) ?? 0;
  part.counts.set(title, Math.min(have + n, single ? 1 : 3));
}

function size(part: Part): number {
  let n = 0;
  for (const v of part.counts.values()) n += v;
  return n;
}

function partText(part: Part): string {
  return [...part.counts].map(([t, n]) => `${n} ${JSON.stringify(t)}`).join(", ");
}

/** The two demo decks' parts, read from their declarations (title and count). */
function demoDecks(): { title: string; home: string; dynasty: [string, number][]; fate: [string, number][] }[] {
  const text = readSource("rules/cards/demo-decks.l5r").text;
  const decks = [];
  for (const m of text.matchAll(/deck "([^"]+)" \{\s*home \{ 1 "([^"]+)" \}\s*dynastyDeck \{([\s\S]*?)\}\s*fateDeck \{([\s\S]*?)\}\s*\}/g)) {
    const entries = (s: string) => [...s.matchAll(/(\d+) "([^"]+)"/g)].map((e) => [e[2]!, Number(e[1])] as [string, number]);
    decks.push({ title: m[1]!, home: m[2]!, dynasty: entries(m[3]!), fate: entries(m[4]!) });
  }
  return decks;
}

/**
 * Audit decks: each is a demo deck with up to TITLES_PER_PART supported dynasty titles and as many fate
 * titles mixed in (two copies, one of a single card), its Holdings and enough of its own cards kept to
 * stay playable and legal (40/40, copies by title); a supported Stronghold replaces its own.
 */
export function auditDecks(cards: readonly SupportedCard[], maxDecks: number | null): string {
  const base = demoDecks();
  const singles = new Set(cards.filter((c) => c.single).map((c) => c.title));
  const typeOf = new Map(cards.map((c) => [c.title, c.type]));
  const dynasty = cards.filter((c) => DYNASTY_TYPES.has(c.type));
  const fate = cards.filter((c) => FATE_TYPES.has(c.type));
  const strongholds = cards.filter((c) => c.type === "Stronghold");
  let count = Math.max(Math.ceil(dynasty.length / TITLES_PER_PART), Math.ceil(fate.length / TITLES_PER_PART), 2);
  if (maxDecks !== null) count = Math.min(count, maxDecks);
  const out: string[] = ['rules "Card audit decks"', ""];
  for (let i = 0; i < count; i++) {
    const b = base[i % base.length]!;
    const home = strongholds.length ? strongholds[i % strongholds.length]!.title : b.home;
    const dyn: Part = { counts: new Map() };
    const fat: Part = { counts: new Map() };
    const mine = (list: readonly SupportedCard[]) => list.slice(i * TITLES_PER_PART, (i + 1) * TITLES_PER_PART);
    // When the cards run out, later decks take earlier ones again: every deck is worth playing.
    const wrap = (list: readonly SupportedCard[]) => (mine(list).length ? mine(list) : list.slice(((i * TITLES_PER_PART) % Math.max(list.length, 1)), ((i * TITLES_PER_PART) % Math.max(list.length, 1)) + TITLES_PER_PART));
    for (const c of wrap(dynasty)) add(dyn, c.title, 2, c.single);
    for (const c of wrap(fate)) add(fat, c.title, 2, c.single);
    // The demo deck's Holdings (its economy) first, then its Personalities, to 40; its fate cards to 40.
    const isSingle = (t: string) => singles.has(t) || /^Ring of /.test(t);
    // A real card that took a demo card's title may be of another type (the real "Disgrace" is an Event):
    // it goes only where its own type goes.
    const fits = (t: string, types: ReadonlySet<string>) => !typeOf.has(t) || types.has(typeOf.get(t)!);
    const holdings = b.dynasty.filter(([t]) => /Farm|Village|Works|Mine|Shrine|Archives|Library/.test(t));
    for (const [t, n] of holdings) if (fits(t, DYNASTY_TYPES)) add(dyn, t, n, isSingle(t));
    for (const [t, n] of b.dynasty) if (size(dyn) < 40 && fits(t, DYNASTY_TYPES) && !holdings.some(([h]) => h === t)) add(dyn, t, n, isSingle(t));
    for (const [t, n] of b.fate) if (size(fat) < 40 && fits(t, FATE_TYPES)) add(fat, t, n, isSingle(t));
    out.push(`deck "Audit ${i + 1}" {`, `  home { 1 ${JSON.stringify(home)} }`, `  dynastyDeck { ${partText(dyn)} }`, `  fateDeck { ${partText(fat)} }`, "}", "");
  }
  return out.join("\n");
}

/** How a person groups an ability: its kind, with an action's timings and a trigger's reaction. */
export function groupOf(a: AbilityDef): string {
  if (a.kind === "action") return `action ${[...a.timings].sort().join("/")}`;
  if (a.trigger) return `${a.trigger.reaction ? (a.timings.includes("Interrupt") ? "Interrupt" : "Reaction") : "triggered trait"} (${a.trigger.event})`;
  if (a.kind === "static") return a.consulted ? "trait (consulted)" : "trait";
  return a.kind;
}

/** Where a card's abilities are used from, for `present`: where a player could use its actions (the
 *  rules' own answer: in play, or in hand for the types played from there), or, for an Event, which
 *  the rules deal with where it lies, face-up in a Province. */
function isPresent(engine: Engine, c: Card): boolean {
  if (engine.triggers.usableBy(c, c.controller)) return true;
  return c.def.type === "Event" && c.faceUp && /province/i.test(c.zone.def.name);
}

interface GameSeen {
  present: Set<CardDef>;
  offered: Map<CardDef, Set<number>>;
  /** For an action not offered at a window that offered another action of its timing to its card's
   *  controller: why the rules did not offer it (engine.whyNotOffered), counted by reason. */
  why: Map<CardDef, Map<number, Map<string, number>>>;
}

/** The prompt of the runtime's action windows (runtime/windows.ts). */
const ACTION_WINDOW = "Take an action?";

/** Why each of the deciding player's present actions with a timing the window offered was not offered. */
function noteWhyNot(engine: Engine, d: Decision, into: GameSeen, watched: ReadonlySet<CardDef>): void {
  const timings = new Set<string>();
  const offered = new Set<string>();
  for (const o of d.options) {
    if (!o.use) continue;
    for (const t of o.use.ability.timings) timings.add(t);
    offered.add(`${o.use.card.id}:${o.use.card.def.abilities.indexOf(o.use.ability)}`);
  }
  if (timings.size === 0) return;
  for (const c of engine.state.cards) {
    if (!watched.has(c.def) || c.controller !== d.player || !isPresent(engine, c)) continue;
    c.def.abilities.forEach((a, i) => {
      if (a.kind !== "action" || a.trigger || !a.timings.some((t) => timings.has(t)) || offered.has(`${c.id}:${i}`)) return;
      const why = engine.whyNotOffered(c, d.player, a).replaceAll(c.def.title, "it").replaceAll(d.player.name, "the player");
      let byIndex = into.why.get(c.def);
      if (!byIndex) into.why.set(c.def, (byIndex = new Map()));
      let reasons = byIndex.get(i);
      if (!reasons) byIndex.set(i, (reasons = new Map()));
      reasons.set(why, (reasons.get(why) ?? 0) + 1);
    });
  }
}

function watcher(engine: Engine, seen: Seen, inner: PlayerAgent, into: GameSeen, watched: ReadonlySet<CardDef>): Agent {
  return {
    decide(d: Decision): number {
      for (const c of engine.state.cards) if (watched.has(c.def) && !into.present.has(c.def) && isPresent(engine, c)) into.present.add(c.def);
      if (d.prompt === ACTION_WINDOW) noteWhyNot(engine, d, into, watched);
      for (const o of d.options) {
        const u = o.use;
        if (!u || !watched.has(u.card.def)) continue;
        const i = u.card.def.abilities.indexOf(u.ability);
        if (i < 0) continue;
        let s = into.offered.get(u.card.def);
        if (!s) into.offered.set(u.card.def, (s = new Set()));
        s.add(i);
      }
      return inner.decide(decisionView(seen, d.player, d), () => playerView(seen, d.player, d));
    },
  };
}

const AGENT_PAIRS: readonly (readonly ["random" | "greedy", "random" | "greedy"])[] = [
  ["random", "random"],
  ["greedy", "greedy"],
  ["greedy", "random"],
  ["random", "greedy"],
];

/** The audit's program compiled and loaded: the rules, the demo cards and decks, the supported cards
 *  and the audit decks. */
export async function loadAudit(options: Pick<AuditOptions, "corpus" | "legal" | "only" | "maxDecks">): Promise<{ bundle: RulesBundle; audit: DeckSpec[]; watched: Set<CardDef> }> {
  let cards = supportedCards(options.corpus, options.legal);
  if (options.only) cards = cards.filter((c) => options.only!.includes(c.title));
  const taken = new Set(cards.map((c) => c.title));
  const rules = ruleDeclarationFiles()
    .map((p) => readSource(p))
    .filter((s) => !s.path.startsWith("rules/cards/") && !s.path.startsWith("rules/scenarios/"));
  const decksText = auditDecks(cards, options.maxDecks ?? null);
  const inputs: SourceInput[] = [
    ...rules,
    ...demoSources(taken),
    readSource("rules/cards/demo-decks.l5r"),
    { path: "test/audit/corpus-cards.l5r", text: `rules "Supported corpus cards"\n\n${cards.map((c) => c.source).join("\n")}` },
    { path: "test/audit/audit-decks.l5r", text: decksText },
  ];
  const result = compileSources(inputs);
  const errors = result.diagnostics.filter((d) => d.severity === "error");
  if (errors.length || !result.program) throw new Error(`the audit's program does not compile:\n${errors.slice(0, 10).map((d) => formatDiagnostic(d, (f) => result.lines.get(f) ?? null)).join("\n")}`);
  const { bundle, decks } = (await loadCompiled(result.program)) as unknown as { bundle: RulesBundle; decks: readonly DeckSpec[] };
  const audit = decks.filter((d) => d.title.startsWith("Audit "));
  const byTitle = new Map(bundle.cards.map((d) => [d.title, d]));
  const watched = new Set<CardDef>(cards.map((c) => byTitle.get(c.title)).filter((d): d is CardDef => d !== undefined));
  return { bundle, audit, watched };
}

export async function runAudit(options: AuditOptions): Promise<AuditReport> {
  const { bundle, audit, watched } = await loadAudit(options);
  const records = new Map<CardDef, AbilityRecord[]>();
  for (const def of watched) {
    records.set(
      def,
      def.abilities.map((a, index) => ({ title: def.title, type: def.type, index, text: a.text, group: groupOf(a), present: 0, offered: 0, resolved: 0, why: {} })),
    );
  }
  const outcomes: Record<string, number> = {};
  const failures: string[] = [];
  const total = audit.length * options.gamesPerDeck;
  let played = 0;
  for (let g = 0; g < options.gamesPerDeck; g++) {
    for (let i = 0; i < audit.length; i++) {
      const seed = options.seed + g * audit.length + i;
      const a = audit[i]!;
      const b = audit.length > 1 ? audit[(i + 1 + (g % (audit.length - 1))) % audit.length]! : a;
      const agents = AGENT_PAIRS[g % AGENT_PAIRS.length]!;
      const outcome = playAudited(bundle, [a, b], seed, agents, watched);
      const key = outcome.problem ? "failed" : outcome.outcome;
      outcomes[key] = (outcomes[key] ?? 0) + 1;
      if (outcome.problem && failures.length < 20) failures.push(`seed ${seed} (${a.title} vs ${b.title}): ${outcome.problem}`);
      for (const [def, list] of records) {
        if (outcome.seen.present.has(def)) for (const r of list) r.present++;
        const offered = outcome.seen.offered.get(def);
        if (offered) for (const k of offered) list[k]!.offered++;
        const why = outcome.seen.why.get(def);
        if (why) for (const [k, reasons] of why) for (const [reason, n] of reasons) list[k]!.why[reason] = (list[k]!.why[reason] ?? 0) + n;
        const resolved = outcome.resolved.get(def);
        if (resolved) for (const k of resolved) if (list[k]) list[k]!.resolved++;
      }
      played++;
      options.progress?.(played, total);
    }
  }
  return { cards: watched.size, decks: audit.length, games: played, outcomes, abilities: [...records.values()].flat(), failures };
}

/** One audited game: played in the rules' direct form with the seated agents, the watcher between. */
export function playAudited(bundle: RulesBundle, decks: readonly DeckSpec[], seed: number, agents: readonly ("random" | "greedy")[], watched: ReadonlySet<CardDef>, fullLog = false) {
  const names = decks[0]!.title === decks[1]!.title ? [decks[0]!.title, `${decks[1]!.title} 2`] : decks.map((d) => d.title);
  const game = createGame({ bundle, players: names, decks, seed, fullLog, keepDecisions: fullLog, recordEmits: true, stepCap: 5_000_000 });
  const engine = game.engine;
  const seen: Seen = { state: engine.state, stat: (c, s) => engine.stat(c, s), advise: (d, i) => adviceFor(engine, bundle, d, i) };
  const into: GameSeen = { present: new Set(), offered: new Map(), why: new Map() };
  game.players.forEach((p, i) => {
    const inner = agents[i] === "greedy" ? greedyAgent(seed * 7 + i + 1) : randomAgent(seed * 7 + i + 1);
    game.setAgent(p, watcher(engine, seen, inner, into, watched));
  });
  let problem: string | null = null;
  try {
    const direct = bundle.direct?.game;
    if (direct) game.run(direct);
    else game.start(bundle.entries.game!);
  } catch (e) {
    problem = e instanceof Error ? e.message : String(e);
  }
  // Events are dealt with where they lie and often resolve with no decision put: revealed counts too.
  for (const c of engine.state.cards) if (watched.has(c.def) && c.faceUp && c.def.type === "Event") into.present.add(c.def);
  const resolved: ReadonlyMap<CardDef, ReadonlySet<number>> = engine.resolvedAbilities;
  const r = game.result;
  const outcome = game.refused ? `refused: ${game.refused}` : r ? (r.winner ? `${r.victory} victory` : `draw: ${r.victory}`) : "no result";
  if (!problem && !r && !game.refused) problem = "the game stopped without a result";
  return { outcome, problem, seen: into, resolved, game };
}

/** The leads: abilities present in at least `minPresent` games and never offered (actions, Reactions)
 *  or never resolved (everything else), grouped by card type and ability kind. */
export function leads(report: AuditReport, minPresent: number): Map<string, AbilityRecord[]> {
  const groups = new Map<string, AbilityRecord[]>();
  for (const r of report.abilities) {
    if (r.present < minPresent) continue;
    const offeredKind = r.group.startsWith("action") || r.group.startsWith("Reaction") || r.group.startsWith("Interrupt");
    if (offeredKind ? r.offered > 0 : r.resolved > 0) continue;
    const key = `${r.type} · ${r.group.replace(/ \(.*\)$/, "")}`;
    let list = groups.get(key);
    if (!list) groups.set(key, (list = []));
    list.push(r);
  }
  return new Map([...groups].sort((a, b) => b[1].length - a[1].length));
}

function printReport(report: AuditReport, minPresent: number): void {
  console.log(`${report.cards} supported cards in ${report.decks} audit decks, ${report.games} games: ${Object.entries(report.outcomes).map(([k, v]) => `${v} ${k}`).join(", ")}`);
  for (const f of report.failures) console.log(`  failed: ${f}`);
  const all = report.abilities;
  const present = all.filter((r) => r.present >= minPresent);
  console.log(`abilities: ${all.length}; on cards present in >= ${minPresent} games: ${present.length}; of those offered or resolved: ${present.filter((r) => r.offered > 0 || r.resolved > 0).length}`);
  console.log(`cards never present: ${new Set(all.filter((r) => r.present === 0).map((r) => r.title)).size}`);
  const groups = leads(report, minPresent);
  console.log(`\nnever offered (actions, Reactions, Interrupts) or never resolved (the rest), card present in >= ${minPresent} games:`);
  for (const [key, list] of groups) {
    console.log(`  ${String(list.length).padStart(4)}  ${key}`);
    for (const r of list.slice(0, 6)) {
      console.log(`          ${r.title} [${r.index}] (present ${r.present}, offered ${r.offered}, resolved ${r.resolved}): ${r.text.slice(0, 110)}`);
      const top = Object.entries(r.why).sort((a, b) => b[1] - a[1])[0];
      if (top) console.log(`            most often not offered because: ${top[0]} (${top[1]} times)`);
    }
  }
}

/** The command line, read with commander as the `l5r` commands are: a bad option or value is one line
 *  on stderr and exit 2. */
function auditOptions(args: readonly string[]): { corpus: string; legal: string; minPresent: number; gamesPerDeck: number; seed: number; only: string | null; maxDecks: number | null; json: string | null } {
  const program = new Command("audit:cards")
    .option("--corpus <file>", "the Oracle records", DEV_CORPUS)
    .option("--legal <arcs>", "arcs the cards must be legal in, or all", "Samurai,Celestial,Emperor")
    .option("--games-per-deck <n>", "seeded games each audit deck plays", wholeNumber("--games-per-deck", 1), 8)
    .option("--seed <n>", "the first seed", wholeNumber("--seed"), 1)
    .option("--min-present <n>", "list an ability only when its card was there in this many games", wholeNumber("--min-present", 0), 5)
    .option("--only <titles>", "only these cards, titles separated by commas")
    .option("--max-decks <n>", "at most this many audit decks", wholeNumber("--max-decks", 1))
    .option("--json <file>", "also write the report as JSON")
    .exitOverride()
    .showSuggestionAfterError(false)
    .configureOutput({ outputError: () => {} });
  const o = program.parse([...args], { from: "user" }).opts();
  return { corpus: o.corpus, legal: o.legal, minPresent: o.minPresent, gamesPerDeck: o.gamesPerDeck, seed: o.seed, only: o.only ?? null, maxDecks: o.maxDecks ?? null, json: o.json ?? null };
}

export async function main(args: readonly string[]): Promise<number> {
  let o: ReturnType<typeof auditOptions>;
  try {
    o = auditOptions(args);
  } catch (e) {
    if (e instanceof CommanderError && e.exitCode === 0) return 0;
    console.error(`audit:cards: ${e instanceof Error ? e.message.replace(/^error: /, "") : String(e)}`);
    return 2;
  }
  if (!existsSync(o.corpus)) {
    console.log(`card audit skipped: no corpus file at ${o.corpus} (give one with --corpus)`);
    return 0;
  }
  // A progress bar on a terminal (stderr), none in a pipe or CI.
  const bar = progressBar(progressStream(), "audit games");
  const report = await runAudit({
    corpus: o.corpus,
    legal: o.legal === "all" ? null : o.legal,
    gamesPerDeck: o.gamesPerDeck,
    seed: o.seed,
    only: o.only ? o.only.split(",").map((t) => t.trim()) : null,
    maxDecks: o.maxDecks,
    progress: bar ? (n, of) => bar.update(n, of) : undefined,
  });
  bar?.stop();
  if (o.json) writeFileSync(o.json, JSON.stringify(report));
  printReport(report, o.minPresent);
  return 0;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/^.*\//, "/"))) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e) => {
      console.error(e instanceof Error ? e.stack : String(e));
      process.exit(2);
    },
  );
}
