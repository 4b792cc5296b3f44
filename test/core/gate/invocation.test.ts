import { describe, expect, test } from 'vitest';
import {
  chooseInvocation,
  rewriteInvocation,
} from '../../../scripts/lib/core/gate/run/invocation.ts';

const VERBS = new Set([
  'evaluate',
  'claim',
  'audit',
  'authority',
  'keys',
  'hook',
  'skill',
  'install',
]);

describe('chooseInvocation', () => {
  const bin = '/opt/pg/bin/proofgate.js';
  test('npx where the npm project has proofgate installed, even when PATH also finds it', () => {
    expect(chooseInvocation({ localBin: true, onPath: true, bin })).toBe('npx proofgate');
    expect(chooseInvocation({ localBin: true, onPath: false, bin })).toBe('npx proofgate');
  });
  test('bare proofgate only when PATH runs this same copy', () => {
    expect(chooseInvocation({ localBin: false, onPath: true, bin })).toBe('proofgate');
  });
  test("otherwise this copy's bin by absolute path, quoted for a shell", () => {
    expect(chooseInvocation({ localBin: false, onPath: false, bin })).toBe(
      'node /opt/pg/bin/proofgate.js',
    );
    expect(chooseInvocation({ localBin: false, onPath: false, bin: "/a b/it's/x.js" })).toBe(
      `node '/a b/it'\\''s/x.js'`,
    );
  });
});

describe('rewriteInvocation', () => {
  test('rewrites the leading word of every advised command, and nothing else', () => {
    const text = [
      'REFUSED [task] 1 blocker',
      '  next: proofgate evaluate --run --control T',
      '  next: proofgate authority keys generate --authority-id a && proofgate audit --review-run latest',
      'candidates (adopt with "proofgate claim <id>")',
      'proofgate runs them; see .proofgate/controls and /x/proofgate claim',
      'already: npx proofgate claim',
      'hook: npx --no-install proofgate hook stop --root .',
      'hook: cd . && command proofgate hook stop --root .',
      "INSTALLED proofgate's skill (96 file(s) written)",
      'proofgate unknown-verb stays',
      '  next: run "proofgate --help" for usage',
    ].join('\n');
    expect(rewriteInvocation(text, 'npx proofgate', VERBS)).toBe(
      [
        'REFUSED [task] 1 blocker',
        '  next: npx proofgate evaluate --run --control T',
        '  next: npx proofgate authority keys generate --authority-id a && npx proofgate audit --review-run latest',
        'candidates (adopt with "npx proofgate claim <id>")',
        'proofgate runs them; see .proofgate/controls and /x/proofgate claim',
        'already: npx proofgate claim',
        'hook: npx --no-install proofgate hook stop --root .',
        'hook: cd . && command proofgate hook stop --root .',
        "INSTALLED proofgate's skill (96 file(s) written)",
        'proofgate unknown-verb stays',
        '  next: run "npx proofgate --help" for usage',
      ].join('\n'),
    );
  });
  test('bare proofgate leaves the text as it is', () => {
    const text = 'next: proofgate claim';
    expect(rewriteInvocation(text, 'proofgate', VERBS)).toBe(text);
  });
  test('in JSON the invocation is a valid string fragment', () => {
    const json = `${JSON.stringify({ next: 'proofgate claim --scope project', reason: 'x\nproofgate audit' })}\n`;
    const out = rewriteInvocation(json, `node '/a "b"/bin/proofgate.js'`, VERBS);
    expect(JSON.parse(out)).toEqual({
      next: `node '/a "b"/bin/proofgate.js' claim --scope project`,
      reason: `x\nnode '/a "b"/bin/proofgate.js' audit`,
    });
  });
});
