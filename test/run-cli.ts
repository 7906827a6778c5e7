// The `l5r` command run in the test's own process, as compiler/cli.ts runs it (each line written with its
// newline; an internal error is one line and exit 2).  A process per command would spend most of a test's
// time starting tsx; test/cli.test.ts runs the launcher as real processes and compares the two.
import { runCli } from "../compiler/cli/program.ts";

export interface CliResult {
  readonly code: number;
  readonly out: string;
  readonly err: string;
}

export async function l5r(...args: string[]): Promise<CliResult> {
  const out: string[] = [];
  const err: string[] = [];
  let code: number;
  try {
    code = await runCli(args, { out: (line) => out.push(line + "\n"), err: (line) => err.push(line + "\n") });
  } catch (e) {
    err.push(`l5r: internal error: ${e instanceof Error ? e.message : String(e)}\n`);
    code = 2;
  }
  return { code, out: out.join(""), err: err.join("") };
}
