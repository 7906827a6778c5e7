// The VS Code side of the .l5r language server: starts `l5r lsp --stdio` (the command in the setting
// l5r.server.command) in the workspace folder and hands it the .l5r documents.  Install with
// `npm install` in this folder, then load the folder as an extension (README, "Editors").
const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const [command, ...args] = vscode.workspace.getConfiguration("l5r").get("server.command");
  const cwd = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  const server = { command, args, transport: TransportKind.stdio, options: { cwd, shell: process.platform === "win32" } };
  client = new LanguageClient("l5r", "L5R language server", server, { documentSelector: [{ scheme: "file", language: "l5r" }] });
  context.subscriptions.push({ dispose: () => client?.stop() });
  return client.start();
}

function deactivate() {
  return client?.stop();
}

module.exports = { activate, deactivate };
