// `l5r bench [--quick] [--json]` (npm run bench)
import type { CommandDefinition } from "./commands.ts";

export const defineBench: CommandDefinition = (program, io, exit) =>
  program
    .command("bench")
    .description("measure parsing, compiling, the compiled rules, threads and memory (see README)")
    .option("--quick", "a short run (what npm test runs)")
    .option("--json", "print the measures as one JSON object")
    .action(async (o: { quick?: boolean; json?: boolean }) => {
      const { runBench } = await import("../../bench/run.ts");
      await runBench({ quick: o.quick === true, json: o.json === true }, io.out);
      exit(0);
    });
