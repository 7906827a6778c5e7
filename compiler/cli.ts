// The `l5r` command.  Exit codes: 0 ok, 1 findings or failures, 2 bad usage or unreadable input
// (one line on stderr, never a stack trace).
import { check } from "./commands/check.ts";
import { UsageError } from "./sources.ts";
import { resolve } from "node:path";
import type { Output } from "./commands/check.ts";

const USAGE = `usage: l5r <command> [arguments]
  check [paths] [--json] [--strict]
                    check .l5r files (the project's rules are always included); --strict: warnings fail too
  compile [--out DIR]   compile rules/ into generated/ (or DIR)
  test [paths] [--match TEXT] [--json] [--corpus ORACLE.json]
                    run the scenarios in the given .l5r files (default: rules/), or those whose titles contain TEXT
  play [paths] [--seed N] [--decks "A,B"] [--players N] [--json]
                    play a seeded game between declared decks with random agents
  games [paths] [--count N] [--seed S] [--decks "A,B"] [--players N] [--hostile]
                    play and replay N seeded games, checking every card's place at every step
  demo [--seed N]   compile rules/ into generated/ and play the demo game readably
  import ORACLE.json [--out DIR] [--legal ARCS]
                    write each Oracle card record as a .l5r card file in DIR (default oracle-cards/)
  corpus ORACLE.json [--legal ARCS] [--json] [--clusters N]
                    import the records in memory, check every card on its own, and report how many are fully supported
  coverage [--write]
                    run every scenario (rules/ and test/cards/) and list the phrases they exercise (--write: test/cards/exercised.json)
  diff OLD NEW [--json] | diff --git REV1 REV2 [paths] [--json]
                    what changed between two files, folders or versions of the rules, by declaration, heading and clause
  diff --behavior OLD NEW [--games N] [--duels N] [--seed S] [--json]
                    the scenarios, seeded games and duels whose outcome changes between two versions
  render [paths] [--format md|html] [--out DIR]
                    rules and cards rendered back to readable text
  bench [--quick] [--json]   measure the compiled rules (see README)`;

// A reader that stops early (`l5r play | head`) closes the pipe: that ends the output, not in error.
process.stdout.on("error", (e: NodeJS.ErrnoException) => {
  if (e.code === "EPIPE") process.exit(0);
  throw e;
});

const io: Output = {
  out: (line) => process.stdout.write(line + "\n"),
  err: (line) => process.stderr.write(line + "\n"),
};

function seedArg(args: readonly string[]): number | null {
  return intFlag(args, "--seed");
}

function intFlag(args: readonly string[], flag: string): number | null {
  const i = args.indexOf(flag);
  if (i < 0) return null;
  const v = Number(args[i + 1]);
  if (args[i + 1] === undefined || !Number.isSafeInteger(v)) throw new UsageError(`${flag} takes a whole number, not '${args[i + 1] ?? ""}'`);
  return v;
}

/** The value given after `flag` (null without the flag); the flag without one is a usage error. */
function textFlag(args: readonly string[], flag: string, takes: string): string | null {
  const i = args.indexOf(flag);
  if (i < 0) return null;
  if (args[i + 1] === undefined || args[i + 1] === "") throw new UsageError(`${flag} ${takes}`);
  return args[i + 1]!;
}

/** A command's paths: its arguments less its options (`valued` take the next argument); an unknown
 *  option is a usage error. */
function pathArgs(args: readonly string[], command: string, valued: readonly string[], flags: readonly string[]): string[] {
  const paths: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (valued.includes(a)) i++;
    else if (flags.includes(a)) continue;
    else if (a.startsWith("--")) throw new UsageError(`unknown option '${a}' (${command} takes ${[...valued, ...flags].join(", ")})`);
    else paths.push(a);
  }
  return paths;
}

/** Paths and flags of `l5r play` and `l5r games`. */
function playArgs(args: readonly string[], command = "play", valued = ["--seed", "--decks", "--players"], flags = ["--json"]) {
  const paths = pathArgs(args, command, valued, flags);
  const d = args.indexOf("--decks");
  if (d >= 0 && (args[d + 1] === undefined || args[d + 1]!.trim() === "")) throw new UsageError("--decks takes deck titles separated by commas");
  return {
    paths,
    seed: seedArg(args) ?? 1,
    decks: d >= 0 ? args[d + 1]!.split(",").map((t) => t.trim()).filter(Boolean) : null,
    players: intFlag(args, "--players"),
    json: args.includes("--json"),
  };
}

async function main(argv: readonly string[]): Promise<number> {
  const [command, ...args] = argv;
  switch (command) {
    case "check":
      return check(pathArgs(args, "check", [], ["--json", "--strict"]), io, args.includes("--json"), args.includes("--strict"));
    case "compile": {
      // `--out DIR`: write the generated files there instead of generated/ (same atomic swap).
      const out = textFlag(args, "--out", "takes a folder");
      if (pathArgs(args, "compile", ["--out"], []).length) throw new UsageError("compile takes no paths: it compiles rules/ into generated/ (or --out DIR)");
      return (await import("./commands/compile.ts")).compile(io, out !== null ? resolve(out) : undefined);
    }
    case "test": {
      const match = textFlag(args, "--match", "takes part of a scenario's title");
      const corpus = textFlag(args, "--corpus", "takes an Oracle JSON file (the cards the scenarios name are imported from it)");
      const paths = pathArgs(args, "test", ["--match", "--corpus"], ["--json"]);
      if (corpus !== null && paths.length === 0) throw new UsageError("test --corpus takes the scenario files that name its cards");
      return (await import("./commands/test.ts")).test(paths, io, match, args.includes("--json"), corpus);
    }
    case "play":
      return (await import("./commands/play.ts")).play(playArgs(args), io);
    case "games": {
      const parsed = playArgs(args, "games", ["--seed", "--decks", "--players", "--count"], ["--hostile"]);
      const count = intFlag(args, "--count") ?? 1000;
      if (count < 1) throw new UsageError("--count takes 1 or more");
      return (await import("./commands/games.ts")).games({ ...parsed, count, hostile: args.includes("--hostile") }, io);
    }
    case "import": {
      const paths = pathArgs(args, "import", ["--out", "--legal"], []);
      if (paths.length !== 1) throw new UsageError("import takes one Oracle JSON file");
      const out = textFlag(args, "--out", "takes a folder") ?? "oracle-cards";
      return (await import("./commands/import.ts")).importCards({ file: paths[0]!, out, legal: textFlag(args, "--legal", "takes arc names separated by commas") }, io);
    }
    case "coverage": {
      pathArgs(args, "coverage", [], ["--write"]).forEach((p) => {
        throw new UsageError(`coverage takes no paths ('${p}')`);
      });
      return (await import("./commands/coverage.ts")).coverage(args.includes("--write"), io);
    }
    case "corpus": {
      const paths = pathArgs(args, "corpus", ["--legal", "--clusters"], ["--json"]);
      if (paths.length !== 1) throw new UsageError("corpus takes one Oracle JSON file");
      const n = intFlag(args, "--clusters") ?? 25;
      return (await import("./commands/corpus.ts")).corpus({ file: paths[0]!, legal: textFlag(args, "--legal", "takes arc names separated by commas"), json: args.includes("--json"), clusters: Math.max(0, n) }, io);
    }
    case "demo":
      return (await import("./commands/demo.ts")).demo(io, seedArg(args) ?? 2026);
    // ---- errata: diff and render (compiler/commands/diff.ts, behaviour.ts, render.ts)
    case "diff":
      if (args.includes("--behavior")) {
        const paths = pathArgs(args, "diff --behavior", ["--games", "--duels", "--seed"], ["--behavior", "--json"]);
        return (await import("./commands/behaviour.ts")).behaviour({ paths, games: intFlag(args, "--games"), duels: intFlag(args, "--duels"), seed: seedArg(args) ?? 1, json: args.includes("--json") }, io);
      }
      return (await import("./commands/diff.ts")).diff({ paths: pathArgs(args, "diff", [], ["--git", "--json"]), git: args.includes("--git"), json: args.includes("--json"), colour: Boolean(process.stdout.isTTY) && !process.env.NO_COLOR }, io);
    case "render":
      return (await import("./commands/render.ts")).render({ paths: pathArgs(args, "render", ["--format", "--out"], []), format: textFlag(args, "--format", "takes md or html") ?? "md", out: textFlag(args, "--out", "takes a folder") }, io);
    // ----
    case "bench": {
      const { runBench } = await import("../bench/run.ts");
      await runBench({ quick: args.includes("--quick"), json: args.includes("--json") }, io.out);
      return 0;
    }
    case undefined:
    case "help":
    case "--help":
    case "-h":
      io.out(USAGE);
      return command === undefined ? 2 : 0;
    default:
      throw new UsageError(`unknown command '${command}' (try: l5r help)`);
  }
}

// exitCode rather than exit(): output written to a pipe is flushed before the process ends.
main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    if (e instanceof UsageError) io.err(`l5r: ${e.message}`);
    else {
      io.err(`l5r: internal error: ${e instanceof Error ? e.message : String(e)}`);
      if (process.env.L5R_DEBUG && e instanceof Error) io.err(e.stack ?? "");
    }
    process.exitCode = 2;
  },
);
