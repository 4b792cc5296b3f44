// The plane archive's pure rules: what is archived, what init regenerates, the manifest's strict
// form, how a plane is compared with its archive, and the seal body's `archive` field.
import { describe, expect, test } from 'vitest';
import { checkSealArchive } from '../../../scripts/lib/core/ledger/seal-archive.ts';
import {
  ARCHIVE_FORMAT,
  archiveManifestText,
  compareWithArchive,
  isArchived,
  isRegenerated,
  parseArchiveManifest,
  type ArchiveManifest,
} from '../../../scripts/lib/core/plane/archive.ts';

const A = 'a'.repeat(64);
const B = 'b'.repeat(64);

const manifest: ArchiveManifest = {
  format: ARCHIVE_FORMAT,
  archive_id: 'pre-reinit',
  ledger_id: 'pg-0123456789abcdef',
  heads: {},
  files: [
    { path: 'knowledge/facts.jsonl', sha256: A, bytes: 3 },
    { path: 'controls/manifest.yaml', sha256: B, bytes: 5 },
  ],
};

describe('what a plane archive holds', () => {
  test('everything but the evidence store; a plane at the root only its own folders', () => {
    expect(isArchived('knowledge/facts.jsonl', false)).toBe(true);
    expect(isArchived('INDEX.md', false)).toBe(true);
    expect(isArchived('evidence/ledger/root.jsonl', false)).toBe(false);
    expect(isArchived('README.md', true)).toBe(false);
    expect(isArchived('controls/rules/x.yaml', true)).toBe(true);
  });

  test('init regenerates the manifest, the registry and the rendered pages only', () => {
    expect(
      ['controls/manifest.yaml', 'controls/registry.yaml', 'INDEX.md', 'docs/x.md'].every(
        isRegenerated,
      ),
    ).toBe(true);
    expect(isRegenerated('controls/rules/custom.yaml')).toBe(false);
    expect(isRegenerated('knowledge/decisions.jsonl')).toBe(false);
  });
});

describe('the archive manifest', () => {
  test('round-trips in canonical form with files sorted by path', () => {
    const text = archiveManifestText(manifest);
    const parsed = parseArchiveManifest(text);
    expect(typeof parsed).toBe('object');
    expect((parsed as ArchiveManifest).files.map((f) => f.path)).toEqual([
      'controls/manifest.yaml',
      'knowledge/facts.jsonl',
    ]);
  });

  test.each([
    ['not canonical', (t: string) => t.replace('{', '{ ')],
    ['an escaping path', (t: string) => t.replace('knowledge/facts.jsonl', '../facts.jsonl')],
    [
      'a duplicate path',
      (t: string) => t.replace('knowledge/facts.jsonl', 'controls/manifest.yaml'),
    ],
    ['an unknown field', (t: string) => t.replace('{"archive_id"', '{"extra":1,"archive_id"')],
    ['another format', (t: string) => t.replace(ARCHIVE_FORMAT, 'other')],
  ])('refuses %s', (_, edit) => {
    expect(typeof parseArchiveManifest(edit(archiveManifestText(manifest)))).toBe('string');
  });

  test('comparison names every changed, added and removed path', () => {
    const now = [
      { path: 'controls/manifest.yaml', sha256: A, bytes: 5 },
      { path: 'knowledge/new.jsonl', sha256: A, bytes: 3 },
    ];
    expect(compareWithArchive(manifest.files, now)).toEqual([
      'controls/manifest.yaml: changed since the archive was sealed',
      'knowledge/facts.jsonl: removed since the archive was sealed',
      'knowledge/new.jsonl: added since the archive was sealed',
    ]);
    expect(compareWithArchive(manifest.files, manifest.files)).toEqual([]);
  });
});

describe("the seal body's archive field", () => {
  test('the manifest must be among the entry objects, so verify re-hashes it', () => {
    expect(checkSealArchive({ manifest: A, files: 2 }, [A, B])).toEqual({ manifest: A, files: 2 });
    expect(checkSealArchive({ manifest: A, files: 2 }, [B])).toMatch(/not among the entry objects/);
    expect(checkSealArchive({ manifest: 'x', files: 2 }, ['x'])).toMatch(/sha256 hex/);
    expect(checkSealArchive({ manifest: A, files: 2, extra: 1 }, [A])).toMatch(/must be/);
  });
});
