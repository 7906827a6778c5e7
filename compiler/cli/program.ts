// The `l5r` command line, read with commander: each command is defined in its own file (listed in
// ./commands.ts), has `--help`, and refuses unknown options and extra arguments.  Exit codes: 0 ok,
// 1 findings or failures, 2 bad usage or unreadable input (one line on stderr, never a stack trace).
import { Command, CommanderError } from "commander";
import { UsageError } from "../sources.ts";
import { COMMANDS } from "./commands.ts";
import { TAKES, type Output } from "./options.ts";

/** The program with every command; `exit` receives each action's exit code. */
export function buildProgram(io: Output, exit: (code: number) => void): Command {
  const program = new Command("l5r")
    .description("The L5R rules language: check, compile, test and play .l5r rules and cards")
    .usage("<command> [arguments]")
    .helpCommand("help [command]", "show the commands, or one command's arguments and options")
    .showSuggestionAfterError(false)
    .configureOutput({
      writeOut: (s) => process.stdout.write(s),
      writeErr: (s) => process.stderr.write(s),
      // Errors are printed by runCli, in the one-line form every command uses.
      outputError: () => {},
    })
    .exitOverride();
  for (const define of COMMANDS) {
    const cmd = define(program, io, exit);
    cmd.exitOverride().configureOutput({ outputError: () => {} }).showSuggestionAfterError(false);
  }
  return program;
}

/** Commander's refusal in the words the project's commands use. */
function usageMessage(e: CommanderError, program: Command, argv: readonly string[]): string {
  const message = e.message.replace(/^error: /, "");
  const commandName = argv.find((a) => !a.startsWith("-"));
  const cmd = program.commands.find((c) => c.name() === commandName);
  switch (e.code) {
    case "commander.unknownOption": {
      const flag = /'([^']+)'/.exec(message)?.[1] ?? "";
      if (!cmd) return `unknown option '${flag}' (try: l5r help)`;
      const known = cmd.options.map((o) => o.long).filter(Boolean);
      return `unknown option '${flag}' (${cmd.name()} takes ${known.length ? known.join(", ") : "no options"})`;
    }
    case "commander.unknownCommand":
      return `unknown command '${commandName ?? ""}' (try: l5r help)`;
    case "commander.optionMissingArgument": {
      const flag = /--[a-z-]+/.exec(message)?.[0] ?? "";
      return TAKES[flag] ? `${flag} ${TAKES[flag]}` : message;
    }
    case "commander.excessArguments":
      return `${message.replace(/\.$/, "")} (see l5r ${cmd?.name() ?? ""} --help)`;
    default:
      return message;
  }
}

/** Runs the command line; resolves to the exit code (usage errors included). */
export async function runCli(argv: readonly string[], io: Output): Promise<number> {
  let code = 0;
  const program = buildProgram(io, (c) => (code = c));
  if (argv.length === 0) {
    // No command: the usage, and exit 2 (it did nothing).
    io.out(program.helpInformation().trimEnd());
    return 2;
  }
  try {
    await program.parseAsync(argv, { from: "user" });
    return code;
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.code === "commander.helpDisplayed" || e.code === "commander.help" || e.code === "commander.version") return e.exitCode === 0 ? 0 : 2;
      io.err(`l5r: ${usageMessage(e, program, argv)}`);
      return 2;
    }
    if (e instanceof UsageError) {
      io.err(`l5r: ${e.message}`);
      return 2;
    }
    throw e;
  }
}
