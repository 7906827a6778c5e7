// `l5r demo [--seed N]` (npm start)
import { wholeNumber } from "./options.ts";
import type { CommandDefinition } from "./commands.ts";

export const defineDemo: CommandDefinition = (program, io, exit) =>
  program
    .command("demo")
    .description("compile rules/ into generated/ and play the demo game (the two demo decks) readably")
    .option("--seed <n>", "the seed", wholeNumber("--seed"), 2026)
    .action(async (o: { seed: number }) => {
      const { demo } = await import("../commands/demo.ts");
      exit(await demo(io, o.seed));
    });
