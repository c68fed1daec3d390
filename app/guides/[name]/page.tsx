// GET /guides/{name} — one guide, rendered from docs/<name>.md; an unknown name is a 404.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { GuidePage } from '@/components/guides/guide-page';
import { GUIDES, isGuideName } from '@/lib/guides/guides';
import { renderGuide } from '@/lib/guides/render-guide';

type Props = { params: Promise<{ name: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { name } = await params;
  return { title: GUIDES.find((guide) => guide.name === name)?.title ?? 'Guide not found' };
}

export default async function GuideNamePage({ params }: Props) {
  const { name } = await params;
  if (!isGuideName(name)) notFound();
  return <GuidePage current={name} guide={await renderGuide(name)} />;
}
