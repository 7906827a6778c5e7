// `l5r check [paths] [--json] [--strict]`
import { check } from "../commands/check.ts";
import type { CommandDefinition } from "./commands.ts";

export const defineCheck: CommandDefinition = (program, io, exit) =>
  program
    .command("check")
    .description("check .l5r files (the project's rules are always included): file:line:col: severity code: message; exit 1 on errors")
    .argument("[paths...]", ".l5r files or folders (default: rules/)")
    .option("--json", "print one JSON object (counts and each diagnostic with its place), for editors and programs")
    .option("--strict", "warnings (text the rules cannot read yet) fail too")
    .action((paths: string[], o: { json?: boolean; strict?: boolean }) => exit(check(paths, io, o.json === true, o.strict === true)));
