// `l5r compile [paths] [--out DIR]`
import { resolve } from "node:path";
import { nonEmpty } from "./options.ts";
import type { CommandDefinition } from "./commands.ts";

export const defineCompile: CommandDefinition = (program, io, exit) =>
  program
    .command("compile")
    .description("compile the rules (and any given .l5r files) into TypeScript: rules/ into generated/, or into DIR")
    .argument("[paths...]", "more .l5r files or folders to compile with the rules (your own cards and decks)")
    .option("--out <dir>", "write the generated files into DIR (default: generated/ of the project, or ./generated elsewhere)", nonEmpty("--out", "takes a folder"))
    .action(async (paths: string[], o: { out?: string }) => {
      const { compile } = await import("../commands/compile.ts");
      exit(await compile(io, { paths, out: o.out !== undefined ? resolve(o.out) : undefined }));
    });
