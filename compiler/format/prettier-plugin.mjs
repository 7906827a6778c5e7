// The .l5r prettier plugin as prettier's command line loads it (package.json names this file):
// `npx prettier --write "rules/**/*.l5r"`.  The plugin is TypeScript on the project's grammar; tsx
// loads it here without registering itself for anything else prettier loads.
import { tsImport } from "tsx/esm/api";

const plugin = await tsImport("./plugin.ts", import.meta.url);

export const languages = plugin.languages;
export const parsers = plugin.parsers;
export const printers = plugin.printers;
