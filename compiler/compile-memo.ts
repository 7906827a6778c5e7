// What a long-lived process (an editor, the playground, an embedding that calls `runCli` again and
// again, the test runner) compiles more than once is not done twice: a file's parse is reused while its
// text is unchanged, and a whole program's result while every source is unchanged.  Compiling is a pure
// function of the sources, and nothing changes a parse or a result after it is made.
import { createHash } from "node:crypto";
import { parse, type ParseResult } from "../grammar/index.ts";

/** Parses kept, by path and text; the oldest go first past this much source text. */
const PARSE_BUDGET_CHARS = 16_000_000;
const parses = new Map<string, { text: string; result: ParseResult }>();
let parsedChars = 0;

/** `parse`, reusing the last parse of the same path while its text is unchanged. */
export function parseReusing(text: string, path: string): ParseResult {
  const known = parses.get(path);
  if (known && known.text === text) {
    // Most recently used last, so eviction takes the least recently used first.
    parses.delete(path);
    parses.set(path, known);
    return known.result;
  }
  const result = parse(text, path);
  if (known) {
    parses.delete(path);
    parsedChars -= known.text.length;
  }
  parses.set(path, { text, result });
  parsedChars += text.length;
  for (const [oldPath, old] of parses) {
    if (parsedChars <= PARSE_BUDGET_CHARS || oldPath === path) break;
    parses.delete(oldPath);
    parsedChars -= old.text.length;
  }
  return result;
}

/** The sources' identity: every path with its text, in order. */
export function sourcesKey(
  inputs: readonly { readonly path: string; readonly text: string }[],
): string {
  const h = createHash("sha256");
  for (const i of inputs)
    h.update(`${i.path}\u0000${i.text.length}\u0000${i.text}\u0000`);
  return h.digest("hex");
}

/** A small map that keeps the `size` most recently used entries. */
export class Recent<V> {
  private readonly entries = new Map<string, V>();
  constructor(private readonly size: number) {}

  get(key: string): V | undefined {
    const v = this.entries.get(key);
    if (v !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, v);
    }
    return v;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.size)
      this.entries.delete(this.entries.keys().next().value!);
  }
}
