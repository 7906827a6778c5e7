// The playground's compiler, in a worker: the project's rules/ (bundled as text) with the page's
// source are checked, compiled to TypeScript, and, without errors, the source's scenarios are run on
// that generated code (transpiled to JavaScript here and loaded as modules of their own).  The same
// compiler and runtime as the command line; a rebuild reparses and re-emits only what changed.
import { ts } from "ts-morph";
import { IncrementalCompiler } from "../compiler/incremental.ts";
import { modulePathOf } from "../compiler/symbols.ts";
import * as runtime from "../runtime/api.ts";
import type { RulesBundle, ScenarioDef } from "../runtime/api.ts";
import type { CompileRequest, CompileResponse, ShownDiagnostic } from "./protocol.ts";

const RUNTIME = "l5r:runtime";
const rulesText = import.meta.glob(["../rules/**/*.l5r", "!../rules/errata/**"], { query: "?raw", import: "default", eager: true }) as Record<string, string>;
const rules = Object.entries(rulesText)
  .map(([key, text]) => ({ path: key.replace(/^\.\.\//, ""), text }))
  .sort((a, b) => (a.path < b.path ? -1 : 1));

const compiler = new IncrementalCompiler({ runtimeModule: RUNTIME });
/** JavaScript by TypeScript text: the rules' generated files are transpiled once. */
const transpiled = new Map<string, string>();

function javascriptOf(source: string): string {
  let js = transpiled.get(source);
  if (js === undefined) {
    js = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } }).outputText;
    transpiled.set(source, js);
  }
  return js;
}

/** Loads the generated files as CommonJS modules that import each other by relative path. */
function loadModules(files: ReadonlyMap<string, string>, entry: string): Record<string, unknown> {
  const loaded = new Map<string, { exports: Record<string, unknown> }>();
  const load = (path: string): Record<string, unknown> => {
    const known = loaded.get(path);
    if (known) return known.exports;
    const source = files.get(path);
    if (source === undefined) throw new Error(`the generated code imports ${path}, which was not generated`);
    const module = { exports: {} as Record<string, unknown> };
    loaded.set(path, module);
    const dir = path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : "";
    const require = (spec: string) => (spec === RUNTIME ? runtime : load(resolvePath(dir, spec)));
    new Function("exports", "require", "module", javascriptOf(source))(module.exports, require, module);
    return module.exports;
  };
  return load(entry);
}

function resolvePath(dir: string, spec: string): string {
  const parts = dir ? dir.split("/") : [];
  for (const p of spec.split("/")) {
    if (p === "..") parts.pop();
    else if (p !== ".") parts.push(p);
  }
  return parts.join("/");
}

async function build(req: CompileRequest): Promise<CompileResponse> {
  const started = performance.now();
  const { result, files } = await compiler.build([...rules, { path: req.path, text: req.text }]);
  const diagnostics: ShownDiagnostic[] = result.diagnostics
    .filter((d) => d.file === req.path || d.severity === "error")
    .map((d) => {
      const at = result.lines.get(d.file)?.position(d.range.start) ?? { line: 1, column: 1 };
      return { file: d.file, severity: d.severity, code: d.code, message: d.message, from: d.range.start, to: d.range.end, line: at.line, column: at.column };
    });
  if (!files) return { id: req.id, diagnostics, generated: null, scenarios: null, ms: performance.now() - started };
  const own = `${modulePathOf(req.path)}.ts`;
  const generated = files.find((f) => f.path === own)?.text ?? null;
  const { bundle, scenarios } = loadModules(new Map(files.map((f) => [f.path, f.text])), "index.ts") as { bundle: RulesBundle; scenarios: readonly ScenarioDef[] };
  const mine = scenarios.filter((s) => s.location.startsWith(`${req.path}:`));
  const results = mine.map((s) => {
    try {
      const r = runtime.runScenario(bundle, s);
      // A failing scenario's decisions as `l5r test` prints them; a passing one's from its log.
      const decisions = r.decisionsPut.length ? [...r.decisionsPut] : r.log.filter((l) => l.kind === "decision").map((l) => `${String(l.player)}: "${String(l.prompt)}" -> ${String(l.chose)}`);
      return { title: r.title, location: r.location, passed: r.failures.length === 0, failures: r.failures.map((f) => `expected ${f.expectation}: ${f.detail}`), decisions };
    } catch (e) {
      return { title: s.title, location: s.location, passed: false, failures: [`the scenario stopped: ${e instanceof Error ? e.message : String(e)}`], decisions: [] };
    }
  });
  return { id: req.id, diagnostics, generated, scenarios: results, ms: performance.now() - started };
}

/** The worker's side of the channel to the page. */
const page = self as unknown as { onmessage: ((e: MessageEvent<CompileRequest>) => void) | null; postMessage(message: CompileResponse): void };

// One build at a time; a request that arrives meanwhile waits, and only the newest is built.
let queued: CompileRequest | null = null;
let busy = false;
page.onmessage = async (e: MessageEvent<CompileRequest>) => {
  queued = e.data;
  if (busy) return;
  busy = true;
  while (queued) {
    const req = queued;
    queued = null;
    let response: CompileResponse;
    try {
      response = await build(req);
    } catch (err) {
      response = { id: req.id, diagnostics: [], generated: null, scenarios: null, ms: 0, failure: err instanceof Error ? err.message : String(err) };
    }
    page.postMessage(response);
  }
  busy = false;
};
