// The playground's build (npm run playground serves it; the browser test builds it once).  The compiler
// runs in a worker in the page: no server does anything but hand out files.  In the browser the
// generated code is formatted with prettier's standalone build (./format-browser.ts) instead of the
// Node one the command line uses.
import { defineConfig, type Plugin } from "vite";
import { fileURLToPath } from "node:url";

const here = fileURLToPath(new URL(".", import.meta.url));
const root = fileURLToPath(new URL("..", import.meta.url));

/** compiler/codegen/format.ts → playground/format-browser.ts, for every importer. */
function browserFormatter(): Plugin {
  return {
    name: "l5r-browser-formatter",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (!source.endsWith("/format.ts") || !importer) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === `${root}compiler/codegen/format.ts` ? `${here}format-browser.ts` : null;
    },
  };
}

export default defineConfig({
  root: here,
  base: "./",
  plugins: [browserFormatter()],
  worker: { format: "es", plugins: () => [browserFormatter()] },
  server: { fs: { allow: [root] } },
  build: { outDir: `${root}node_modules/.cache/l5r-playground`, emptyOutDir: true, chunkSizeWarningLimit: 20_000, reportCompressedSize: false },
});
