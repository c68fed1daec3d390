// Types of scripts/build-elements.mjs (imported by tests/integration/elements-assets.test.ts).
/** Each Elements bundle's text (file name in public/ → content), as a fresh build makes it. */
export function buildElements(): Promise<Record<string, string>>;
