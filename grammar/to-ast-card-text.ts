// The AST of card text: abilities, sentences, words, marks and groups.
import type { CstNode, IToken } from "chevrotain";
import type * as A from "./ast.ts";
import { isToken, tokenRange, cstRange } from "./to-ast-base.ts";
import { ExpressionBuilder } from "./to-ast-expressions.ts";

export abstract class CardTextBuilder extends ExpressionBuilder {
  // ---------------------------------------------------------- card text
  protected cardText(n: CstNode): A.CardText {
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
