// A rendered document as one HTML page (no script, no external style).
import type { Block } from "./document.ts";

const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
/** The card line's marks: *type*, **keyword**, _trait_. */
const marks = (s: string) => escape(s).replace(/\*\*(.+?)\*\*/g, "<strong>$1</strong>").replace(/\*(.+?)\*/g, "<em>$1</em>").replace(/_(.+?)_/g, "<i>$1</i>");

export function toHtml(blocks: readonly Block[], source: string): string {
  const title = blocks.find((b) => b.kind === "title")?.text ?? source;
  const out: string[] = ["<!doctype html>", '<html lang="en">', "<head>", '<meta charset="utf-8">', `<title>${escape(title)}</title>`, "</head>", "<body>"];
  let list = false;
  for (const b of blocks) {
    if (list && b.kind !== "clause") {
      out.push("</ul>");
      list = false;
    }
    switch (b.kind) {
      case "title":
        out.push(`<h1>${escape(b.text)}</h1>`, `<p><i>Rendered from <code>${escape(source)}</code> by <code>l5r render</code>.</i></p>`);
        break;
      case "section":
        out.push(`<h2>${escape(b.text)}</h2>`);
        break;
      case "heading":
        out.push(`<h3>${escape(b.text)}</h3>`);
        break;
      case "card":
        out.push(`<h4>${escape(b.text)}</h4>`);
        break;
      case "note":
        out.push(`<p class="erratum"><em>${escape(b.text)}</em></p>`);
        break;
      case "clause":
        if (!list) out.push("<ul>");
        list = true;
        out.push(`<li>${escape(b.text)}</li>`);
        break;
      case "line":
        out.push(`<blockquote>${escape(b.text)}</blockquote>`);
        break;
      case "meta":
        out.push(`<p class="card">${marks(b.text)}</p>`);
        break;
      case "annotation":
        out.push(`<p><code>${escape(b.text)}</code></p>`);
        break;
      case "code":
        out.push(`<pre><code class="language-l5r">${escape(b.text)}</code></pre>`);
        break;
    }
  }
  if (list) out.push("</ul>");
  out.push("</body>", "</html>");
  return out.join("\n") + "\n";
}
