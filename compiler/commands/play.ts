// `l5r play [paths] [--seed N] [--decks "A,B"] [--players N] [--agent random|greedy,...] [--json]`:
// compiles the rules (with any extra .l5r files, e.g. more decks) and plays one seeded game between
// declared decks with seeded agents (random unless named, per seat).  Prints the game turn by turn, the winner and the kind of victory last; `--json` prints the
// structured log instead.  Exit 0 when the game was played, 1 when a deck is refused.
import { createHash } from "node:crypto";
import type { AgentName, DeckSpec, PlayOutcome, RulesBundle } from "../../runtime/api.ts";
import type { IrProgram } from "../ir.ts";
import { ruleDeclarationFiles, UsageError } from "../sources.ts";
import { checkPaths, type Output } from "./check.ts";
import { loadCompiled } from "./test.ts";
import { readableLog } from "./readable-log.ts";

export interface PlayOptions {
  readonly paths: readonly string[];
  readonly seed: number;
  /** Deck titles; players take them in turn (default: every declared deck). */
  readonly decks: readonly string[] | null;
  readonly players: number | null;
  /** Each seat's agent, repeated to seat every player (default: random). */
  readonly agents: readonly AgentName[] | null;
  readonly json: boolean;
}

/** The decks the players bring: the titles asked for, in order, repeated to seat every player. */
export function chooseDecks(declared: readonly DeckSpec[], titles: readonly string[] | null, players: number | null): DeckSpec[] {
  const picked = (titles ?? declared.map((d) => d.title)).map((t) => {
    const d = declared.find((x) => x.title === t);
    if (!d) throw new UsageError(`no deck is titled "${t}" (declared: ${declared.map((x) => `"${x.title}"`).join(", ") || "none"})`);
    return d;
  });
  if (picked.length === 0) throw new UsageError("the rules declare no decks to play");
  const count = players ?? Math.max(2, picked.length);
  if (count < 2) throw new UsageError("--players takes 2 or more");
  return Array.from({ length: count }, (_, i) => picked[i % picked.length]!);
}

export interface LoadedRules {
  readonly bundle: RulesBundle;
  readonly decks: readonly DeckSpec[];
  /** What was compiled (workers load it again) and a digest of its sources (so that the results of
   *  different rules are not merged). */
  readonly program: IrProgram;
  readonly digest: string;
}

/** The rules (with extra files) compiled afresh and loaded, with their decks; null after errors (printed). */
export async function loadRulesAndDecks(paths: readonly string[], io: Output): Promise<LoadedRules | null> {
  // With no paths, the game rules/ declares: its scenarios are not compiled for a game.
  const { result, exit, inputs } = checkPaths(paths.length ? paths : ruleDeclarationFiles(), { out: io.err, err: () => {} });
  if (exit !== 0 || !result.program) return null;
  const loaded = (await loadCompiled(result.program)) as unknown as { bundle: RulesBundle; decks: readonly DeckSpec[] };
  return { bundle: loaded.bundle, decks: loaded.decks, program: result.program, digest: digestOf(inputs) };
}

/** The sources' texts, whatever folder each machine keeps them in. */
function digestOf(inputs: readonly { path: string; text: string }[]): string {
  const h = createHash("sha256");
  for (const text of inputs.map((f) => f.text).sort()) h.update(`${text}\u0000`);
  return h.digest("hex").slice(0, 16);
}

export async function play(opts: PlayOptions, io: Output): Promise<number> {
  const loaded = await loadRulesAndDecks(opts.paths, io);
  if (!loaded) return 1;
  const { bundle, decks } = loaded;
  const seated = chooseDecks(decks, opts.decks, opts.players);
  const { playGame } = await import("../../runtime/api.ts");
  const outcome = playGame({ bundle, decks: seated, seed: opts.seed, ...(opts.agents ? { agents: opts.agents } : {}) });
  if (opts.json) io.out(JSON.stringify(jsonReport(outcome, seated, opts.seed)));
  else printGame(outcome, seated, bundle, opts.seed, io);
  return outcome.refused ? 1 : 0;
}

function jsonReport(o: PlayOutcome, decks: readonly DeckSpec[], seed: number): unknown {
  return {
    seed,
    players: o.game.players.map((p, i) => ({ name: p.name, deck: decks[i]!.title })),
    result: o.result,
    refused: o.refused,
    answers: o.game.answers,
    log: o.game.log,
  };
}

export function printGame(o: PlayOutcome, decks: readonly DeckSpec[], bundle: RulesBundle, seed: number, io: Output): void {
  // A player named after the deck is shown once ("Crane Duelists", not "Crane Duelists (Crane Duelists)").
  const seat = (name: string, deck: string) => (name === deck ? name : `${name} (${deck})`);
  io.out(`A game of L5R (seed ${seed}): ${o.game.players.map((p, i) => seat(p.name, decks[i]!.title)).join(" vs ")}`);
  for (const line of readableLog(o.game.log, bundle.vocabulary)) io.out(line);
  if (o.refused) io.out(`Deck refused: ${o.refused}`);
  else if (!o.result) io.out("The game stopped without a result.");
  else if (o.result.winner) io.out(`Winner: ${o.result.winner} (${o.result.victory} victory)`);
  else io.out(`Draw: ${o.result.victory}`);
}
