import { nextCommand } from '../next/next-table.ts';
// Bounds the Stop hook's block reason (a prompt to the agent) without ever cutting what it must
// do next: the head and the tail (the `Next:` and `Then:` lines) are kept whole, and the list
// between them (the blockers) is shortened first, the rest counted.
export const REASON_LIMIT = 1500;
/** A head or tail line is cut to this many characters (a verdict or a command, never longer). */
const LINE_LIMIT = 400;
/** The tail's share of the limit; past it the tail's middle lines (the steps) are dropped. */
const TAIL_LIMIT = 900;

export interface ReasonParts {
  head: string[];
  /** Shortened first: as many as fit, then `- … and N more (run proofgate status)`. */
  items: string[];
  /** At most this many items are listed (default: as many as fit). */
  maxItems?: number;
  tail: string[];
}

const cut = (line: string, limit: number): string =>
  line.length <= limit ? line : `${line.slice(0, limit - 1)}…`;

const size = (lines: readonly string[]): number =>
  lines.reduce((n, line) => n + line.length + 1, 0);

/** At most REASON_LIMIT characters; the last tail line always whole and last. */
export function fitReason(parts: ReasonParts): string {
  const head = parts.head.map((l) => cut(l, LINE_LIMIT));
  let tail = parts.tail.map((l) => cut(l, LINE_LIMIT));
  while (size(tail) > TAIL_LIMIT && tail.length > 2) tail = [...tail.slice(0, -2), tail.at(-1)!];
  const room = REASON_LIMIT - size(head) - size(tail);
  const items: string[] = [];
  const total = parts.items.length;
  for (const [i, item] of parts.items.entries()) {
    const line = cut(item, LINE_LIMIT);
    const rest = total - i - 1;
    const more = rest > 0 ? `- … and ${rest} more (run ${nextCommand('status')})`.length + 1 : 0;
    if (items.length >= (parts.maxItems ?? total)) break;
    if (size(items) + line.length + 1 + more > room) break;
    items.push(line);
  }
  const hidden = total - items.length;
  if (hidden > 0) items.push(`- … and ${hidden} more (run ${nextCommand('status')})`);
  const text = [...head, ...items, ...tail].join('\n');
  if (text.length <= REASON_LIMIT) return text;
  // Only a head longer than the limit allows gets here: keep the tail whole.
  const last = tail.join('\n');
  return `${text.slice(0, Math.max(0, REASON_LIMIT - last.length - 2))}…\n${last}`;
}
