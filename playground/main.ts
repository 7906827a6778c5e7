// The playground page: an editor for the source (diagnostics shown inline as you type), the
// diagnostics listed, the scenarios' results with their decisions, and the generated TypeScript.
// Compiling happens in ./compiler-worker.ts.
import { basicSetup, EditorView } from "codemirror";
import { EditorState } from "@codemirror/state";
import { setDiagnostics, type Diagnostic } from "@codemirror/lint";
import { javascript } from "@codemirror/lang-javascript";
import type { CompileRequest, CompileResponse } from "./protocol.ts";
import { EXAMPLE } from "./example.ts";

const PATH = "playground.l5r";
const SETTLE_MS = 250;

const status = document.getElementById("status")!;
const list = document.getElementById("diagnostics")!;
const results = document.getElementById("results")!;

const worker = new Worker(new URL("./compiler-worker.ts", import.meta.url), { type: "module" });
let requested = 0;
let shown = 0;
const idle: ((r: CompileResponse) => void)[] = [];
let last: CompileResponse | null = null;

const generated = new EditorView({ parent: document.getElementById("generated")!, state: EditorState.create({ doc: "", extensions: [basicSetup, javascript({ typescript: true }), EditorState.readOnly.of(true)] }) });

let timer: ReturnType<typeof setTimeout> | undefined;
/** Typing has not yet settled into a compile request. */
let typing = false;
const editor = new EditorView({
  parent: document.getElementById("editor")!,
  state: EditorState.create({
    doc: EXAMPLE,
    extensions: [
      basicSetup,
      EditorView.updateListener.of((u) => {
        if (!u.docChanged) return;
        clearTimeout(timer);
        typing = true;
        timer = setTimeout(() => {
          typing = false;
          compile();
        }, SETTLE_MS);
      }),
    ],
  }),
});

function compile(): void {
  const req: CompileRequest = { id: ++requested, path: PATH, text: editor.state.doc.toString() };
  status.textContent = "compiling…";
  worker.postMessage(req);
}

function show(r: CompileResponse): void {
  if (r.id !== requested) return; // an older text's answer: a newer one is on its way
  const doc = editor.state.doc.length;
  const own = r.diagnostics.filter((d) => d.file === PATH);
  const inline: Diagnostic[] = own.map((d) => ({ from: Math.min(d.from, doc), to: Math.min(Math.max(d.to, d.from), doc), severity: d.severity, message: `${d.code}: ${d.message}`, source: d.code }));
  editor.dispatch(setDiagnostics(editor.state, inline));
  list.replaceChildren(
    ...r.diagnostics.map((d) => {
      const li = document.createElement("li");
      li.className = d.severity;
      li.dataset.code = d.code;
      li.textContent = `${d.file}:${d.line}:${d.column}: ${d.severity} ${d.code}: ${d.message}`;
      return li;
    }),
  );
  if (r.diagnostics.length === 0) list.replaceChildren(Object.assign(document.createElement("li"), { textContent: "none" }));
  generated.dispatch({ changes: { from: 0, to: generated.state.doc.length, insert: r.generated ?? "(not compiled: see the errors)" } });
  results.replaceChildren(...scenarioViews(r));
  const errors = r.diagnostics.filter((d) => d.severity === "error").length;
  status.textContent = r.failure
    ? `the compiler failed: ${r.failure}`
    : `${errors} error(s), ${r.diagnostics.length - errors} warning(s)${r.scenarios ? `; ${r.scenarios.filter((s) => s.passed).length} passed, ${r.scenarios.filter((s) => !s.passed).length} failed` : ""} (${Math.round(r.ms)} ms)`;
  status.dataset.state = "ready";
  shown = r.id;
  last = r;
  for (const w of idle.splice(0)) w(r);
}

function scenarioViews(r: CompileResponse): HTMLElement[] {
  if (!r.scenarios) return [Object.assign(document.createElement("p"), { textContent: "The scenarios run once the source compiles." })];
  if (r.scenarios.length === 0) return [Object.assign(document.createElement("p"), { textContent: "No scenario in the source." })];
  return r.scenarios.map((s) => {
    const div = document.createElement("div");
    div.className = `scenario ${s.passed ? "passed" : "failed"}`;
    const head = document.createElement("div");
    head.innerHTML = `<span class="verdict"></span> <span class="title"></span>`;
    head.querySelector(".verdict")!.textContent = s.passed ? "PASS" : "FAIL";
    head.querySelector(".title")!.textContent = s.title;
    div.append(head);
    const add = (title: string, lines: readonly string[], cls: string) => {
      if (!lines.length) return;
      const p = Object.assign(document.createElement("div"), { textContent: title });
      const ul = document.createElement("ul");
      ul.className = cls;
      for (const l of lines) ul.append(Object.assign(document.createElement("li"), { textContent: l }));
      div.append(p, ul);
    };
    add("failures:", s.failures, "failures");
    add("decisions put to players:", s.decisions, "decisions");
    if (!s.decisions.length) div.append(Object.assign(document.createElement("div"), { textContent: "no decision was put to a player" }));
    return div;
  });
}

worker.onmessage = (e: MessageEvent<CompileResponse>) => show(e.data);
compile();

/** For scripts and the browser test: replace the source, and wait until it has been compiled. */
(window as unknown as { l5rPlayground: unknown }).l5rPlayground = {
  setSource(text: string): void {
    editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: text } });
  },
  /** Resolves with the result for the editor's current text. */
  settled(): Promise<CompileResponse> {
    return new Promise((done) => {
      const check = () => (!typing && last !== null && shown === requested ? done(last) : idle.push(check));
      check();
    });
  },
};
