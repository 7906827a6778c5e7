// Rendering .l5r files back to readable text (Markdown or HTML), and the stat labels both the renderer
// and the Markdown reader use (from the files' own `stat` declarations, else the project's rules).
import { parse, type SourceFile } from "../../grammar/index.ts";
import type { SourceInput } from "../compile.ts";
import { LineMap } from "../diagnostics.ts";
import { expandPath, readSource, rulesRoot, UsageError } from "../sources.ts";
import { documentOf, type StatLabels } from "./document.ts";
import { toHtml } from "./html.ts";
import { toMarkdown } from "./markdown.ts";

export type Format = "md" | "html";

export function parsed(input: SourceInput): SourceFile {
  const r = parse(input.text, input.path);
  if (!r.file) {
    const e = r.errors[0]!;
    const at = new LineMap(input.text).position(e.range.start);
    throw new UsageError(`${input.path}:${at.line}:${at.column}: ${e.code}: ${e.message}`);
  }
  return r.file;
}

/** Every stat the project's rules declare, with its label. */
export function statLabels(): StatLabels {
  const labels = new Map<string, string>();
  for (const f of expandPath(rulesRoot)) for (const d of parsed(readSource(f)).decls) if (d.kind === "StatDecl") labels.set(d.name.text, d.label);
  return labels;
}

export function renderFile(input: SourceInput, format: Format, stats: StatLabels = statLabels()): string {
  const blocks = documentOf(parsed(input), stats);
  return format === "md" ? toMarkdown(blocks, input.path) : toHtml(blocks, input.path);
}
