// Pretty-printed JSON (as JSON.stringify(value, null, 2) writes it) one line at a time, each
// line with the JSON Pointer of the value it belongs to, so the lines under an evaluation
// case's `differences` pointers can be marked in a side-by-side view.

export type TJsonLine = { text: string; pointer: string };

const escapeToken = (token: string) => token.replace(/~/g, "~0").replace(/\//g, "~1");

export function jsonLines(value: unknown): TJsonLine[] {
  const lines: TJsonLine[] = [];
  const walk = (node: unknown, pointer: string, indent: string, prefix: string, suffix: string) => {
    if (node !== null && typeof node === "object") {
      const isArray = Array.isArray(node);
      const entries: [string, unknown][] = isArray ? (node as unknown[]).map((item, index) => [String(index), item]) : Object.entries(node);
      const [open, close] = isArray ? ["[", "]"] : ["{", "}"];
      if (entries.length === 0) {
        lines.push({ text: `${indent}${prefix}${open}${close}${suffix}`, pointer });
        return;
      }
      lines.push({ text: `${indent}${prefix}${open}`, pointer });
      entries.forEach(([key, child], index) => {
        const childPrefix = isArray ? "" : `${JSON.stringify(key)}: `;
        walk(child, `${pointer}/${escapeToken(key)}`, `${indent}  `, childPrefix, index < entries.length - 1 ? "," : "");
      });
      lines.push({ text: `${indent}${close}${suffix}`, pointer });
      return;
    }
    lines.push({ text: `${indent}${prefix}${JSON.stringify(node) ?? "null"}${suffix}`, pointer });
  };
  walk(value, "", "", "", "");
  return lines;
}

/** Whether a line's pointer is one of `differences` or inside one of them. */
export function underAny(pointer: string, differences: readonly string[]): boolean {
  return differences.some((difference) => pointer === difference || pointer.startsWith(`${difference}/`));
}
