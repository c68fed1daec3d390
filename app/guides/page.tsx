// GET /guides — the README (the guides' index), rendered from README.md.
import type { Metadata } from 'next';
import { GuidePage } from '../../components/guides/guide-page';
import { renderGuide } from '../../lib/guides/render-guide';

export const metadata: Metadata = { title: 'Guides' };

export default async function GuidesIndexPage() {
  return <GuidePage current={null} guide={await renderGuide(null)} />;
}
