// `l5r format [paths] [--check]`
import type { CommandDefinition } from "./commands.ts";

export const defineFormat: CommandDefinition = (program, io, exit) =>
  program
    .command("format")
    .description("format .l5r files in place with the prettier plugin (default: rules/); --check lists those not formatted and exits 1")
    .argument("[paths...]", ".l5r files or folders")
    .option("--check", "change nothing: list the files that are not formatted, exit 1 if any")
    .action(async (paths: string[], o: { check?: boolean }) => {
      const { formatFiles } = await import("../commands/format.ts");
      exit(await formatFiles({ paths, check: o.check === true }, io));
    });
