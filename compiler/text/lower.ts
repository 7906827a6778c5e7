// Card text → rules AST.  An ability's structure follows L5R templating:
//   [keywords] Timing[/Timing][, icons]: [constraints:] effects.     (an action)
//   <ability-kind lead>, effects.                                    ("As a Focus Effect, ...")
//   After/Before <event or timing point>[:|,] effects.                (a triggered trait or Reaction)
//   effects.                                                         (a continuous trait)
// Each sentence is matched against the declared effect phrases; its noun phrases become targets,
// choices or loops; sentences that need a hook's context ("the loser") go into that hook.
import type * as A from "../../grammar/index.ts";
import type { Diagnostics } from "../diagnostics.ts";
import { Diagnostics as DiagnosticsClass } from "../diagnostics.ts";
import type { Callable, Symbols } from "../symbols.ts";
import type { Checker } from "../check/checker.ts";
import { Scope } from "../check/scope.ts";
import { irLeaf, letExpr } from "../check/synthetic.ts";
import { T, type Ty } from "../types.ts";
import type { EffectPhrase, EventPhrase, Lexicon } from "./lexicon.ts";
import { freeNames } from "./lexicon.ts";
import { matchTemplate, wholeCardPhrase, type CardPhrase, type Match, type SlotValue } from "./match.ts";
import { rangeOfWords, splitAtCommas, startsWith, textOfWords, wordsOf, type Word } from "./words.ts";
import { AstBuilder } from "./build.ts";

export interface LoweredBinding {
  readonly name: string;
  readonly ty: Ty;
  /** From the ability kind (a Focus Effect's duel) or the triggering event's arguments. */
  readonly source: { k: "kind" } | { k: "event"; index: number };
}

export interface LoweredAbility {
  readonly kind: string;
  readonly timings: string[];
  readonly keywords: string[];
  readonly text: string;
  readonly range: A.Range;
  readonly trigger: { event: string; reaction: boolean; filter: A.Expr | null } | null;
  readonly bindings: LoweredBinding[];
  readonly targets: { slot: string; prompt: string; candidates: A.Expr }[];
  readonly costs: A.Stmt[];
  readonly effects: A.Stmt[];
}

type Effect = Extract<Callable, { kind: "effect" }>;

interface Sink {
  readonly stmts: A.Stmt[];
  readonly available: Map<string, Ty>;
  /** The last call in this sink that has hooks: later sentences may go into its hooks. */
  hookable: { effect: Effect; hooks: { decl: A.HookDecl; sink: Sink }[] } | null;
  readonly costs: boolean;
}

interface Plan {
  readonly phrase: EffectPhrase;
  readonly match: Match;
  readonly sink: Sink;
}

interface Pronoun {
  readonly name: string;
  readonly ty: "card" | "player" | "use";
}

export class AbilityLowerer {
  private pronouns: Pronoun[] = [];
  private targets: { slot: string; prompt: string; candidates: A.Expr }[] = [];
  private counter = 0;
  private supported = true;
  /** Calls given hook closures; the closures left empty are dropped once the ability is lowered. */
  private callsWithHooks: A.CallExpr[] = [];

  constructor(
    private readonly lex: Lexicon,
    private readonly symbols: Symbols,
    private readonly checker: Checker,
    private readonly diags: Diagnostics,
    private readonly file: A.SourceFile,
    private readonly cardTitle: string,
  ) {}

  // ================================================================ diagnostics
  private error(code: string, message: string, range: A.Range): void {
    this.diags.error(code, message, this.file.path, range);
    this.supported = false;
  }

  private unsupported(words: readonly Word[], fallback: A.Range, why = ""): void {
    const range = rangeOfWords(words, fallback);
    this.diags.warning("unsupported/phrase", `"${textOfWords(words)}" is not a phrase the rules declare${why ? `: ${why}` : ""} (${this.cardTitle}); this ability is left out`, this.file.path, range);
    this.supported = false;
  }

  private fresh(base: string): string {
    return `${base}${++this.counter}`;
  }

  // ================================================================ abilities
  lower(ability: A.AbilityText): LoweredAbility | null {
    this.pronouns = [];
    this.targets = [];
    this.callsWithHooks = [];
    this.supported = true;
    const text = this.file.text.slice(ability.range.start, ability.range.end).replace(/\s+/g, " ").trim();
    const segments = ability.segments.map((s) => s.sentences.map((x) => wordsOf(x.elements)).filter((w) => w.length > 0)).filter((s) => s.length > 0);
    if (segments.length === 0) return null; // reminder text only

    let kind = "static";
    const timings: string[] = [];
    const keywords: string[] = [];
    const bindings: LoweredBinding[] = [];
    const available = new Map<string, Ty>([["you", T.player], ["self", T.card]]);
    let trigger: LoweredAbility["trigger"] = null;
    const iconCosts: A.Stmt[] = [];

    if (ability.header) {
      kind = "action";
      for (const group of ability.header.groups) {
        const last = group[group.length - 1]!;
        if (!this.lex.timings.has(last.text)) this.error("text/unknown-timing", `'${last.text}' is not a declared timing (an ability header ends with one: ${[...this.lex.timings].join(", ")})`, last.range);
        else timings.push(last.text);
        for (const w of group.slice(0, -1)) {
          if (!this.lex.keywords.has(w.text)) this.error("text/unknown-keyword", `'${w.text}' is not a declared keyword`, w.range);
          else if (!keywords.includes(w.text)) keywords.push(w.text);
        }
      }
      for (const icon of ability.header.icons) {
        if (icon.name === "bow") iconCosts.push(this.bowSelf(icon.range));
        else this.diags.warning("unsupported/icon", `the icon :${icon.name}: has no declared meaning yet (${this.cardTitle}); this ability is left out`, this.file.path, icon.range), (this.supported = false);
      }
    }

    const first = segments[0]!;
    const firstWords = first[0]!;
    if (!ability.header) {
      for (const lead of this.lex.kindLeads) {
        const n = startsWith(firstWords, 0, lead.words);
        if (n < 0) continue;
        const rest = firstWords.slice(n);
        if (rest[0]?.t === "p" && rest[0].text === ",") rest.shift();
        if (rest.length === 0) first.shift();
        else first[0] = rest;
        kind = lead.kind;
        for (const p of lead.params) {
          bindings.push({ name: p.name, ty: p.ty, source: { k: "kind" } });
          available.set(p.name, p.ty);
        }
        break;
      }
    }
    if (first.length === 0) segments.shift();
    if (segments.length === 0 && kind !== "static") {
      this.error("text/no-effect", `the ${kind === "action" ? "ability" : `"${text.replace(/[.:,]+$/, "")}"`} has no effect`, ability.range);
      return null;
    }

    const isReaction = timings.includes("Reaction");
    const lead = segments[0]?.[0]?.[0];
    const startsTrigger = lead?.t === "w" && (lead.lower === "after" || lead.lower === "before");
    if ((kind === "static" || isReaction) && startsTrigger) {
      const t = this.trigger(segments, isReaction, bindings, available);
      if (!t) return null;
      trigger = t;
      if (!isReaction) kind = "trigger";
    } else if (isReaction) {
      this.error("text/missing-trigger", "a Reaction starts with its trigger: \"Reaction: After ...:\"", ability.range);
      return null;
    }

    const effectsSink: Sink = { stmts: [], available, hookable: null, costs: false };
    const costSink: Sink = { stmts: [...iconCosts], available, hookable: null, costs: true };
    if (segments.length === 0) {
      this.unsupported([], ability.range, "the ability has no effect");
      return null;
    }
    for (const seg of segments.slice(0, -1)) for (const sentence of seg) this.constraints(sentence, costSink);
    for (const sentence of segments[segments.length - 1]!) this.sentence(sentence, effectsSink);

    if (!this.supported) return null;
    for (const call of this.callsWithHooks) {
      call.args = call.args.filter((a) => !(a.value.kind === "Closure" && a.value.body.length === 0));
    }
    return { kind, timings, keywords, text, range: ability.range, trigger, bindings, targets: this.targets, costs: costSink.stmts, effects: effectsSink.stmts };
  }

  private bowSelf(range: A.Range): A.Stmt {
    const b = new AstBuilder(range);
    const bow = this.lex.effects.find((e) => e.template.parts.length === 2 && "lit" in e.template.parts[0]! && e.template.parts[0].lit === "bow");
    if (!bow) {
      this.error("text/unknown-icon", "the icon :bow: needs an effect phrased \"bow {card}\"", range);
      return b.exprStmt(b.none());
    }
    return b.exprStmt(b.call(bow.effect.decl.name.text, [{ name: bow.effect.decl.params[0]!.name.text, value: b.ref("self") }]));
  }

  // ================================================================ triggers
  private trigger(segments: Word[][][], reaction: boolean, bindings: LoweredBinding[], available: Map<string, Ty>): LoweredAbility["trigger"] {
    const firstSentence = segments[0]![0]!;
    const when = firstSentence[0]! as Extract<Word, { t: "w" }>;
    // "After X: effects" (X is the whole first segment) or "After X, effects" (up to the first comma).
    let words: Word[];
    let rest: Word[] | null = null;
    if (segments[0]!.length === 1 && segments.length > 1) {
      words = firstSentence.slice(1);
    } else {
      const comma = firstSentence.findIndex((w) => w.t === "p" && w.text === ",");
      if (comma < 0) {
        this.unsupported(firstSentence, when.range, "a trigger is followed by ':' or ','");
        return null;
      }
      words = firstSentence.slice(1, comma);
      rest = firstSentence.slice(comma + 1);
    }
    const range = rangeOfWords(words, when.range);
    if (rest) segments[0]![0] = rest;
    else segments.shift();

    // A timing point: "Before Focus Effects resolve"
    for (const p of this.lex.points) {
      if (startsWith(words, 0, p.words) === words.length) {
        const ty = T.frame(p.seq);
        bindings.push({ name: p.seq, ty, source: { k: "event", index: 0 } });
        available.set(p.seq, ty);
        return { event: `${when.lower}:${p.point}`, reaction, filter: null };
      }
    }
    if (when.lower === "before") {
      this.error("timing/unknown-point", `"${textOfWords(words)}" is not the title of a heading (triggers "before" name a heading's start)`, range);
      return null;
    }
    let best: { event: EventPhrase; match: Match } | null = null;
    for (const ev of this.lex.events) {
      for (const m of matchTemplate(this.lex, ev.template, words, 0, words.length)) {
        if (!best || m.literals > best.match.literals) best = { event: ev, match: m };
      }
    }
    if (!best) {
      this.error("text/unknown-trigger", `no event reads "${textOfWords(words)}"`, range);
      return null;
    }
    const b = new AstBuilder(range);
    const filters: A.Expr[] = [];
    best.event.params.forEach((p, index) => {
      bindings.push({ name: p.name, ty: p.ty, source: { k: "event", index } });
      available.set(p.name, p.ty);
      const slot = best!.match.slots.get(p.name);
      if (slot) {
        const f = this.triggerFilter(slot, b.ref(p.name));
        if (f) filters.push(f);
      }
      const pty = p.ty.k === "card" ? "card" : p.ty.k === "player" ? "player" : p.ty.k === "use" ? "use" : null;
      if (pty) this.pronouns.push({ name: p.name, ty: pty });
    });
    return { event: best.event.event, reaction, filter: filters.length ? b.and(filters) : null };
  }

  private triggerFilter(slot: SlotValue, subject: A.Expr): A.Expr | null {
    const b = new AstBuilder(subject.range);
    if (slot.ty === "card") return this.cardCondition(slot.v, subject);
    if (slot.ty === "player") {
      const v = slot.v;
      if (v.k === "you") return b.bin("==", subject, b.ref("you"));
      if (v.k === "other") return v.quant === "another" ? b.bin("!=", subject, b.ref("you")) : null;
      this.unsupported([], v.range, "a trigger names a player by a card");
      return null;
    }
    return null;
  }

  /** A condition that `subject` is what a card phrase describes. */
  private cardCondition(v: CardPhrase, subject: A.Expr): A.Expr | null {
    const b = new AstBuilder(v.range);
    if (v.k === "select") return this.selectFilter(v, subject);
    if (v.k === "ref") return b.bin("==", subject, this.refExpr(v.ref, v.range));
    this.error("text/pronoun", `"${v.word}" has nothing to refer to in a trigger`, v.range);
    return null;
  }

  // ================================================================ noun phrases
  private selectFilter(v: Extract<CardPhrase, { k: "select" }>, subject: A.Expr): A.Expr {
    const b = new AstBuilder(v.range);
    const parts: A.Expr[] = [];
    if (v.noun.kind === "type") parts.push(b.is(subject, v.noun.name));
    else if (v.noun.kind === "keyword") parts.push(b.has(subject, v.noun.name));
    for (const adj of v.adjectives) {
      const m = adj.meaning;
      if (m.k === "flag") parts.push(m.value ? b.member(subject, m.flag) : b.not(b.member(subject, m.flag)));
      else if (m.k === "keyword") parts.push(b.has(subject, m.keyword));
      else if (m.k === "declared") parts.push(letExpr(m.decl.param.name.text, subject, this.reRange(m.decl.body, v.range), v.range));
    }
    if (v.quant === "another") parts.push(b.bin("!=", subject, b.ref("self")));
    return b.and(parts);
  }

  private candidates(v: Extract<CardPhrase, { k: "select" }>): A.Expr {
    const b = new AstBuilder(v.range);
    return b.comprehension("cand", b.call("cardsInPlay", []), this.selectFilter(v, b.ref("cand")));
  }

  private refExpr(ref: { decl: A.ReferenceDecl }, range: A.Range): A.Expr {
    return this.reRange(ref.decl.body, range);
  }

  /** A copy of an expression from the rules with every range moved to where the card text names it. */
  private reRange<E>(node: E, range: A.Range): E {
    return JSON.parse(JSON.stringify(node), (k, value) => (k === "range" ? range : value)) as E;
  }

  private typeOf(e: A.Expr, available: ReadonlyMap<string, Ty>): Ty {
    const scope = new Scope(null);
    for (const [name, ty] of available) scope.define(name, { ty, ir: { k: "local", name }, assign: null });
    const saved = this.checker.diags;
    this.checker.diags = new DiagnosticsClass();
    try {
      return this.checker.expr(e, scope, { file: this.file, generator: false, sequence: null, returns: false, scenario: false, what: "card text" }).ty;
    } finally {
      this.checker.diags = saved;
    }
  }

  // ================================================================ sentences
  private constraints(words: Word[], sink: Sink): void {
    for (const clause of this.clauses(words)) {
      const first = clause[0];
      if (first?.t === "w" && (first.lower === "target" || first.lower === "choose")) {
        const np = wholeCardPhrase(this.lex, clause, 1, clause.length);
        if (!np || np.k !== "select") {
          this.error("text/target-kind", `"${textOfWords(clause.slice(1))}" names no kind of card that can be ${first.lower === "target" ? "targeted" : "chosen"}`, rangeOfWords(clause, first.range));
          continue;
        }
        this.declareTarget(np, first.lower === "target");
        continue;
      }
      this.clause(clause, sink);
    }
  }

  /** Splits constraint text at top-level "and" and commas: "discard a card and target ...". */
  private clauses(words: Word[]): Word[][] {
    const out: Word[][] = [];
    for (const part of splitAtCommas(words)) {
      let current: Word[] = [];
      for (const w of part) {
        if (w.t === "w" && w.lower === "and" && current.length > 0 && this.startsClause(part, part.indexOf(w) + 1)) {
          out.push(current);
          current = [];
        } else current.push(w);
      }
      if (current.length) out.push(current);
    }
    return out;
  }

  private startsClause(words: Word[], at: number): boolean {
    const w = words[at];
    return w?.t === "w" && (w.lower === "target" || w.lower === "choose" || this.lex.effects.some((e) => "lit" in e.template.parts[0]! && e.template.parts[0].lit === w.lower));
  }

  private declareTarget(np: Extract<CardPhrase, { k: "select" }>, targeting: boolean): string {
    const slot = this.fresh(targeting ? "target" : "chosen");
    this.targets.push({ slot, prompt: `Choose ${textOfWords(np.words)}`, candidates: this.candidates(np) });
    this.pronouns.push({ name: slot, ty: "card" });
    return slot;
  }

  private sentence(words: Word[], sink: Sink): void {
    if (words.length === 0) return;
    const b = new AstBuilder(rangeOfWords(words, words[0]!.range));
    // A hook's lead: "If he refuses, ..."
    if (sink.hookable) {
      for (const hook of sink.hookable.hooks) {
        for (const lead of hook.decl.leads) {
          const lw = lead.text.toLowerCase().split(/\s+/);
          const n = startsWith(words, 0, lw);
          if (n > 0 && words[n]?.t === "p" && (words[n] as { text: string }).text === ",") {
            this.sentence(words.slice(n + 1), hook.sink);
            return;
          }
        }
      }
    }
    // "You may ..."
    if (startsWith(words, 0, ["you", "may"]) === 2) {
      const inner: Sink = { stmts: [], available: sink.available, hookable: null, costs: sink.costs };
      this.sentence(words.slice(2), inner);
      sink.stmts.push(b.ifStmt(b.ask(b.ref("you"), `${this.cardTitle}: ${textOfWords(words.slice(2))}?`), inner.stmts));
      return;
    }
    // Delayed: "after this duel ends, ..." or "... after it ends"
    for (const later of this.lex.laters) {
      const atStart = startsWith(words, 0, later.words);
      const atEnd = words.length > later.words.length && startsWith(words, words.length - later.words.length, later.words) > 0;
      if (atStart < 0 && !atEnd) continue;
      if (!sink.available.has(later.seq)) continue;
      const body = atStart > 0 ? words.slice(atStart + (words[atStart]?.t === "p" ? 1 : 0)) : words.slice(0, words.length - later.words.length);
      const inner: Sink = { stmts: [], available: sink.available, hookable: null, costs: sink.costs };
      this.sentence(body, inner);
      sink.stmts.push(b.atEnd(b.ref(later.seq), inner.stmts));
      return;
    }
    this.clause(words, sink);
  }

  /** One effect clause, or two joined by "and" ("dishonor him and gain 2 Honor", "Bow and dishonor X"). */
  private clause(words: Word[], sink: Sink): void {
    const whole = this.plan(words, sink);
    if (whole) return this.emit(whole, words);
    for (let i = 1; i < words.length - 1; i++) {
      const w = words[i]!;
      if (w.t !== "w" || w.lower !== "and") continue;
      const left = words.slice(0, i);
      const right = words.slice(i + 1);
      const rightPlan = this.plan(right, sink);
      if (!rightPlan) continue;
      // "Bow and dishonor the loser": the left verb shares the right clause's object.
      const leftWords = left.length === 1 ? [...left, ...right.slice(1)] : left;
      const leftPlan = this.plan(leftWords, sink) ?? this.plan(left, sink);
      if (!leftPlan) continue;
      this.emit(leftPlan, leftWords);
      this.emit(this.plan(right, sink)!, right);
      return;
    }
    this.unsupported(words, words[0]?.range ?? { start: 0, end: 0 });
  }

  /** The best effect phrase for a clause, and where it goes (here, or into a hook of an earlier call). */
  private plan(words: Word[], sink: Sink): Plan | null {
    let direct: Plan | null = null;
    let hooked: Plan | null = null;
    for (const phrase of this.lex.effects) {
      for (const match of matchTemplate(this.lex, phrase.template, words, 0, words.length)) {
        const needs = this.needs(phrase, match);
        if (needs.every((n) => sink.available.has(n))) {
          if (!direct || match.literals > direct.match.literals) direct = { phrase, match, sink };
          continue;
        }
        const hook = sink.hookable?.hooks.find((h) => needs.every((n) => h.sink.available.has(n)));
        if (hook && (!hooked || match.literals > hooked.match.literals)) hooked = { phrase, match, sink: hook.sink };
      }
    }
    if (direct && (!hooked || direct.match.literals >= hooked.match.literals)) return direct;
    return hooked;
  }

  /** Context names a clause needs: those of its references, and of defaults it leaves to its effect. */
  private needs(phrase: EffectPhrase, match: Match): string[] {
    const out = new Set<string>();
    for (const v of match.slots.values()) {
      const card = v.ty === "card" ? v.v : v.ty === "player" && v.v.k === "card" ? v.v.card : null;
      if (card?.k === "ref") for (const n of card.ref.needs) out.add(n);
    }
    for (const p of phrase.effect.decl.params) {
      if (match.slots.has(p.name.text) || phrase.settings.some((s) => s.name.text === p.name.text) || !p.init) continue;
      for (const n of freeNames(p.init, this.symbols)) out.add(n);
    }
    return [...out];
  }

  // ================================================================ emitting calls
  private emit(plan: Plan, words: Word[]): void {
    const effect = plan.phrase.effect;
    const sink = plan.sink;
    if (effect.decl.costOnly && !sink.costs) {
      this.error("text/cost-as-effect", `"${textOfWords(words)}" is a cost: it can only be paid before the colon of an ability`, rangeOfWords(words, words[0]!.range));
      return;
    }
    const b = new AstBuilder(rangeOfWords(words, words[0]!.range));
    const wrappers: ((inner: A.Stmt[]) => A.Stmt[])[] = [];
    const args: { name: string; value: A.Expr }[] = [];
    for (const p of effect.decl.params) {
      const want = this.checker.resolveType(p.type, effect.file);
      const slot = plan.match.slots.get(p.name.text);
      if (slot) {
        const value = this.slotArg(slot, want, sink, wrappers);
        if (!value) return;
        args.push({ name: p.name.text, value });
        continue;
      }
      const setting = plan.phrase.settings.find((s) => s.name.text === p.name.text);
      if (setting) args.push({ name: p.name.text, value: this.reRange(setting.value, b.ref("x").range) });
    }
    let hooks: { decl: A.HookDecl; sink: Sink }[] = [];
    if (effect.decl.hooks.length > 0) {
      hooks = effect.decl.hooks.map((h) => {
        const available = new Map(sink.available);
        for (const hp of h.params) available.set(hp.name.text, this.checker.resolveType(hp.type, effect.file));
        return { decl: h, sink: { stmts: [], available, hookable: null, costs: sink.costs } };
      });
      for (const h of hooks) {
        args.push({
          name: h.decl.name.text,
          value: { kind: "Closure", range: b.ref("x").range, params: h.decl.params, body: h.sink.stmts },
        });
      }
    }
    const call = b.call(effect.decl.name.text, args);
    if (hooks.length) this.callsWithHooks.push(call);
    let stmts: A.Stmt[] = [b.exprStmt(call)];
    for (let i = wrappers.length - 1; i >= 0; i--) stmts = wrappers[i]!(stmts);
    sink.stmts.push(...stmts);
    if (hooks.length) sink.hookable = { effect, hooks };
  }

  private slotArg(slot: SlotValue, want: Ty, sink: Sink, wrappers: ((inner: A.Stmt[]) => A.Stmt[])[]): A.Expr | null {
    switch (slot.ty) {
      case "number":
        return new AstBuilder(slot.range).num(slot.v);
      case "stat":
        return new AstBuilder(slot.range).ref(slot.v);
      case "bonus":
        return irLeaf({ k: "bonusLit", stat: slot.stat, amount: slot.amount }, T.bonus, slot.range);
      case "use": {
        const p = this.pronoun("use", slot.range, slot.word);
        return p ? new AstBuilder(slot.range).ref(p) : null;
      }
      case "player": {
        const v = slot.v;
        const b = new AstBuilder(v.range);
        if (v.k === "you") return b.ref("you");
        if (v.k === "other") {
          const others = b.comprehension("pl", b.ref("players"), v.quant === "each" ? null : b.bin("!=", b.ref("pl"), b.ref("you")));
          const name = this.fresh("player");
          if (v.quant === "each") wrappers.push((inner) => [b.forStmt(name, others, inner)]);
          else wrappers.push((inner) => [b.letStmt(name, b.chooseFrom(b.ref("you"), "Choose a player", others)), b.ifStmt(b.bin("!=", b.ref(name), b.none()), inner)]);
          this.pronouns.push({ name, ty: "player" });
          return b.ref(name);
        }
        const card = this.cardArg(v.card, sink, wrappers, T.player);
        return card;
      }
      case "card":
        return this.cardArg(slot.v, sink, wrappers, want);
    }
  }

  /** A card phrase as an argument; `want` player means its controller. */
  private cardArg(v: CardPhrase, sink: Sink, wrappers: ((inner: A.Stmt[]) => A.Stmt[])[], want: Ty): A.Expr | null {
    const b = new AstBuilder(v.range);
    const toWanted = (e: A.Expr, ty: Ty): A.Expr => (want.k === "player" && ty.k !== "player" ? b.member(e, "controller") : e);
    if (v.k === "pronoun") {
      const p = this.pronoun(want.k === "player" ? "player" : "card", v.range, v.word);
      if (!p) return null;
      return want.k === "player" && this.pronouns.find((x) => x.name === p)?.ty === "card" ? b.member(b.ref(p), "controller") : b.ref(p);
    }
    if (v.k === "ref") {
      const expr = this.refExpr(v.ref, v.range);
      const ty = this.typeOf(expr, sink.available);
      if (ty.k === "error") {
        this.error("text/unbound-reference", `"${this.file.text.slice(v.range.start, v.range.end)}" cannot be used here (it needs ${v.ref.needs.join(", ") || "a context"})`, v.range);
        return null;
      }
      // A reference that is just a name (a hook's `loser`) needs no variable of its own.
      if (expr.kind === "NameRef" && !ty.nullable && ty.k !== "list") {
        this.pronouns.push({ name: expr.name, ty: ty.k === "player" ? "player" : "card" });
        return toWanted(expr, ty);
      }
      const name = this.fresh(ty.k === "list" ? "each" : "it");
      this.pronouns.push({ name, ty: ty.k === "player" ? "player" : "card" });
      if (ty.k === "list") {
        wrappers.push((inner) => [b.forStmt(name, expr, inner)]);
        return toWanted(b.ref(name), ty.of);
      }
      if (ty.nullable) wrappers.push((inner) => [b.letStmt(name, expr), b.ifStmt(b.bin("!=", b.ref(name), b.none()), inner)]);
      else wrappers.push((inner) => [b.letStmt(name, expr), ...inner]);
      return toWanted(b.ref(name), ty);
    }
    if (v.target) return toWanted(b.ref(this.declareTarget(v, true)), T.card);
    const candidates = this.candidates(v);
    const each = v.quant === "each" || (v.quant === "none" && v.noun.plural);
    const name = this.fresh(each ? "each" : "chosen");
    if (each) wrappers.push((inner) => [b.forStmt(name, candidates, inner)]);
    else wrappers.push((inner) => [b.letStmt(name, b.chooseFrom(b.ref("you"), `Choose ${textOfWords(v.words)}`, candidates)), b.ifStmt(b.bin("!=", b.ref(name), b.none()), inner)]);
    this.pronouns.push({ name, ty: "card" });
    return toWanted(b.ref(name), T.card);
  }

  private pronoun(ty: Pronoun["ty"], range: A.Range, word: string): string | null {
    for (let i = this.pronouns.length - 1; i >= 0; i--) {
      const p = this.pronouns[i]!;
      if (p.ty === ty || (ty === "player" && p.ty === "card")) return p.name;
    }
    this.error("text/pronoun", `"${word}" has nothing to refer to`, range);
    return null;
  }
}
