// Pass 1: index every declaration by name; a name declared twice is an error pointing at both.
import type * as A from "../../grammar/index.ts";
import { emptySymbols, type Declared } from "../symbols.ts";
import { Checker } from "../check/checker.ts";
import type { CompileContext } from "./context.ts";

export function resolveDeclarations(ctx: CompileContext): void {
  const symbols = emptySymbols(ctx.files);

  const add = <D>(map: Map<string, Declared<D>>, name: string, range: A.Range, decl: D, file: A.SourceFile, what: string): void => {
    const prior = map.get(name);
    if (prior) {
      const priorRange = rangeOf(prior.decl);
      ctx.diags.error("name/duplicate", `${what} '${name}' is already declared`, file.path, range, [
        { file: prior.file.path, range: priorRange, message: "first declared here" },
      ]);
      return;
    }
    map.set(name, { decl, file });
  };

  for (const file of ctx.files) {
    for (const d of file.decls) {
      switch (d.kind) {
        case "ValueDecl":
          add(symbols.values, d.name.text, d.name.range, d, file, "player value");
          break;
        case "StatDecl":
          add(symbols.stats, d.name.text, d.name.range, d, file, "stat");
          break;
        case "FlagDecl":
          add(symbols.flags, d.name.text, d.name.range, d, file, "flag");
          break;
        case "KindDecl":
          add(symbols.kinds, d.name.text, d.name.range, d, file, "kind");
          break;
        case "TypeDecl":
          add(symbols.types, d.name.text, d.name.range, d, file, "card type");
          break;
        case "ZoneDecl":
          add(symbols.zones, d.name.text, d.name.range, d, file, d.isArea ? "area" : "zone");
          break;
        case "KeywordDecl":
          for (const n of d.names) {
            // `"Experienced {level}"`: the keyword "Experienced", which a card may print with a level.
            const levelled = /^(.+?) \{[A-Za-z]+\}$/.exec(n.text);
            if (levelled) symbols.levelledKeywords.add(levelled[1]!);
            add(symbols.keywords, levelled ? levelled[1]! : n.text, n.range, d, file, "keyword");
          }
          break;
        case "TimingDecl":
          for (const n of d.names) add(symbols.timings, n.text, n.range, d, file, "timing");
          break;
        case "ClanDecl":
          for (const n of d.names) add(symbols.clans, n.text, n.range, d, file, "clan");
          break;
        case "EventDecl":
          add(symbols.events, d.name.text, d.name.range, d, file, "event");
          break;
        case "FunctionDecl":
          addCallable("function", d);
          break;
        case "ParamDecl":
          addCallable("param", d);
          break;
        case "EffectDecl":
          addCallable("effect", d);
          break;
        case "SequenceDecl":
          addCallable("sequence", d);
          break;
        case "AbilityKindDecl":
          add(symbols.abilityKinds, d.name.text, d.name.range, d, file, "ability kind");
          break;
        case "LaterDecl":
          symbols.laters.push({ decl: d, file });
          break;
        case "ReferenceDecl":
          symbols.references.push({ decl: d, file });
          break;
        case "AdjectiveDecl":
          symbols.adjectives.push({ decl: d, file });
          break;
        case "EntryDecl":
          add(symbols.entries, d.name.text, d.name.range, d, file, "entry point");
          break;
        case "CardDecl":
          add(symbols.cards, d.title.text, d.title.range, d, file, "card");
          break;
        case "ScenarioDecl":
          symbols.scenarios.push({ decl: d, file });
          break;
        case "StatruleDecl":
          add(symbols.statrules, d.name.text, d.name.range, d, file, "stat rule");
          break;
        case "AdviceDecl":
          symbols.advice.push({ decl: d, file });
          break;
        case "DeckDecl":
          add(symbols.decks, d.title.text, d.title.range, d, file, "deck");
          break;
        case "ConditionDecl":
          symbols.conditions.push({ decl: d, file });
          break;
        case "QualifierDecl":
          symbols.qualifiers.push({ decl: d, file });
          break;
        case "PlaceDecl":
          symbols.places.push({ decl: d, file });
          break;
        case "SearchDecl":
          symbols.searches.push({ decl: d, file });
          break;
        case "PronounDecl":
          symbols.pronouns.push({ decl: d, file });
          break;
        case "IconDecl":
          symbols.icons.push({ decl: d, file });
          break;
        case "DurationDecl":
          symbols.durations.push({ decl: d, file });
          break;
        case "RulesDecl":
          break;
      }

      function addCallable(kind: "function" | "param" | "effect" | "sequence", decl: A.FunctionDecl | A.ParamDecl | A.EffectDecl | A.SequenceDecl): void {
        const name = decl.name.text;
        const prior = symbols.callables.get(name);
        if (prior) {
          ctx.diags.error("name/duplicate", `'${name}' is already declared as a ${prior.kind}`, file.path, decl.name.range, [
            { file: prior.file.path, range: prior.decl.name.range, message: "first declared here" },
          ]);
          return;
        }
        symbols.callables.set(name, { kind, decl, file } as never);
      }
    }
  }
  ctx.symbols = symbols;
  ctx.checker = new Checker(symbols, ctx.diags);
}

function rangeOf(decl: unknown): A.Range {
  const d = decl as { name?: A.Name; title?: A.PhraseText; range: A.Range };
  return d.name?.range ?? d.title?.range ?? d.range;
}
