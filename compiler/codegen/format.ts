// One prettier pass over each generated file, so output is stable and readable.
import { format } from "prettier";
import { Recent } from "../compile-memo.ts";
import type { GeneratedFile } from "./emit.ts";

const OPTIONS = { parser: "typescript", printWidth: 120, trailingComma: "all", endOfLine: "lf" } as const;

/** Formatting is the slowest step of a compile and a pure function of the text: a process that emits
 *  the same file again (a watcher, an editor, the tests) formats it once.  Oldest first out past this
 *  much text. */
const formatted = new Recent<Promise<string>>(32_000_000, (text) => text.length);

function formatOnce(text: string): Promise<string> {
  const known = formatted.get(text);
  if (known) return known;
  const done = format(text, OPTIONS);
  formatted.set(text, done);
  done.catch(() => formatted.delete(text));
  return done;
}

export async function formatFiles(files: readonly GeneratedFile[]): Promise<GeneratedFile[]> {
  return Promise.all(files.map(async (f) => ({ path: f.path, text: await formatOnce(f.text) })));
}
