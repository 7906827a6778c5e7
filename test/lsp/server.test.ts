// The language server over a real stdio connection (`l5r lsp` as an editor starts it): diagnostics
// with check's codes and ranges as a file is opened, broken and fixed; hover, definition, completion
// and document symbols.  One server process for the whole file.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from "vscode-jsonrpc/node";
import { checkPaths } from "../../compiler/commands/check.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), "l5r-lsp-"));
const cardsPath = join(scratch, "my-cards.l5r");
const uri = pathToFileURL(cardsPath).href;

const good = `// My cards.
card "My Duelist" {
  type Personality
  clan Crane
  force 2
  chi 3
  honorRequirement 3
  goldCost 4
  personalHonor 2
  keywords Duelist
}

card "My Strike" {
  type Strategy
  text {
    Limited: Bow target Personality.
  }
}
`;
const broken = good.replace("type Strategy", "type Stratagy");

interface Published {
  uri: string;
  diagnostics: { code: string; range: { start: { line: number; character: number }; end: { line: number; character: number } }; message: string }[];
}

let server: ChildProcess;
let rpc: MessageConnection;
const published: Published[] = [];
const waiters: ((p: Published) => void)[] = [];

/** The next diagnostics published for the file that pass `test`. */
function nextDiagnostics(test: (p: Published) => boolean): Promise<Published> {
  const seen = published.find((p) => p.uri === uri && test(p));
  if (seen) return Promise.resolve(seen);
  return new Promise((done) => {
    const w = (p: Published) => {
      if (p.uri === uri && test(p)) {
        waiters.splice(waiters.indexOf(w), 1);
        done(p);
      }
    };
    waiters.push(w);
  });
}

/** Where a piece of text is in a document, as an LSP position (its first character, plus `into`). */
function positionOf(text: string, piece: string, into = 0) {
  const at = text.indexOf(piece) + into;
  const before = text.slice(0, at).split("\n");
  return { line: before.length - 1, character: before[before.length - 1]!.length };
}

beforeAll(async () => {
  writeFileSync(cardsPath, broken);
  server = spawn(process.execPath, [join(root, "compiler/launch.mjs"), "lsp", "--stdio"], { cwd: scratch, stdio: ["pipe", "pipe", "inherit"] });
  rpc = createMessageConnection(new StreamMessageReader(server.stdout!), new StreamMessageWriter(server.stdin!));
  rpc.onNotification("textDocument/publishDiagnostics", (p: Published) => {
    published.push(p);
    for (const w of [...waiters]) w(p);
  });
  rpc.listen();
  const init = (await rpc.sendRequest("initialize", { processId: process.pid, rootUri: pathToFileURL(scratch).href, capabilities: {} })) as { capabilities: Record<string, unknown> };
  expect(init.capabilities).toMatchObject({ hoverProvider: true, definitionProvider: true, documentSymbolProvider: true });
  await rpc.sendNotification("initialized", {});
});

afterAll(async () => {
  await rpc.sendRequest("shutdown");
  const exited = new Promise<number | null>((done) => server.on("exit", done));
  await rpc.sendNotification("exit");
  expect(await exited).toBe(0);
  rpc.dispose();
  rmSync(scratch, { recursive: true, force: true });
});

describe("l5r lsp over stdio", () => {
  it("publishes a file's error with check's code and range, and none once it is fixed", async () => {
    await rpc.sendNotification("textDocument/didOpen", { textDocument: { uri, languageId: "l5r", version: 1, text: broken } });
    const first = await nextDiagnostics((p) => p.diagnostics.length > 0);
    const checked = checkPaths([cardsPath], { out: () => {}, err: () => {} }, { quiet: true }).report().diagnostics as { code: string; start: { line: number; column: number }; end: { line: number; column: number } }[];
    expect(checked.length).toBeGreaterThan(0);
    expect(first.diagnostics.map((d) => [d.code, d.range])).toEqual(
      checked.map((d) => [d.code, { start: { line: d.start.line - 1, character: d.start.column - 1 }, end: { line: d.end.line - 1, character: d.end.column - 1 } }]),
    );
    expect(first.diagnostics[0]!.code).toBe("card/unknown-type");

    await rpc.sendNotification("textDocument/didChange", { textDocument: { uri, version: 2 }, contentChanges: [{ text: good }] });
    const fixed = await nextDiagnostics((p) => p.diagnostics.length === 0);
    expect(fixed.diagnostics).toEqual([]);
  });

  it("hover: a card's stats on its title, the declaration of a phrase of card text, a heading's rules text", async () => {
    const card = (await rpc.sendRequest("textDocument/hover", { textDocument: { uri }, position: positionOf(good, '"My Duelist"', 3) })) as { contents: { value: string } };
    expect(card.contents.value).toContain("**My Duelist**");
    expect(card.contents.value).toMatch(/\*Personality\* · Crane · Force 2 · Chi 3/);
    expect(card.contents.value).toContain("**Duelist**");

    const phrase = (await rpc.sendRequest("textDocument/hover", { textDocument: { uri }, position: positionOf(good, "Bow target", 1) })) as { contents: { value: string } };
    expect(phrase.contents.value).toContain('reads as the effect phrase "bow {c}"');
    expect(phrase.contents.value).toMatch(/effect bow\(c: card[^)]*\) "bow \{c\}"/);

    const duels = join(root, "rules/duels.l5r");
    const duelsText = readFileSync(duels, "utf8");
    const duelsUri = pathToFileURL(duels).href;
    await rpc.sendNotification("textDocument/didOpen", { textDocument: { uri: duelsUri, languageId: "l5r", version: 1, text: duelsText } });
    const heading = (await rpc.sendRequest("textDocument/hover", { textDocument: { uri: duelsUri }, position: positionOf(duelsText, '"A challenge fails if its Personalities', 2) })) as { contents: { value: string } };
    expect(heading.contents.value).toContain("**A challenge fails if its Personalities share a controller or one is not a Personality**");
    expect(heading.contents.value).toContain('"A challenge fails and has no effect if its two Personalities are controlled by the same player');
    await rpc.sendNotification("textDocument/didClose", { textDocument: { uri: duelsUri } });
  });

  it("definition: from a phrase in card text to the effect that declares it, and from a name to its declaration", async () => {
    const effects = readFileSync(join(root, "rules/effects.l5r"), "utf8");
    const bow = (await rpc.sendRequest("textDocument/definition", { textDocument: { uri }, position: positionOf(good, "Bow target", 1) })) as { uri: string; range: { start: unknown } };
    expect(bow.uri).toBe(pathToFileURL(join(root, "rules/effects.l5r")).href);
    expect(bow.range.start).toEqual(positionOf(effects, "effect bow(", "effect ".length));

    const vocabulary = readFileSync(join(root, "rules/vocabulary.l5r"), "utf8");
    const type = (await rpc.sendRequest("textDocument/definition", { textDocument: { uri }, position: positionOf(good, "type Personality", 6) })) as { uri: string; range: { start: { line: number } } };
    expect(type.uri).toBe(pathToFileURL(join(root, "rules/vocabulary.l5r")).href);
    expect(vocabulary.split("\n")[type.range.start.line]).toMatch(/\bPersonality\b/);
  });

  it("completion: declared phrases in card text, card titles in a string, zones elsewhere; document symbols list the cards", async () => {
    const inText = (await rpc.sendRequest("textDocument/completion", { textDocument: { uri }, position: positionOf(good, "Limited: ", "Limited: ".length) })) as { label: string; insertText?: string }[];
    expect(inText.find((c) => c.label === "bow {c}")).toMatchObject({ insertText: "bow ${1:c}" });
    expect(inText.map((c) => c.label)).toContain("My Duelist");

    const withString = good + `\ndeck "Mine" {\n  fateDeck { 1 "My" }\n}\n`;
    await rpc.sendNotification("textDocument/didChange", { textDocument: { uri, version: 3 }, contentChanges: [{ text: withString }] });
    const inString = (await rpc.sendRequest("textDocument/completion", { textDocument: { uri }, position: positionOf(withString, '1 "My"', 5) })) as { label: string }[];
    expect(inString.map((c) => c.label)).toEqual(expect.arrayContaining(["My Strike", "Kakita Duelist"]));

    const outside = (await rpc.sendRequest("textDocument/completion", { textDocument: { uri }, position: { line: 0, character: 0 } })) as { label: string; detail: string }[];
    expect(outside.find((c) => c.label === "hand")).toMatchObject({ detail: expect.stringMatching(/^zone/) });

    const symbols = (await rpc.sendRequest("textDocument/documentSymbol", { textDocument: { uri } })) as { name: string }[];
    expect(symbols.map((s) => s.name)).toEqual(["My Duelist", "My Strike", "Mine"]);
  });
});
