// Formatting .l5r text with the prettier plugin (what `l5r format` and the language server use).
import { format } from "prettier";
import plugin from "./plugin.ts";

export async function formatL5r(text: string, filepath = "input.l5r"): Promise<string> {
  return format(text, { parser: "l5r", plugins: [plugin], filepath });
}
