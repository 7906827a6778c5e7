// Checking many cards against the rules, each on its own: the rules are checked once, then every card
// is parsed, its header checked and its text lowered with diagnostics of its own, so that one card's
// failure never hides another's (a program of all of them would stop at the first card's error).
import { parse, type ParseResult, type SourceFile } from "../../grammar/index.ts";
import { compileContext, type SourceInput } from "../compile.ts";
import { Diagnostics, LineMap, sortDiagnostics, type Diagnostic } from "../diagnostics.ts";
import { stages } from "../passes/index.ts";
import type { CompileContext } from "../passes/context.ts";
import { checkCardHeader } from "../passes/check-card-headers.ts";
import { cardNames, compileCard, printedTraits } from "../passes/resolve-card-text.ts";
import { buildLexicon, type Lexicon } from "../text/lexicon.ts";
import { camelFromTitle } from "../check/names.ts";

export interface CardSource {
  readonly path: string;
  readonly text: string;
  /** The text already parsed, when the caller has (the language server's quick re-check). */
  readonly parsed?: ParseResult;
}

export interface CardCheck {
  readonly path: string;
  /** The card's title, once its file parses. */
  readonly title: string | null;
  readonly type: string | null;
  readonly parsed: boolean;
  /** No error anywhere on the card. */
  readonly checked: boolean;
  /** Checked, and no `unsupported` diagnostic anywhere on the card. */
  readonly clean: boolean;
  /** Clean, and every phrase its text uses is exercised by a scenario (when that is known). */
  readonly supported: boolean;
  /** The declared phrases and built-in constructs its text uses. */
  readonly phrases: readonly string[];
  readonly diagnostics: readonly Diagnostic[];
  readonly lines: LineMap;
}

/** Up to the pass that lowers card text: the lexicon is built there. */
const UP_TO_CARD_TEXT = stages.slice(0, 3);

export class RulesNotChecked extends Error {
  constructor(readonly diagnostics: readonly Diagnostic[], readonly lines: ReadonlyMap<string, LineMap>) {
    super("the rules do not check");
  }
}

/** The rules, checked once, ready to check cards against. */
export function rulesContext(rules: readonly SourceInput[]): CompileContext {
  const { result, ctx } = compileContext(rules, parse, UP_TO_CARD_TEXT);
  if (!ctx) throw new RulesNotChecked(result.diagnostics, result.lines);
  return ctx;
}

/**
 * Checks each card file on its own against the rules; `progress` is told after each card.  With
 * `exercised` (the phrases scenarios exercise), a card is supported only if each of its phrases is one.
 */
export function checkCards(
  ctx: CompileContext,
  cards: readonly CardSource[],
  progress?: (done: number) => void,
  exercised: ReadonlySet<string> | null = null,
  options: { readonly suggestions?: boolean } = {},
): CardCheck[] {
  const parsed = cards.map((c) => ({ source: c, result: c.parsed ?? parse(c.text, c.path) }));
  // Card text names the traits any card prints, as the program's own cards would.
  const files = parsed.flatMap((p) => (p.result.file ? [p.result.file] : []));
  const lex = lexiconFor(ctx, files);
  const out: CardCheck[] = [];
  const savedDiags = ctx.checker.diags;
  try {
    for (const { source, result } of parsed) {
      const diags = new Diagnostics();
      for (const e of result.errors) diags.error(e.code, e.message, source.path, e.range);
      let title: string | null = null;
      let type: string | null = null;
      const phrases = new Set<string>();
      if (result.file && result.errors.length === 0) {
        const card = ctx.checker;
        card.diags = diags;
        const cardCtx: CompileContext = { ...ctx, diags, lexicon: lex, withoutSuggestions: options.suggestions !== true };
        for (const d of result.file.decls) {
          if (d.kind !== "CardDecl") continue;
          title = d.title.text;
          type = d.body.type?.text ?? null;
          checkCardHeader(cardCtx, d.body, result.file, d.title.range, d.title.text);
          if (!diags.hasErrors) {
            const compiled = compileCard(cardCtx, lex, d.title.text, d.body, result.file, camelFromTitle(d.title.text));
            for (const a of compiled.abilities) for (const p of a.phrases) phrases.add(p);
          }
        }
        card.diags = savedDiags;
      }
      const list = sortDiagnostics(diags.list);
      const checked = result.errors.length === 0 && !diags.hasErrors;
      const clean = checked && !list.some((d) => d.code.startsWith("unsupported/"));
      const used = [...phrases].sort();
      out.push({
        path: source.path,
        title,
        type,
        parsed: result.errors.length === 0,
        checked,
        clean,
        supported: clean && (exercised === null || used.every((p) => exercised.has(p))),
        phrases: used,
        diagnostics: list,
        lines: new LineMap(source.text),
      });
      progress?.(out.length);
    }
  } finally {
    ctx.checker.diags = savedDiags;
  }
  return out;
}

/** The lexicon cards are read with against the rules: built again only when the traits or names the
 *  cards print change (the language server re-checks an author's file at each edit, and most edits
 *  change neither). */
function lexiconFor(ctx: CompileContext, files: readonly SourceFile[]): Lexicon {
  let rules = rulesWords.get(ctx);
  if (!rules) rulesWords.set(ctx, (rules = { traits: [...printedTraits(ctx.files)], names: cardNames(ctx.files) }));
  const traits = new Set([...rules.traits, ...printedTraits(files)]);
  const names = [...rules.names, ...cardNames(files)];
  const key = JSON.stringify([[...traits], names]);
  const kept = lastLexicon.get(ctx);
  if (kept?.key === key) return kept.lex;
  const lex = buildLexicon(ctx.symbols, ctx.checker, traits, names);
  lastLexicon.set(ctx, { key, lex });
  return lex;
}

const rulesWords = new WeakMap<CompileContext, { readonly traits: readonly string[]; readonly names: readonly string[] }>();
const lastLexicon = new WeakMap<CompileContext, { readonly key: string; readonly lex: Lexicon }>();

export type { SourceFile };
