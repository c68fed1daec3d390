import { describe, expect, it } from 'vitest';
import { AA_NON_TEXT, AA_TEXT, NEAR_BLACK, WHITE, brandButtonColors, contrastRatio, ensureContrast, relativeLuminance, type HexColor } from './brand-contrast';

/** mulberry32: a small seeded PRNG, so the 1,000 colours are the same on every run. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const randomColors = (count: number, seed: number): HexColor[] => {
  const next = prng(seed);
  return Array.from({ length: count }, () => `#${Math.floor(next() * 0x1000000).toString(16).padStart(6, '0')}` as HexColor);
};

describe('WCAG 2.x luminance and contrast', () => {
  it('known values', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBe(1);
    expect(contrastRatio('#ffffff', '#000000')).toBe(21);
    expect(contrastRatio('#000000', '#ffffff')).toBe(21);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.478, 3); // the classic grey just short of AA
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.542, 3); // and the one that passes
  });
});

describe('brandButtonColors', () => {
  it.each([
    ['#635bff', { background: '#635bff', text: WHITE, adjusted: false }],
    ['#34d399', { background: '#34d399', text: NEAR_BLACK, adjusted: false }],
    ['#ff0000', { background: '#ff0000', text: NEAR_BLACK, adjusted: false }],
    ['#2563eb', { background: '#2563eb', text: WHITE, adjusted: false }],
    ['#ffcc00', { background: '#ffcc00', text: NEAR_BLACK, adjusted: false }],
    // Neither white (4.48) nor near-black (4.44) reaches AA: one step darker under white does.
    ['#777777', { background: '#767676', text: WHITE, adjusted: true }],
    ['#7A7A7A', { background: '#7a7a7a', text: NEAR_BLACK, adjusted: false }],
  ] as const)('%s → %j', (brand, expected) => {
    const colors = brandButtonColors(brand as HexColor);
    expect(colors).toEqual({ ...expected, ratio: contrastRatio(expected.background as HexColor, expected.text) });
    expect(colors.ratio).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it('1,000 random brand colours (seeded): every text/button pair reaches 4.5:1, adjusted only when it had to be', () => {
    let adjusted = 0;
    for (const brand of randomColors(1000, 24)) {
      const colors = brandButtonColors(brand);
      expect([WHITE, NEAR_BLACK]).toContain(colors.text);
      expect(contrastRatio(colors.background, colors.text), brand).toBeGreaterThanOrEqual(AA_TEXT);
      expect(colors.ratio).toBe(contrastRatio(colors.background, colors.text));
      const unadjusted = Math.max(contrastRatio(brand, WHITE), contrastRatio(brand, NEAR_BLACK)) >= AA_TEXT;
      expect(colors.adjusted, brand).toBe(!unadjusted);
      expect(colors.background === brand).toBe(unadjusted);
      if (colors.adjusted) adjusted++;
    }
    // The band where neither text colour reaches AA is narrow but real: the test does cross it.
    expect(adjusted).toBeGreaterThan(0);
    expect(adjusted).toBeLessThan(100);
  });
});

describe('ensureContrast (focus rings, 3:1)', () => {
  it('keeps a colour that already contrasts and moves one that does not, just enough', () => {
    expect(ensureContrast('#635bff', NEAR_BLACK, AA_NON_TEXT)).toBe('#635bff');
    const yellowOnWhite = ensureContrast('#ffcc00', WHITE, AA_NON_TEXT);
    expect(yellowOnWhite).toBe('#b39003');
    expect(contrastRatio(yellowOnWhite, WHITE)).toBeGreaterThanOrEqual(AA_NON_TEXT);
    for (const brand of randomColors(300, 7)) {
      for (const surface of [WHITE, NEAR_BLACK]) expect(contrastRatio(ensureContrast(brand, surface, AA_NON_TEXT), surface)).toBeGreaterThanOrEqual(AA_NON_TEXT);
    }
  });
});
