// Every command of `l5r`, in the order `l5r help` lists them.  A new command is one file defining it
// and one line here.
import type { Command } from "commander";
import type { Output } from "./options.ts";
import { defineCheck } from "./check.ts";
import { defineCompile } from "./compile.ts";
import { defineCoverage, defineTest } from "./test.ts";
import { defineFormat } from "./format.ts";

import { defineGames, definePlay } from "./play.ts";
import { defineDemo } from "./demo.ts";
import { defineCorpus, defineImport } from "./import.ts";
import { defineDiff, defineRender } from "./diff.ts";

import { defineLsp } from "./lsp.ts";
import { defineBench } from "./bench.ts";

export type CommandDefinition = (program: Command, io: Output, exit: (code: number) => void) => Command;

export const COMMANDS: readonly CommandDefinition[] = [
  defineCheck,
  defineCompile,
  defineTest,
  defineFormat,
  definePlay,
  defineGames,
  defineDemo,
  defineImport,
  defineCorpus,
  defineCoverage,
  defineDiff,
  defineRender,
  defineLsp,
  defineBench,
];
