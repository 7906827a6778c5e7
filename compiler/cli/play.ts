// `l5r play` and `l5r games`: seeded games between declared decks with random agents.
import type { Command } from "commander";
import { deckTitles, progressStream, wholeNumber } from "./options.ts";
import type { CommandDefinition } from "./commands.ts";

/** The options both commands take. */
function gameOptions(cmd: Command): Command {
  return cmd
    .argument("[paths...]", "more .l5r files or folders (more cards and decks) compiled with the rules")
    .option("--seed <n>", "the seed", wholeNumber("--seed"), 1)
    .option("--decks <titles>", 'deck titles separated by commas, taken by the players in turn (default: every declared deck)', deckTitles)
    .option("--players <n>", "how many players (default: two, or one per deck named)", wholeNumber("--players", 2));
}

interface GameFlags {
  seed: number;
  decks?: string[];
  players?: number;
}

export const definePlay: CommandDefinition = (program, io, exit) =>
  gameOptions(program.command("play").description("play one seeded game readably, turn by turn, the winner and the kind of victory last; exit 1 when a deck is refused"))
    .option("--json", "print the structured log, the result and the answers as one JSON object")
    .action(async (paths: string[], o: GameFlags & { json?: boolean }) => {
      const { play } = await import("../commands/play.ts");
      exit(await play({ paths, seed: o.seed, decks: o.decks ?? null, players: o.players ?? null, json: o.json === true }, io));
    });

export const defineGames: CommandDefinition = (program, io, exit) =>
  gameOptions(program.command("games").description("play and replay N seeded games, checking every card's place at every step; exit 1 on any failure or refused deck"))
    .option("--count <n>", "how many games", wholeNumber("--count", 1), 1000)
    .option("--hostile", "players in every other game also give illegal answers, which must be rejected")
    .action(async (paths: string[], o: GameFlags & { count: number; hostile?: boolean }) => {
      const { games } = await import("../commands/games.ts");
      exit(await games({ paths, seed: o.seed, decks: o.decks ?? null, players: o.players ?? null, count: o.count, hostile: o.hostile === true }, io, progressStream()));
    });
