// One prettier pass over each generated file, so output is stable and readable.
import { format } from "prettier";
import type { GeneratedFile } from "./emit.ts";

const OPTIONS = { parser: "typescript", printWidth: 120, trailingComma: "all", endOfLine: "lf" } as const;

export async function formatFiles(files: readonly GeneratedFile[]): Promise<GeneratedFile[]> {
  return Promise.all(files.map(async (f) => ({ path: f.path, text: await format(f.text, OPTIONS) })));
}
