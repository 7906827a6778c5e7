// "After an action targets your Scorpion Clan Personality, ...: Negate the destruction of the target":
// the card a triggering event names as what an action targeted is "the target" of the text after it
// (Twenty Festivals, References to targeting: "target" as a noun, like "targeted", refers to a previous
// instance of targeting, without creating a new one).  An event says so in its own words: its card
// slot is the object of "targets" or the subject of "is targeted".  The ability's own targets come first:
// "the target" names the event's card only when the ability has none (context.ts, findPronoun).
import type { Template } from "./lexicon.ts";

/** Is the event template's slot `slot` a card its words say an action targets? */
export function targetedByEvent(template: Template, slot: string): boolean {
  const parts = template.parts;
  const i = parts.findIndex((p) => "slot" in p && p.slot === slot);
  if (i < 0) return false;
  const words = (k: number): string[] => {
    const p = parts[k];
    return p && "lit" in p ? p.lit.toLowerCase().split(/\s+/).filter(Boolean) : [];
  };
  const before = words(i - 1);
  const after = [...words(i + 1), ...(parts[i + 1] && "lit" in parts[i + 1]! ? words(i + 2) : [])];
  const verb = before[before.length - 1];
  // (not "would target": what it would target is not targeted yet)
  return verb === "targets" || (after[0] === "is" && after[1] === "targeted");
}
