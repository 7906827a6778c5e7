// `l5r lsp` (the language server, on stdio)
import type { CommandDefinition } from "./commands.ts";

export const defineLsp: CommandDefinition = (program, _io, exit) =>
  program
    .command("lsp")
    .description("the .l5r language server on stdin/stdout, for editors (diagnostics, hover, definition, completion, symbols)")
    .option("--stdio", "talk over stdin and stdout (the default and only way; editors pass it)")
    .action(async () => {
      const { startServer } = await import("../lsp/server.ts");
      const connection = startServer(process.stdin, process.stdout);
      // Runs until the editor closes the connection (exit), then ends the process as it asks.
      await new Promise<void>((done) => connection.onExit(done));
      exit(0);
    });
