// The web playground in headless Chromium (Debian's chromium, driven by playwright-core): built once,
// served from a folder on localhost, then a card with an error shows the error at its range, and once
// the error is typed away the card's scenario passes and its generated TypeScript is shown.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";

const root = fileURLToPath(new URL("../../", import.meta.url));
const CHROMIUM = "/usr/bin/chromium";
// How the machine's probe runs Chromium headless: no sandbox (root), nothing fetched from outside.
const FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

const haveChromium = existsSync(CHROMIUM);
if (!haveChromium && process.env.CI) throw new Error(`${CHROMIUM} is missing: .ci/run installs Debian's chromium before the tests; the playground test must run in CI`);
if (!haveChromium) console.warn(`SKIPPED the playground's browser test: ${CHROMIUM} is not installed (apt-get install chromium)`);

const TYPES: Record<string, string> = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css" };

describe.skipIf(!haveChromium)("the playground in headless Chromium", () => {
  let out: string;
  let server: Server;
  let browser: Browser;
  let page: Page;
  let url: string;

  beforeAll(async () => {
    out = mkdtempSync(join(tmpdir(), "l5r-playground-"));
    const { build } = await import("vite");
    await build({ configFile: join(root, "playground/vite.config.ts"), logLevel: "error", build: { outDir: out, emptyOutDir: true } });
    server = createServer((req, res) => {
      const path = normalize(join(out, decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname)));
      const file = path.startsWith(out) && existsSync(path) && statSync(path).isFile() ? path : join(out, "index.html");
      res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
      res.end(readFileSync(file));
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    const address = server.address();
    url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/`;
    const { chromium } = await import("playwright-core");
    browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS, headless: true });
    page = await browser.newPage();
    page.on("pageerror", (e) => console.error(`page error: ${e.message}`));
    await page.goto(url);
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((done) => server?.close(done));
    if (out) rmSync(out, { recursive: true, force: true });
  });

  const settled = () => page.evaluate(() => (globalThis as unknown as { l5rPlayground: { settled(): Promise<unknown> } }).l5rPlayground.settled());

  it("opens with the guide's card, whose scenario passes", async () => {
    await settled();
    await expect(page.locator("#results .scenario.passed .verdict").textContent()).resolves.toBe("PASS");
    expect(await page.locator("#status").textContent()).toMatch(/^0 error\(s\), 0 warning\(s\); 1 passed, 0 failed/);
  });

  it("shows a card's error inline at its range and in the list; typing the fix makes its scenario pass", async () => {
    const source = readFileSync(join(root, "playground/example.ts"), "utf8").match(/`([\s\S]*)`/)![1]!;
    await page.evaluate((text) => (globalThis as unknown as { l5rPlayground: { setSource(t: string): void } }).l5rPlayground.setSource(text), source.replace("type Strategy", "type Stratagy"));
    await settled();
    const marked = page.locator("#editor .cm-lintRange-error");
    await expect(marked.textContent()).resolves.toBe("Stratagy");
    const listed = page.locator('#diagnostics li[data-code="card/unknown-type"]');
    expect(await listed.textContent()).toBe("playground.l5r:4:8: error card/unknown-type: unknown card type 'Stratagy'; did you mean 'Strategy'?");
    expect(await page.locator("#results").textContent()).toContain("The scenarios run once the source compiles.");

    // Select the misspelt word and type over it, as an author would.
    await marked.dblclick();
    await page.keyboard.type("Strategy");
    await settled();
    expect(await page.locator("#editor .cm-lintRange-error").count()).toBe(0);
    expect(await page.locator("#results .scenario.passed .title").textContent()).toBe("Test of Resolve: the winner gains 2 Honor and the loser bows");
    expect(await page.locator("#generated .cm-content").textContent()).toContain("Test of Resolve");
  });
});
