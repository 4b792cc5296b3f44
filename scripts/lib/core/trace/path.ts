// A tiny JSON-path reader for rule packs: `args.orderId`, `data.entries[*].path`, `content`.
// No eval; `[*]` fans out, so a path yields a list of values (empty = not found).

type Segment = { key: string } | { index: number } | { all: true };

const cache = new Map<string, Segment[]>();

function parsePath(path: string): Segment[] {
  const cached = cache.get(path);
  if (cached !== undefined) return cached;
  const segments: Segment[] = [];
  for (const part of path.split('.')) {
    const match = /^([^[\]]*)((?:\[(?:\d+|\*)\])*)$/.exec(part);
    if (match === null) throw new Error(`bad path segment "${part}" in "${path}"`);
    if (match[1] !== '') segments.push({ key: match[1] ?? '' });
    for (const index of (match[2] ?? '').match(/\[(\d+|\*)\]/g) ?? []) {
      const inner = index.slice(1, -1);
      segments.push(inner === '*' ? { all: true } : { index: Number(inner) });
    }
  }
  cache.set(path, segments);
  return segments;
}

/** Walks a path without `[*]`: the common case, without intermediate arrays. */
function readPlain(root: unknown, segments: Segment[]): unknown {
  let value = root;
  for (const segment of segments) {
    if ('key' in segment) {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
      if (!Object.hasOwn(value, segment.key)) return undefined;
      value = (value as Record<string, unknown>)[segment.key];
    } else if ('index' in segment && Array.isArray(value)) {
      value = (value as unknown[])[segment.index];
    } else {
      return undefined;
    }
    if (value === undefined) return undefined;
  }
  return value;
}

/** Segments of paths without `[*]` (one value at most); paths that fan out are absent. */
const plainPaths = new Map<string, Segment[] | null>();

function plainSegments(path: string): Segment[] | null {
  let plain = plainPaths.get(path);
  if (plain === undefined) {
    const segments = parsePath(path);
    plain = segments.some((s) => 'all' in s) ? null : segments;
    plainPaths.set(path, plain);
  }
  return plain;
}

/**
 * The value at a path without `[*]` (undefined when missing), or `FANS_OUT` for a path with
 * `[*]`: lets per-event callers skip the list `readPath` allocates.
 */
export const FANS_OUT: unique symbol = Symbol('fans out');
export function readSingle(root: unknown, path: string): unknown {
  const plain = plainSegments(path);
  return plain === null ? FANS_OUT : readPlain(root, plain);
}

/** Every value at `path` in `root`; [] when the path does not exist. */
export function readPath(root: unknown, path: string): unknown[] {
  const plain = plainSegments(path);
  if (plain !== null) {
    const value = readPlain(root, plain);
    return value === undefined ? [] : [value];
  }
  let current: unknown[] = [root];
  for (const segment of parsePath(path)) {
    const next: unknown[] = [];
    for (const value of current) {
      if ('key' in segment) {
        if (
          value !== null &&
          typeof value === 'object' &&
          !Array.isArray(value) &&
          Object.hasOwn(value, segment.key) &&
          (value as Record<string, unknown>)[segment.key] !== undefined
        ) {
          next.push((value as Record<string, unknown>)[segment.key]);
        }
      } else if (Array.isArray(value)) {
        if ('all' in segment) next.push(...(value as unknown[]));
        else if (segment.index < value.length) next.push(value[segment.index]);
      }
    }
    current = next;
    if (current.length === 0) break;
  }
  return current;
}

/** The single value at a path (the first, for `[*]`), or undefined with found=false. */
export function readOne(root: unknown, path: string): { found: boolean; value: unknown } {
  const plain = plainSegments(path);
  if (plain !== null) {
    const value = readPlain(root, plain);
    return { found: value !== undefined, value };
  }
  const values = readPath(root, path);
  return values.length === 0
    ? { found: false, value: undefined }
    : { found: true, value: values[0] };
}
