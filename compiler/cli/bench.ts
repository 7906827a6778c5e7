// `l5r bench [--quick] [--json]` (npm run bench).  The bench lives in the repository's bench/, which
// the installed package leaves out.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { projectRoot, UsageError } from "../sources.ts";
import type { CommandDefinition } from "./commands.ts";

export const defineBench: CommandDefinition = (program, io, exit) =>
  program
    .command("bench")
    .description("measure parsing, compiling, the compiled rules, threads and memory (see README)")
    .option("--quick", "a short run (what npm test runs)")
    .option("--json", "print the measures as one JSON object")
    .action(async (o: { quick?: boolean; json?: boolean }) => {
      const entry = join(projectRoot, "bench", "run.ts");
      if (!existsSync(entry)) throw new UsageError("l5r bench runs in the project's repository: the installed package has no bench/");
      const { runBench } = (await import(pathToFileURL(entry).href)) as typeof import("../../bench/run.ts");
      await runBench({ quick: o.quick === true, json: o.json === true }, io.out);
      exit(0);
    });
