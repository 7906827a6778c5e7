// The .l5r language server (vscode-languageserver over stdio; `l5r lsp` starts it).  Diagnostics as you
// type, with the codes and ranges of `l5r check FILE`; hover (a card's stats, a phrase's declaration, a
// heading's rules text); go to definition (a phrase of card text to its `effect`, a name to its
// declaration, a title to its card); completion of declared phrases, keywords, zones and card titles;
// document symbols (headings, cards, declarations).
import { fileURLToPath, pathToFileURL } from "node:url";
import { createConnection, DiagnosticSeverity, TextDocuments, TextDocumentSyncKind, type Connection, type Diagnostic as LspDiagnostic } from "vscode-languageserver/node";
import { TextDocument } from "vscode-languageserver-textdocument";
import { Kw } from "../../grammar/tokens.ts";
import type { Diagnostic } from "../diagnostics.ts";
import { sourceName, UsageError } from "../sources.ts";
import { completion, definition, documentSymbols, hover, treeOf } from "./features.ts";
import { Workspace } from "./workspace.ts";

/** How long typing pauses before a document is checked again. */
const SETTLE_MS = 120;

export function startServer(input: NodeJS.ReadableStream, output: NodeJS.WritableStream): Connection {
  const connection = createConnection(input, output);
  const documents = new TextDocuments(TextDocument);
  const workspace = new Workspace();
  const pending = new Map<string, NodeJS.Timeout>();
  const languageKeywords = Object.keys(Kw).sort();

  const pathOf = (uri: string) => fileURLToPath(uri);
  const uriOf = (name: string) => pathToFileURL(workspace.absoluteOf(name)).href;

  const toLsp = (doc: TextDocument, d: Diagnostic): LspDiagnostic => ({
    severity: d.severity === "error" ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning,
    code: d.code,
    source: "l5r",
    message: d.message,
    range: { start: doc.positionAt(d.range.start), end: doc.positionAt(d.range.end) },
    relatedInformation: d.related.map((r) => {
      const text = workspace.text(workspace.absoluteOf(r.file));
      const pos = (o: number) => (text !== undefined ? TextDocument.create("", "l5r", 0, text).positionAt(o) : { line: 0, character: 0 });
      return { message: r.message, location: { uri: uriOf(r.file), range: { start: pos(r.range.start), end: pos(r.range.end) } } };
    }),
  });

  const check = (doc: TextDocument) => {
    let diagnostics: LspDiagnostic[];
    try {
      diagnostics = workspace.analyze(pathOf(doc.uri)).diagnostics.map((d) => toLsp(doc, d));
    } catch (e) {
      // An unreadable rules file (or the like) is one diagnostic at the top, not a crashed server.
      const message = e instanceof UsageError ? e.message : `internal error: ${e instanceof Error ? e.message : String(e)}`;
      diagnostics = [{ severity: DiagnosticSeverity.Error, code: "l5r/unreadable", source: "l5r", message, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } }];
    }
    void connection.sendDiagnostics({ uri: doc.uri, version: doc.version, diagnostics });
  };

  /** Checks every open document (a rules file's change can change any of them) once typing settles. */
  const schedule = (changed: TextDocument) => {
    workspace.setText(pathOf(changed.uri), changed.getText());
    const affected = changed.uri.includes("/rules/") ? documents.all() : [changed];
    for (const doc of affected) {
      clearTimeout(pending.get(doc.uri));
      pending.set(doc.uri, setTimeout(() => {
        pending.delete(doc.uri);
        const current = documents.get(doc.uri);
        if (current) check(current);
      }, SETTLE_MS));
    }
  };

  connection.onInitialize(() => ({
    capabilities: {
      textDocumentSync: TextDocumentSyncKind.Incremental,
      hoverProvider: true,
      definitionProvider: true,
      completionProvider: { triggerCharacters: ['"', " "] },
      documentSymbolProvider: true,
    },
    serverInfo: { name: "l5r" },
  }));

  documents.onDidOpen((e) => schedule(e.document));
  documents.onDidChangeContent((e) => schedule(e.document));
  documents.onDidClose((e) => {
    workspace.close(pathOf(e.document.uri));
    void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
  });

  const at = (uri: string, position: { line: number; character: number }) => {
    const doc = documents.get(uri);
    if (!doc) return null;
    const file = treeOf(doc, sourceName(pathOf(uri)));
    return { doc, file, offset: doc.offsetAt(position), knowledge: workspace.knowledge(pathOf(uri)) };
  };

  connection.onHover(({ textDocument, position }) => {
    const a = at(textDocument.uri, position);
    return a?.file ? hover(a.knowledge, a.doc, a.file, a.offset) : null;
  });
  connection.onDefinition(({ textDocument, position }) => {
    const a = at(textDocument.uri, position);
    return a?.file ? definition(a.knowledge, a.file, a.offset, uriOf) : null;
  });
  connection.onCompletion(({ textDocument, position }) => {
    const a = at(textDocument.uri, position);
    return a ? completion(a.knowledge, a.doc.getText(), a.offset, languageKeywords) : [];
  });
  connection.onDocumentSymbol(({ textDocument }) => {
    const doc = documents.get(textDocument.uri);
    const file = doc ? treeOf(doc, sourceName(pathOf(textDocument.uri))) : null;
    return doc && file ? documentSymbols(doc, file) : [];
  });

  documents.listen(connection);
  connection.listen();
  return connection;
}
