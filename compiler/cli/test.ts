// `l5r test [paths] [--match TEXT] [--json]`
import { nonEmpty } from "./options.ts";
import type { CommandDefinition } from "./commands.ts";

export const defineTest: CommandDefinition = (program, io, exit) =>
  program
    .command("test")
    .description("run the scenarios of the given .l5r files (default: rules/); ends with 'N passed, N failed', exit 1 on any failure")
    .argument("[paths...]", ".l5r files or folders whose scenarios run")
    .option("--match <text>", "run only the scenarios whose titles contain TEXT (case ignored)", nonEmpty("--match", "takes part of a scenario's title"))
    .option("--json", "print one JSON object: each scenario's result, failures and decisions, and the check's diagnostics")
    .action(async (paths: string[], o: { match?: string; json?: boolean }) => {
      const { test } = await import("../commands/test.ts");
      exit(await test(paths, io, o.match ?? null, o.json === true));
    });
