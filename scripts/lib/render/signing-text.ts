// What a stage's result shows about who acted, in words: an unsigned label, or the signer as far as
// it is known (keyless identity; key and where its registration came from), with the place
// findings (same clone or host as the reviewed result, key registered from the developer's clone).
import type { StageStatus } from '../core/gate/status/stage-status.ts';
import { STRENGTH_TEXT } from '../core/gate/authority/stage-strength.ts';
import type { TrustSource } from '../core/trust/apply-trust.ts';

/** e.g. "signed by key d251f22bae66… registered on origin/main by alice (commit 1a2b3c4)". */
export function describeSigning(
  st: StageStatus,
  keys?: TrustSource['keys'],
  { flags = true }: { flags?: boolean } = {},
): string {
  if (st.strength === undefined) return '';
  const signing = st.signing;
  if (st.strength === 'label' || signing === undefined) return STRENGTH_TEXT[st.strength];
  const keyid = st.actor?.keyid;
  const provenance = signing.keyless
    ? undefined
    : (keys?.find((k) => k.keyid === keyid)?.text ?? `registered to ${st.actor?.authority ?? '?'}`);
  const said = provenance === undefined ? signing.text : `${signing.text} ${provenance}`;
  return !flags || signing.flags.length === 0 ? said : `${said} [${signing.flags.join('; ')}]`;
}

/** Per stage: each distinct signer of the deciding results and how many share it (findings apart). */
export function tallySignings(
  statuses: readonly { stages: Record<string, StageStatus> }[],
  stage: string,
  keys?: TrustSource['keys'],
): string[] {
  const counts = new Map<string, number>();
  for (const s of statuses) {
    const st = s.stages[stage];
    if (st?.strength === undefined) continue;
    const text = describeSigning(st, keys, { flags: false });
    counts.set(text, (counts.get(text) ?? 0) + 1);
  }
  return [...counts].map(([text, n]) => `${n} ${text}`);
}
