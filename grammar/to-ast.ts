// Gives meaning to the concrete syntax tree: builds the AST of grammar/ast.ts with source ranges.
import type { CstNode, IToken, CstElement } from "chevrotain";
import type * as A from "./ast.ts";
import { decodeString } from "./strings.ts";

type Children = Record<string, CstElement[] | undefined>;

function isToken(e: CstElement): e is IToken {
  return (e as IToken).image !== undefined;
}

function isName(t: IToken): boolean {
  return t.tokenType.name === "Identifier" || t.tokenType.CATEGORIES?.some((c) => c.name === "Identifier") === true;
}

// Offsets are taken with `| 0`: Chevrotain keeps them in fields V8 stores as doubles, and a range
// given a double makes V8 box both offsets of every range built after it (two more heap objects each).
function tokenRange(t: IToken): A.Range {
  const start = Number.isFinite(t.startOffset) ? t.startOffset | 0 : 0;
  return { start, end: start + t.image.length };
}

/** The range from the first to the last token under a CST node; each node's range is worked out once
 *  from its children's, so building a file's AST stays linear in its size. */
const ranges = new WeakMap<CstNode, A.Range | null>();

function cstRange(node: CstElement): A.Range {
  return spanOf(node) ?? { start: 0, end: 0 };
}

function spanOf(e: CstElement): A.Range | null {
  if (isToken(e)) {
    if (!Number.isFinite(e.startOffset) || e.isInsertedInRecovery) return null;
    const start = e.startOffset | 0;
    return { start, end: start + e.image.length };
  }
  // The parser tracks each node's first and last offsets (a file with syntax errors never gets here).
  const loc = e.location;
  if (loc && Number.isFinite(loc.startOffset) && loc.endOffset !== undefined && Number.isFinite(loc.endOffset)) return { start: loc.startOffset | 0, end: (loc.endOffset + 1) | 0 };
  if (ranges.has(e)) return ranges.get(e)!;
  let start = -1;
  let end = -1;
  for (const key in e.children) {
    for (const child of e.children[key] ?? []) {
      const r = spanOf(child);
      if (!r) continue;
      if (start < 0 || r.start < start) start = r.start;
      if (r.end > end) end = r.end;
    }
  }
  const range = start < 0 ? null : { start, end };
  ranges.set(e, range);
  return range;
}

const NO_ELEMENTS: readonly CstElement[] = [];

class Builder {
  readonly errors: { code: string; message: string; range: A.Range }[] = [];

  constructor(private readonly text: string) {}

  /** A chain is built as nested nodes: later stages recurse on it, so its length is bounded. */
  private chainTooLong(count: number, range: A.Range): boolean {
    if (count <= MAX_CHAIN) return false;
    if (this.errors.length === 0) this.errors.push({ code: "syntax/too-long", message: `a chain of more than ${MAX_CHAIN} operands`, range });
    return true;
  }

  // ---------------------------------------------------------- helpers
  private kids(node: CstNode, key: string): readonly CstElement[] {
    return (node.children as Children)[key] ?? NO_ELEMENTS;
  }
  private node(node: CstNode, key: string, index = 0): CstNode | null {
    const e = this.kids(node, key)[index];
    return e && !isToken(e) ? e : null;
  }
  private nodes(node: CstNode, key: string): readonly CstNode[] {
    const kids = this.kids(node, key);
    // (a key almost always holds only nodes or only tokens: then the list is used as it is)
    return kids.some(isToken) ? kids.filter((e): e is CstNode => !isToken(e)) : (kids as readonly CstNode[]);
  }
  private token(node: CstNode, key: string, index = 0): IToken | null {
    const e = this.kids(node, key)[index];
    return e && isToken(e) ? e : null;
  }
  private tokens(node: CstNode, key: string): readonly IToken[] {
    const kids = this.kids(node, key);
    return kids.every(isToken) ? (kids as readonly IToken[]) : kids.filter(isToken);
  }
  private filterOrDomain(decl: CstNode): { filter: A.Expr | null; domain: A.Expr | null } {
    const n = this.node(decl, "filterOrDomain");
    const part = (label: string): A.Expr | null => (n && this.node(n, label) ? this.expression(this.node(n, label)) : null);
    return { filter: part("filter"), domain: part("domain") };
  }
  private has(node: CstNode, key: string): boolean {
    return this.kids(node, key).length > 0;
  }
  private name(t: IToken | null): A.Name {
    if (!t) return { kind: "Name", range: { start: 0, end: 0 }, text: "" };
    return { kind: "Name", range: tokenRange(t), text: t.image };
  }
  private str(t: IToken | null): string {
    return t ? decodeString(t.image) : "";
  }
  private phraseText(t: IToken | null): A.PhraseText {
    return { kind: "PhraseText", range: t ? tokenRange(t) : { start: 0, end: 0 }, text: this.str(t) };
  }
  /** Identifier tokens (including soft keywords) in a child list. */
  private identifiers(node: CstNode, key = "Identifier"): readonly IToken[] {
    return this.tokens(node, key);
  }
  /** The first Identifier-category token of a node in source order, whatever keyword it lexed as (soft
   *  keywords are stored under their own names). */
  private firstName(node: CstNode): IToken | null {
    let first: IToken | null = null;
    const children = node.children as Children;
    for (const key in children) {
      for (const e of children[key] ?? []) if (isToken(e) && isName(e) && (!first || e.startOffset < first.startOffset)) first = e;
    }
    return first;
  }

  // ---------------------------------------------------------- file
  file(cst: CstNode, path: string): A.SourceFile {
    const decls: A.Decl[] = [];
    let title: string | null = null;
    for (const top of this.nodes(cst, "topDecl")) {
      const decl = this.topDecl(top);
      if (!decl) continue;
      if (decl.kind === "RulesDecl" && title === null) title = decl.title;
      decls.push(decl);
    }
    return { kind: "File", range: { start: 0, end: this.text.length }, path, text: this.text, title, decls };
  }

  private annotations(node: CstNode): A.Annotation[] {
    return this.nodes(node, "annotation").map((a) => ({
      kind: "Annotation",
      range: cstRange(a),
      name: this.name(this.token(a, "Identifier")),
      date: this.token(a, "DateLiteral")?.image ?? null,
      note: this.token(a, "StringLiteral") ? this.str(this.token(a, "StringLiteral")) : null,
      former: this.token(a, "former") ? this.str(this.token(a, "former")) : null,
    }));
  }

  private topDecl(node: CstNode): A.Decl | null {
    const annotations = this.annotations(node);
    const inner = this.node(node, "decl");
    if (!inner) return null;
    const decl = this.decl(inner.name, inner, annotations);
    if (decl) decl.range = cstRange(node);
    return decl;
  }

  private decl(key: string, n: CstNode, annotations: A.Annotation[]): A.Decl | null {
    const range = cstRange(n);
    const base = { range, annotations };
    switch (key) {
      case "rulesDecl":
        return { kind: "RulesDecl", ...base, title: this.str(this.token(n, "StringLiteral")) };
      case "valueDecl":
        return {
          kind: "ValueDecl", ...base,
          name: this.name(this.token(n, "Identifier")),
          label: this.str(this.token(n, "StringLiteral")),
          otherLabels: this.tokens(n, "StringLiteral").slice(1).map((t) => this.str(t)),
          init: this.expression(this.node(n, "expression")),
          minimum: this.token(n, "minimum") ? Number(this.token(n, "minimum")!.image) : null,
        };
      case "statDecl":
        return {
          kind: "StatDecl", ...base,
          name: this.name(this.token(n, "Identifier")),
          label: this.str(this.token(n, "label")),
          short: this.token(n, "short") ? this.str(this.token(n, "short")) : null,
        };
      case "flagDecl":
        return {
          kind: "FlagDecl", ...base,
          name: this.name(this.token(n, "Identifier")),
          yes: this.str(this.token(n, "yes")),
          no: this.str(this.token(n, "no")),
        };
      case "kindDecl":
        return {
          kind: "KindDecl", ...base,
          name: this.name(this.token(n, "Identifier")),
          label: this.str(this.token(n, "StringLiteral")),
        };
      case "typeDecl":
        return {
          kind: "TypeDecl", ...base,
          name: this.name(this.token(n, "name")),
          plural: this.str(this.token(n, "plural")),
          kinds: this.tokens(n, "kinds").map((t) => this.name(t)),
          playedFrom: this.token(n, "playedFrom") ? this.name(this.token(n, "playedFrom")) : null,
          traitsAs: this.token(n, "traitsAs") ? this.name(this.token(n, "traitsAs")) : null,
          stats: this.tokens(n, "stats").map((t) => this.name(t)),
        };
      case "zoneDecl":
        return {
          kind: "ZoneDecl", ...base,
          name: this.name(this.token(n, "name")),
          label: this.str(this.token(n, "StringLiteral")),
          isArea: this.has(n, "KwArea"),
          per: this.token(n, "per") ? this.name(this.token(n, "per")) : null,
          hidden: this.has(n, "KwHidden"),
          private: this.has(n, "KwPrivate"),
          ordered: this.has(n, "KwOrdered"),
          inPlay: this.has(n, "KwPlay"),
          many: this.has(n, "KwMany"),
          values: this.tokens(n, "values").map((t) => this.name(t)),
        };
      case "keywordDecl":
        return { kind: "KeywordDecl", ...base, names: this.nodes(n, "nameLiteral").map((x) => this.nameLiteral(x)), text: this.node(n, "cardText") ? this.cardText(this.node(n, "cardText")!) : null };
      case "timingDecl":
        return { kind: "TimingDecl", ...base, names: this.identifiers(n).map((t) => this.name(t)) };
      case "clanDecl":
        return { kind: "ClanDecl", ...base, names: this.nodes(n, "nameLiteral").map((x) => this.nameLiteral(x)) };
      case "adjectiveDecl":
        return {
          kind: "AdjectiveDecl", ...base,
          phrases: this.tokens(n, "StringLiteral").map((t) => this.phraseText(t)),
          param: this.param(this.node(n, "param")),
          performer: this.has(n, "KwPerformer"),
          noun: this.has(n, "KwNoun"),
          body: this.expression(this.node(n, "expression")),
          domain: this.node(n, "domain") ? this.expression(this.node(n, "domain")!) : null,
          anywhere: this.node(n, "anywhere") ? this.expression(this.node(n, "anywhere")!) : null,
        };
      case "referenceDecl":
        return {
          kind: "ReferenceDecl", ...base,
          phrases: this.tokens(n, "StringLiteral").map((t) => this.phraseText(t)),
          timings: this.tokens(n, "timings").map((t) => this.name(t)),
          body: this.expression(this.node(n, "expression")),
        };
      case "eventDecl":
        return {
          kind: "EventDecl", ...base,
          name: this.name(this.token(n, "Identifier")),
          params: this.paramList(this.node(n, "paramList")),
          before: this.has(n, "KwBefore"),
          when: this.has(n, "KwWhen"),
          phrases: this.tokens(n, "StringLiteral").map((t) => this.phraseText(t)),
        };
      case "functionDecl":
        return {
          kind: "FunctionDecl", ...base,
          cached: this.has(n, "KwCached"),
          name: this.name(this.token(n, "Identifier")),
          params: this.paramList(this.node(n, "paramList")),
          returnType: this.typeRef(this.node(n, "typeRef")),
          body: this.expression(this.node(n, "expression")),
        };
      case "paramDecl":
        return {
          kind: "ParamDecl", ...base,
          name: this.name(this.token(n, "Identifier")),
          params: this.paramList(this.node(n, "paramList")),
          type: this.typeRef(this.node(n, "typeRef")),
          init: this.expression(this.node(n, "expression")),
          summed: this.has(n, "KwSummed"),
        };
      case "statruleDecl":
        return {
          kind: "StatruleDecl", ...base,
          name: this.name(this.token(n, "Identifier")),
          params: this.paramList(this.node(n, "paramList")),
          returnType: this.typeRef(this.node(n, "typeRef")),
          body: this.expression(this.node(n, "expression")),
        };
      case "adviceDecl": {
        const label = this.token(n, "label");
        return {
          kind: "AdviceDecl", ...base,
          prompt: this.phraseText(this.token(n, "prompt")),
          label: label ? this.phraseText(label) : null,
          params: this.paramList(this.node(n, "paramList")),
          body: this.expression(this.node(n, "expression")),
        };
      }
      case "deckDecl":
        return {
          kind: "DeckDecl", ...base,
          title: this.phraseText(this.token(n, "title")),
          parts: this.nodes(n, "parts").map((part) => ({
            kind: "DeckPart" as const,
            range: cstRange(part),
            zone: this.name(this.token(part, "zone")),
            entries: this.nodes(part, "entries").map((e) => ({
              kind: "DeckEntry" as const,
              range: cstRange(e),
              copies: Number(this.token(e, "NumberLiteral")?.image ?? "0"),
              title: this.phraseText(this.token(e, "StringLiteral")),
            })),
          })),
        };
      case "conditionDecl":
        return {
          kind: "ConditionDecl", ...base,
          phrases: this.tokens(n, "StringLiteral").map((t) => this.phraseText(t)),
          params: this.paramList(this.node(n, "paramList")),
          ...this.filterOrDomain(n),
        };
      case "durationDecl":
        return {
          kind: "DurationDecl", ...base,
          isDefault: this.has(n, "isDefault"),
          phrases: this.tokens(n, "StringLiteral").map((t) => this.phraseText(t)),
          sequences: this.tokens(n, "sequences").map((t) => this.name(t)),
          untilEvent: this.token(n, "event") ? { event: this.name(this.token(n, "event")!), args: this.argList(this.node(n, "argList")).map((a) => a.value) } : null,
        };
      case "iconDecl":
        return { kind: "IconDecl", ...base, icon: this.phraseText(this.token(n, "icon")), phrase: this.phraseText(this.token(n, "phrase")) };
      case "pronounDecl":
        return {
          kind: "PronounDecl", ...base,
          words: this.tokens(n, "StringLiteral").map((t) => this.phraseText(t)),
          types: this.tokens(n, "types").map((t) => this.name(t)),
        };
      case "qualifierDecl":
        return {
          kind: "QualifierDecl", ...base,
          phrases: this.tokens(n, "StringLiteral").map((t) => this.phraseText(t)),
          params: this.paramList(this.node(n, "paramList")),
          anywhere: this.has(n, "KwAnywhere"),
          ...this.filterOrDomain(n),
        };
      case "placeDecl": {
        const list = this.node(n, "paramList");
        return {
          kind: "PlaceDecl", ...base,
          phrases: this.tokens(n, "StringLiteral").map((t) => this.phraseText(t)),
          params: list ? this.paramList(list) : [],
          ...this.filterOrDomain(n),
        };
      }
      case "searchDecl":
        return {
          kind: "SearchDecl", ...base,
          phrases: this.tokens(n, "StringLiteral").map((t) => this.phraseText(t)),
          params: this.paramList(this.node(n, "paramList")),
          domain: this.expression(this.node(n, "expression")),
          after: this.block(this.node(n, "block")),
        };
      case "effectDecl":
        return {
          kind: "EffectDecl", ...base,
          costOnly: this.has(n, "KwCost"),
          payable: this.node(n, "payable") ? this.expression(this.node(n, "payable")) : null,
          name: this.name(this.token(n, "Identifier")),
          params: this.paramList(this.node(n, "paramList")),
          phrases: this.nodes(n, "phrase").map((p) => this.phrase(p)),
          hooks: this.nodes(n, "hookDecl").map((h) => this.hookDecl(h, [])),
          body: this.statements(this.nodes(n, "statement")),
        };
      case "sequenceDecl":
        return this.sequenceDecl(n, base);
      case "abilityDecl":
        return {
          kind: "AbilityKindDecl", ...base,
          name: this.name(this.token(n, "name")),
          leads: this.tokens(n, "StringLiteral").map((t) => this.phraseText(t)),
          params: this.paramList(this.node(n, "paramList")),
          from: this.tokens(n, "from").filter((t) => t.tokenType.name !== "KwFrom").map((t) => this.name(t)),
          measures: this.token(n, "measures") ? this.name(this.token(n, "measures")) : null,
          describes: this.token(n, "describes") ? this.name(this.token(n, "describes")) : null,
        };
      case "laterDecl":
        return {
          kind: "LaterDecl", ...base,
          phrases: this.tokens(n, "StringLiteral").map((t) => this.phraseText(t)),
          sequence: this.token(n, "Identifier") ? this.name(this.token(n, "Identifier")!) : null,
          onceEvent: this.token(n, "event") ? { event: this.name(this.token(n, "event")!), args: this.argList(this.node(n, "argList")).map((a) => a.value) } : null,
        };
      case "entryDecl":
        return { kind: "EntryDecl", ...base, name: this.name(this.token(n, "name")), target: this.name(this.token(n, "target")) };
      case "cardDecl":
        return {
          kind: "CardDecl", ...base,
          title: this.phraseText(this.token(n, "StringLiteral")),
          body: this.cardBody(this.node(n, "cardBody")),
        };
      case "scenarioDecl": {
        const seed = this.token(n, "NumberLiteral");
        return {
          kind: "ScenarioDecl", ...base,
          title: this.phraseText(this.token(n, "StringLiteral")),
          seed: seed ? Number(seed.image) : null,
          body: this.block(this.node(n, "block")),
        };
      }
      default:
        return null;
    }
  }

  private nameLiteral(n: CstNode): A.Name {
    const id = this.firstName(n);
    if (id) return this.name(id);
    const s = this.token(n, "StringLiteral");
    return { kind: "Name", range: s ? tokenRange(s) : cstRange(n), text: this.str(s) };
  }

  private phrase(n: CstNode): A.Phrase {
    return {
      kind: "Phrase",
      range: cstRange(n),
      text: this.phraseText(this.token(n, "StringLiteral")),
      settings: this.nodes(n, "setting").map((s) => ({
        kind: "Setting",
        range: cstRange(s),
        name: this.name(this.token(s, "Identifier")),
        value: this.node(s, "expression") ? this.expression(this.node(s, "expression")) : null,
        target: this.token(s, "StringLiteral") ? this.phraseText(this.token(s, "StringLiteral")) : null,
        domain: this.node(s, "domain") ? this.expression(this.node(s, "domain")) : null,
      })),
    };
  }

  private hookDecl(n: CstNode, annotations: A.Annotation[]): A.HookDecl {
    return {
      kind: "HookDecl",
      range: cstRange(n),
      annotations,
      name: this.name(this.token(n, "Identifier")),
      params: this.paramList(this.node(n, "paramList")),
      leads: this.tokens(n, "StringLiteral").map((t) => this.phraseText(t)),
    };
  }

  private sequenceDecl(n: CstNode, base: { range: A.Range; annotations: A.Annotation[] }): A.SequenceDecl {
    const seq: A.SequenceDecl = {
      kind: "SequenceDecl", ...base,
      name: this.name(this.token(n, "Identifier")),
      title: this.str(this.token(n, "StringLiteral")),
      params: this.paramList(this.node(n, "paramList")),
      hooks: [], states: [], aborts: [], headings: [],
    };
    for (const member of this.nodes(n, "sequenceMember")) {
      const annotations = this.annotations(member);
      const hook = this.node(member, "hookDecl");
      const state = this.node(member, "stateDecl");
      const abort = this.node(member, "abortDecl");
      const heading = this.node(member, "headingDecl");
      if (hook) seq.hooks.push(this.hookDecl(hook, annotations));
      else if (state)
        seq.states.push({
          kind: "StateDecl",
          range: cstRange(state),
          annotations,
          name: this.name(this.token(state, "Identifier")),
          type: this.typeRef(this.node(state, "typeRef")),
          init: this.expression(this.node(state, "expression")),
        });
      else if (abort)
        seq.aborts.push({
          kind: "AbortDecl",
          range: cstRange(abort),
          annotations,
          event: this.name(this.token(abort, "event")),
          binders: this.tokens(abort, "binders").map((t) => this.name(t)),
          condition: this.node(abort, "expression") ? this.expression(this.node(abort, "expression")) : null,
        });
      else if (heading) {
        const label = this.token(heading, "label");
        seq.headings.push({
          kind: "HeadingDecl",
          range: cstRange(member),
          annotations,
          always: this.has(heading, "KwAlways"),
          label: label ? this.name(label) : null,
          title: this.phraseText(this.token(heading, "StringLiteral")),
          body: this.block(this.node(heading, "block")),
        });
      }
    }
    return seq;
  }

  private cardBody(n: CstNode | null): A.CardBody {
    const body: A.CardBody = { kind: "CardBody", range: n ? cstRange(n) : { start: 0, end: 0 }, type: null, clans: [], stats: [], keywords: [], traits: [], text: null };
    if (!n) return body;
    for (const item of this.nodes(n, "cardItem")) {
      // An item is one kind of line (the parser chose one alternative): stats, the most common, are
      // looked for first.
      const statName = this.token(item, "statName");
      if (statName) {
        const sign = this.token(item, "sign");
        const magnitude = this.node(item, "statMagnitude");
        const star = magnitude ? this.token(magnitude, "statStar") : null;
        const digits = magnitude ? this.token(magnitude, "statValue") : null;
        const value = Number(digits?.image ?? "0");
        body.stats.push({
          kind: "CardStat",
          range: cstRange(item),
          name: this.name(statName),
          value: sign?.image === "-" && value !== 0 ? -value : value,
          signed: sign !== null && magnitude !== null,
          printed: magnitude === null ? "none" : star ? "star" : "number",
        });
        continue;
      }
      const typeName = this.token(item, "typeName");
      if (typeName) {
        body.type = this.name(typeName);
        continue;
      }
      const text = this.node(item, "cardText");
      if (text) body.text = this.cardText(text);
      else if (this.has(item, "KwClan")) body.clans.push(...this.nodes(item, "clanNames").map((x) => this.nameLiteral(x)));
      else if (this.has(item, "KwTraits")) body.traits.push(...this.nodes(item, "traitNames").map((x) => this.nameLiteral(x)));
      else if (this.has(item, "KwKeywords")) body.keywords.push(...this.nodes(item, "nameLiteral").map((x) => this.nameLiteral(x)));
    }
    return body;
  }

  private paramList(n: CstNode | null): A.Param[] {
    return n ? this.nodes(n, "param").map((p) => this.param(p)) : [];
  }

  private param(n: CstNode | null): A.Param {
    if (!n) return { kind: "Param", range: { start: 0, end: 0 }, name: this.name(null), type: this.typeRef(null), init: null };
    return {
      kind: "Param",
      range: cstRange(n),
      name: this.name(this.token(n, "Identifier")),
      type: this.typeRef(this.node(n, "typeRef")),
      init: this.node(n, "expression") ? this.expression(this.node(n, "expression")) : null,
    };
  }

  private typeRef(n: CstNode | null): A.TypeRef {
    if (!n) return { kind: "TypeRef", range: { start: 0, end: 0 }, name: this.name(null), arg: null, nullable: false };
    const inner = this.node(n, "typeRef");
    return {
      kind: "TypeRef",
      range: cstRange(n),
      name: this.name(this.token(n, "typeName")),
      arg: inner ? this.typeRef(inner) : null,
      nullable: this.has(n, "Question"),
    };
  }

  // ---------------------------------------------------------- statements
  private block(n: CstNode | null): A.Stmt[] {
    return n ? this.statements(this.nodes(n, "statement")) : [];
  }

  private statements(list: readonly CstNode[]): A.Stmt[] {
    const out: A.Stmt[] = [];
    for (const s of list) {
      const stmt = this.statement(s);
      if (stmt) out.push(stmt);
    }
    return out;
  }

  private statement(n: CstNode): A.Stmt | null {
    const annotations = this.annotations(n);
    for (const [key, list] of Object.entries(n.children as Children)) {
      if (key === "annotation" || !list?.[0] || isToken(list[0])) continue;
      const s = this.stmt(key, list[0], annotations);
      if (s) return s;
    }
    return null;
  }

  private stmt(key: string, n: CstNode, annotations: A.Annotation[]): A.Stmt | null {
    const range = cstRange(n);
    const base = { range, annotations };
    const expr = (k = "expression", i = 0) => this.expression(this.node(n, k, i));
    switch (key) {
      case "letStmt":
        return {
          kind: "Let", ...base,
          name: this.name(this.token(n, "Identifier")),
          type: this.node(n, "typeRef") ? this.typeRef(this.node(n, "typeRef")) : null,
          init: expr(),
        };
      case "setStmt":
        return { kind: "Assign", ...base, target: expr("target"), value: expr("value") };
      case "ifStmt":
        return this.ifStmt(n, annotations);
      case "forStmt":
        return {
          kind: "For", ...base,
          binder: this.name(this.token(n, "Identifier")),
          source: expr("source"),
          orderedBy: this.node(n, "orderedBy") ? expr("orderedBy") : null,
          orderPrompt: this.token(n, "orderPrompt") ? this.phraseText(this.token(n, "orderPrompt")) : null,
          body: this.block(this.node(n, "block")),
        };
      case "whileStmt":
        return { kind: "While", ...base, condition: expr(), body: this.block(this.node(n, "block")) };
      case "repeatStmt":
        return { kind: "Repeat", ...base, count: expr(), body: this.block(this.node(n, "block")) };
      case "returnStmt":
        return { kind: "Return", ...base };
      case "stopStmt":
        return { kind: "Stop", ...base };
      case "abortStmt":
        return { kind: "Abort", ...base, frame: expr() };
      case "emitStmt":
        return { kind: "Emit", ...base, event: this.name(this.token(n, "Identifier")), args: this.argList(this.node(n, "argList")) };
      case "runStmt":
        return { kind: "Run", ...base, call: expr() };
      case "moveStmt": {
        const position = this.token(n, "position");
        const facing = this.token(n, "facing");
        return {
          kind: "Move", ...base,
          card: expr("card"),
          destination: expr("destination"),
          position: position ? (position.image === "bottom" ? "bottom" : "top") : null,
          facing: facing ? (facing.image === "up" ? "up" : "down") : null,
        };
      }
      case "createStmt":
        return { kind: "Create", ...base, zone: expr() };
      case "ceaseStmt":
        return { kind: "Cease", ...base, zone: expr() };
      case "modifyStmt":
        return { kind: "Modify", ...base, target: expr("target"), amount: expr("amount"), until: this.until(n), permanent: this.has(n, "KwPermanently") };
      case "endModifiersStmt":
        return { kind: "EndModifiers", ...base, stat: this.name(this.token(n, "Identifier")), card: expr() };
      case "overrideStmt": {
        const args: (A.Expr | null)[] = [];
        const items: { offset: number; value: A.Expr | null }[] = [
          ...this.tokens(n, "anyArg").map((t) => ({ offset: t.startOffset, value: null })),
          ...this.nodes(n, "args").map((a) => ({ offset: cstRange(a).start, value: this.expression(a) })),
        ];
        items.sort((a, b) => a.offset - b.offset);
        for (const item of items) args.push(item.value);
        return {
          kind: "Override", ...base,
          param: this.name(this.token(n, "Identifier")),
          args,
          value: expr("value"),
          until: this.until(n),
          permanent: this.has(n, "KwPermanently"),
        };
      }
      case "addStmt":
        return { kind: "Add", ...base, item: expr("item"), list: expr("list") };
      case "removeStmt":
        return { kind: "Remove", ...base, item: expr("item"), list: expr("list") };
      case "resolveStmt":
        return { kind: "Resolve", ...base, use: expr() };
      case "clauseStmt":
        return { kind: "Clause", ...base, title: this.phraseText(this.token(n, "StringLiteral")), body: this.block(this.node(n, "block")) };
      case "chooseStmt":
        return {
          kind: "Choose", ...base,
          player: this.postfix(this.node(n, "player")),
          prompt: this.phraseText(this.token(n, "StringLiteral")),
          options: this.nodes(n, "chooseOption").map((o) => ({
            kind: "ChooseOption",
            range: cstRange(o),
            label: this.phraseText(this.token(o, "StringLiteral")),
            binder: this.token(o, "Identifier") ? this.name(this.token(o, "Identifier")) : null,
            source: this.node(o, "source") ? this.expression(this.node(o, "source")) : null,
            filter: this.node(o, "filter") ? this.expression(this.node(o, "filter")) : null,
            body: this.block(this.node(o, "block")),
          })),
        };
      case "atEndStmt":
        return { kind: "AtEnd", ...base, frame: expr(), body: this.block(this.node(n, "block")) };
      case "onceStmt": {
        // (it lasts until it happens, whatever duration is running: a rule's delay is not card text's)
        const once: A.Stmt = {
          kind: "Once", ...base,
          event: this.name(this.token(n, "event")),
          binders: this.tokens(n, "binder").map((t) => this.name(t)),
          condition: this.node(n, "expression") ? expr() : null,
          body: this.block(this.node(n, "block")),
        };
        return { kind: "Lasting", ...base, sequences: [], body: [once] };
      }
      case "playersStmt":
        return { kind: "Players", ...base, names: this.identifiers(n).map((t) => this.name(t)) };
      case "putStmt": {
        const copies = this.token(n, "copies");
        return {
          kind: "Put", ...base,
          binder: this.token(n, "binder") ? this.name(this.token(n, "binder")) : null,
          copies: copies ? Number(copies.image) : 1,
          title: this.token(n, "title") ? this.phraseText(this.token(n, "title")) : null,
          adhocType: this.token(n, "typeName") ? this.name(this.token(n, "typeName")) : null,
          adhocTitle: this.token(n, "adhocTitle") ? this.phraseText(this.token(n, "adhocTitle")) : null,
          adhocBody: this.node(n, "cardBody") ? this.cardBody(this.node(n, "cardBody")) : null,
          zone: expr("zone"),
        };
      }
      case "answerStmt":
        return { kind: "Answer", ...base, player: this.postfix(this.node(n, "player")), parts: this.nodes(n, "parts").map((p) => this.expression(p)) };
      case "takeStmt": {
        const index = this.token(n, "NumberLiteral");
        return {
          kind: "Take", ...base,
          forced: this.token(n, "KwForce") !== null,
          card: this.postfix(this.node(n, "card")),
          player: this.postfix(this.node(n, "player")),
          ability: index ? Number(index.image) : null,
        };
      }
      case "expectStmt":
        return { kind: "Expect", ...base, expr: expr() };
      case "resultStmt": {
        const how = this.token(n, "how")!.image as "winner" | "draw" | "refused";
        return { kind: "Result", ...base, how, player: how === "winner" ? expr() : null, text: this.phraseText(this.token(n, "StringLiteral")) };
      }
      case "breakStmt":
        return { kind: "Break", ...base };
      case "windowStmt":
        return {
          kind: "Window", ...base,
          from: this.postfix(this.node(n, "from")),
          once: this.has(n, "KwOnce"),
          rules: this.nodes(n, "allowRule").map((r) => ({
            kind: "AllowRule",
            range: cstRange(r),
            timings: this.tokens(r, "timings").map((t) => this.name(t)),
            condition: this.node(r, "expression") ? this.expression(this.node(r, "expression")) : null,
          })),
        };
      case "declareStmt":
        return {
          kind: "Declare", ...base,
          winner: this.node(n, "player") ? this.postfix(this.node(n, "player")) : null,
          reason: expr("reason"),
        };
      case "eliminateStmt":
        return { kind: "Eliminate", ...base, player: this.postfix(this.node(n, "player")), reason: expr("reason") };
      case "refuseStmt":
        return { kind: "Refuse", ...base, message: expr() };
      case "shuffleStmt":
        return { kind: "Shuffle", ...base, zone: expr() };
      case "attachStmt":
        return { kind: "Attach", ...base, item: expr("item"), target: expr("target") };
      case "detachStmt":
        return { kind: "Detach", ...base, item: expr() };
      case "rememberStmt":
        return { kind: "Remember", ...base, fact: expr() };
      case "onStmt": {
        const point = this.token(n, "point");
        return {
          kind: "On", ...base,
          event: point ? { kind: "Name", range: tokenRange(point), text: this.str(point) } : this.name(this.token(n, "event")),
          isPoint: point !== null,
          binders: this.tokens(n, "binders").map((t) => this.name(t)),
          body: this.block(this.node(n, "block")),
        };
      }
      case "unscriptedStmt":
        return { kind: "Unscripted", ...base, mode: this.name(this.token(n, "Identifier")) };
      case "exprStmt": {
        const target = expr("target");
        if (this.node(n, "value")) return { kind: "Assign", ...base, target, value: expr("value") };
        return { kind: "ExprStmt", ...base, expr: target };
      }
      default:
        return null;
    }
  }

  private until(n: CstNode): A.Expr | null {
    const u = this.node(n, "untilClause");
    return u ? this.expression(this.node(u, "expression")) : null;
  }

  private ifStmt(n: CstNode, annotations: A.Annotation[]): A.IfStmt {
    const elseIf = this.node(n, "elseIf");
    const elseBlock = this.node(n, "else");
    return {
      kind: "If",
      range: cstRange(n),
      annotations,
      condition: this.expression(this.node(n, "expression")),
      then: this.block(this.node(n, "then")),
      else: elseIf ? [this.ifStmt(elseIf, [])] : elseBlock ? this.block(elseBlock) : null,
    };
  }

  // ---------------------------------------------------------- expressions
  private missing(): A.Expr {
    return { kind: "None", range: { start: 0, end: 0 } };
  }

  expression(n: CstNode | null): A.Expr {
    if (!n) return this.missing();
    return this.leftAssoc(n, "andExpr", (x) => this.andExpr(x), () => "or");
  }

  private leftAssoc(n: CstNode, key: string, sub: (x: CstNode) => A.Expr, op: (i: number) => A.BinaryOp): A.Expr {
    const operands = this.nodes(n, "operands");
    if (operands.length === 0) return this.missing();
    if (this.chainTooLong(operands.length, cstRange(n))) return this.missing();
    let acc = sub(operands[0]!);
    for (let i = 1; i < operands.length; i++) {
      const right = sub(operands[i]!);
      acc = { kind: "Binary", range: { start: acc.range.start, end: right.range.end }, op: op(i - 1), left: acc, right };
    }
    void key;
    return acc;
  }

  private andExpr(n: CstNode): A.Expr {
    return this.leftAssoc(n, "notExpr", (x) => this.notExpr(x), () => "and");
  }

  private notExpr(n: CstNode): A.Expr {
    const inner = this.node(n, "notExpr");
    if (inner) return { kind: "Unary", range: cstRange(n), op: "not", operand: this.notExpr(inner) };
    const cmp = this.node(n, "comparison");
    return cmp ? this.comparison(cmp) : this.missing();
  }

  private comparison(n: CstNode): A.Expr {
    const left = this.additive(this.node(n, "left"));
    const op = this.token(n, "op");
    if (!op) return left;
    const range = cstRange(n);
    if (op.image === "is") return { kind: "Is", range, subject: left, typeName: this.name(this.token(n, "typeName")) };
    if (op.image === "has") {
      const lit = this.node(n, "nameLiteral");
      return { kind: "Has", range, subject: left, keyword: lit ? this.nameLiteral(lit) : this.name(null) };
    }
    return { kind: "Binary", range, op: op.image as A.BinaryOp, left, right: this.additive(this.node(n, "right")) };
  }

  private additive(n: CstNode | null): A.Expr {
    if (!n) return this.missing();
    const ops = this.tokens(n, "ops");
    return this.leftAssoc(n, "multiplicative", (x) => this.multiplicative(x), (i) => ops[i]!.image as A.BinaryOp);
  }

  private multiplicative(n: CstNode): A.Expr {
    const ops = this.tokens(n, "ops");
    return this.leftAssoc(n, "unary", (x) => this.unary(x), (i) => ops[i]!.image as A.BinaryOp);
  }

  private unary(n: CstNode): A.Expr {
    const inner = this.node(n, "unary");
    if (inner) return { kind: "Unary", range: cstRange(n), op: "-", operand: this.unary(inner) };
    return this.postfix(this.node(n, "postfix"));
  }

  private postfix(n: CstNode | null): A.Expr {
    if (!n) return this.missing();
    let acc = this.primary(this.node(n, "primary"));
    // Suffixes in source order: `.name` (Dot token + member) or an argument list.
    const dots = this.tokens(n, "suffixes");
    const members = this.tokens(n, "members");
    const calls = this.nodes(n, "suffixes");
    type Suffix = { offset: number; member?: IToken; call?: CstNode };
    const suffixes: Suffix[] = [
      ...dots.map((d, i) => ({ offset: d.startOffset, member: members[i]! })),
      ...calls.map((c) => ({ offset: cstRange(c).start, call: c })),
    ].sort((a, b) => a.offset - b.offset);
    if (this.chainTooLong(suffixes.length + 1, cstRange(n))) return this.missing();
    for (const s of suffixes) {
      if (s.member) {
        const member = this.name(s.member);
        acc = { kind: "Member", range: { start: acc.range.start, end: member.range.end }, object: acc, member };
      } else if (s.call) {
        const end = cstRange(s.call).end;
        acc = { kind: "Call", range: { start: acc.range.start, end }, callee: acc, args: this.argList(s.call) };
      }
    }
    return acc;
  }

  private argList(n: CstNode | null): A.Argument[] {
    if (!n) return [];
    return this.nodes(n, "argument").map((a) => ({
      kind: "Argument",
      range: cstRange(a),
      name: this.token(a, "name") ? this.name(this.token(a, "name")) : null,
      value: this.expression(this.node(a, "expression")),
    }));
  }

  private primary(n: CstNode | null): A.Expr {
    if (!n) return this.missing();
    const range = cstRange(n);
    const num = this.token(n, "NumberLiteral");
    if (num) return { kind: "Number", range, value: Number(num.image) };
    const s = this.token(n, "StringLiteral");
    if (s) return { kind: "String", range, value: this.str(s) };
    if (this.has(n, "KwTrue")) return { kind: "Bool", range, value: true };
    if (this.has(n, "KwFalse")) return { kind: "Bool", range, value: false };
    if (this.has(n, "KwNone")) return { kind: "None", range };
    const id = this.firstName(n);
    if (id && !this.has(n, "expression")) return { kind: "NameRef", range, name: id.image };
    if (this.node(n, "expression")) return this.expression(this.node(n, "expression"));
    const sub = (key: string) => this.node(n, key);
    if (sub("listExpr")) return this.listExpr(sub("listExpr")!);
    if (sub("ifExpr")) {
      const x = sub("ifExpr")!;
      return {
        kind: "IfExpr", range,
        condition: this.expression(this.node(x, "condition")),
        then: this.expression(this.node(x, "then")),
        else: this.expression(this.node(x, "else")),
      };
    }
    if (sub("chooseExpr")) {
      const x = sub("chooseExpr")!;
      return {
        kind: "ChooseFrom", range,
        player: this.postfix(this.node(x, "player")),
        prompt: this.phraseText(this.token(x, "StringLiteral")),
        source: this.additive(this.node(x, "source")),
      };
    }
    if (sub("askExpr")) {
      const x = sub("askExpr")!;
      return { kind: "Ask", range, player: this.postfix(this.node(x, "player")), prompt: this.phraseText(this.token(x, "StringLiteral")) };
    }
    if (sub("usesExpr")) {
      const x = sub("usesExpr")!;
      const player = this.node(x, "player");
      // `(duel: self)` after the player is parsed as a call suffix on the player expression.
      let playerExpr = this.postfix(player);
      let bindings: A.Argument[] = [];
      if (playerExpr.kind === "Call" && playerExpr.args.length > 0 && playerExpr.args.every((a) => a.name !== null)) {
        bindings = playerExpr.args;
        playerExpr = playerExpr.callee;
      }
      return {
        kind: "Uses", range,
        abilityKind: this.name(this.token(x, "abilityKind")),
        card: this.node(x, "card") ? this.postfix(this.node(x, "card")) : null,
        player: playerExpr,
        bindings,
      };
    }
    if (sub("announceExpr")) return { kind: "Announce", range, use: this.postfix(this.node(sub("announceExpr")!, "postfix")) };
    if (sub("existsExpr")) return { kind: "Exists", range, zone: this.postfix(this.node(sub("existsExpr")!, "postfix")) };
    if (sub("emittedExpr")) {
      const x = sub("emittedExpr")!;
      return {
        kind: "Emitted", range,
        event: this.name(this.token(x, "Identifier")),
        args: this.node(x, "argList") ? this.argList(this.node(x, "argList")) : null,
      };
    }
    if (sub("randomExpr")) return { kind: "Random", range, source: this.additive(this.node(sub("randomExpr")!, "additive")) };
    if (sub("newZoneExpr")) {
      const x = sub("newZoneExpr")!;
      return { kind: "NewZone", range, zone: this.name(this.token(x, "Identifier")), owner: this.postfix(this.node(x, "postfix")) };
    }
    if (sub("allZonesExpr")) {
      const x = sub("allZonesExpr")!;
      return { kind: "AllZones", range, zone: this.name(this.token(x, "Identifier")), owner: this.postfix(this.node(x, "postfix")) };
    }
    if (sub("currentExpr")) return { kind: "Current", range, sequence: this.name(this.token(sub("currentExpr")!, "Identifier")), optional: this.has(sub("currentExpr")!, "Question") };
    if (sub("rememberedExpr")) return { kind: "Remembered", range, fact: this.postfix(this.node(sub("rememberedExpr")!, "postfix")) };
    if (sub("askedExpr")) {
      const x = sub("askedExpr")!;
      return { kind: "Asked", range, what: this.has(x, "KwOffered") ? "offered" : "asked", prompt: this.phraseText(this.token(x, "StringLiteral")) };
    }
    if (sub("lastExpr")) return { kind: "Last", range, sequence: this.name(this.token(sub("lastExpr")!, "Identifier")) };
    if (sub("closureExpr")) {
      const x = sub("closureExpr")!;
      return { kind: "Closure", range, params: this.paramList(this.node(x, "paramList")), body: this.block(this.node(x, "block")) };
    }
    return this.missing();
  }

  private listExpr(n: CstNode): A.Expr {
    const range = cstRange(n);
    const items = this.nodes(n, "items");
    if (this.has(n, "KwFor")) {
      return {
        kind: "Comprehension", range,
        item: this.expression(items[0] ?? null),
        binder: this.name(this.token(n, "binder")),
        source: this.expression(this.node(n, "source")),
        filter: this.node(n, "filter") ? this.expression(this.node(n, "filter")) : null,
      };
    }
    return { kind: "List", range, items: items.map((i) => this.expression(i)) };
  }

  // ---------------------------------------------------------- card text
  private cardText(n: CstNode): A.CardText {
    return { kind: "CardText", range: cstRange(n), abilities: this.nodes(n, "abilityText").map((a) => this.abilityText(a)) };
  }

  private abilityText(n: CstNode): A.AbilityText {
    const h = this.node(n, "abilityHeader");
    return {
      kind: "AbilityText",
      range: cstRange(n),
      header: h
        ? {
            kind: "AbilityHeader",
            range: cstRange(h),
            groups: this.nodes(h, "groups").map((g) => this.tokens(g, "CapWord").map((t) => this.textWord(t))),
            icons: this.tokens(h, "icons").map((t) => ({ kind: "TextIcon", range: tokenRange(t), name: t.image.slice(1, -1) })),
          }
        : null,
      segments: this.nodes(n, "segments").map((s) => ({
        kind: "TextSegment",
        range: cstRange(s),
        sentences: this.nodes(s, "sentence").map((x) => this.sentence(x)),
      })),
      // (a quoted ability's range covers only what is inside the quotes)
    };
  }

  private textWord(t: IToken): A.TextWord {
    // (most words have no typographic apostrophe: the search is cheaper than a replace that finds none)
    const text = t.image.includes("\u2019") ? t.image.replace(/\u2019/g, "'") : t.image;
    return { kind: "TextWord", range: tokenRange(t), text };
  }

  private sentence(n: CstNode): A.Sentence {
    return { kind: "Sentence", range: cstRange(n), elements: this.sentenceElements(n) };
  }

  /** A sentence's elements in source order: its tokens (but not its periods), parenthesised groups
   *  and quoted abilities, which the parser lists together as its `parts`. */
  private sentenceElements(n: CstNode): A.TextElement[] {
    return this.kids(n, "parts").map((e) => (isToken(e) ? this.tokenElement(e) : this.nodeElement(e)));
  }

  private nodeElement(n: CstNode): A.TextElement {
    const range = cstRange(n);
    if (n.name === "quotedAbility") return { kind: "TextQuoted", range, ability: this.abilityText(n) };
    return { kind: "TextParen", range, text: this.text.slice(range.start + 1, range.end - 1) };
  }

  private tokenElement(t: IToken): A.TextElement {
    switch (t.tokenType.name) {
      case "CapWord":
      case "LowWord":
        return this.textWord(t);
      case "TextNumber":
        return { kind: "TextNumber", range: tokenRange(t), text: t.image };
      case "Icon":
        return { kind: "TextIcon", range: tokenRange(t), name: t.image.slice(1, -1) };
      case "TextColor":
        return { kind: "TextColor", range: tokenRange(t), text: t.image.slice(1, -1) };
      default:
        return { kind: "TextPunct", range: tokenRange(t), text: t.image };
    }
  }
}

/** The AST of a parsed file, or the errors that make it unusable (a chain of operators too long). */
export function toAst(cst: CstNode, path: string, text: string): { file: A.SourceFile; errors: { code: string; message: string; range: A.Range }[] } {
  const b = new Builder(text);
  const file = b.file(cst, path);
  return { file, errors: b.errors };
}

/** Most operands a chain of one precedence level may have (`a + b + ...`, `x.y.z...`). */
export const MAX_CHAIN = 1000;
