// The tree a structural diff compares: every AST node of a file as a labelled, typed node (GumTree's
// model).  The type is the node's kind and the field it sits in; the label is its own scalar fields
// (a name's text, a number, an operator).  Ranges, comments and layout are not part of it, so a change
// of formatting alone gives two identical trees.
import type { Range, SourceFile } from "../../grammar/index.ts";

export interface DiffNode {
  /** Position in its tree's pre-order (the root is 0). */
  readonly id: number;
  /** `kind` and field: "HeadingDecl@headings", "Name@keywords". */
  readonly type: string;
  readonly kind: string;
  readonly label: string;
  readonly children: DiffNode[];
  readonly parent: DiffNode | null;
  readonly range: Range;
  /** The file it is in (its name as reported, and its text). */
  readonly src: SourceRef;
  /** The AST node itself, for describing it. */
  readonly ast: Record<string, unknown>;
  /** Equal for isomorphic subtrees (same types and labels all the way down). */
  hash: number;
  height: number;
  size: number;
}

export interface SourceRef {
  readonly file: string;
  readonly text: string;
}

/** One side of a diff: its files under one root, so that a declaration moved to another file is a move. */
export interface DiffTree {
  readonly root: DiffNode;
  /** Pre-order. */
  readonly nodes: DiffNode[];
}

/** Fields that are not part of a node's meaning. */
const IGNORED = new Set(["kind", "range", "path"]);

/** Shared by both trees of a diff, so that equal subtrees get equal hashes. */
export class Interner {
  private readonly ids = new Map<string, number>();
  id(key: string): number {
    let id = this.ids.get(key);
    if (id === undefined) this.ids.set(key, (id = this.ids.size));
    return id;
  }
}

function isNode(v: unknown): v is Record<string, unknown> & { kind: string; range: Range } {
  return typeof v === "object" && v !== null && !Array.isArray(v) && typeof (v as { kind?: unknown }).kind === "string";
}

/** The tree of one side's files, each named as it is to be reported (`name`) and as it pairs with the
 *  other side's (`key`: its path inside the folder or version compared, the File node's label).  `text` fields are kept where they are a node's meaning
 *  (a name, a phrase, a word). */
export function buildTree(files: readonly { name: string; key: string; file: SourceFile }[], interner: Interner): DiffTree {
  const nodes: DiffNode[] = [];
  let src: SourceRef = { file: "", text: "" };
  const make = (ast: Record<string, unknown> & { kind: string; range: Range }, role: string, parent: DiffNode | null): DiffNode => {
    const labelParts: string[] = [];
    const node: DiffNode = { id: nodes.length, type: `${ast.kind}@${role}`, kind: ast.kind, label: "", children: [], parent, range: ast.range, src, ast, hash: 0, height: 1, size: 1 };
    nodes.push(node);
    for (const key in ast) {
      const v = ast[key];
      if (key === "text" && typeof v === "string") {
        if (ast.kind !== "File") labelParts.push(v);
        continue;
      }
      if (IGNORED.has(key) || v === null || v === undefined) continue;
      if (Array.isArray(v)) {
        v.forEach((item, i) => {
          if (isNode(item)) node.children.push(make(item, key, node));
          // A list of lists (a header's word groups, a call's optional arguments): one node per list.
          else if (Array.isArray(item)) node.children.push(group(item, `${key}[${i}]`, node, ast.range));
          else if (item === null) labelParts.push(`${key}[${i}]=none`);
        });
      } else if (isNode(v)) node.children.push(make(v, key, node));
      else if (typeof v !== "object") labelParts.push(`${key}=${String(v)}`);
    }
    (node as { label: string }).label = labelParts.join(" ");
    finish(node, interner);
    return node;
  };
  const group = (items: unknown[], role: string, parent: DiffNode, range: Range): DiffNode => {
    const ast = { kind: "Group", range, items };
    const node: DiffNode = { id: nodes.length, type: `Group@${role.replace(/\[\d+\]$/, "")}`, kind: "Group", label: "", children: [], parent, range, src, ast, hash: 0, height: 1, size: 1 };
    nodes.push(node);
    for (const item of items) if (isNode(item)) node.children.push(make(item, "items", node));
    if (node.children.length) (node as { range: Range }).range = { start: node.children[0]!.range.start, end: node.children[node.children.length - 1]!.range.end };
    finish(node, interner);
    return node;
  };
  const root: DiffNode = { id: 0, type: "Program", kind: "Program", label: "", children: [], parent: null, range: { start: 0, end: 0 }, src, ast: { kind: "Program" }, hash: 0, height: 1, size: 1 };
  nodes.push(root);
  for (const f of files) {
    src = { file: f.name, text: f.file.text };
    const fileNode = make({ ...(f.file as unknown as Record<string, unknown>), kind: "File", range: f.file.range, title: f.file.title, key: f.key } as never, "files", root);
    root.children.push(fileNode);
  }
  finish(root, interner);
  return { root, nodes };
}

function finish(node: DiffNode, interner: Interner): void {
  let height = 0;
  let size = 1;
  for (const c of node.children) {
    height = Math.max(height, c.height);
    size += c.size;
  }
  node.height = height + 1;
  node.size = size;
  node.hash = interner.id(`${node.type}\u0000${node.label}\u0000${node.children.map((c) => c.hash).join(",")}`);
}

/** The node and everything under it, in pre-order. */
export function descendants(node: DiffNode, out: DiffNode[] = []): DiffNode[] {
  out.push(node);
  for (const c of node.children) descendants(c, out);
  return out;
}

/** Everything under the node, children before their parent. */
export function postOrder(node: DiffNode, out: DiffNode[] = []): DiffNode[] {
  for (const c of node.children) postOrder(c, out);
  out.push(node);
  return out;
}
