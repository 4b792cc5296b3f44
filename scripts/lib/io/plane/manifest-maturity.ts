// Raises the target maturity in controls/manifest.yaml through the yaml Document API (the owner's
// comments, key order and formatting survive); the file is replaced atomically.
import { readFileSync } from 'node:fs';
import { isSeq, parseDocument } from 'yaml';
import type { MaturityRaise } from '../../core/plane/raise-maturity.ts';
import { writeAtomically } from '../keys/manifest-keys.ts';

/** `check` sees the edited manifest before it is written (a schema refusal writes nothing). */
export function applyMaturityRaise(
  manifestPath: string,
  raise: MaturityRaise,
  check: (value: unknown) => void,
): void {
  const doc = parseDocument(readFileSync(manifestPath, 'utf8'));
  doc.setIn(['profile', 'target_maturity'], raise.to);
  for (const { scope, stage } of raise.addStages) {
    const stages: unknown = doc.getIn(['policies', 'claims', scope, 'required_stages']);
    if (isSeq(stages)) stages.add(doc.createNode(stage));
  }
  const authorities: unknown = doc.get('authorities');
  if (raise.addAuthority !== undefined && isSeq(authorities))
    authorities.add(doc.createNode(raise.addAuthority));
  check(doc.toJS());
  writeAtomically(manifestPath, doc.toString({ flowCollectionPadding: false }));
}
