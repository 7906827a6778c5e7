// Pass 7: assemble the program: the vocabulary the runtime needs, and one module per source file with
// its declarations' IR in source order.
import type * as A from "../../grammar/index.ts";
import type { IrDecl, IrModule, IrVocabulary } from "../ir.ts";
import { modulePathOf } from "../symbols.ts";
import { refOfCallable } from "../check/names.ts";
import type { CompileContext } from "./context.ts";
import { COMPILER_ENTRIES } from "./check-vocabulary.ts";
import { firstVariant } from "../text/phrase-variants.ts";

export function lowerProgram(ctx: CompileContext): void {
  const modules: IrModule[] = [];
  const owners = new Map<string, A.SourceFile>();
  for (const file of ctx.files) {
    const path = modulePathOf(file.path);
    const prior = owners.get(path);
    if (prior) {
      ctx.diags.error("name/module-collision", `${file.path} and ${prior.path} would both compile to generated/${path}.ts; rename one`, file.path, { start: 0, end: 0 });
      continue;
    }
    owners.set(path, file);
    const decls: IrDecl[] = [];
    for (const d of file.decls) {
      const ir = ctx.ir.get(d);
      if (ir) decls.push(ir);
    }
    modules.push({ path, source: file.path, title: file.title, decls });
  }
  ctx.program = { vocabulary: vocabularyOf(ctx), modules, listenedPoints: new Set() };
}

function constant(e: A.Expr): number {
  if (e.kind === "Number") return e.value;
  if (e.kind === "Unary" && e.op === "-") return -constant(e.operand);
  return 0;
}

function vocabularyOf(ctx: CompileContext): IrVocabulary {
  const s = ctx.symbols;
  const zones: IrVocabulary["zones"] = [];
  for (const [name, z] of s.zones) {
    const d = z.decl;
    zones.push({
      name,
      label: d.label,
      per: d.per?.text ?? null,
      isArea: d.isArea,
      inPlay: d.inPlay,
      ordered: d.ordered,
      many: d.many,
      values: d.values.map((v) => v.text),
      visibility: d.hidden ? "hidden" : d.private ? "private" : "public",
    });
  }
  for (const [name, v] of s.values) {
    if (v.decl.init.kind !== "Number" && !(v.decl.init.kind === "Unary" && v.decl.init.op === "-")) {
      ctx.diags.error("vocab/not-constant", `the starting value of ${name} must be a number`, v.file.path, v.decl.init.range);
    }
  }
  return {
    values: [...s.values].map(([name, v]) => ({ name, initial: constant(v.decl.init), label: v.decl.label, minimum: v.decl.minimum })),
    events: [...s.events].map(([name, e]) => ({ name, params: e.decl.params.map((p) => p.name.text), phrase: e.decl.phrases[0] ? firstVariant(e.decl.phrases[0].text) : null })),
    sequences: [...s.callables.values()].flatMap((c) => (c.kind === "sequence" ? [{ name: c.decl.name.text, title: c.decl.title }] : [])),
    stats: [...s.stats].map(([name, st]) => ({ name, label: st.decl.label, short: st.decl.short })),
    flags: [...s.flags.keys()],
    types: [...s.types].map(([name, t]) => ({
      name,
      kinds: t.decl.kinds.map((k) => k.text),
      playedFrom: t.decl.playedFrom?.text ?? null,
      stats: t.decl.stats.map((x) => x.text),
    })),
    zones,
    abilityKinds: [...s.abilityKinds].map(([name, k]) => ({ name, from: k.decl.from.map((f) => f.text) })),
    // The runtime's entries (card text's own, such as eachPlayer, are compiled into the cards).
    entries: [...s.entries].flatMap(([name, e]) => {
      const target = s.callables.get(e.decl.target.text);
      return target && !(name in COMPILER_ENTRIES) ? [{ name, target: refOfCallable(target) }] : [];
    }),
    statRules: [...s.statrules].map(([stat, r]) => ({ stat, target: { module: modulePathOf(r.file.path), name: `${stat}Rule` } })),
    advice: s.advice.flatMap(({ decl }) => {
      const ir = ctx.ir.get(decl);
      return ir?.kind === "advice" ? [{ prompt: decl.prompt.text, label: decl.label?.text ?? null, target: ir.ref }] : [];
    }),
  };
}
