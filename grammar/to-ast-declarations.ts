// The AST of a file and its declarations: annotations, each kind of declaration, phrases, hooks,
// sequences, card bodies, parameters and type references.
import type { CstNode } from "chevrotain";
import type * as A from "./ast.ts";
import { BuilderBase, tokenRange, cstRange } from "./to-ast-base.ts";
import { bracketSettings } from "./phrase-settings.ts";

export abstract class DeclarationBuilder extends BuilderBase {
  /** A condition's, a qualifier's, a later's, a duration's, an event's or an ability kind's phrases with their parameters: a bracketed alternative may
   *  set one, as an effect's may (grammar/phrase-settings.ts). */
  protected settablePhrases(n: CstNode): { phrases: A.PhraseText[]; wordingSettings: { source: string; settings: A.Setting[] }[][]; params: A.Param[] } {
    const strings = this.tokens(n, "StringLiteral");
    const phrases = strings.map((t) => this.phraseText(t, true));
    const settings = strings.map((t, i) => bracketSettings(phrases[i]!.text, t, (cst) => this.expression(cst)));
    for (const s of settings) this.errors.push(...s.errors);
    return { phrases, wordingSettings: settings.map((s) => s.groups), params: this.paramList(this.node(n, "paramList")) };
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

  protected annotations(node: CstNode): A.Annotation[] {
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
          before: this.has(n, "KwBefore"),
          when: this.has(n, "KwWhen"),
          ...this.settablePhrases(n),
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
          ...this.settablePhrases(n),
          ...this.filterOrDomain(n),
        };
      case "durationDecl":
        return {
          kind: "DurationDecl", ...base,
          isDefault: this.has(n, "isDefault"),
          ...this.settablePhrases(n),
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
          ...this.settablePhrases(n),
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
          ...(({ phrases, ...rest }) => ({ leads: phrases, ...rest }))(this.settablePhrases(n)),
          from: this.tokens(n, "from").filter((t) => t.tokenType.name !== "KwFrom").map((t) => this.name(t)),
          measures: this.token(n, "measures") ? this.name(this.token(n, "measures")) : null,
          describes: this.token(n, "describes") ? this.name(this.token(n, "describes")) : null,
        };
      case "laterDecl":
        return {
          kind: "LaterDecl", ...base,
          ...this.settablePhrases(n),
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

  protected nameLiteral(n: CstNode): A.Name {
    const id = this.firstName(n);
    if (id) return this.name(id);
    const s = this.token(n, "StringLiteral");
    return { kind: "Name", range: s ? tokenRange(s) : cstRange(n), text: this.str(s) };
  }

  private phrase(n: CstNode): A.Phrase {
    const text = this.phraseText(this.token(n, "StringLiteral"), true);
    const read = bracketSettings(text.text, this.token(n, "StringLiteral")!, (cst) => this.expression(cst));
    this.errors.push(...read.errors);
    return {
      kind: "Phrase",
      range: cstRange(n),
      text,
      wordingSettings: read.groups,
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

  protected cardBody(n: CstNode | null): A.CardBody {
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

  protected paramList(n: CstNode | null): A.Param[] {
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
      words: this.node(n, "words") ? this.expression(this.node(n, "words")) : null,
    };
  }

  protected typeRef(n: CstNode | null): A.TypeRef {
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

  // ---------------------------------------------------------- parts of later layers
  protected abstract block(n: CstNode | null): A.Stmt[];
  protected abstract statements(list: readonly CstNode[]): A.Stmt[];
  protected abstract expression(n: CstNode | null): A.Expr;
  protected abstract argList(n: CstNode | null): A.Argument[];
  protected abstract cardText(n: CstNode): A.CardText;
}
