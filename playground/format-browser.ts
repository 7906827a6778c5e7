// The generated code's one prettier pass, in the browser: prettier's standalone build with the
// TypeScript parser, the same options as compiler/codegen/format.ts.
import { format } from "prettier/standalone";
import * as typescript from "prettier/plugins/typescript";
import * as estree from "prettier/plugins/estree";
import type { GeneratedFile } from "../compiler/codegen/emit.ts";

const OPTIONS = { parser: "typescript", printWidth: 120, trailingComma: "all", endOfLine: "lf" } as const;

export async function formatFiles(files: readonly GeneratedFile[]): Promise<GeneratedFile[]> {
  return Promise.all(files.map(async (f) => ({ path: f.path, text: await format(f.text, { ...OPTIONS, plugins: [typescript, estree] }) })));
}
