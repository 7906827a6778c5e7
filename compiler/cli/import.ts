// `l5r import` and `l5r corpus`: real card records (Oracle JSON) as .l5r cards.
import { nonEmpty, progressStream, wholeNumber } from "./options.ts";
import type { CommandDefinition } from "./commands.ts";

const legal = () => nonEmpty("--legal", "takes arc names separated by commas");

export const defineImport: CommandDefinition = (program, io, exit) =>
  program
    .command("import")
    .description("write each Oracle card record as a .l5r card file in DIR, reporting what cannot be placed")
    .argument("<oracle.json>", "the Oracle card records")
    .option("--out <dir>", "a new or empty folder", nonEmpty("--out", "takes a folder"), "oracle-cards")
    .option("--legal <arcs>", "only the cards legal in these arcs (names separated by commas)", legal())
    .action(async (file: string, o: { out: string; legal?: string }) => {
      const { importCards } = await import("../commands/import.ts");
      exit(importCards({ file, out: o.out, legal: o.legal ?? null }, io));
    });

export const defineCorpus: CommandDefinition = (program, io, exit) =>
  program
    .command("corpus")
    .description("import the records in memory, check every card on its own, and report how many are fully supported")
    .argument("<oracle.json>", "the Oracle card records")
    .option("--legal <arcs>", "only the cards legal in these arcs (names separated by commas)", legal())
    .option("--json", "print one JSON object (a status per card with its diagnostics)")
    .option("--clusters <n>", "how many failure clusters to list", wholeNumber("--clusters", 0), 25)
    .action(async (file: string, o: { legal?: string; json?: boolean; clusters: number }) => {
      const { corpus } = await import("../commands/corpus.ts");
      exit(corpus({ file, legal: o.legal ?? null, json: o.json === true, clusters: o.clusters }, io, progressStream()));
    });
