// What every command definition shares: the output it writes to, and the readers of option values
// (a bad value is a UsageError: one line, exit 2).
import { UsageError } from "../sources.ts";
import type { Output } from "../commands/check.ts";
import { PLAYING_AGENTS, type AgentName } from "../../runtime/agents.ts";

export type { Output };

/** A command's action gives its exit code; the program keeps the last one. */
export type ExitCode = number;

/** Reads a whole number (`--seed 7`); `least` bounds it from below. */
export function wholeNumber(flag: string, least: number | null = null): (value: string) => number {
  return (value) => {
    const v = Number(value);
    if (value.trim() === "" || !Number.isSafeInteger(v)) throw new UsageError(`${flag} takes a whole number, not '${value}'`);
    if (least !== null && v < least) throw new UsageError(`${flag} takes ${least} or more`);
    return v;
  };
}

/** Reads a non-empty text (`--match TEXT`); `takes` says what it takes, for the message. */
export function nonEmpty(flag: string, takes: string): (value: string) => string {
  return (value) => {
    if (value === "") throw new UsageError(`${flag} ${takes}`);
    return value;
  };
}

/** Reads deck titles separated by commas (`--decks "A,B"`). */
export function deckTitles(value: string): string[] {
  const titles = value.split(",").map((t) => t.trim()).filter(Boolean);
  if (titles.length === 0) throw new UsageError("--decks takes deck titles separated by commas");
  return titles;
}

/** Reads the agents of the seats (`--agent greedy,random`): each seat in turn order takes the next. */
export function agentNames(value: string): AgentName[] {
  const names = value.split(",").map((t) => t.trim());
  const known = Object.keys(PLAYING_AGENTS);
  const bad = names.find((n) => !known.includes(n));
  if (bad !== undefined) throw new UsageError(`--agent takes ${known.join(" or ")} for each seat, separated by commas, not '${bad}'`);
  return names as AgentName[];
}

/** What an option without its value says it takes (`--match` alone), by flag. */
export const TAKES: Record<string, string> = {
  "--seed": "takes a whole number",
  "--count": "takes a whole number",
  "--players": "takes a whole number",
  "--games": "takes a whole number",
  "--duels": "takes a whole number",
  "--clusters": "takes a whole number",
  "--decks": "takes deck titles separated by commas",
  "--match": "takes part of a scenario's title",
  "--out": "takes a folder (for games and diff --behavior, a file)",
  "--agent": "takes random or greedy for each seat, separated by commas",
  "--threads": "takes a whole number",
  "--shard": "takes i/n (the i-th of n parts)",
  "--legal": "takes arc names separated by commas",
  "--format": "takes md or html",
  "--corpus": "takes an Oracle JSON file",
};

/** Progress bars go to stderr when it is a terminal (never into output a program reads). */
export function progressStream(): NodeJS.WriteStream | null {
  return process.stderr.isTTY && !process.env.CI ? process.stderr : null;
}
