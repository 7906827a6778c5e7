// A rendered document as Markdown, and Markdown read back into .l5r source: the code blocks as they
// are, and each printed card written back as a card declaration (render-then-parse gives the same tree).
import { cardHeaderSource, type CardStatShown, type HeaderName } from "../card-header.ts";
import type { Block, StatLabels } from "./document.ts";

const FENCE = "```";

export function toMarkdown(blocks: readonly Block[], source: string): string {
  const out: string[] = [];
  let previous: Block["kind"] | null = null;
  for (const b of blocks) {
    const tight = (b.kind === "clause" || b.kind === "line" || b.kind === "note") && previous === b.kind;
    if (out.length && !tight) out.push("");
    switch (b.kind) {
      case "title":
        out.push(`# ${b.text}`, "", `_Rendered from \`${source}\` by \`l5r render\`: headings with their letters and titles, their clauses and errata notes, then each as written; cards as printed._`);
        break;
      case "section":
        out.push(`## ${b.text}`);
        break;
      case "heading":
        out.push(`### ${b.text}`);
        break;
      case "card":
        out.push(`#### ${b.text}`);
        break;
      case "note":
        out.push(`*${b.text}*`);
        break;
      case "clause":
        out.push(`- ${b.text}`);
        break;
      case "line":
        out.push(`> ${b.text}`);
        break;
      case "meta":
        out.push(b.text);
        break;
      case "annotation":
        out.push(`\`${b.text}\``);
        break;
      case "code":
        out.push(`${FENCE}l5r`, b.text, FENCE);
        break;
    }
    previous = b.kind;
  }
  return out.join("\n") + "\n";
}

/** The .l5r source a Markdown rendering holds (`stats`: printed labels by name, as rendered). */
export function readMarkdown(md: string, stats: StatLabels): string {
  const byLabel = [...stats].map(([name, label]) => [label, name] as const).sort((a, b) => b[0].length - a[0].length);
  const lines = md.split("\n");
  const out: string[] = [];
  let card: { title: string; meta: string | null; annotations: string[]; text: string[] } | null = null;
  const endCard = () => {
    if (card) out.push(cardSource(card, byLabel));
    card = null;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line === `${FENCE}l5r`) {
      endCard();
      const body: string[] = [];
      while (i + 1 < lines.length && lines[i + 1] !== FENCE) body.push(lines[++i]!);
      i++;
      out.push(body.join("\n"));
    } else if (line.startsWith("#### ")) {
      endCard();
      card = { title: line.slice(5), meta: null, annotations: [], text: [] };
    } else if (line.startsWith("#")) {
      endCard();
    } else if (card) {
      if (line.startsWith("> ")) card.text.push(line.slice(2));
      else if (/^`@.*`$/.test(line)) card.annotations.push(line.slice(1, -1));
      else if (card.meta === null && line.trim() !== "") card.meta = line;
    }
  }
  endCard();
  return out.join("\n\n") + "\n";
}

function cardSource(c: { title: string; meta: string | null; annotations: string[]; text: string[] }, byLabel: readonly (readonly [string, string])[]): string {
  let type: string | null = null;
  const clans: HeaderName[] = [];
  const stats: CardStatShown[] = [];
  const keywords: HeaderName[] = [];
  const traits: HeaderName[] = [];
  const none = { start: 0, end: 0 };
  for (const item of c.meta ? c.meta.split(" · ") : []) {
    const strong = /^\*\*(.+)\*\*$/.exec(item);
    const em = /^\*(.+)\*$/.exec(item);
    const trait = /^_(.+)_$/.exec(item);
    const stat = byLabel.find(([label]) => item.startsWith(`${label} `));
    if (strong) keywords.push({ text: strong[1]!, range: none });
    else if (trait) traits.push({ text: trait[1]!, range: none });
    else if (em) type = em[1]!;
    else if (stat) stats.push({ name: stat[1], shown: item.slice(stat[0].length + 1), range: none });
    else clans.push({ text: item, range: none });
  }
  const body = cardHeaderSource({ type, clans, stats, keywords, traits }).map((l) => `  ${l}`);
  if (c.text.length) body.push("  text {", ...c.text.map((t) => `    ${t}`), "  }");
  return [...c.annotations, `card ${JSON.stringify(c.title)} {`, ...body, "}"].join("\n");
}
