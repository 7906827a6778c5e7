// What a long-lived process (an editor, the playground, an embedding that calls `runCli` again and
// again, the test runner) compiles more than once is not done twice: a file's parse is reused while its
// text is unchanged, and a whole program's result while every source is unchanged.  Compiling is a pure
// function of the sources, and nothing changes a parse or a result after it is made.
import { createHash } from "node:crypto";
import { parse, type ParseResult } from "../grammar/index.ts";

/**
 * A map that keeps its most recently used entries while their total weight (by default, one each) is
 * within `budget`; the least recently used go first.
 */
export class Recent<V> {
  private readonly entries = new Map<string, V>();
  private total = 0;
  constructor(
    private readonly budget: number,
    private readonly weight: (key: string, value: V) => number = () => 1,
  ) {}

  get(key: string): V | undefined {
    const v = this.entries.get(key);
    if (v !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, v);
    }
    return v;
  }

  set(key: string, value: V): void {
    this.delete(key);
    this.entries.set(key, value);
    this.total += this.weight(key, value);
    for (const [oldKey, old] of this.entries) {
      if (this.total <= this.budget || oldKey === key) break;
      this.entries.delete(oldKey);
      this.total -= this.weight(oldKey, old);
    }
  }

  delete(key: string): void {
    const v = this.entries.get(key);
    if (v === undefined) return;
    this.entries.delete(key);
    this.total -= this.weight(key, v);
  }
}

/** Parses kept, by path, with the text parsed; the oldest go first past this much source text. */
const parses = new Recent<{ text: string; result: ParseResult }>(16_000_000, (_path, p) => p.text.length);

/** `parse`, reusing the last parse of the same path while its text is unchanged. */
export function parseReusing(text: string, path: string): ParseResult {
  const known = parses.get(path);
  if (known && known.text === text) return known.result;
  const result = parse(text, path);
  parses.set(path, { text, result });
  return result;
}

/** The sources' identity: every path with its text, in order. */
export function sourcesKey(inputs: readonly { readonly path: string; readonly text: string }[]): string {
  const h = createHash("sha256");
  for (const i of inputs) h.update(`${i.path}\u0000${i.text.length}\u0000${i.text}\u0000`);
  return h.digest("hex");
}
