// Stable, never-reused ids: `<prefix>-<4+ digits>`, one past the highest id ever recorded.
export function nextId(prefix: string, existing: Iterable<string>): string {
  let highest = 0;
  const pattern = new RegExp(`^${prefix}-(\\d+)$`);
  for (const id of existing) {
    const match = pattern.exec(id);
    if (match?.[1] !== undefined) highest = Math.max(highest, Number(match[1]));
  }
  return `${prefix}-${String(highest + 1).padStart(4, '0')}`;
}

export const LEDGER_HASH = /^[0-9a-f]{64}$/;
