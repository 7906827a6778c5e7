// The `l5r` command (compiler/cli/ defines each command).  Exit codes: 0 ok, 1 findings or failures,
// 2 bad usage or unreadable input (one line on stderr, never a stack trace).
import { runCli } from "./cli/program.ts";
import type { Output } from "./commands/check.ts";

// A reader that stops early (`l5r play | head`) closes the pipe: that ends the output, not in error.
process.stdout.on("error", (e: NodeJS.ErrnoException) => {
  if (e.code === "EPIPE") process.exit(0);
  throw e;
});

const io: Output = {
  out: (line) => process.stdout.write(line + "\n"),
  err: (line) => process.stderr.write(line + "\n"),
};

// exitCode rather than exit(): output written to a pipe is flushed before the process ends.
runCli(process.argv.slice(2), io).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    io.err(`l5r: internal error: ${e instanceof Error ? e.message : String(e)}`);
    if (process.env.L5R_DEBUG && e instanceof Error) io.err(e.stack ?? "");
    process.exitCode = 2;
  },
);
