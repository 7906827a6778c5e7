// Oracle of the Void card records → .l5r card files.  Each record's header (type, clans, stats,
// keywords and traits) and its text, converted from the Oracle's markup (`<b>…:</b>` headers, `<br>`
// between abilities, `<i>(reminder)</i>`, entities such as `&#149;`, the `:bow:` and `:gN:` icons),
// become a card written as a card author would write it.  Whatever cannot be placed is reported by card.
import { slugFromTitle } from "../check/names.ts";
import { oracleText } from "./markup.ts";

/** A record as the Oracle has it (every field but `cardid` a string or a list of strings). */
export interface OracleRecord {
  readonly cardid: number;
  readonly title: string;
  readonly formattedtitle?: string;
  readonly puretexttitle?: string;
  readonly type: string;
  readonly deck?: string;
  /** One clan, "Scorpion/Spirit", or a list of clans. */
  readonly clan?: string | readonly string[];
  readonly keywords?: readonly string[];
  readonly text?: string;
  readonly legality?: readonly string[];
  readonly [field: string]: unknown;
}

export interface ImportedCard {
  readonly id: number;
  readonly title: string;
  readonly type: string;
  readonly legality: readonly string[];
  /** A file name of its own: the title's slug and the Oracle id. */
  readonly fileName: string;
  /** The card as .l5r source. */
  readonly source: string;
  /** What the import could not place as printed, in the order met. */
  readonly problems: readonly string[];
}

/** What the import needs to know of the rules: the stats each card type has. */
export interface ImportVocabulary {
  readonly statsOfType: ReadonlyMap<string, ReadonlySet<string>>;
}

/** The Oracle's stat fields and the stats the rules name them by. */
const STAT_FIELDS: readonly (readonly [string, string])[] = [
  ["force", "force"],
  ["chi", "chi"],
  ["honor", "honorRequirement"],
  ["cost", "goldCost"],
  ["ph", "personalHonor"],
  ["focus", "focusValue"],
  ["strength", "provinceStrength"],
  ["production", "goldProduction"],
  ["startinghonor", "startingHonor"],
];

const UNALIGNED = "Unaligned";

/** Reads the Oracle's JSON: an array of records, each with at least an id, a title and a type. */
export function readOracleRecords(json: string): { records: OracleRecord[]; errors: string[] } {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch (e) {
    return { records: [], errors: [`not JSON: ${e instanceof Error ? e.message : String(e)}`] };
  }
  if (!Array.isArray(data)) return { records: [], errors: ["not a JSON array of card records"] };
  const records: OracleRecord[] = [];
  const errors: string[] = [];
  data.forEach((r: unknown, i) => {
    const o = r as Record<string, unknown>;
    if (typeof r !== "object" || r === null || Array.isArray(r)) errors.push(`record ${i + 1} is not an object`);
    else if (typeof o.cardid !== "number" || typeof o.title !== "string" || typeof o.type !== "string") errors.push(`record ${i + 1} has no numeric cardid, title and type`);
    else records.push(o as OracleRecord);
  });
  return { records, errors };
}

/** The card's title as printed: the formatted title ("Doji Hoturi • Experienced") with entities read. */
export function titleOf(r: OracleRecord): string {
  return oracleText(r.formattedtitle ?? r.title).text.replace(/\s+/g, " ").trim() || r.title;
}

export function importRecord(r: OracleRecord, vocab: ImportVocabulary): ImportedCard {
  const problems: string[] = [];
  const title = titleOf(r);
  const lines: string[] = [`card ${quote(title)} {`, `  type ${nameLiteral(r.type)}`];
  const typeStats = vocab.statsOfType.get(r.type);

  const clans = clansOf(r.clan, problems);
  if (clans.length) lines.push(`  clan ${clans.map(nameLiteral).join(", ")}`);
  for (const [field, stat] of STAT_FIELDS) {
    const raw = r[field];
    if (raw === undefined) continue;
    const value = typeof raw === "string" ? raw.trim() : String(raw);
    const printed = statLiteral(value);
    if (printed === null) {
      problems.push(`${field} "${value}" is not a stat as cards print one; left out`);
      continue;
    }
    // A zero the type has no stat for says nothing (the Oracle writes "0" for a Follower's Chi).
    if (typeStats && !typeStats.has(stat)) {
      if (!/^[+-]?0$/.test(value)) problems.push(`${field} ${value}: a ${r.type} has no ${stat}; left out`);
      continue;
    }
    lines.push(`  ${stat} ${printed}`);
  }
  const keywords: string[] = [];
  const traits: string[] = [];
  for (const k of r.keywords ?? []) {
    if (typeof k !== "string") continue;
    // The Oracle marks rules keywords in bold; the rest are traits.
    const bold = /<b>/i.test(k);
    const name = oracleText(k).text.replace(/\s+/g, " ").trim();
    if (name === "") continue;
    (bold ? keywords : traits).push(name);
  }
  if (keywords.length) lines.push(`  keywords ${keywords.map(nameLiteral).join(", ")}`);
  if (traits.length) lines.push(`  traits ${traits.map(nameLiteral).join(", ")}`);

  if (typeof r.text === "string" && r.text.trim() !== "") {
    const converted = oracleText(r.text);
    problems.push(...converted.problems);
    const abilities = converted.abilities.filter((a) => a.trim() !== "");
    if (abilities.length) {
      lines.push("  text {");
      for (const a of abilities) lines.push(`    ${a}`);
      lines.push("  }");
    }
  }
  lines.push("}");
  const legality = (r.legality ?? []).filter((l): l is string => typeof l === "string");
  const source = `// Oracle card ${r.cardid}${legality.length ? ` (${legality.join("; ")})` : ""}\n${lines.join("\n")}\n`;
  return { id: r.cardid, title, type: r.type, legality, fileName: `${slugFromTitle(title) || "card"}-${r.cardid}.l5r`, source, problems };
}

/** The clans a record names ("Scorpion/Spirit", or a list); "Unaligned" is none. */
function clansOf(clan: unknown, problems: string[]): string[] {
  const list = typeof clan === "string" ? clan.split("/") : Array.isArray(clan) ? clan : clan === undefined ? [] : null;
  if (list === null) {
    problems.push(`clan ${JSON.stringify(clan)} is neither a name nor a list of names; left out`);
    return [];
  }
  const out: string[] = [];
  for (const c of list) {
    if (typeof c !== "string") problems.push(`clan ${JSON.stringify(c)} is not a name; left out`);
    else if (c.trim() !== "" && c.trim() !== UNALIGNED) out.push(c.trim());
  }
  return out;
}

/** A stat as a header line writes it, or null: "3", "+2", "-1", "-" (none), "*" or "+*". */
function statLiteral(value: string): string | null {
  if (/^[+-]?\d+$/.test(value) || value === "-" || value === "*" || /^[+-]\*$/.test(value)) return value;
  if (value === "\u2013" || value === "\u2014") return "-";
  return null;
}

/** A bare name when it is one capitalised word (the rules register's own words are all lower case). */
function nameLiteral(name: string): string {
  return /^[A-Z][A-Za-z0-9_]*$/.test(name) ? name : quote(name);
}

function quote(text: string): string {
  return JSON.stringify(text);
}
