// Pass 4: errata annotations (`@added 2007-07-24`, `@changed 2008-03-06 "order changed"`,
// `@clarified ... was "the former wording"`) name a known kind of erratum and a real date, and only a
// change or clarification keeps a former wording (an added rule had none).
import type * as A from "../../grammar/index.ts";
import { eachNode } from "../tree.ts";
import type { CompileContext } from "./context.ts";

/** The kinds of note the rules texts carry: [ADDED ...], [CHANGED ...], [CLARIFIED ...], [... UPDATED ...]. */
export const ERRATA_KINDS = ["added", "changed", "clarified", "updated"] as const;

export function checkAnnotations(ctx: CompileContext): void {
  for (const file of ctx.files) {
    eachNode(file.decls, (n) => {
      if (n.kind === "Annotation") checkAnnotation(ctx, n as unknown as A.Annotation, file.path);
    });
  }
}

function checkAnnotation(ctx: CompileContext, a: A.Annotation, path: string): void {
  const kind = a.name.text;
  if (!(ERRATA_KINDS as readonly string[]).includes(kind)) {
    ctx.diags.error("errata/unknown-kind", `unknown annotation '@${kind}' (errata are ${ERRATA_KINDS.map((k) => `@${k}`).join(", ")})`, path, a.name.range);
    return;
  }
  if (a.date !== null && !isCalendarDate(a.date)) ctx.diags.error("errata/bad-date", `${a.date} is not a date (write year-month-day)`, path, a.range);
  if (a.former !== null && kind === "added") ctx.diags.error("errata/former-of-added", "an added rule has no former wording (`was` goes with @changed, @clarified or @updated)", path, a.range);
}

function isCalendarDate(iso: string): boolean {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}
