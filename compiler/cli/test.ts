// `l5r test [paths] [--match TEXT] [--json] [--corpus ORACLE.json]`
import { UsageError } from "../sources.ts";
import { nonEmpty } from "./options.ts";
import type { CommandDefinition } from "./commands.ts";

export const defineTest: CommandDefinition = (program, io, exit) =>
  program
    .command("test")
    .description("run the scenarios of the given .l5r files (default: rules/); ends with 'N passed, N failed', exit 1 on any failure")
    .argument("[paths...]", ".l5r files or folders whose scenarios run")
    .option("--match <text>", "run only the scenarios whose titles contain TEXT (case ignored)", nonEmpty("--match", "takes part of a scenario's title"))
    .option("--json", "print one JSON object: each scenario's result, failures and decisions, and the check's diagnostics")
    .option("--corpus <oracle.json>", "import the real cards the scenarios name from these Oracle records", nonEmpty("--corpus", "takes an Oracle JSON file"))
    .action(async (paths: string[], o: { match?: string; json?: boolean; corpus?: string }) => {
      if (o.corpus !== undefined && paths.length === 0) throw new UsageError("test --corpus takes the scenario files that name its cards");
      const { test } = await import("../commands/test.ts");
      exit(await test(paths, io, o.match ?? null, o.json === true, o.corpus ?? null));
    });

// `l5r coverage [--write]`
export const defineCoverage: CommandDefinition = (program, io, exit) =>
  program
    .command("coverage")
    .description("run every scenario (rules/ and test/cards/) and list the card-text phrases they exercise")
    .option("--write", "keep them in test/cards/exercised.json, which l5r corpus reads")
    .action(async (o: { write?: boolean }) => {
      const { coverage } = await import("../commands/coverage.ts");
      exit(await coverage(o.write === true, io));
    });
