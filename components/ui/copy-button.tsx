'use client';
// Copies a value to the clipboard; its accessible name says what it copies ("Copy API key").
import { useState } from 'react';
import { Button } from './button';
import { toast } from './toast';

export function CopyButton({ value, label, size = 'sm' }: { value: string; label: string; size?: 'sm' | 'md' }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      size={size}
      aria-label={`Copy ${label}`}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(value);
          setCopied(true);
          setTimeout(() => setCopied(false), 1500);
        } catch {
          toast.error(`Could not copy the ${label}: select it and copy by hand.`);
        }
      }}
    >
      {copied ? 'Copied' : 'Copy'}
    </Button>
  );
}
