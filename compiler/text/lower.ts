// Card text → rules AST.  An ability's structure follows L5R templating:
//   [keywords] Timing[/Timing][, icons]: [constraints:] effects.     (an action)
//   <ability-kind lead>, effects.                                    ("As a Focus Effect, ...")
//   After/Before <event or timing point>[:|,] effects.                (a triggered trait or Reaction)
//   effects.                                                         (a continuous trait)
// Each sentence is matched against the declared effect phrases; its noun phrases become targets,
// choices or loops; sentences that need a hook's context ("the loser") go into that hook.
import type * as A from "../../grammar/index.ts";
import type { Diagnostics, Related } from "../diagnostics.ts";
import { Diagnostics as DiagnosticsClass } from "../diagnostics.ts";
import type { Callable } from "../symbols.ts";
import type { Checker } from "../check/checker.ts";
import { Scope } from "../check/scope.ts";
import { irLeaf, letExpr } from "../check/synthetic.ts";
import { T, type Ty } from "../types.ts";
import type { Adjective, EffectPhrase, EventPhrase, Lexicon, PointPhrase } from "./lexicon.ts";
import { phrasesReading, phrasesStartingWith } from "./lexicon.ts";
import { PhraseMatcher, type CardPhrase, type Match, type Noun, type SlotValue } from "./match.ts";
import { collapseWhitespace, literalAt, rangeOfWords, splitAtCommas, startsWith, textOfWords, wordsOf, type Word } from "./words.ts";
import { AstBuilder } from "./build.ts";
import { didYouMean } from "../spelling.ts";
import { declaredOf, suggest, type PhraseSet } from "./suggest.ts";
import { copyWithRange } from "../tree.ts";
import { forEachPlayer } from "./each-player.ts";

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
  /** Choices made when the ability is announced; `targeted` ones are targets ("target ..." phrases). */
  readonly targets: AnnouncedChoice[];
  /** What must hold for the ability to be used ("If you have a higher Family Honor than ..."). */
  readonly conditions: A.Expr[];
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

export interface AnnouncedChoice {
  readonly slot: string;
  readonly prompt: string;
  candidates: A.Expr;
  readonly targeted: boolean;
}

interface Pronoun {
  readonly name: string;
  readonly ty: "card" | "player" | "use";
  /** The card types it can be (from its noun), or null when any. */
  readonly types?: ReadonlySet<string> | null;
  /** A target of the ability ("the targeted Personality" names one). */
  readonly targeted?: boolean;
}

type Select = Extract<CardPhrase, { k: "select" }>;

const NEEDS_NOTHING: readonly string[] = [];

export class AbilityLowerer {
  private pronouns: Pronoun[] = [];
  private targets: AnnouncedChoice[] = [];
  private conditions: A.Expr[] = [];
  private counter = 0;
  private supported = true;
  /** Calls given hook closures; the closures left empty are dropped once the ability is lowered. */
  private callsWithHooks: A.CallExpr[] = [];
  private readonly matcher: PhraseMatcher;

  constructor(
    private readonly lex: Lexicon,
    private readonly checker: Checker,
    private readonly diags: Diagnostics,
    private readonly file: A.SourceFile,
    private readonly cardTitle: string,
    private readonly cardType: string | null = null,
  ) {
    this.matcher = new PhraseMatcher(lex);
  }

  // ================================================================ diagnostics
  private error(code: string, message: string, range: A.Range, related: Related[] = []): void {
    this.diags.error(code, message, this.file.path, range, related);
    this.supported = false;
  }

  /** `near`: the declared phrases the clause was meant to be one of, to name the closest. */
  private unsupported(words: readonly Word[], fallback: A.Range, why = "", near: PhraseSet | null = null): void {
    const range = rangeOfWords(words, fallback);
    const { text, related } = near ? suggest(words, near) : { text: "", related: [] };
    const message = `"${textOfWords(words)}" is not a phrase the rules declare${why ? `: ${why}` : ""} (${this.cardTitle}); this ability is left out${text}`;
    this.diags.warning("unsupported/phrase", message, this.file.path, range, related);
    this.supported = false;
  }

  private fresh(base: string): string {
    return `${base}${++this.counter}`;
  }

  // ================================================================ abilities
  lower(ability: A.AbilityText): LoweredAbility | null {
    this.pronouns = [];
    this.targets = [];
    this.conditions = [];
    this.callsWithHooks = [];
    this.supported = true;
    const text = collapseWhitespace(this.file.text.slice(ability.range.start, ability.range.end));
    // The words of each sentence, by segment, leaving out sentences with no words (reminder text) and
    // segments left with no sentences.
    const segments: Word[][][] = [];
    for (const s of ability.segments) {
      const sentences: Word[][] = [];
      for (const x of s.sentences) {
        const words = wordsOf(x.elements);
        if (words.length > 0) sentences.push(words);
      }
      if (sentences.length > 0) segments.push(sentences);
    }
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
          if (!this.lex.keywords.has(w.text)) this.error("text/unknown-keyword", `'${w.text}' is not a declared keyword${didYouMean(w.text, this.lex.keywords)}`, w.range);
          else if (!keywords.includes(w.text)) keywords.push(w.text);
        }
      }
      // A header of icons alone names an ability kind whose lead is those icons (":bow:: Produce 2 Gold").
      const iconLead = ability.header.groups.length === 0 ? this.lex.kindLeads.find((l) => l.icons && l.icons.join(" ") === ability.header!.icons.map((i) => i.name).join(" ")) : undefined;
      if (iconLead) {
        kind = iconLead.kind;
        for (const p of iconLead.params) {
          bindings.push({ name: p.name, ty: p.ty, source: { k: "kind" } });
          available.set(p.name, p.ty);
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
        if (lead.icons) continue;
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
    const triggerAt = kind === "static" || isReaction ? this.triggerPart(segments) : -1;
    if (triggerAt >= 0) {
      const t = this.trigger(segments, triggerAt, isReaction, bindings, available);
      if (!t) return null;
      trigger = t;
      if (!isReaction) kind = "trigger";
    } else if (isReaction) {
      this.error("text/missing-trigger", "a Reaction names its trigger: \"Reaction: After ...:\"", ability.range);
      return null;
    }
    // "Events usually have a trait, which is treated as a triggered trait": the type says which kind.
    const traitKind = kind === "static" && this.cardType ? this.lex.traitsAs.get(this.cardType) : undefined;
    if (traitKind) {
      kind = traitKind;
      const lead = this.lex.kindLeads.find((l) => l.kind === traitKind);
      for (const p of lead?.params ?? []) {
        bindings.push({ name: p.name, ty: p.ty, source: { k: "kind" } });
        available.set(p.name, p.ty);
      }
    }

    const effectsSink: Sink = { stmts: [], available, hookable: null, costs: false };
    const costSink: Sink = { stmts: [...iconCosts], available, hookable: null, costs: true };
    if (segments.length === 0) {
      this.unsupported([], ability.range, "the ability has no effect");
      return null;
    }
    for (const seg of segments.slice(0, -1)) for (const sentence of seg) this.constraints(sentence, costSink);
    this.sentences(segments[segments.length - 1]!, effectsSink);

    if (!this.supported) return null;
    for (const call of this.callsWithHooks) {
      call.args = call.args.filter((a) => !(a.value.kind === "Closure" && a.value.body.length === 0));
    }
    return { kind, timings, keywords, text, range: ability.range, trigger, bindings, targets: this.targets, conditions: this.conditions, costs: costSink.stmts, effects: effectsSink.stmts };
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
  /**
   * Which comma-separated part of the first sentence is the trigger ("After ...", "before ..."), or -1.
   * Parts before it are conditions ("Any number of times per turn, before you lose Honor ...").
   */
  private triggerPart(segments: Word[][][]): number {
    const first = segments[0]?.[0];
    if (!first) return -1;
    const parts = splitAtCommas(first);
    const at = parts.findIndex((part) => this.triggerWordAt(part) === 0);
    if (at >= 0) return at;
    // "once per battle after engaging": a condition, then the trigger, in one part.
    return parts.findIndex((part) => {
      const i = this.triggerWordAt(part);
      return i > 0 && this.conditionAhead(part.slice(0, i));
    });
  }

  private triggerWordAt(part: readonly Word[]): number {
    return part.findIndex((w) => w.t === "w" && (w.lower === "after" || w.lower === "before"));
  }

  private trigger(segments: Word[][][], triggerAt: number, reaction: boolean, bindings: LoweredBinding[], available: Map<string, Ty>): LoweredAbility["trigger"] {
    let at = triggerAt;
    const parts = splitAtCommas(segments[0]![0]!);
    const whole = parts[at]!;
    // A condition before the trigger word in the same part stays with the constraints.
    const lead = this.triggerWordAt(whole);
    if (lead > 0) {
      parts.splice(at, 1, whole.slice(0, lead), whole.slice(lead));
      at++;
    }
    const part = parts[at]!;
    const when = part[0]! as Extract<Word, { t: "w" }>;
    const words = part.slice(1);
    const range = rangeOfWords(words, when.range);
    // "After X: effects" (the rest of the segment is constraints) or "After X, effects" (a trait).
    const colonForm = segments[0]!.length === 1 && segments.length > 1;
    const others = parts.filter((_, i) => i !== at);
    const joined = others.flatMap((p, i) => (i === 0 ? p : [{ t: "p", text: ",", range: p[0]?.range ?? range } as Word, ...p]));
    if (colonForm) {
      if (others.length) segments[0]![0] = joined;
      else segments.shift();
    } else {
      if (at !== 0) {
        this.unsupported(part, when.range, "a trait's trigger comes first");
        return null;
      }
      if (others.length === 0) {
        this.unsupported(part, when.range, "a trigger is followed by ':' or ','");
        return null;
      }
      segments[0]![0] = joined;
    }

    // A timing point: "Before Focus Effects resolve", "After your Dynasty Phase ends"
    for (const p of this.pointsReading(words)) {
      if (startsWith(words, 0, p.words) !== words.length) continue;
      if (p.when && p.when !== when.lower) continue;
      const ty = T.frame(p.seq);
      bindings.push({ name: p.seq, ty, source: { k: "event", index: 0 } });
      available.set(p.seq, ty);
      const b = new AstBuilder(range);
      const filter = p.playerParam ? b.bin("==", b.member(b.ref(p.seq), p.playerParam), b.ref("you")) : null;
      return { event: `${when.lower}:${p.point}`, reaction, filter };
    }
    // An event, perhaps followed by a condition: "before you lose Honor from an action that ...".
    let best: { event: EventPhrase; match: Match & { next: number } } | null = null;
    for (const ev of phrasesReading(this.lex.eventsByFirst, words, 0)) {
      if (ev.before !== (when.lower === "before")) continue;
      for (const m of this.matcher.matchPrefix(ev.template, words, 0, words.length)) {
        if (m.next < words.length && !this.conditionAhead(words.slice(m.next))) continue;
        if (!best || m.next > best.match.next || (m.next === best.match.next && m.literals > best.match.literals)) best = { event: ev, match: m };
      }
    }
    if (!best) {
      const before = when.lower === "before";
      const d = declaredOf(this.checker.symbols);
      const { text, related } = suggest(words, before ? d.eventsBefore : d.eventsAfter);
      if (before) this.error("timing/unknown-point", `"${textOfWords(words)}" is neither the start of a heading nor an event announced before it happens${text}`, range, related);
      else this.error("text/unknown-trigger", `no event reads "${textOfWords(words)}"${text}`, range, related);
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
      if (pty) this.pronouns.push({ name: p.name, ty: pty, types: null });
    });
    if (best.match.next < words.length) {
      // The condition after the event: a card it describes is chosen when the Reaction is announced.
      const c = this.condition(words.slice(best.match.next), available, "constraint");
      if (!c) return null;
      if (c.k === "expr") filters.push(c.expr);
    }
    return { event: best.event.event, reaction, filter: filters.length ? b.and(filters) : null };
  }

  /** The timing points that may read as the whole of `words`: those beginning with its first word. */
  private pointsReading(words: readonly Word[]): readonly PointPhrase[] {
    const first = words[0];
    if (!first) return this.lex.points;
    return (first.t === "w" ? this.lex.pointsByFirst.get(first.lower) : undefined) ?? [];
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
  private selectFilter(v: Select, subject: A.Expr): A.Expr {
    const b = new AstBuilder(v.range);
    const parts: A.Expr[] = [];
    if (v.noun.kind === "type" || v.noun.kind === "kind") parts.push(b.is(subject, v.noun.name));
    else if (v.noun.kind === "keyword") parts.push(b.has(subject, v.noun.name));
    for (const adj of v.adjectives) {
      const f = this.adjectiveFilter(adj, subject, v.range);
      if (f) parts.push(f);
    }
    for (const q of v.qualifiers) {
      if (!q.q.decl.filter) continue;
      let body = letExpr(q.q.params[0]!.name, subject, this.reRange(q.q.decl.filter, v.range), v.range);
      for (const p of q.q.params.slice(1)) {
        const slot = q.slots.get(p.name);
        const value = slot ? this.slotExpr(slot) : null;
        if (value) body = letExpr(p.name, value, body, v.range);
      }
      parts.push(body);
    }
    if (v.quant === "another") parts.push(b.bin("!=", subject, b.ref("self")));
    return b.and(parts);
  }

  private adjectiveFilter(adj: Adjective, subject: A.Expr, range: A.Range): A.Expr | null {
    const b = new AstBuilder(range);
    const m = adj.meaning;
    if (m.k === "flag") return m.value ? b.member(subject, m.flag) : b.not(b.member(subject, m.flag));
    if (m.k === "keyword") return b.has(subject, m.keyword);
    if (m.k === "declared") return letExpr(m.decl.param.name.text, subject, this.reRange(m.decl.body, range), range);
    if (m.k === "of") {
      const owner = this.pronoun("card", range, m.word);
      return owner ? b.bin("==", b.member(subject, "attachedTo"), b.ref(owner)) : null;
    }
    if (m.k === "either") {
      const alts = m.of.map((a) => this.adjectiveFilter(a, subject, range) ?? b.bool(true));
      return alts.reduce((acc, x) => b.bin("or", acc, x));
    }
    return null;
  }

  /** Where the cards a noun phrase names are: a qualifier's domain ("from your hand"), else in play. */
  private sourceOf(v: Select): A.Expr {
    const domain = v.qualifiers.find((q) => q.q.decl.domain);
    if (domain) return this.reRange(domain.q.decl.domain!, v.range);
    return new AstBuilder(v.range).call("cardsInPlay", []);
  }

  private candidates(v: Select): A.Expr {
    const b = new AstBuilder(v.range);
    return b.comprehension("cand", this.sourceOf(v), this.selectFilter(v, b.ref("cand")));
  }

  /** The card types a noun can name (for pronouns: "him" is a Personality, "it" is not). */
  private nounTypes(noun: Noun): Set<string> | null {
    if (noun.kind === "type") return new Set([noun.name]);
    if (noun.kind === "kind") return new Set([noun.name, ...(this.lex.typesOfKind.get(noun.name) ?? [])]);
    return null;
  }

  private refExpr(ref: { decl: A.ReferenceDecl }, range: A.Range): A.Expr {
    return this.reRange(ref.decl.body, range);
  }

  /** A copy of an expression from the rules with every range moved to where the card text names it. */
  private reRange<E>(node: E, range: A.Range): E {
    return copyWithRange(node, range);
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
      if (this.conditionAhead(clause)) {
        const c = this.condition(clause, sink.available, "constraint");
        if (c?.k === "expr") this.conditions.push(c.expr);
        continue;
      }
      if (first?.t === "w" && (first.lower === "target" || first.lower === "choose")) {
        const np = this.matcher.wholeCardPhrase(clause, 1, clause.length);
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
      // A declared condition may itself contain "and" ("you are the Attacker and your current army ...").
      if (this.conditionAhead(part)) {
        out.push(part);
        continue;
      }
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
    return w?.t === "w" && (w.lower === "target" || w.lower === "choose" || this.lex.effectsByFirst.byWord.has(w.lower));
  }

  private declareTarget(np: Select, targeting: boolean): string {
    const slot = this.fresh(targeting ? "target" : "chosen");
    this.targets.push({ slot, prompt: `Choose ${textOfWords(np.words)}`, candidates: this.candidates(np), targeted: targeting });
    this.pronouns.push({ name: slot, ty: "card", types: this.nounTypes(np.noun), targeted: targeting });
    return slot;
  }

  // ================================================================ conditions
  /** Is `words` (after an optional "if") exactly a declared condition? */
  private conditionAhead(words: readonly Word[]): boolean {
    const at = startsWith(words, 0, ["if"]) > 0 ? 1 : 0;
    return phrasesStartingWith(this.lex.conditionsByFirst, literalAt(words, at)).some((c) => this.matcher.matchTemplate(c.template, words, at, words.length).length > 0);
  }

  /**
   * A declared condition as an expression.  A card it describes rather than names ("one of your
   * Courtier or Samurai Personalities") is, in constraints, chosen when the ability is announced (and
   * is "him" afterwards); after "If" it is a question of whether some card fits.
   */
  private condition(words: Word[], _available: ReadonlyMap<string, Ty>, mode: "constraint" | "if"): { k: "expr"; expr: A.Expr } | { k: "chosen" } | null {
    const at = startsWith(words, 0, ["if"]) > 0 ? 1 : 0;
    const range = rangeOfWords(words, words[0]!.range);
    const b = new AstBuilder(range);
    for (const c of phrasesStartingWith(this.lex.conditionsByFirst, literalAt(words, at))) {
      for (const m of this.matcher.matchTemplate(c.template, words, at, words.length)) {
        const decl = c.decl;
        // The card the condition is about: a card slot given a description rather than a name.
        const isSelect = (s: SlotValue | undefined): boolean => s?.ty === "card" && s.v.k === "select";
        const described = c.params.find((p) => p.ty.k === "card" && isSelect(m.slots.get(p.name)));
        const lets: { name: string; value: A.Expr }[] = [];
        for (const p of c.params) {
          if (p === described) continue;
          const slot = m.slots.get(p.name);
          if (!slot) continue;
          const value = this.slotExpr(slot);
          if (!value) return null;
          lets.push({ name: p.name, value });
        }
        const wrap = (body: A.Expr): A.Expr => lets.reduceRight((acc, l) => letExpr(l.name, l.value, acc, range), body);
        const body = decl.filter ? this.reRange(decl.filter, range) : null;
        const domain = decl.domain ? this.reRange(decl.domain, range) : null;
        if (!described) {
          if (!body) {
            this.error("text/condition-domain", `the condition "${textOfWords(words)}" ranges over cards but names none`, range);
            return null;
          }
          return { k: "expr", expr: wrap(body) };
        }
        const v = (m.slots.get(described.name)! as { v: Select }).v;
        const candidate = "cand";
        const fits = [this.selectFilter(v, b.ref(candidate))];
        if (body) fits.push(letExpr(described.name, b.ref(candidate), body, range));
        const candidates = wrap(b.comprehension(candidate, domain ?? this.sourceOf(v), b.and(fits)));
        if (mode === "if") return { k: "expr", expr: b.bin(">", b.call("count", [{ value: candidates }]), b.num(0)) };
        const slot = this.fresh("chosen");
        this.targets.push({ slot, prompt: `Choose ${textOfWords(v.words)}`, candidates, targeted: false });
        this.pronouns.push({ name: slot, ty: "card", types: this.nounTypes(v.noun) });
        return { k: "chosen" };
      }
    }
    this.unsupported(words, range, "no condition reads so", declaredOf(this.checker.symbols).conditions);
    return null;
  }

  /** A slot's value as a plain expression (for conditions and qualifiers): nothing to choose. */
  private slotExpr(slot: SlotValue): A.Expr | null {
    switch (slot.ty) {
      case "number":
        return new AstBuilder(slot.range).num(slot.v);
      case "numberOf": {
        const card = this.slotExpr({ ty: "card", v: slot.card });
        const b = new AstBuilder(slot.range);
        if (!card) return null;
        if (slot.card.k !== "ref") return b.call("statOf", [{ value: card }, { value: b.ref(slot.stat) }]);
        // A reference may name no card ("the discarded card" when none was): its stat is then 0.
        const name = this.fresh("of");
        const stat = b.call("statOf", [{ value: b.ref(name) }, { value: b.ref(slot.stat) }]);
        return letExpr(name, card, { kind: "IfExpr", range: slot.range, condition: b.bin("!=", b.ref(name), b.none()), then: stat, else: b.num(0) }, slot.range);
      }
      case "stat":
        return new AstBuilder(slot.range).ref(slot.v);
      case "text":
        return new AstBuilder(slot.range).str(slot.v);
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
        if (v.k === "card") {
          const card = this.slotExpr({ ty: "card", v: v.card });
          return card ? b.member(card, "controller") : null;
        }
        this.unsupported([], v.range, "a condition names a player it does not choose");
        return null;
      }
      case "card": {
        const v = slot.v;
        const b = new AstBuilder(v.range);
        if (v.k === "pronoun") {
          const p = this.pronoun("card", v.range, v.word, v.targeted);
          return p ? b.ref(p) : null;
        }
        if (v.k === "ref") return this.refExpr(v.ref, v.range);
        this.unsupported([], v.range, "a description of cards cannot stand here");
        return null;
      }
    }
  }

  // ================================================================ sentences
  /** The sentences of the effects, in order; a search nests the sentences after it ("Put it into play"). */
  private sentences(list: Word[][], sink: Sink): void {
    for (let i = 0; i < list.length; i++) {
      const words = list[i]!;
      const search = this.search(words, sink);
      if (search) {
        this.sentences(list.slice(i + 1), search);
        return;
      }
      this.sentence(words, sink);
    }
  }

  /** "Search your deck, then your Provinces, for a Legacy Holding": the sink for what follows, or null. */
  private search(words: Word[], sink: Sink): Sink | null {
    const end = words[words.length - 1]?.t === "p" ? words.length - 1 : words.length;
    for (const s of phrasesStartingWith(this.lex.searchesByFirst, literalAt(words, 0))) {
      for (const m of this.matcher.matchTemplate(s.template, words, 0, end)) {
        const param = s.params.find((p) => p.ty.k === "card");
        const slot = param ? m.slots.get(param.name) : undefined;
        if (!slot || slot.ty !== "card" || slot.v.k !== "select") continue;
        const v = slot.v;
        const b = new AstBuilder(rangeOfWords(words, words[0]!.range));
        const name = this.fresh("found");
        const candidates = b.comprehension("cand", this.reRange(s.decl.domain, v.range), this.selectFilter(v, b.ref("cand")));
        const inner: Sink = { stmts: [], available: sink.available, hookable: null, costs: sink.costs };
        sink.stmts.push(b.letStmt(name, b.chooseFrom(b.ref("you"), `${this.cardTitle}: choose ${textOfWords(v.words)}`, candidates)), b.ifStmt(b.bin("!=", b.ref(name), b.none()), inner.stmts));
        this.pronouns.push({ name, ty: "card", types: this.nounTypes(v.noun) });
        return inner;
      }
    }
    return null;
  }

  private sentence(words: Word[], sink: Sink): void {
    if (words.length === 0) return;
    const b = new AstBuilder(rangeOfWords(words, words[0]!.range));
    // "If the seppuku destroyed him, reduce the Honor loss to one."
    if (startsWith(words, 0, ["if"]) > 0) {
      const comma = words.findIndex((w) => w.t === "p" && w.text === ",");
      if (comma > 0 && this.conditionAhead(words.slice(0, comma))) {
        const c = this.condition(words.slice(0, comma), sink.available, "if");
        if (!c || c.k !== "expr") return;
        const inner: Sink = { stmts: [], available: sink.available, hookable: null, costs: sink.costs };
        this.sentence(words.slice(comma + 1), inner);
        sink.stmts.push(b.ifStmt(c.expr, inner.stmts));
        return;
      }
    }
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
    // "You may ..." (unless an effect's own phrase begins so: "You may play Action cards from ...")
    if (startsWith(words, 0, ["you", "may"]) === 2 && !phrasesReading(this.lex.effectsByFirst, words, 0).some((e) => this.matcher.matchTemplate(e.template, words, 0, words.length).length > 0)) {
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
      let right = words.slice(i + 1);
      // "Discard the Imperial Favor and a card": the right side shares the left's verb.
      if (!this.plan(right, sink) && left.length > 1 && this.plan(left, sink)) right = [left[0]!, ...right];
      const rightPlan = this.plan(right, sink);
      if (!rightPlan) continue;
      // "Bow and dishonor the loser": the left verb shares the right clause's object.
      const leftWords = left.length === 1 ? [...left, ...right.slice(1)] : left;
      const leftPlan = this.plan(leftWords, sink) ?? this.plan(left, sink);
      if (!leftPlan) continue;
      this.emit(leftPlan, leftWords);
      // Planned again: the left call may have opened hooks the right clause belongs in.
      this.emit(this.plan(right, sink) ?? rightPlan, right);
      return;
    }
    this.unsupported(words, words[0]?.range ?? { start: 0, end: 0 }, "", declaredOf(this.checker.symbols).effects);
  }

  /** The best effect phrase for a clause, and where it goes (here, or into a hook of an earlier call). */
  private plan(words: Word[], sink: Sink): Plan | null {
    let direct: Plan | null = null;
    let hooked: Plan | null = null;
    for (const phrase of phrasesReading(this.lex.effectsByFirst, words, 0)) {
      for (const match of this.matcher.matchTemplate(phrase.template, words, 0, words.length)) {
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
  private needs(phrase: EffectPhrase, match: Match): readonly string[] {
    // (made only when something is needed: most clauses need nothing from their context)
    let out: Set<string> | null = null;
    for (const v of match.slots.values()) {
      const card = v.ty === "card" ? v.v : v.ty === "player" && v.v.k === "card" ? v.v.card : null;
      if (card?.k === "ref") for (const n of card.ref.needs) (out ??= new Set()).add(n);
    }
    for (const [param, names] of phrase.defaultNeeds) {
      if (match.slots.has(param)) continue;
      for (const n of names) (out ??= new Set()).add(n);
    }
    return out ? [...out] : NEEDS_NOTHING;
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
    if (sink.costs && effect.decl.payable) this.payableChoices(effect, args);
    const call = b.call(effect.decl.name.text, args);
    if (hooks.length) this.callsWithHooks.push(call);
    let stmts: A.Stmt[] = [b.exprStmt(call)];
    for (let i = wrappers.length - 1; i >= 0; i--) stmts = wrappers[i]!(stmts);
    sink.stmts.push(...stmts);
    if (hooks.length) sink.hookable = { effect, hooks };
  }

  /** A cost paid with a card chosen for it: only cards it can be paid with are offered. */
  private payableChoices(effect: Effect, args: { name: string; value: A.Expr }[]): void {
    const payable = effect.decl.payable!;
    for (const arg of args) {
      if (arg.value.kind !== "NameRef") continue;
      const slotName = arg.value.name;
      const target = this.targets.find((t) => t.slot === slotName);
      if (!target) continue;
      const b = new AstBuilder(arg.value.range);
      let check = this.reRange(payable, arg.value.range);
      for (const p of effect.decl.params) {
        const given = args.find((a) => a.name === p.name.text);
        const value = p.name.text === arg.name ? b.ref("payWith") : given?.value ?? (p.init ? this.reRange(p.init, arg.value.range) : null);
        if (value) check = letExpr(p.name.text, value, check, arg.value.range);
      }
      target.candidates = b.comprehension("payWith", target.candidates, check);
    }
  }

  private slotArg(slot: SlotValue, want: Ty, sink: Sink, wrappers: ((inner: A.Stmt[]) => A.Stmt[])[]): A.Expr | null {
    switch (slot.ty) {
      case "number":
      case "numberOf":
      case "stat":
      case "bonus":
      case "use":
      case "text":
        return this.slotExpr(slot);
      case "player": {
        const v = slot.v;
        const b = new AstBuilder(v.range);
        if (v.k === "you") return b.ref("you");
        if (v.k === "other") {
          const others = b.comprehension("pl", b.ref("players"), v.quant === "each" ? null : b.bin("!=", b.ref("pl"), b.ref("you")));
          const name = this.fresh("player");
          if (v.quant === "each") wrappers.push((inner) => forEachPlayer(this.checker.symbols, b, name, others, inner));
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
      const p = this.pronoun(want.k === "player" ? "player" : "card", v.range, v.word, v.targeted);
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
    // A card a cost names is chosen when the ability is announced, before its costs are paid.
    if (sink.costs && !each) return toWanted(b.ref(this.declareTarget(v, false)), T.card);
    const name = this.fresh(each ? "each" : "chosen");
    if (each) wrappers.push((inner) => [b.forStmt(name, candidates, inner)]);
    else wrappers.push((inner) => [b.letStmt(name, b.chooseFrom(b.ref("you"), `Choose ${textOfWords(v.words)}`, candidates)), b.ifStmt(b.bin("!=", b.ref(name), b.none()), inner)]);
    this.pronouns.push({ name, ty: "card", types: this.nounTypes(v.noun) });
    return toWanted(b.ref(name), T.card);
  }

  private pronoun(ty: Pronoun["ty"], range: A.Range, word: string, targeted?: Noun): string | null {
    // A pronoun declared for kinds of card ("him": a Personality) skips cards of other types; "the
    // targeted Personality" is the latest target of that noun.
    const fits = targeted ? this.nounTypes(targeted) : ty === "card" ? this.lex.pronouns.get(word.toLowerCase()) : undefined;
    for (let i = this.pronouns.length - 1; i >= 0; i--) {
      const p = this.pronouns[i]!;
      if (targeted && !p.targeted) continue;
      if (fits && p.ty === "card" && p.types && ![...p.types].some((t) => fits.has(t))) continue;
      if (p.ty === ty || (ty === "player" && p.ty === "card")) return p.name;
    }
    this.error("text/pronoun", `"${word}" has nothing to refer to`, range);
    return null;
  }
}
