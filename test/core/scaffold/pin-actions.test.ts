import { describe, expect, it } from 'vitest';
import {
  collectPins,
  parsePin,
  pinWorkflow,
} from '../../../scripts/lib/core/scaffold/pin-actions.ts';

const SHA = 'd'.repeat(40);
const TEMPLATE = `steps:
  - uses: actions/checkout@v5
    with: { fetch-depth: 0 }
  - uses: "github/codeql-action/upload-sarif@v4" # upload
  - uses: actions/checkout@${SHA}
`;

describe('pinning workflow actions', () => {
  it('pins by repository (sub-actions included) and keeps a line already pinned', () => {
    const pins = collectPins([
      { file: 'x.yml', text: `- uses: github/codeql-action/init@${'e'.repeat(40)}` },
    ]);
    pins.set('actions/checkout', { sha: 'f'.repeat(40), from: '--pin' });
    const { text, unresolved } = pinWorkflow(TEMPLATE, pins);
    expect(unresolved).toEqual([]);
    expect(text).toContain(
      `- uses: actions/checkout@${'f'.repeat(40)} # pinned from --pin (the template names v5)`,
    );
    expect(text).toContain(
      `- uses: "github/codeql-action/upload-sarif@${'e'.repeat(40)}" # upload`,
    );
    // --pin replaces a commit the template pins, and says so
    expect(text).toContain(
      `- uses: actions/checkout@${'f'.repeat(40)} # pinned from --pin (the template pins dddddddddddd)\n`,
    );
  });

  it('keeps a commit the template pins against a pin from another workflow', () => {
    const pins = collectPins([
      { file: 'the template', text: TEMPLATE },
      { file: 'lint.yml', text: `- uses: actions/checkout@${'a'.repeat(40)} # v4` },
    ]);
    pins.set('github/codeql-action', { sha: 'e'.repeat(40), from: '--pin' });
    const { text, unresolved } = pinWorkflow(TEMPLATE, pins);
    expect(unresolved).toEqual([]);
    expect(text).toContain(`- uses: actions/checkout@${SHA}\n`);
    expect(text).not.toContain('a'.repeat(40));
    expect(text).toContain(
      `- uses: actions/checkout@${SHA} # pinned from the template (the template names v5)`,
    );
  });

  it('reports every action without a pin, once, and never makes one up', () => {
    const { text, unresolved } = pinWorkflow(TEMPLATE, new Map());
    expect(unresolved).toEqual(['actions/checkout@v5', 'github/codeql-action@v4']);
    expect(text).toBe(TEMPLATE);
  });

  it('takes only tags that are full commit SHAs as pins', () => {
    expect(collectPins([{ file: 'a', text: '- uses: actions/checkout@v4.1.0' }]).size).toBe(0);
    expect(parsePin(`actions/checkout=${SHA}`)).toEqual({ repo: 'actions/checkout', sha: SHA });
    expect(parsePin('actions/checkout=v5')).toBeUndefined();
    expect(parsePin(`checkout=${SHA}`)).toBeUndefined();
  });
});
