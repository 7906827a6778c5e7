// String literals of the rules register: JSON-like escapes plus `\u{...}` for any code point.
const simpleEscapes: Record<string, string> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };

/** The value of a string literal token (with its quotes). Unknown escapes keep the escaped character. */
export function decodeString(image: string): string {
  const body = image.length >= 2 && image.startsWith('"') && image.endsWith('"') ? image.slice(1, -1) : image;
  return body.replace(/\\(u\{[0-9A-Fa-f]{1,6}\}|u[0-9A-Fa-f]{4}|.)/g, (_, esc: string) => {
    if (esc.startsWith("u{")) {
      const code = parseInt(esc.slice(2, -1), 16);
      return code <= 0x10ffff ? String.fromCodePoint(code) : "\ufffd";
    }
    if (esc.length === 5 && esc[0] === "u") return String.fromCharCode(parseInt(esc.slice(1), 16));
    return simpleEscapes[esc] ?? esc;
  });
}
