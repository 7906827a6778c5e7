// Pass 3: a card's header names a declared type, clans and keywords, and only stats its type has.
// Traits are free names (no rules meaning), so any may be printed.
import type * as A from "../../grammar/index.ts";
import type { CompileContext } from "./context.ts";
import type { Symbols } from "../symbols.ts";
import { didYouMean } from "../spelling.ts";
import { checkKeywordMeaning } from "./keyword-meaning.ts";

export function checkCardHeaders(ctx: CompileContext): void {
  for (const file of ctx.files) {
    for (const d of file.decls) if (d.kind === "CardDecl") checkCardHeader(ctx, d.body, file, d.title.range, d.title.text);
  }
}

/** Also used for the ad-hoc cards of scenarios. */
export function checkCardHeader(ctx: Pick<CompileContext, "symbols" | "diags">, body: A.CardBody, file: A.SourceFile, titleRange: A.Range, title: string): void {
  const { symbols, diags } = ctx;
  if (!body.type) {
    diags.error("card/missing-type", `card "${title}" has no type`, file.path, titleRange);
  } else if (!symbols.types.has(body.type.text)) {
    diags.error("card/unknown-type", `unknown card type '${body.type.text}'${didYouMean(body.type.text, symbols.types.keys())}`, file.path, body.type.range);
  }
  const type = body.type ? symbols.types.get(body.type.text) : undefined;
  for (let i = 0; i < body.stats.length; i++) {
    const s = body.stats[i]!;
    const name = s.name.text;
    if (givenBefore(body.stats, i)) diags.error("card/duplicate-stat", `${name} is given twice`, file.path, s.name.range);
    if (!symbols.stats.has(name)) {
      diags.error("card/unknown-stat", `unknown stat '${name}'${didYouMean(name, type ? type.decl.stats.map((x) => x.text) : symbols.stats.keys())}`, file.path, s.name.range);
    } else if (type && !type.decl.stats.some((x) => x.text === name)) {
      diags.error("card/stat-not-on-type", `a ${type.decl.name.text} has no ${symbols.stats.get(name)!.decl.label}`, file.path, s.name.range);
    }
  }
  for (const c of body.clans) {
    if (!symbols.clans.has(c.text)) diags.error("card/unknown-clan", `unknown clan '${c.text}'${didYouMean(c.text, symbols.clans.keys())}`, file.path, c.range);
  }
  for (const k of body.keywords) {
    if (keywordOf(symbols, k.text) === null) {
      diags.error("card/unknown-keyword", `unknown keyword '${k.text}'${didYouMean(k.text, symbols.keywords.keys())} (a name with no rules meaning is a trait: \`traits ${quoteName(k.text)}\`)`, file.path, k.range);
    }
  }
  checkKeywordMeaning(symbols, diags, body, file, title);
}

/** The declared keyword a printed one is: itself, or a levelled keyword with its level ("Experienced 2"). */
export function keywordOf(symbols: Pick<Symbols, "keywords" | "levelledKeywords">, printed: string): string | null {
  if (symbols.keywords.has(printed)) return printed;
  for (const k of symbols.levelledKeywords) if (printed.startsWith(k + " ") && printed.length > k.length + 1) return k;
  return null;
}

function quoteName(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : JSON.stringify(name);
}

/** Is the stat at `i` given earlier in the header too?  (A card has a handful of stats: a scan of
 *  them costs less than a set made for every card.) */
function givenBefore(stats: readonly A.CardStat[], i: number): boolean {
  const name = stats[i]!.name.text;
  for (let j = 0; j < i; j++) if (stats[j]!.name.text === name) return true;
  return false;
}
