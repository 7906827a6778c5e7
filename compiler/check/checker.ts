// The checker: resolves every name, checks every type, and lowers bodies to the IR.  Rules bodies,
// lowered card text and scenarios all go through it, so they obey the same rules.
// It is built in layers, one concern a file: core.ts (types, diagnostics, decisions), expressions.ts,
// calls.ts and statements.ts; builtins.ts lists what the runtime provides.
import { StatementChecker } from "./statements.ts";

export type { Checked, DecisionSite } from "./core.ts";
export type { ModuleRef } from "../ir.ts";

export class Checker extends StatementChecker {}
