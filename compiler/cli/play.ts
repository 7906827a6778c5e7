// `l5r play` and `l5r games`: seeded games between declared decks, with random or greedy agents.
import type { Command } from "commander";
import { UsageError } from "../sources.ts";
import type { AgentName } from "../../runtime/agents.ts";
import { agentNames, deckTitles, nonEmpty, progressStream, wholeNumber } from "./options.ts";
import type { CommandDefinition } from "./commands.ts";

/** The options both commands take. */
function gameOptions(cmd: Command): Command {
  return cmd
    .argument("[paths...]", "more .l5r files or folders (more cards and decks) compiled with the rules")
    .option("--seed <n>", "the seed", wholeNumber("--seed"), 1)
    .option("--decks <titles>", 'deck titles separated by commas, taken by the players in turn (default: every declared deck)', deckTitles)
    .option("--players <n>", "how many players (default: two, or one per deck named)", wholeNumber("--players", 2))
    .option("--agent <names>", "who plays each seat: random or greedy (plays to win), separated by commas, taken by the players in turn (default: random)", agentNames);
}

interface GameFlags {
  seed: number;
  decks?: string[];
  players?: number;
  agent?: AgentName[];
}

export const definePlay: CommandDefinition = (program, io, exit) =>
  gameOptions(program.command("play").description("play one seeded game readably, turn by turn, the winner and the kind of victory last; exit 1 when a deck is refused"))
    .option("--json", "print the structured log, the result and the answers as one JSON object")
    .action(async (paths: string[], o: GameFlags & { json?: boolean }) => {
      const { play } = await import("../commands/play.ts");
      exit(await play({ paths, seed: o.seed, decks: o.decks ?? null, players: o.players ?? null, agents: o.agent ?? null, json: o.json === true }, io));
    });

interface GamesFlags extends GameFlags {
  count: number;
  hostile?: boolean;
  threads?: number;
  shard?: string;
  out?: string;
  json?: boolean;
  merge?: boolean;
}

/** What only a run of games takes (not --merge, whose files say how their games were played). */
const RUN_ONLY = ["seed", "decks", "players", "agent", "count", "hostile", "threads", "shard"] as const;

export const defineGames: CommandDefinition = (program, io, exit) =>
  gameOptions(program.command("games").description("play and replay N seeded games on every core, checking every card's place at every step; exit 1 on any failure or refused deck"))
    .usage("[paths] [--count N] [--seed S] [--agent A,B] [--shard i/n] [--out FILE] [--json] | --merge FILES [--out FILE] [--json]")
    .option("--count <n>", "how many games", wholeNumber("--count", 1), 1000)
    .option("--hostile", "players in every other game also give illegal answers, which must be rejected")
    .option("--threads <n>", "worker threads (default: one per core; 1 plays on this thread)", wholeNumber("--threads", 1))
    .option("--shard <i/n>", "play only the i-th of n equal blocks of the seeds (for n machines); needs --out or --json", nonEmpty("--shard", "takes i/n (the i-th of n parts)"))
    .option("--out <file>", "write each game's result as JSON to FILE (what --merge reads)", nonEmpty("--out", "takes a file"))
    .option("--json", "print each game's result as JSON instead of the totals")
    .option("--merge", "the paths are files written by --out: print what one run of all their games would print")
    .action(async (paths: string[], o: GamesFlags, cmd: Command) => {
      const out = o.out ?? null;
      const json = o.json === true;
      if (o.merge) {
        const given = RUN_ONLY.filter((k) => cmd.getOptionValueSource(k) === "cli");
        if (given.length) throw new UsageError(`games --merge takes the shards' files (and --out, --json), not --${given[0]}`);
        const { mergeGames } = await import("../commands/games.ts");
        exit(mergeGames(paths, { out, json }, io));
        return;
      }
      const { games } = await import("../commands/games.ts");
      const { parseShard } = await import("../pool/shards.ts");
      const shard = o.shard === undefined ? null : parseShard(o.shard);
      exit(await games({ paths, seed: o.seed, decks: o.decks ?? null, players: o.players ?? null, agents: o.agent ?? null, count: o.count, hostile: o.hostile === true, threads: o.threads ?? null, shard, out, json }, io, progressStream()));
    });
