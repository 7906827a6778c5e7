// Searching the compiler's trees (AST and IR are plain objects and arrays): the first node a test
// accepts, depth first, or every node, without printing the tree to text; and copying one.
import type { IrStmt } from "./ir.ts";

export type Node = Record<string, unknown>;

/** The first node `test` accepts; a test answering "skip" leaves that node's inside unsearched. */
export function findNode(tree: unknown, test: (node: Node) => boolean | "skip"): Node | null {
  if (!tree || typeof tree !== "object") return null;
  if (Array.isArray(tree)) {
    for (const item of tree) {
      // (most properties are strings and numbers: they are passed over without a call)
      if (!item || typeof item !== "object") continue;
      const found = findNode(item, test);
      if (found) return found;
    }
    return null;
  }
  const node = tree as Node;
  const verdict = test(node);
  if (verdict === true) return node;
  if (verdict === "skip") return null;
  for (const key in node) {
    const item = node[key];
    if (!item || typeof item !== "object") continue;
    const found = findNode(item, test);
    if (found) return found;
  }
  return null;
}

/** Calls `visit` on every node of the tree. */
export function eachNode(tree: unknown, visit: (node: Node) => void): void {
  findNode(tree, (node) => {
    visit(node);
    return false;
  });
}

/**
 * A copy of a tree with every `range` property set to `range` (a phrase of the rules copied to where
 * card text names it).  Same result as a JSON round trip with a reviver (the trees are plain data),
 * without printing and re-reading the text.
 */
export function copyWithRange<T>(tree: T, range: unknown): T {
  return copy(tree, range) as T;
}

function copy(value: unknown, range: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) {
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) {
      const item = value[i];
      // JSON writes a missing array item as null
      out[i] = item === undefined ? null : copy(item, range);
    }
    return out;
  }
  const out: Node = {};
  for (const key in value) {
    const item = (value as Node)[key];
    if (item === undefined) continue; // JSON leaves out an undefined property
    out[key] = key === "range" ? range : copy(item, range);
  }
  return out;
}

/** A heading's checks for "has the sequence ended?" at its very end have nothing left to skip. */
export function withoutEndCheckpoints(body: readonly IrStmt[]): readonly IrStmt[] {
  let end = body.length;
  while (end > 0 && body[end - 1]!.k === "checkpoint") end--;
  return end === body.length ? body : body.slice(0, end);
}

/** A copy of a tree in which each node `replace` answers for is that answer (its inside unsearched);
 *  the rest is shared, not copied. */
export function replaceNodes<T>(tree: T, replace: (node: Node) => Node | undefined): T {
  return swap(tree, replace) as T;
}

function swap(value: unknown, replace: (node: Node) => Node | undefined): unknown {
  if (!value || typeof value !== "object") return value;
  if (Array.isArray(value)) {
    const out = value.map((item) => swap(item, replace));
    return out.some((item, i) => item !== value[i]) ? out : value;
  }
  const node = value as Node;
  const replaced = replace(node);
  if (replaced) return replaced;
  let out: Node | null = null;
  for (const key in node) {
    const item = swap(node[key], replace);
    if (item !== node[key]) (out ??= { ...node })[key] = item;
  }
  return out ?? node;
}
