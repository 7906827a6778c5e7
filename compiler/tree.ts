// Searching the compiler's trees (AST and IR are plain objects and arrays): the first node a test
// accepts, depth first, or every node, without printing the tree to text.

export type Node = Record<string, unknown>;

/** The first node `test` accepts; a test answering "skip" leaves that node's inside unsearched. */
export function findNode(tree: unknown, test: (node: Node) => boolean | "skip"): Node | null {
  if (!tree || typeof tree !== "object") return null;
  if (Array.isArray(tree)) {
    for (const item of tree) {
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
    const found = findNode(node[key], test);
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
