// Deeply nested JSON is hostile input: every later recursive walk (printing, hashing) could blow
// the stack, so records nested deeper than a bound are rejected up front, iteratively.

const MAX_JSON_DEPTH = 64;

function exceedsDepth(value: unknown, max = MAX_JSON_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth >= max) return true;
    for (const child of Array.isArray(current) ? current : Object.values(current)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}

/**
 * Cheap pre-check: JSON nested MAX_JSON_DEPTH deep has at least that many opening brackets and
 * as many closing ones, so shorter text cannot; longer text counts its `{` and `[` with indexOf
 * (native, fast) and stops at the bound.
 */
function mayExceedDepth(text: string): boolean {
  if (text.length < 2 * MAX_JSON_DEPTH) return false;
  let open = 0;
  for (const bracket of ['{', '[']) {
    for (let i = text.indexOf(bracket); i !== -1; i = text.indexOf(bracket, i + 1))
      if (++open >= MAX_JSON_DEPTH) return true;
  }
  return false;
}

/** JSON.parse that reports failure (including V8 stack exhaustion) instead of throwing. */
export function tryParseJson(
  text: string,
): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    const value = JSON.parse(text) as unknown;
    if (mayExceedDepth(text) && exceedsDepth(value))
      return { ok: false, error: `nested deeper than ${MAX_JSON_DEPTH} levels` };
    return { ok: true, value };
  } catch (error) {
    return {
      ok: false,
      error: error instanceof Error ? error.message.slice(0, 120) : 'invalid JSON',
    };
  }
}
