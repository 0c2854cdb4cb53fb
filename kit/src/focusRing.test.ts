import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// WCAG 2.2 1.4.11: the focus ring needs 3:1 against every colour beside it. The ring is one token,
// --color-focus-ring in the kit's styles.css; this reads the palette from that file, so a new
// background or a changed ring colour is checked without editing the test.

const ROOT = join(import.meta.dirname, '..', '..');
const STYLES = readFileSync(join(import.meta.dirname, 'styles.css'), 'utf8');

/** The custom properties of the kit's `:root`, name → value. */
function rootTokens(css: string): Map<string, string> {
  const root = /:root\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
  const tokens = new Map<string, string>();
  for (const [, name, value] of root.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)) {
    tokens.set(name as string, (value as string).trim());
  }
  return tokens;
}

/** '#rrggbb' → [r, g, b] in 0..255; anything else (an alpha colour) is refused. */
function rgbOf(value: string): [number, number, number] {
  const hex = /^#([0-9a-f]{6})$/i.exec(value)?.[1];
  if (!hex) throw new Error(`"${value}" is not an opaque #rrggbb colour`);
  const n = Number.parseInt(hex, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** WCAG 2.x relative luminance. */
function luminance([r, g, b]: [number, number, number]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

function contrast(a: string, b: string): number {
  const [x, y] = [luminance(rgbOf(a)), luminance(rgbOf(b))].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
}

/**
 * The backgrounds a focused control sits on: the page, cards and fields, the muted and tinted
 * panels (table heads, secondary buttons' hover, notices) and the sidebar. The ring is drawn
 * 2 px outside the control (outline-offset), so a button's own fill is never beside it: what is
 * beside it is the background the button sits on, listed here.
 */
const BACKGROUNDS = [
  '--color-bg',
  '--color-surface',
  '--color-surface-muted',
  '--color-primary-soft',
  '--color-success-soft',
  '--color-warning-soft',
  '--color-danger-soft',
  '--color-nav-bg',
];

describe('the focus ring token', () => {
  const tokens = rootTokens(STYLES);
  const ring = tokens.get('--color-focus-ring') ?? '';

  it.each(BACKGROUNDS)('has 3:1 contrast or more against %s', (background) => {
    const value = tokens.get(background);
    expect(value, `${background} is defined in styles.css`).toBeDefined();
    expect(contrast(ring, value as string)).toBeGreaterThanOrEqual(3);
  });

  it('is what the global :focus-visible outline draws, outside the control', () => {
    const rule = /(?:^|\n):focus-visible\s*\{([^}]*)\}/.exec(STYLES)?.[1] ?? '';
    expect(rule).toMatch(/outline:\s*\d+px solid var\(--color-focus-ring\)/);
    const offset = Number(/outline-offset:\s*(\d+)px/.exec(rule)?.[1] ?? 0);
    expect(offset).toBeGreaterThanOrEqual(2);
  });

  it('is the only colour any stylesheet draws a focus indicator with', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (entry.name === 'node_modules' || entry.name === 'dist') continue;
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (entry.name.endsWith('.css')) files.push(path);
      }
    };
    for (const area of readdirSync(ROOT)) {
      if (area === 'kit' || area === 'shell' || area.startsWith('mf-')) walk(join(ROOT, area, 'src'));
    }
    const offenders: string[] = [];
    for (const file of files) {
      const css = readFileSync(file, 'utf8');
      for (const [, selector, body] of css.matchAll(/([^{}]*:focus[^{}]*)\{([^}]*)\}/g)) {
        for (const [, property, value] of (body as string).matchAll(/(outline|box-shadow)\s*:\s*([^;]+);/g)) {
          if (/^(none|0)$/.test((value as string).trim())) continue;
          if (!(value as string).includes('var(--color-focus-ring)')) {
            offenders.push(`${relative(ROOT, file)} ${(selector as string).trim()} ${property}: ${value}`);
          }
        }
      }
    }
    expect(offenders).toEqual([]);
  });
});
