'use client';
// A titled shell/JSON snippet with a copy button (clipboard needs a secure context: https or localhost).
import { useState } from 'react';

export function CodeBlock({ title, code }: { title: string; code: string }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      // No clipboard access (plain http on a remote host): the text stays selectable.
    }
  }
  return (
    <figure className="overflow-hidden rounded-xl border border-white/10 bg-black/40 shadow-lg shadow-black/20">
      <figcaption className="flex items-center justify-between border-b border-white/10 px-4 py-2 text-xs text-zinc-400">
        <span className="font-medium">{title}</span>
        <button
          type="button"
          onClick={copy}
          className="rounded-md px-2 py-1 text-zinc-400 transition hover:bg-white/5 hover:text-white focus-visible:outline focus-visible:outline-2 focus-visible:outline-emerald-400"
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
      </figcaption>
      <pre className="overflow-x-auto px-4 py-3.5 font-mono text-[13px] leading-relaxed text-zinc-200">
        <code>{code}</code>
      </pre>
    </figure>
  );
}
