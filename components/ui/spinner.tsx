// A small spinning ring in the current text colour, beside a label that says what is happening (aria-hidden).
export function Spinner() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden className="size-4 animate-spin" fill="none">
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
