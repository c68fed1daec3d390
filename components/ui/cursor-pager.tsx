// Cursor paging for server-rendered lists: "Next page" carries the API's cursor in the URL (with the
// current filters), "First page" drops it. Plain links, so the back button walks pages back.
import Link from 'next/link';
import { buttonClass } from './button';

export function CursorPager({ basePath, params, nextCursor }: { basePath: string; params: Record<string, string | undefined>; nextCursor: string | null }) {
  const kept = Object.entries(params).filter((entry): entry is [string, string] => entry[0] !== 'cursor' && !!entry[1]);
  const href = (cursor?: string) => {
    const query = new URLSearchParams(kept);
    if (cursor) query.set('cursor', cursor);
    const text = query.toString();
    return text ? `${basePath}?${text}` : basePath;
  };
  const onLaterPage = !!params.cursor;
  if (!nextCursor && !onLaterPage) return null;
  return (
    <nav aria-label="Pages" className="flex justify-end gap-2 border-t border-line px-4 py-3">
      {onLaterPage && (
        <Link className={buttonClass('secondary', 'sm')} href={href()}>
          First page
        </Link>
      )}
      {nextCursor && (
        <Link className={buttonClass('secondary', 'sm')} href={href(nextCursor)}>
          Next page
        </Link>
      )}
    </nav>
  );
}
