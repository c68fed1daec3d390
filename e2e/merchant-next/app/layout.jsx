export const metadata = { title: 'E2E Shop (Next.js) — card fields' };

export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body style={{ fontFamily: 'system-ui, sans-serif', margin: 0, padding: 24, background: '#f4f4f5', color: '#18181b' }}>{children}</body>
    </html>
  );
}
