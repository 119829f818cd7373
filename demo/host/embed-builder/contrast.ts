/**
 * WCAG 2.2 contrast (1.4.3, AA: 4.5:1 for text) between the colours a provider picks and
 * the widget's own surfaces. Colours are #rrggbb, as a colour input gives them.
 */
export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export const isHexColour = (value: string) => /^#[0-9a-f]{6}$/i.test(value);

/** The colours the builder lets a provider choose, by their custom property. */
export const CHOSEN_COLOURS = ["--bw-color-primary", "--bw-color-primary-text", "--bw-color-bg", "--bw-color-text"] as const;
export type ChosenColour = (typeof CHOSEN_COLOURS)[number];
export type Palette = Record<ChosenColour | "--bw-color-surface", string>;

/** The widget's own colours (src/styles/widget-css.ts; docs/embedding.md "Themes"). */
export const THEME_PALETTES: Record<"light" | "dark", Palette> = {
  light: {
    "--bw-color-primary": "#2457c5",
    "--bw-color-primary-text": "#ffffff",
    "--bw-color-bg": "#ffffff",
    "--bw-color-text": "#1c2430",
    "--bw-color-surface": "#f5f7fa",
  },
  dark: {
    "--bw-color-primary": "#8ab4ff",
    "--bw-color-primary-text": "#0b1220",
    "--bw-color-bg": "#14181e",
    "--bw-color-text": "#e8ebf0",
    "--bw-color-surface": "#1d232b",
  },
};

/** The pairs the widget draws text with: foreground, background, and where a visitor meets it. */
const TEXT_PAIRS: [foreground: keyof Palette, background: keyof Palette, where: string][] = [
  ["--bw-color-text", "--bw-color-bg", "text on the background"],
  ["--bw-color-text", "--bw-color-surface", "text on a surface (cards, the information box)"],
  ["--bw-color-primary", "--bw-color-bg", "the main colour as text on the background (times, links)"],
  ["--bw-color-primary-text", "--bw-color-primary", "text on a main-colour button"],
];

export const AA_TEXT = 4.5;

export interface FailingPair {
  foreground: keyof Palette;
  background: keyof Palette;
  where: string;
  ratio: number;
}

/** The pairs under AA once `chosen` is laid over the theme's own palette. */
export function failingPairs(mode: "light" | "dark", chosen: Partial<Record<ChosenColour, string>>): FailingPair[] {
  const palette: Palette = { ...THEME_PALETTES[mode], ...chosen };
  return TEXT_PAIRS.map(([foreground, background, where]) => ({
    foreground,
    background,
    where,
    ratio: contrastRatio(palette[foreground], palette[background]),
  })).filter((pair) => pair.ratio < AA_TEXT);
}
