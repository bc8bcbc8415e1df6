/**
 * Parses a single-range `Range: bytes=...` header against a size. Returns undefined when there is no
 * usable Range header (serve the whole file), "unsatisfiable" for a range that cannot be served
 * (answer 416), or the inclusive byte span.
 */
export function parseByteRange(header: string | undefined, size: number): { start: number; end: number } | "unsatisfiable" | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return header.startsWith("bytes=") ? "unsatisfiable" : undefined;
  const [, first, last] = match;
  if (first === "" && last === "") return "unsatisfiable";
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) return "unsatisfiable";
  return { start, end };
}
