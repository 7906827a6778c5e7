// Re-checking a file of cards as the author types: the rules are checked once and kept, and only the
// edited file's cards are checked against them (as `l5r corpus` checks each card), instead of the
// whole program again.  A file with anything but cards in it, a card whose title the rules already
// declare, or an error, is left to the full check, which `l5r check FILE` runs.
import { parse } from "../../grammar/index.ts";
import type { SourceInput } from "../compile.ts";
import type { Diagnostic } from "../diagnostics.ts";
import type { CompileContext } from "../passes/context.ts";
import { checkCards, rulesContext, RulesNotChecked } from "../corpus/check-cards.ts";

export class CardRecheck {
  private ctx: CompileContext | null = null;
  private failed = false;

  constructor(private readonly rules: () => readonly SourceInput[]) {}

  /** The rules changed (an open rules file was edited): they are checked again when next needed. */
  invalidate(): void {
    this.ctx = null;
    this.failed = false;
  }

  /** The file's diagnostics as the full check gives them, or null when the full check is needed. */
  check(file: SourceInput): Diagnostic[] | null {
    const parsed = parse(file.text, file.path);
    if (!parsed.file || parsed.errors.length > 0) return null;
    const cards = parsed.file.decls;
    if (cards.length === 0 || cards.some((d) => d.kind !== "CardDecl")) return null;
    const ctx = this.rulesCtx();
    if (!ctx) return null;
    const titles = new Set<string>();
    for (const d of cards) {
      if (d.kind !== "CardDecl" || ctx.symbols.cards.has(d.title.text) || titles.has(d.title.text)) return null;
      titles.add(d.title.text);
    }
    // An error in one card's header stops the full check before any card text is read, which checking
    // card by card would not: a file with an error is left to the full check.
    const [checked] = checkCards(ctx, [{ ...file, parsed }], undefined, null, { suggestions: true });
    return checked && checked.checked ? [...checked.diagnostics] : null;
  }

  private rulesCtx(): CompileContext | null {
    if (this.ctx || this.failed) return this.ctx;
    try {
      this.ctx = rulesContext(this.rules());
    } catch (e) {
      if (!(e instanceof RulesNotChecked)) throw e;
      this.failed = true;
    }
    return this.ctx;
  }
}
