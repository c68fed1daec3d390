import { describe, expect, it } from 'vitest';
import { contrastRatio, type HexColor } from './brand-contrast';
import { ZBrandingStyleSchema } from './branding-schemas';
import { brandingStyleDefaults, checkoutThemeCss, schemeColors } from './branding-theme';

const style = (input: Record<string, unknown>) => ZBrandingStyleSchema.parse(input);

describe('checkoutThemeCss', () => {
  it('no branding: the checkout as it always was (dark, Vault green), no light palette', () => {
    const css = checkoutThemeCss(null);
    expect(css).toBe(':root{--vault-bg:#09090b;--vault-accent:#34d399;--ck-button:#34d399;--ck-on-button:#09090b;--ck-focus:#34d399;color-scheme:dark;}');
  });

  it('auto: dark by default, the light palette under prefers-color-scheme: light', () => {
    const css = checkoutThemeCss(style({ brand_color: '#635bff' }));
    const [dark, light] = css.split('@media (prefers-color-scheme: light)');
    expect(dark).toContain('--ck-button:#635bff;--ck-on-button:#ffffff;');
    expect(dark).toContain('color-scheme:dark;');
    expect(dark).not.toContain('--color-white');
    expect(dark).toContain('--vault-bg:#09090b;');
    expect(light).toContain('--color-white:#09090b;');
    expect(light).toContain('--vault-bg:#ffffff;');
    expect(light).toContain('color-scheme:light;');
  });

  it('light and dark are unconditional; corners and font; scoped for the dashboard preview', () => {
    const light = checkoutThemeCss(style({ theme: 'light', corner_radius: 'none', font: 'mono' }), '#preview');
    expect(light.startsWith('#preview{')).toBe(true);
    expect(light).not.toContain('@media');
    expect(light).toContain('--radius-lg:0;');
    expect(light).toContain("--font-sans:ui-monospace,");
    expect(checkoutThemeCss(style({ theme: 'dark' }))).not.toContain('color-scheme:light');
  });

  it('the focus colour keeps 3:1 against the page in each scheme; the button text 4.5:1', () => {
    for (const brand of ['#ffcc00', '#1e1b4b', '#777777', '#635bff'] as HexColor[]) {
      for (const [scheme, page] of [['light', '#ffffff'], ['dark', '#09090b']] as const) {
        const colors = schemeColors(style({ brand_color: brand }), scheme);
        expect(contrastRatio(colors.focus, page), `${brand} ${scheme}`).toBeGreaterThanOrEqual(3);
        expect(contrastRatio(colors.button, colors.onButton)).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
});

describe('brandingStyleDefaults (Elements)', () => {
  it('the brand colour for focus (adjusted for the page), the scheme red for invalid, corners and font', () => {
    expect(brandingStyleDefaults(style({ brand_color: '#ffcc00', corner_radius: 'small', font: 'serif' }))).toEqual({
      focusColor: '#b39003',
      invalidColor: '#be123c',
      fontFamily: "ui-serif, Georgia, Cambria, 'Times New Roman', Times, 'Noto Serif', 'DejaVu Serif', serif",
      borderRadius: '4px',
    });
    expect(brandingStyleDefaults(style({ brand_color: '#635bff' }), 'dark')).toEqual({ focusColor: '#635bff', invalidColor: '#fb7185', fontFamily: null, borderRadius: '8px' });
    expect(brandingStyleDefaults(null)).toEqual({ focusColor: '#047857', invalidColor: '#be123c', fontFamily: null, borderRadius: '8px' });
  });
});
