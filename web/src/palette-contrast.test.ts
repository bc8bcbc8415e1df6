import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Shared camp tablets hold text to WCAG AAA, 7:1 (decision 027e). The e2e accessibility
 * suite measures the screens it visits; these rules keep every other screen, and the next one
 * written, on the palette that passes: jsdom computes no colours, so the sources are read.
 */
// Tests run from the repository's root (vitest.config.ts).
const tailwindTheme = readFileSync(path.resolve("node_modules/tailwindcss/theme.css"), "utf8");
const ourTheme = readFileSync(path.resolve("web/src/styles.css"), "utf8");

/** A theme colour as sRGB 0..1: ours (styles.css @theme) over Tailwind's. */
function color(name: string): [number, number, number] {
  const declared = (css: string) => new RegExp(`--color-${name}:\\s*([^;]+);`).exec(css)?.[1]?.trim();
  const value = declared(ourTheme) ?? declared(tailwindTheme);
  if (!value) throw new Error(`no colour ${name}`);
  if (value.startsWith("#")) return [1, 3, 5].map((i) => parseInt(value.slice(i, i + 2), 16) / 255) as [number, number, number];
  const m = /oklch\(([\d.]+)% ([\d.]+) ([\d.]+)\)/.exec(value);
  if (!m) throw new Error(`cannot read ${name}: ${value}`);
  return oklchToSrgb(Number(m[1]) / 100, Number(m[2]), Number(m[3]));
}

function oklchToSrgb(L: number, C: number, h: number): [number, number, number] {
  const a = C * Math.cos((h * Math.PI) / 180);
  const b = C * Math.sin((h * Math.PI) / 180);
  const l = (L + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (L - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (L - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const linear = [
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
  ];
  return linear.map((c) => {
    const v = Math.min(1, Math.max(0, c));
    return v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055;
  }) as [number, number, number];
}

const luminance = (rgb: readonly number[]) => {
  const [r, g, b] = rgb.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
const WHITE = [1, 1, 1] as const;
function contrast(a: readonly number[], b: readonly number[]) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe("the palette on shared tablets", () => {
  const has = (name: string) => new RegExp(`--color-${name}:`).test(ourTheme + tailwindTheme);
  // The light surfaces the app paints text on: white, the page's slate-50, slate-100 panels, the hue's
  // own tints (an error's red-50 box), and for slate text the slate-200 of tab lists.
  const surfaces = (hue: string) =>
    [WHITE, color("slate-50"), color("slate-100"), ...[`${hue}-50`, `${hue}-100`].filter(has).map(color), ...(hue === "slate" ? [color("slate-200")] : [])];

  it.each([
    ["slate", ["600", "700", "800", "900", "950"]],
    ["brand", ["700", "800"]],
    ["lake", ["700", "900"]],
    ["red", ["800", "900", "950"]],
    ["green", ["900", "950"]],
    ["amber", ["900", "950"]],
  ])("%s text shades read at 7:1 or more on every light surface", (hue, shades) => {
    for (const shade of shades) {
      for (const surface of surfaces(hue)) expect(contrast(color(`${hue}-${shade}`), surface), `${hue}-${shade}`).toBeGreaterThanOrEqual(7);
    }
  });

  it("has white text at 7:1 or more on the filled buttons and banners", () => {
    for (const fill of ["brand-700", "brand-800", "lake-700", "lake-900", "red-800", "red-900"]) {
      expect(contrast(WHITE, color(fill)), fill).toBeGreaterThanOrEqual(7);
    }
  });

  it("is the only palette the sources use for text: no shade that falls under 7:1", () => {
    const sources = import.meta.glob("./**/*.tsx", { query: "?raw", import: "default", eager: true }) as Record<string, string>;
    const weak =
      /\b(?:[a-z-]+:)*text-(?:(?:slate|gray|zinc|neutral|stone)-(?:300|400|500)|(?:red|orange|amber|yellow|lime|green|emerald|teal|cyan|sky|blue|indigo|violet|purple|fuchsia|pink|rose)-(?:400|500|600|700)|(?:green|amber|orange)-800|(?:brand|lake)-(?:500|600))\b/g;
    const found = Object.entries(sources)
      .filter(([file]) => !file.endsWith(".test.tsx"))
      .flatMap(([file, source]) => (source.match(weak) ?? []).map((cls) => `${file}: ${cls}`));
    expect(found).toEqual([]);
  });
});
