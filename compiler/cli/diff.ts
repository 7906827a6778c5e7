// `l5r diff` (structural, --git, --behavior) and `l5r render`.
import { UsageError } from "../sources.ts";
import type { AgentName } from "../../runtime/agents.ts";
import { agentNames, nonEmpty, progressStream, wholeNumber } from "./options.ts";
import type { CommandDefinition } from "./commands.ts";

interface DiffFlags {
  git?: boolean;
  behavior?: boolean;
  json?: boolean;
  games?: number;
  duels?: number;
  seed?: number;
  agent?: AgentName[];
  threads?: number;
  shard?: string;
  out?: string;
  merge?: boolean;
}

/** What only --behavior takes; of those, what a merge does not (the files say how their seeds were played). */
const BEHAVIOUR_ONLY = ["games", "duels", "seed", "agent", "threads", "shard", "out", "merge"] as const;
const RUN_ONLY = ["games", "duels", "seed", "agent", "threads", "shard"] as const;

export const defineDiff: CommandDefinition = (program, io, exit) =>
  program
    .command("diff")
    .description("what changed between two files, folders or versions of the rules, by declaration, heading and clause; exit 1 when they differ")
    .usage("OLD NEW [--json] | --git REV1 REV2 [paths] [--json] | --behavior OLD NEW [--games N] [--duels N] [--seed S] [--agent A,B] [--shard i/n --out FILE] [--json] | --behavior --merge FILES [--json]")
    .argument("<old>", "a file, folder or version of the rules (with --git: a revision)")
    .argument("<new>", "the other one")
    .argument("[paths...]", "with --git: the paths compared (default rules/, less rules/errata/)")
    .option("--git", "compare two git revisions")
    .option("--behavior", "play both versions: the scenarios, seeded games and duels whose outcome changes")
    .option("--games <n>", "with --behavior: seeded games (default 100)", wholeNumber("--games", 0))
    .option("--duels <n>", "with --behavior: seeded runs of each trial (default --games, else 1000)", wholeNumber("--duels", 0))
    .option("--seed <n>", "with --behavior: the first seed (default 1)", wholeNumber("--seed"))
    .option("--agent <names>", "with --behavior: who plays each seat of the games and trials, random or greedy, separated by commas (default: random)", agentNames)
    .option("--threads <n>", "with --behavior: worker threads (default: one per core)", wholeNumber("--threads", 1))
    .option("--shard <i/n>", "with --behavior: play only the i-th of n equal blocks of the seeds (for n machines); needs --out", nonEmpty("--shard", "takes i/n (the i-th of n parts)"))
    .option("--out <file>", "with --behavior: write the results as JSON to FILE (what --merge reads)", nonEmpty("--out", "takes a file"))
    .option("--merge", "with --behavior: OLD, NEW and the paths are files written by --out: print what one run of all their seeds would print")
    .option("--json", "print one JSON object")
    .action(async (a: string, b: string, rest: string[], o: DiffFlags) => {
      if (o.behavior) {
        if (o.git) throw new UsageError("diff takes --git or --behavior, not both");
        const out = o.out ?? null;
        const json = o.json === true;
        if (o.merge) {
          const given = RUN_ONLY.find((k) => o[k] !== undefined);
          if (given) throw new UsageError(`diff --behavior --merge takes the shards' files (and --json, --out), not --${given}`);
          const { mergeBehaviourFiles } = await import("../commands/behaviour.ts");
          exit(mergeBehaviourFiles([a, b, ...rest], { out, json }, io));
          return;
        }
        if (rest.length) throw new UsageError("diff --behavior takes two versions: OLD NEW");
        const { behaviour } = await import("../commands/behaviour.ts");
        const { parseShard } = await import("../pool/shards.ts");
        const shard = o.shard === undefined ? null : parseShard(o.shard);
        exit(await behaviour({ paths: [a, b], games: o.games ?? null, duels: o.duels ?? null, seed: o.seed ?? 1, agents: o.agent ?? null, threads: o.threads ?? null, shard, out, json }, io, progressStream()));
        return;
      }
      for (const flag of BEHAVIOUR_ONLY) if (o[flag] !== undefined) throw new UsageError(`--${flag} goes with diff --behavior`);
      const { diff } = await import("../commands/diff.ts");
      exit(diff({ paths: [a, b, ...rest], git: o.git === true, json: o.json === true, colour: Boolean(process.stdout.isTTY) && !process.env.NO_COLOR }, io));
    });

export const defineRender: CommandDefinition = (program, io, exit) =>
  program
    .command("render")
    .description("rules and cards rendered back to readable text (Markdown or HTML)")
    .argument("[paths...]", ".l5r files or folders (default: rules/)")
    .option("--format <md|html>", "md or html", nonEmpty("--format", "takes md or html"), "md")
    .option("--out <dir>", "write one NAME.md (or .html) per file into DIR", nonEmpty("--out", "takes a folder"))
    .action(async (paths: string[], o: { format: string; out?: string }) => {
      const { render } = await import("../commands/render.ts");
      exit(render({ paths, format: o.format, out: o.out ?? null }, io));
    });
