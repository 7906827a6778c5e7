// The `l5r` command.  Exit codes: 0 ok, 1 findings or failures, 2 bad usage or unreadable input
// (one line on stderr, never a stack trace).
import { check } from "./commands/check.ts";
import { compile } from "./commands/compile.ts";
import { test } from "./commands/test.ts";
import { demo } from "./commands/demo.ts";
import { UsageError } from "./sources.ts";
import type { Output } from "./commands/check.ts";

const USAGE = `usage: l5r <command> [arguments]
  check [paths]     check .l5r files (the project's rules are always included)
  compile           compile rules/ into generated/
  test [paths]      run the scenarios in the given .l5r files (default: rules/)
  demo [--seed N]   compile rules/ and play a demo duel with random agents
  bench [--quick] [--json]   measure the compiled rules (see README)`;

const io: Output = {
  out: (line) => process.stdout.write(line + "\n"),
  err: (line) => process.stderr.write(line + "\n"),
};

function seedArg(args: readonly string[]): number | null {
  const i = args.indexOf("--seed");
  if (i < 0) return null;
  const v = Number(args[i + 1]);
  if (!Number.isInteger(v)) throw new UsageError(`--seed takes a whole number, not '${args[i + 1] ?? ""}'`);
  return v;
}

async function main(argv: readonly string[]): Promise<number> {
  const [command, ...args] = argv;
  switch (command) {
    case "check":
      return check(args, io);
    case "compile":
      if (args.length) throw new UsageError("compile takes no paths: it compiles rules/ into generated/");
      return compile(io);
    case "test":
      return test(args, io);
    case "demo":
      return demo(io, seedArg(args) ?? 2026);
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

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    if (e instanceof UsageError) io.err(`l5r: ${e.message}`);
    else {
      io.err(`l5r: internal error: ${e instanceof Error ? e.message : String(e)}`);
      if (process.env.L5R_DEBUG && e instanceof Error) io.err(e.stack ?? "");
    }
    process.exit(2);
  },
);
