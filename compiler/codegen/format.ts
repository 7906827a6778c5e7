// One prettier pass over each generated file, so output is stable and readable.
import { format } from "prettier";
import type { GeneratedFile } from "./emit.ts";

const OPTIONS = { parser: "typescript", printWidth: 120, trailingComma: "all", endOfLine: "lf" } as const;

/** Formatting is the slowest step of a compile and a pure function of the text: a process that emits
 *  the same file again (a watcher, an editor, the tests) formats it once.  Oldest first out past this. */
const FORMATTED_BUDGET_CHARS = 32_000_000;
const formatted = new Map<string, Promise<string>>();
let formattedChars = 0;

function formatOnce(text: string): Promise<string> {
  let done = formatted.get(text);
  if (done) return done;
  done = format(text, OPTIONS);
  formatted.set(text, done);
  formattedChars += text.length;
  done.catch(() => {
    if (formatted.delete(text)) formattedChars -= text.length;
  });
  for (const old of formatted.keys()) {
    if (formattedChars <= FORMATTED_BUDGET_CHARS || old === text) break;
    formatted.delete(old);
    formattedChars -= old.length;
  }
  return done;
}

export async function formatFiles(files: readonly GeneratedFile[]): Promise<GeneratedFile[]> {
  return Promise.all(files.map(async (f) => ({ path: f.path, text: await formatOnce(f.text) })));
}
