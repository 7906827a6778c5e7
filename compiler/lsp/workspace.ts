// What the language server knows: the documents open in the editor (their unsaved text stands for the
// file on disk), each one's diagnostics as `l5r check FILE` gives them (the project's rules with that
// file), and the declarations, cards and card-text phrases of the last program that compiled with it.
import { resolve } from "node:path";
import { compileContext } from "../compile.ts";
import type { Diagnostic } from "../diagnostics.ts";
import type { SourceFile } from "../../grammar/index.ts";
import type { Symbols } from "../symbols.ts";
import type { Lexicon } from "../text/lexicon.ts";
import { CardRecheck } from "./card-check.ts";
import { expandPath, projectRoot, readSource, rulesRoot, sourceName, substitutedFile } from "../sources.ts";

/** A compiled program's declarations, for hover, definition and completion. */
export interface Knowledge {
  readonly files: readonly SourceFile[];
  readonly symbols: Symbols;
  readonly lexicon: Lexicon | null;
}

export interface Analysis {
  /** The document's own diagnostics. */
  readonly diagnostics: readonly Diagnostic[];
  readonly knowledge: Knowledge | null;
}

export class Workspace {
  /** Open documents' text, by absolute path. */
  private readonly open = new Map<string, string>();
  private readonly lastKnown = new Map<string, Knowledge>();
  private rulesKnowledge: Knowledge | null = null;
  /** Documents whose diagnostics came from the quick re-check: what their program declares is worked
   *  out when hover, definition or completion first asks. */
  private readonly stale = new Set<string>();
  private readonly cards = new CardRecheck(() => this.inputs(null));

  setText(abs: string, text: string): void {
    this.open.set(abs, text);
    if (this.inRules(abs)) {
      this.rulesKnowledge = null;
      this.cards.invalidate();
    }
  }

  close(abs: string): void {
    this.open.delete(abs);
    this.lastKnown.delete(abs);
  }

  openPaths(): string[] {
    return [...this.open.keys()];
  }

  text(abs: string): string | undefined {
    return this.open.get(abs);
  }

  /** The file a source name in diagnostics and the tree stands for. */
  absoluteOf(name: string): string {
    if (name.startsWith("/")) return name;
    const inProject = resolve(projectRoot, name);
    return name.startsWith("rules/") || !this.openPaths().length ? inProject : this.openPaths().find((p) => sourceName(p) === name) ?? resolve(name);
  }

  private inRules(abs: string): boolean {
    return abs.startsWith(rulesRoot + "/");
  }

  /** The program `l5r check FILE` compiles: the rules (open ones as the editor has them) and the file,
   *  which takes the place of a rules file when it is a version of it (rules/errata/NAME/...). */
  private inputs(abs: string | null) {
    const paths = new Set(expandPath(rulesRoot));
    if (abs !== null) {
      paths.add(abs);
      const replaced = substitutedFile(abs);
      if (replaced) paths.delete(replaced);
    }
    return [...paths].map((p) => {
      const open = this.open.get(p);
      return open !== undefined ? { path: sourceName(p), text: open.charCodeAt(0) === 0xfeff ? open.slice(1) : open } : readSource(p);
    });
  }

  /** The document's diagnostics, and what its program declares (the last that compiled, if this does not). */
  analyze(abs: string): Analysis {
    const text = this.open.get(abs);
    if (text !== undefined && !this.inRules(abs) && !substitutedFile(abs)) {
      const quick = this.cards.check({ path: sourceName(abs), text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text });
      if (quick) {
        this.stale.add(abs);
        return { diagnostics: quick, knowledge: null };
      }
    }
    return this.fullAnalysis(abs);
  }

  private fullAnalysis(abs: string): Analysis {
    this.stale.delete(abs);
    const { result, ctx } = compileContext(this.inputs(abs));
    const name = sourceName(abs);
    const diagnostics = result.diagnostics.filter((d) => d.file === name);
    if (ctx) this.lastKnown.set(abs, { files: ctx.files, symbols: ctx.symbols, lexicon: ctx.lexicon });
    return { diagnostics, knowledge: this.knowledge(abs) };
  }

  /** What hover, definition and completion read for a document. */
  knowledge(abs: string): Knowledge | null {
    if (this.stale.has(abs)) this.fullAnalysis(abs);
    return this.lastKnown.get(abs) ?? this.rules();
  }

  /** The project's rules alone, compiled once (again after an open rules file changes). */
  private rules(): Knowledge | null {
    if (this.rulesKnowledge) return this.rulesKnowledge;
    const { ctx } = compileContext(this.inputs(null));
    if (ctx) this.rulesKnowledge = { files: ctx.files, symbols: ctx.symbols, lexicon: ctx.lexicon };
    return this.rulesKnowledge;
  }
}
