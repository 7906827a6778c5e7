// Advice: `advise "prompt" "label" (p: player, c: card) = worth` says what an option of the decisions put
// with that prompt is worth to the deciding player, for agents that play to win (the greedy agent).  It
// is not a rule: the game never reads it.  Each advice takes the deciding player and, when the option
// names something (a card, a player, a zone), that thing; its worth is a number (options without advice
// are worth 0).  Advice that names no decision the rules put, or no option of it, is a warning and left
// out: a version of the rules (an erratum) may take away a decision the advice was written for.
import type * as A from "../../grammar/index.ts";
import type { IrAdvice } from "../ir.ts";
import type { DecisionSite } from "../check/checker.ts";
import { camelFromTitle } from "../check/names.ts";
import { modulePathOf } from "../symbols.ts";
import { didYouMean } from "../spelling.ts";
import { T, assignable, show, type Ty } from "../types.ts";
import type { CompileContext } from "./context.ts";
import { paramScope, pureContext } from "./check-rule-bodies.ts";

export function checkAdvice(ctx: CompileContext): void {
  const seen = new Map<string, A.AdviceDecl>();
  const names = new Set<string>();
  for (const { decl: d, file } of ctx.symbols.advice) {
    const key = `${d.prompt.text}\u0000${d.label?.text ?? ""}`;
    const first = seen.get(key);
    if (first) {
      ctx.diags.error("name/duplicate", `the advice for "${d.prompt.text}"${d.label ? ` "${d.label.text}"` : ""} is given twice`, file.path, d.prompt.range);
      continue;
    }
    seen.set(key, d);
    const subject = subjectOf(ctx, d, file);
    if (subject === undefined) continue;
    const { scope, params } = paramScope(ctx, d.params, file);
    checkParams(ctx, d, file, params, subject);
    const body = ctx.checker.expr(d.body, scope, pureContext(file, "advice"));
    if (!assignable(body.ty, T.number)) ctx.diags.error("type/mismatch", `advice is a number (what the option is worth) but this is ${show(body.ty)}`, file.path, d.body.range);
    const module = modulePathOf(file.path);
    const ir: IrAdvice = { kind: "advice", ref: { module, name: uniqueName(names, module, d) }, doc: `advice: what "${d.prompt.text}"${d.label ? ` "${d.label.text}"` : ""} is worth`, params, body: body.ir };
    ctx.ir.set(d, ir);
  }
}

/** The type of what the advised option names (null: nothing), or undefined when the advice names no
 *  decision or option of the rules (a warning: it is left out) or cannot be given (an error). */
function subjectOf(ctx: CompileContext, d: A.AdviceDecl, file: A.SourceFile): Ty | null | undefined {
  const sites = ctx.checker.decisions.get(d.prompt.text);
  if (!sites) {
    ctx.diags.warning("advice/unknown-decision", `no decision of the rules is put with the prompt "${d.prompt.text}"${didYouMean(d.prompt.text, ctx.checker.decisions.keys(), '"')}; this advice is left out`, file.path, d.prompt.range);
    return undefined;
  }
  const related = sites.slice(0, 3).map((s) => ({ file: s.file, range: s.range, message: "the decision is put here" }));
  const labelled = sites.filter((s) => s.kind !== "chooseFrom");
  if (d.label === null) {
    if (labelled.length > 0) {
      ctx.diags.error("advice/option", `"${d.prompt.text}" offers named options (${labelsOf(labelled)}): say which one this advice is for`, file.path, d.prompt.range, related);
      return undefined;
    }
    return common(ctx, d, file, sites.map((s) => s.options.get("")!), related);
  }
  const label = d.label.text;
  const offering = sites.filter((s) => s.options.has(label));
  if (offering.length === 0 || offering.length < sites.length) {
    if (labelled.length === 0) {
      ctx.diags.error("advice/option", `"${d.prompt.text}" offers the items of a list, not named options: advice for it names no option`, file.path, d.label.range, related);
      return undefined;
    }
    const what = `has no option "${label}" (its options: ${labelsOf(labelled)})${didYouMean(label, labelled.flatMap((s) => [...s.options.keys()]), '"')}`;
    ctx.diags.warning("advice/option", `"${d.prompt.text}" ${what}; this advice is left out`, file.path, d.label.range, related);
    return undefined;
  }
  return common(ctx, d, file, offering.map((s) => s.options.get(label)!), related);
}

/** The one type every site gives what the option names. */
function common(ctx: CompileContext, d: A.AdviceDecl, file: A.SourceFile, types: readonly (Ty | null)[], related: { file: string; range: A.Range; message: string }[]): Ty | null | undefined {
  const first = types[0]!;
  if (first && !NAMEABLE.has(first.k)) {
    ctx.diags.error("advice/option", `advice is given for options that name a card, a player, a zone or an action; these name a ${show(first)}`, file.path, d.prompt.range, related);
    return undefined;
  }
  const same = types.every((t) => (t === null) === (first === null) && (t === null || (assignable(t, first!) && assignable(first!, t))));
  if (!same) {
    ctx.diags.error("advice/option", `the decisions put with "${d.prompt.text}" name different things in this option (${types.map((t) => (t ? show(t) : "nothing")).join(", ")}): advice cannot be given for all of them`, file.path, d.prompt.range, related);
    return undefined;
  }
  return first;
}

/** What an option hands its advice (the runtime's options hold these, not numbers or text). */
const NAMEABLE = new Set(["card", "player", "zone", "use"]);

function checkParams(ctx: CompileContext, d: A.AdviceDecl, file: A.SourceFile, params: readonly { name: string; ty: Ty }[], subject: Ty | null | undefined): void {
  const wanted = subject === undefined ? null : subject === null ? "(p: player)" : `(p: player, x: ${show(subject)})`;
  const [who, what] = params;
  const fits = wanted !== null && who !== undefined && assignable(T.player, who.ty) && params.length === (subject ? 2 : 1) && (!subject || (what !== undefined && assignable(subject, what.ty)));
  if (wanted !== null && !fits) ctx.diags.error("advice/params", `this advice takes the deciding player${subject ? ` and the ${show(subject)} the option names` : ""}: ${wanted}`, file.path, d.params.length ? { start: d.params[0]!.range.start, end: d.params[d.params.length - 1]!.range.end } : d.prompt.range);
}

function labelsOf(sites: readonly DecisionSite[]): string {
  return [...new Set(sites.flatMap((s) => [...s.options.keys()]))].map((l) => `"${l}"`).join(", ");
}

/** `adviseDeclareAnAttackYes`, numbered when two would read the same in one module. */
function uniqueName(names: Set<string>, module: string, d: A.AdviceDecl): string {
  const base = "advise" + camelFromTitle(`x ${d.prompt.text} ${d.label?.text ?? ""}`).slice(1);
  let name = base;
  for (let i = 2; names.has(`${module}:${name}`); i++) name = `${base}${i}`;
  names.add(`${module}:${name}`);
  return name;
}
