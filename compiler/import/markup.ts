// The Oracle's HTML-ish card text as plain card text: `<br>` separates abilities, `<b>` and `<i>` tags
// are dropped (their words stay: "<b>Battle:</b>" is the header "Battle:", "<i>(bowed)</i>" reminder
// text in parentheses; an italic sentence is color text, "_..._"), entities are read (`&#149;` is the bullet between created cards' keywords).

export interface OracleText {
  /** Everything on one line (for titles and keywords). */
  readonly text: string;
  /** One entry per ability, each ending where a card-text ability may end (".", ")" or a quote). */
  readonly abilities: readonly string[];
  readonly problems: readonly string[];
}

const NAMED_ENTITIES: Readonly<Record<string, string>> = { amp: "&", quot: '"', apos: "'", lt: "<", gt: ">", nbsp: " " };

// Numeric entities 128-159 are Windows-1252 characters in the Oracle's data (149 is "•").
const CP1252: Readonly<Record<number, string>> = {
  128: "\u20ac", 130: "\u201a", 131: "\u0192", 132: "\u201e", 133: "\u2026", 134: "\u2020", 135: "\u2021", 136: "\u02c6",
  137: "\u2030", 138: "\u0160", 139: "\u2039", 140: "\u0152", 142: "\u017d", 145: "\u2018", 146: "\u2019", 147: "\u201c",
  148: "\u201d", 149: "\u2022", 150: "\u2013", 151: "\u2014", 152: "\u02dc", 153: "\u2122", 154: "\u0161", 155: "\u203a",
  156: "\u0153", 158: "\u017e", 159: "\u0178",
};

// Color text: "italic, no parentheses ... always a separate sentence" (Twenty Festivals, Flavor, color,
// credit and reminder text), written as card text writes it, between underscores ("_He centers
// himself._"); italics in parentheses are reminder text, and stay in their parentheses.
const COLOR_TEXT = /<i>\s*([^<(_{}][^<_{}]*[.!?])\s*<\/i>/gi;

const KNOWN_TAGS = /^<\/?(b|i|br)\s*\/?>$/i;

export function oracleText(html: string): OracleText {
  const problems: string[] = [];
  const entities = html.replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return CP1252[code] ?? (Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole);
    }
    const named = NAMED_ENTITIES[name.toLowerCase()];
    if (named === undefined) problems.push(`the entity ${whole} is not one the import reads; kept as written`);
    return named ?? whole;
  });
  const parts = entities.split(/<br\s*\/?>/i);
  const abilities: string[] = [];
  for (const part of parts) {
    let line = part.replace(COLOR_TEXT, (_, inside: string) => `_${inside.trim()}_`).replace(/<[^>]*>/g, (tag) => {
      if (!KNOWN_TAGS.test(tag)) problems.push(`the markup ${tag} is not one the import reads; left out`);
      return "";
    });
    if (/[{}]/.test(line)) {
      problems.push(`"${line.trim()}" has a brace, which card text cannot hold; the braces are left out`);
      line = line.replace(/[{}]/g, "");
    }
    // ":g*:" is the Oracle's other spelling of the ":gstar:" icon.
    line = line.replace(/[\s\u00a0]+/g, " ").replace(/:g\*:/g, ":gstar:").trim();
    if (line === "") continue;
    if (/^[.,;:\s]*$/.test(line)) {
      problems.push(`a line of only "${line}" between abilities is left out`);
      continue;
    }
    if ((line.match(/["\u201c\u201d]/g) ?? []).length % 2 === 1) problems.push(`"${line}" has an unmatched quotation mark`);
    // An ability ends at a line break after a sentence: text that ends otherwise ("Discipline :g2:")
    // is given the period that makes it an ability of its own.
    if (!/[.)"\u201d]$/.test(line)) {
      problems.push(`"${line}" does not end a sentence; a period is added so that it is an ability of its own`);
      line += ".";
    }
    abilities.push(line);
  }
  const text = entities.replace(/<[^>]*>/g, " ").replace(/[\s\u00a0]+/g, " ").trim();
  return { text, abilities, problems };
}
