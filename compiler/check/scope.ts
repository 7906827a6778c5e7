// Lexical scopes and the context a body is checked in (what it may name and whether it may yield).
import type * as A from "../../grammar/index.ts";
import type { IrExpr } from "../ir.ts";
import type { Ty } from "../types.ts";

export interface Binding {
  readonly ty: Ty;
  readonly ir: IrExpr;
  /** How an assignment to this name is generated, if it may be assigned. */
  readonly assign: "local" | "field" | null;
}

export class Scope {
  /** Made at the first definition: most scopes (one per block and expression that could bind) define nothing. */
  private names: Map<string, Binding> | null = null;

  constructor(private readonly parent: Scope | null) {}

  child(): Scope {
    return new Scope(this);
  }

  define(name: string, binding: Binding): void {
    (this.names ??= new Map()).set(name, binding);
  }

  lookup(name: string): Binding | null {
    return this.names?.get(name) ?? this.parent?.lookup(name) ?? null;
  }

  /** Every name this scope sees, nearest first (for suggesting one when a name is unknown). */
  *visibleNames(): Generator<string> {
    if (this.names) yield* this.names.keys();
    if (this.parent) yield* this.parent.visibleNames();
  }

  /** Is the name defined in this very scope (not a parent)? */
  ownsName(name: string): boolean {
    return this.names?.has(name) ?? false;
  }
}

/** The sequence a heading body belongs to. */
export interface SequenceInfo {
  readonly decl: A.SequenceDecl;
  readonly name: string;
}

export interface BodyContext {
  readonly file: A.SourceFile;
  /** May this body put decisions to players and call effects (is it generated as a generator)? */
  readonly generator: boolean;
  /** In a heading: the sequence (`stop`, checkpoints, `self`). */
  readonly sequence: SequenceInfo | null;
  /** Leave the heading once the sequence has ended (not in headings that always happen). */
  readonly checkpoints?: boolean;
  /** In an effect: `return` is allowed. */
  readonly returns: boolean;
  /** In a scenario: set-up, answer and expect statements are allowed. */
  readonly scenario: boolean;
  /** What the body is, for messages ("a function", "an adjective"). */
  readonly what: string;
  /** The innermost loop's label, for `break`. */
  readonly loop?: string | null;
}
