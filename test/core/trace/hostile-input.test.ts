// Hostile and broken traces: a clean error (exit 2) or counted records, never a crash or a hang.
import { closeSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, test } from 'vitest';
import { checkTraceFile } from '../../../scripts/lib/flows/trace/trace-check-flow.ts';
import { readLines } from '../../../scripts/lib/io/host/read-lines.ts';
import { packAt, tempFile } from '../../helpers/trace.ts';
import { TRACE_PART } from '../../../scripts/lib/cli/world/trace-part.ts';

const pack = packAt('refund');
const check = (path: string, adapter = 'auto') =>
  checkTraceFile(pack, { path, shownAs: 'trace' }, adapter, TRACE_PART.trace);
const call =
  '{"type":"tool.call","seq":1,"callId":"c1","name":"order.get","args":{"orderId":"A7"}}';
const say = '{"type":"assistant.message","seq":2,"content":"hello"}';

describe('hostile traces', () => {
  test('a malformed JSON line makes the trace UNKNOWN, naming the line', async () => {
    const item = await check(
      tempFile('malformed.jsonl', `${call}\n{"type": "tool.result", oops\n${say}\n`),
    );
    expect(item.error?.code).toBe('TRACE_UNKNOWN');
    expect(item.error?.problems?.[0]).toMatch(/^L2: /);
    expect(item.verdict?.coverage.records).toMatchObject({ records: 3, malformed: 1 });
    expect(item.verdict?.coverage.records.notes[0]).toMatch(/^L2: /);
    expect(item.verdict?.coverage.events).toBe(2);
  });

  test('a truncated last line is counted as malformed', async () => {
    const item = await check(tempFile('truncated.jsonl', `${call}\n${say.slice(0, 30)}`));
    expect(item.verdict?.coverage.records).toMatchObject({ records: 2, malformed: 1 });
  });

  test('a truncated JSON document is a clean format error', async () => {
    const item = await check(
      tempFile('truncated.json', '{"messages": [{"role": "user", "content": "hi"}'),
    );
    expect(item.error?.code).toBe('TRACE_FORMAT_UNKNOWN');
  });

  test('a 50 MB single line is counted, not buffered', async () => {
    const path = tempFile('huge.jsonl', '');
    const fd = openSync(path, 'w');
    writeSync(fd, `${call}\n{"type":"assistant.message","seq":2,"content":"`);
    const block = Buffer.alloc(1024 * 1024, 0x61);
    for (let i = 0; i < 50; i++) writeSync(fd, block);
    writeSync(fd, `"}\n{"type":"assistant.message","seq":3,"content":"done"}\n`);
    closeSync(fd);
    const item = await check(path, 'events');
    expect(item.error?.code).toBe('TRACE_UNKNOWN');
    // The lost line leaves a gap, so seq 3 cannot be placed either.
    expect(item.verdict?.coverage.records).toMatchObject({ records: 3, malformed: 2 });
    expect(item.verdict?.coverage.records.notes[0]).toMatch(
      /L2: line of \d+ bytes exceeds the line limit/,
    );
    const auto = await check(path);
    expect(
      auto.error === undefined ? auto.verdict?.coverage.records.malformed : auto.error.code,
    ).toBeTruthy();
  }, 30_000);

  test('a file that is only one 50 MB line under auto is a clean error', async () => {
    const path = tempFile('only-huge.jsonl', '');
    const fd = openSync(path, 'w');
    writeSync(fd, '{"x":"');
    const block = Buffer.alloc(1024 * 1024, 0x62);
    for (let i = 0; i < 50; i++) writeSync(fd, block);
    closeSync(fd);
    const item = await check(path);
    expect(item.error?.code).toMatch(/TRACE_FORMAT_UNKNOWN|TRACE_EMPTY/);
    rmSync(path);
  }, 30_000);

  test('deeply nested JSON is malformed, whether a line or a whole document', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const lines = await check(
      tempFile(
        'deep.jsonl',
        `${call}\n{"type":"tool.result","seq":2,"callId":"c1","ok":true,"data":${deep}}\n`,
      ),
    );
    expect(lines.verdict?.coverage.records.malformed).toBe(1);
    const doc = await check(tempFile('deep.json', `{"messages":${deep}}`));
    expect(doc.error?.code).toBe('TRACE_FORMAT_UNKNOWN');
  });

  test('unknown event types are counted; zero recognized events is an error', async () => {
    const item = await check(
      tempFile('unknown.jsonl', '{"type":"header"}\n{"type":"tool.call","seq":1}\n'),
      'events',
    );
    expect(item.error?.code).toBe('TRACE_EMPTY');
    expect(item.verdict?.coverage.records.unknown).toBe(1);
    const mixed = await check(
      tempFile('mixed.jsonl', `${call}\n{"type":"tool.telemetry","seq":5}\n`),
      'events',
    );
    expect(mixed.verdict?.coverage.records.unknownKinds).toEqual({ 'tool.telemetry': 1 });
  });

  test('events written out of seq order are judged in seq order', async () => {
    const item = await check(tempFile('backwards.jsonl', `${say}\n${call}\n`));
    expect(item.error).toBeUndefined();
    expect(item.verdict?.coverage.records.malformed).toBe(0);
    expect(item.verdict?.coverage.events).toBe(2);
  });

  test('missing files, directories, unknown formats and empty files are clean errors', async () => {
    expect((await check('/nonexistent/trace.jsonl')).error?.code).toBe('TRACE_UNREADABLE');
    expect((await check(tmpdir())).error?.code).toBe('TRACE_UNREADABLE');
    if (process.platform === 'linux') {
      // A regular file whose read fails with EIO midway: unreadable, not an internal error.
      expect((await check('/proc/self/mem', 'events')).error?.code).toBe('TRACE_UNREADABLE');
      expect((await check('/proc/self/mem')).error?.code).toBe('TRACE_UNREADABLE');
    }
    expect((await check(tempFile('plain.txt', 'hello world\n'))).error?.code).toBe(
      'TRACE_FORMAT_UNKNOWN',
    );
    expect((await check(tempFile('empty.jsonl', ''))).error?.code).toBe('TRACE_FORMAT_UNKNOWN');
    expect((await check(tempFile('object.json', '{"a":1}'))).error?.code).toBe(
      'TRACE_FORMAT_UNKNOWN',
    );
  });

  test('the line reader splits CRLF, skips blank lines and counts bytes', async () => {
    const seen: string[] = [];
    const bytes = await readLines(
      tempFile('crlf.txt', 'a\r\n\r\nbb\nccc'),
      (r) => seen.push(`${r.line}:${r.text ?? `overlong ${r.overlongBytes}`}`),
      { maxLineBytes: 2 },
    );
    expect(seen).toEqual(['1:a', '3:bb', '4:overlong 3']);
    expect(bytes).toBe(11);
  });
});
