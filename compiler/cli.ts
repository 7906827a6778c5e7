// The `l5r` command.  Exit codes: 0 ok, 1 findings or failures, 2 bad usage or unreadable input
// (one line on stderr, never a stack trace).
import { check } from "./commands/check.ts";
import { compile } from "./commands/compile.ts";
import { test } from "./commands/test.ts";
import { UsageError } from "./sources.ts";
import type { Output } from "./commands/check.ts";

const USAGE = `usage: l5r <command> [arguments]
  check [paths]     check .l5r files (the project's rules are always included)
  compile           compile rules/ into generated/
  test [paths]      run the scenarios in the given .l5r files (default: rules/)`;

const io: Output = {
  out: (line) => process.stdout.write(line + "\n"),
  err: (line) => process.stderr.write(line + "\n"),
};

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
