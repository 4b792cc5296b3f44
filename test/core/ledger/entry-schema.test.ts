// Pins controls/schema/ledger-entry.schema.json to the LedgerEntry type and to parseEntry: the
// fields match the TypeScript types, generated entries validate, and every mutation that one
// rejects the other rejects too.
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, test } from 'vitest';
import { sha256Hex } from '../../../scripts/lib/core/hash.ts';
import { parseEntry } from '../../../scripts/lib/core/ledger/parse-entry.ts';
import type {
  Actor,
  LedgerEntry,
  KeySignature,
  KeylessSignature,
  StorageBinding,
  SubjectBinding,
} from '../../../scripts/lib/core/ledger/types.ts';
import { draft } from '../../helpers/ledger-repo.ts';
import { MemoryLedger, newKey } from '../../helpers/memory-ledger.ts';

interface SchemaNode {
  required: string[];
  properties: Record<string, SchemaNode & { items?: SchemaNode & { oneOf?: SchemaNode[] } }>;
}
const schema = JSON.parse(
  readFileSync(
    new URL('../../../controls/schema/ledger-entry.schema.json', import.meta.url),
    'utf8',
  ),
) as SchemaNode;
const validate = new Ajv2020({ strict: true, allErrors: true }).compile(schema);

type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
type Fields<T> = { all: Record<keyof T, true>; required: Record<RequiredKeys<T>, true> };
const t = true as const;
const pins = {
  entry: {
    all: {
      v: t,
      kind: t,
      ledger: t,
      segment: t,
      seq: t,
      prev: t,
      merge: t,
      time: t,
      actor: t,
      subject: t,
      storage: t,
      body: t,
      sigs: t,
    },
    required: {
      v: t,
      kind: t,
      ledger: t,
      segment: t,
      seq: t,
      prev: t,
      time: t,
      actor: t,
      subject: t,
      storage: t,
      body: t,
    },
  } satisfies Fields<LedgerEntry>,
  actor: {
    all: { label: t, authority: t, context: t, keyid: t, origin: t },
    required: { label: t, authority: t, context: t },
  } satisfies Fields<Actor>,
  subject: {
    all: { tree: t, manifest: t, registry: t, control: t, inputs: t, policy: t },
    required: { tree: t, manifest: t, registry: t },
  } satisfies Fields<SubjectBinding>,
  storage: {
    all: { heads: t, objects: t },
    required: { heads: t, objects: t },
  } satisfies Fields<StorageBinding>,
  sig: {
    all: { keyid: t, sig: t },
    required: { keyid: t, sig: t },
  } satisfies Fields<Omit<KeySignature, 'bundle'>>,
  keyless: {
    all: { keyid: t, bundle: t },
    required: { keyid: t, bundle: t },
  } satisfies Fields<Omit<KeylessSignature, 'sig'>>,
};

function node(path: string): SchemaNode {
  if (path === 'entry') return schema;
  if (path === 'sig') return schema.properties['sigs']!.items!.oneOf![0]!;
  if (path === 'keyless') return schema.properties['sigs']!.items!.oneOf![1]!;
  return schema.properties[path]!;
}

describe('ledger-entry.schema.json', () => {
  test.each(Object.entries(pins))(
    '%s fields and required fields match the TypeScript type',
    (name, pin) => {
      const at = node(name);
      expect(Object.keys(at.properties).sort()).toEqual(Object.keys(pin.all).sort());
      expect([...at.required].sort()).toEqual(Object.keys(pin.required).sort());
    },
  );

  const ledger = new MemoryLedger();
  const key = newKey();
  const qa = { label: 'qa', authority: 'virtual:quality', context: 'ci' };
  ledger.append('aaaa0001-main', draft(0, { objects: [sha256Hex('x')] }));
  ledger.append('bbbb0002-feature', draft(1, { actor: qa }), key.signer);
  const keyBody = {
    authority: 'virtual:quality',
    keyid: key.signer.keyid,
    public_key: key.publicKey,
  };
  ledger.append('aaaa0001-main', draft(2, { kind: 'key', actor: qa, body: keyBody }), key.signer);
  const mergeParent = sha256Hex(ledger.lines('bbbb0002-feature')[0]!);
  ledger.append('aaaa0001-main', draft(3, { kind: 'claim', merge: [mergeParent] }));
  const entries = [...ledger.segments.values()].flat().map((l) => JSON.parse(l) as LedgerEntry);

  test('every entry the appender builds validates', () => {
    for (const entry of entries)
      expect(validate(entry), JSON.stringify(validate.errors)).toBe(true);
  });

  const signed = entries.find((e) => e.kind === 'key')!;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- mutations reach into any field
  type Loose = Record<string, any>;
  const mutations: [string, (e: Loose) => void][] = [
    ['unknown top-level field', (e) => (e['verdict'] = 'PASS')],
    ['unknown actor field', (e) => (e['actor'].role = 'admin')],
    ['unknown subject field', (e) => (e['subject'].extra = 'a'.repeat(64))],
    ['unknown storage field', (e) => (e['storage'].more = [])],
    ['unknown sig field', (e) => (e['sigs'][0].alg = 'ed25519')],
    ['missing kind', (e) => delete e['kind']],
    ['missing subject.tree', (e) => delete e['subject'].tree],
    ['kind out of range', (e) => (e['kind'] = 'pass')],
    ['negative seq', (e) => (e['seq'] = -1)],
    ['prev null after seq 0', (e) => (e['prev'] = null)],
    ['prev at seq 0', (e) => ((e['seq'] = 0), (e['prev'] = 'a'.repeat(64)))],
    ['uppercase hex', (e) => (e['prev'] = 'A'.repeat(64))],
    ['empty merge', (e) => (e['merge'] = [])],
    ['bad time', (e) => (e['time'] = '2026-01-01T00:00:00Z')],
    ['signature without actor.keyid', (e) => delete e['actor'].keyid],
    ['actor.keyid without signature', (e) => delete e['sigs']],
    ['short signature', (e) => (e['sigs'][0].sig = 'AAAA')],
    ['empty label', (e) => (e['actor'].label = '')],
    ['bad segment name', (e) => (e['segment'] = 'Main Branch')],
    ['body not an object', (e) => (e['body'] = [])],
    ['origin clone not 8 hex', (e) => (e['actor'].origin = { clone: 'main', host: 'h' })],
    ['origin without host', (e) => (e['actor'].origin = { clone: 'aaaa0001' })],
    [
      'origin host with a newline',
      (e) => (e['actor'].origin = { clone: 'aaaa0001', host: 'a\nb' }),
    ],
    [
      'origin host too long',
      (e) => (e['actor'].origin = { clone: 'aaaa0001', host: 'h'.repeat(256) }),
    ],
    [
      'unknown origin field',
      (e) => (e['actor'].origin = { clone: 'aaaa0001', host: 'h', pid: '1' }),
    ],
  ];
  test('an origin (clone id, host) is optional and accepted by the schema and parseEntry', () => {
    const value = structuredClone(signed) as unknown as Loose;
    value['actor'].origin = { clone: 'aaaa0001', host: 'build-host.example' };
    expect(validate(value), JSON.stringify(validate.errors)).toBe(true);
    expect(parseEntry(value).problems).toEqual([]);
  });

  test.each(mutations)('%s: rejected by the schema and by parseEntry alike', (_name, mutate) => {
    const value = structuredClone(signed) as unknown as Loose;
    mutate(value);
    expect(validate(value)).toBe(false);
    expect(parseEntry(value).problems.length).toBeGreaterThan(0);
  });
});
