'use client';
// A merchant's checkout branding (PUT /api/merchants/{id} with `branding`), validated by the API's own
// schema before it is sent, with a live preview of the hosted page at 1280 and 360 px in the light or the
// dark scheme. A logo is a PNG or SVG file (sent base64 in the same body; the vault sanitizes an SVG and
// names the field when it refuses one) or an https URL the vault fetches once.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { z } from 'zod';
import { api } from '../../ui/api-client';
import { Button } from '../../ui/button';
import { FormError, FormField, inputClass } from '../../ui/form-field';
import { useApiForm } from '../../ui/use-api-form';
import { BRAND_FONTS, BRAND_THEMES, CORNER_RADII, LOGO_MAX_BYTES, ZBrandingRequestSchema, ZBrandingStyleSchema, type TBrandingView, type TLogoUpload } from '../../../lib/merchants/branding-schemas';
import type { Scheme } from '../../../lib/merchants/branding-theme';
import { CheckoutPreview } from './checkout-preview';

type Values = {
  // `logo` is no input (the file is read into state): it only carries the API's error for the upload.
  branding: { display_name: string; brand_color: string; theme: (typeof BRAND_THEMES)[number]; corner_radius: string; font: string; logo_url: string; logo?: string };
};

/** Empty inputs are fields left out. */
const blanksOmitted = (branding: Values['branding']) => Object.fromEntries(Object.entries(branding).filter(([, value]) => value !== ''));

// The API's schema, on what the inputs hold.
const ZFormSchema = z.object({ branding: z.preprocess((value) => blanksOmitted(value as Values['branding']), ZBrandingRequestSchema) }) as unknown as z.ZodType<Values>;

const LABELS = { theme: { auto: 'Auto (customer’s system)', light: 'Light', dark: 'Dark' }, corner_radius: { none: 'None', small: 'Small', large: 'Large' }, font: { system: 'System', serif: 'Serif', mono: 'Monospace' } };

function valuesOf(branding: TBrandingView | null): Values {
  return {
    branding: {
      display_name: branding?.display_name ?? '',
      brand_color: branding?.brand_color ?? '',
      theme: branding?.theme ?? 'auto',
      corner_radius: branding?.corner_radius ?? '',
      font: branding?.font ?? '',
      logo_url: branding?.logo_url ?? '',
    },
  };
}

async function readUpload(file: File): Promise<TLogoUpload | string> {
  if (file.type !== 'image/png' && file.type !== 'image/svg+xml') return 'logo must be a PNG or an SVG file';
  if (file.size > LOGO_MAX_BYTES) return `logo must be at most ${LOGO_MAX_BYTES / 1024} KB`;
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return { content_type: file.type, data_base64: btoa(binary) };
}

type Props = { merchant: { id: string; name: string; branding: TBrandingView | null }; canManage: boolean };

export function BrandingForm({ merchant, canManage }: Props) {
  const router = useRouter();
  const [upload, setUpload] = useState<{ logo: TLogoUpload; preview: string } | null>(null);
  const [uploadError, setUploadError] = useState<string | undefined>();
  const [removeLogo, setRemoveLogo] = useState(false);
  const [scheme, setScheme] = useState<Scheme>('light');
  const form = useApiForm({
    schema: ZFormSchema,
    defaultValues: valuesOf(merchant.branding),
    call: (values) => {
      const body = blanksOmitted(values.branding) as z.input<typeof ZBrandingRequestSchema>;
      if (upload) body.logo = upload.logo;
      else if (removeLogo) body.logo = null;
      // The stored logo's own URL is kept, not fetched again: sending it back is harmless.
      return api.call('updateMerchant', { params: { id: merchant.id }, body: { branding: body } });
    },
    success: 'Branding saved',
    onSuccess: () => {
      setUpload(null);
      setRemoveLogo(false);
      router.refresh();
    },
  });
  const errors = form.formState.errors.branding;
  const watched = form.watch('branding');
  const parsed = ZBrandingStyleSchema.safeParse(blanksOmitted(watched));
  const style = parsed.success ? parsed.data : { theme: watched.theme };
  const logoUrl = removeLogo ? null : (upload?.preview ?? merchant.branding?.logo?.url ?? null);
  const name = (parsed.success && parsed.data.display_name) || merchant.name;

  async function onFile(file: File | undefined) {
    setUploadError(undefined);
    if (!file) return setUpload(null);
    const read = await readUpload(file);
    if (typeof read === 'string') return setUploadError(read);
    setRemoveLogo(false);
    setUpload({ logo: read, preview: `data:${read.content_type};base64,${read.data_base64}` });
  }

  return (
    <div className="grid gap-6 px-5 py-4 lg:grid-cols-[minmax(0,22rem)_1fr]">
      <form className="space-y-4" onSubmit={form.submit} noValidate aria-label="Checkout branding">
        <fieldset disabled={!canManage} className="space-y-4">
          <FormField id="branding-display-name" label="Display name" error={errors?.display_name?.message} hint={`Shown instead of “${merchant.name}”.`}>
            <input className={inputClass} autoComplete="off" {...form.register('branding.display_name')} />
          </FormField>
          <FormField id="branding-brand-color" label="Brand colour" error={errors?.brand_color?.message} hint="#rrggbb: the pay button and focus ring. The button text is chosen for AA contrast.">
            <input className={`${inputClass} font-mono`} placeholder="#635bff" autoComplete="off" spellCheck={false} {...form.register('branding.brand_color')} />
          </FormField>
          <div className="grid gap-3 sm:grid-cols-3 lg:grid-cols-1">
            <FormField id="branding-theme" label="Theme" error={errors?.theme?.message}>
              <select className={inputClass} {...form.register('branding.theme')}>
                {BRAND_THEMES.map((value) => (
                  <option key={value} value={value}>
                    {LABELS.theme[value]}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField id="branding-corner-radius" label="Corners" error={errors?.corner_radius?.message}>
              <select className={inputClass} {...form.register('branding.corner_radius')}>
                <option value="">Default (large)</option>
                {CORNER_RADII.map((value) => (
                  <option key={value} value={value}>
                    {LABELS.corner_radius[value]}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField id="branding-font" label="Font" error={errors?.font?.message}>
              <select className={inputClass} {...form.register('branding.font')}>
                <option value="">Default (system)</option>
                {BRAND_FONTS.map((value) => (
                  <option key={value} value={value}>
                    {LABELS.font[value]}
                  </option>
                ))}
              </select>
            </FormField>
          </div>
          <FormField id="branding-logo-file" label="Logo file" error={uploadError ?? errors?.logo?.message} hint="PNG or SVG, at most 256 KB. SVGs are sanitized; one with scripts or external references is refused.">
            <input className={inputClass} type="file" accept="image/png,image/svg+xml" onChange={(event) => void onFile(event.target.files?.[0])} />
          </FormField>
          <FormField id="branding-logo-url" label="Or logo URL" error={errors?.logo_url?.message} hint="https: fetched once and kept by Vault (the checkout loads images from Vault only).">
            <input className={inputClass} placeholder="https://shop.example/logo.svg" autoComplete="off" {...form.register('branding.logo_url')} />
          </FormField>
          {merchant.branding?.logo && !upload && (
            <label className="flex items-center gap-2 text-sm text-fg">
              <input type="checkbox" checked={removeLogo} onChange={(event) => setRemoveLogo(event.target.checked)} />
              Remove the current logo
            </label>
          )}
          <FormError message={form.formState.errors.root?.server?.message} />
          {canManage && (
            <Button type="submit" variant="primary" busy={form.formState.isSubmitting}>
              Save branding
            </Button>
          )}
        </fieldset>
      </form>
      <div className="min-w-0 space-y-3">
        <div role="group" aria-label="Preview scheme" className="flex gap-1">
          {(['light', 'dark'] as const).map((value) => (
            <Button key={value} size="sm" variant={scheme === value ? 'primary' : 'secondary'} aria-pressed={scheme === value} onClick={() => setScheme(value)}>
              {value === 'light' ? 'Light' : 'Dark'}
            </Button>
          ))}
        </div>
        <div className="flex flex-wrap items-start gap-4">
          <CheckoutPreview style={style} scheme={scheme} width={1280} boxWidth={448} merchantName={name} logoUrl={logoUrl} />
          <CheckoutPreview style={style} scheme={scheme} width={360} boxWidth={180} merchantName={name} logoUrl={logoUrl} />
        </div>
      </div>
    </div>
  );
}
