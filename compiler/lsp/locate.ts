// Finding what the cursor is on: the syntax tree's nodes around an offset, innermost last.
import type { Range, SourceFile } from "../../grammar/index.ts";

export interface TreeNode {
  readonly kind: string;
  readonly range: Range;
  readonly [field: string]: unknown;
}

/** The nodes whose range holds `offset` (end included, so a cursor just after a word is on it),
 *  outermost first. */
export function nodesAt(file: SourceFile, offset: number): TreeNode[] {
  const out: TreeNode[] = [];
  const visit = (v: unknown): void => {
    if (v === null || typeof v !== "object") return;
    if (Array.isArray(v)) {
      for (const x of v) visit(x);
      return;
    }
    const n = v as Partial<TreeNode>;
    if (typeof n.kind === "string" && n.range) {
      if (offset < n.range.start || offset > n.range.end) return;
      out.push(n as TreeNode);
    }
    for (const [k, x] of Object.entries(n)) if (k !== "range" && typeof x === "object") visit(x);
  };
  visit(file);
  return out;
}

export function innermost(file: SourceFile, offset: number, kinds: readonly string[]): TreeNode | null {
  const at = nodesAt(file, offset);
  for (let i = at.length - 1; i >= 0; i--) if (kinds.includes(at[i]!.kind)) return at[i]!;
  return null;
}
