// The blast radius of a probe: which authorization kinds running it would use. A command probe is
// classified like an adopted command (installing, publishing, deploying, sudo); a control probe
// also needs what the control declares. A probe may use only the kinds `explore --allow` gives.
import { requiredAuthorizations } from '../gate/authority/check-authorization.ts';
import type { AuthorizationKind, Control } from '../plane/types.ts';
import { classifyAuthorization } from '../scan/authorization.ts';
import type { Probe } from './types.ts';

export function probeAuthorizations(
  probe: Probe,
  control: Control | undefined,
): AuthorizationKind[] {
  const texts = probe.argv.length > 0 ? [probe.argv.join(' ')] : [];
  const declared: AuthorizationKind[] = [];
  if (control !== undefined) {
    declared.push(...requiredAuthorizations(control.execution));
    const e = control.execution;
    if ('argv' in e && e.argv !== undefined) texts.push(e.argv.join(' '));
  }
  return [...new Set([...classifyAuthorization(texts), ...declared])].sort();
}

/** The kinds a probe would use that were not allowed; empty means it may run. */
export function refusedAuthorizations(
  probe: Probe,
  control: Control | undefined,
  allowed: readonly AuthorizationKind[],
): AuthorizationKind[] {
  return probeAuthorizations(probe, control).filter((kind) => !allowed.includes(kind));
}
