import { describe, expect, test } from 'vitest';
import { buildReport } from '../../../scripts/lib/core/report/build-report.ts';
import { statusFlow } from '../../../scripts/lib/flows/views/status-flow.ts';
import { renderReportHtml } from '../../../scripts/lib/render/report/html.ts';
import {
  escapeMarkdownCell,
  renderStatusMarkdown,
} from '../../../scripts/lib/render/status-markdown.ts';
import { evaluateRun } from '../../../scripts/lib/flows/run/evaluate-flow.ts';
import {
  command,
  createFakeGateIO,
  makeControl,
  makeManifest,
  runAllBy,
} from '../../helpers/fake-gate-io.ts';
import { crossAudit, ctx, reportInputOf, selfRun } from '../../helpers/report-fixture.ts';

const XSS = '<script>alert(1)</script><img src=x onerror=alert(2)>';

describe('HTML report escaping', () => {
  test('a <script> in an actor label, context and control id is rendered inert', async () => {
    const io = createFakeGateIO([makeControl('T.unit', command(['pass']))]);
    await evaluateRun(
      runAllBy({ label: XSS, authority: 'virtual:developer', context: `"'>${XSS}` }),
      ctx(),
      io,
    );
    const html = renderReportHtml(buildReport(await reportInputOf(io)));
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(2)&gt;');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&quot;&#39;&gt;&lt;script&gt;');
  });

  test('the page references nothing outside itself and forbids fetching', async () => {
    const io = createFakeGateIO([makeControl('T.unit', command(['pass']))]);
    await selfRun(io);
    const html = renderReportHtml(buildReport(await reportInputOf(io)));
    // Links only to rows and notes of the page itself (#e-<entry hash>, #note-<n>).
    expect(html).not.toMatch(/(?:src|href)\s*=\s*"(?!#e-[0-9a-f]{64}"|#note-\d+")/i);
    expect(html).not.toMatch(/https?:\/\//);
    expect(html).toContain('Content-Security-Policy" content="default-src &#39;none&#39;;');
  });
});

describe('large ledgers are summarised', () => {
  test('the timeline lists the latest N entries, latest first, and counts all of them', async () => {
    const io = createFakeGateIO([makeControl('T.unit', command(['pass']))]);
    for (let i = 0; i < 30; i++) await selfRun(io);
    const input = await reportInputOf(io, 5);
    const model = buildReport(input);
    expect(model.ledger.total).toBe(30);
    expect(model.ledger.latest).toHaveLength(5);
    expect(model.ledger.latest[0]!.hash).toBe(io.stored.at(-1)!.hash);
    expect(model.ledger.byKind).toEqual([['run', 30]]);
    const html = renderReportHtml(model);
    expect(html.match(/<tr data-kind="run"/g)).toHaveLength(5);
    expect(html).toContain('30 entries; the latest 5 are listed, all are counted.');
  });
});

describe('status --markdown', () => {
  test('verdict first, blocking controls first, the same statuses as status --json', async () => {
    const io = createFakeGateIO([
      makeControl('T.unit', command(['pass'])),
      makeControl('T.lint', command(['fail'])),
      makeControl('T.docs', command(['pass'])),
    ]);
    await selfRun(io, ['T.unit', 'T.lint']);
    const status = await statusFlow({ root: '/', controls: [] }, ctx(), io);
    const md = renderStatusMarkdown(status);
    const lines = md.split('\n');
    expect(lines[0]).toBe(
      '**NOT READY** 3 controls at `engineering_ready`: 1 PASS, 1 FAIL, 1 TODO',
    );
    const rows = lines.filter((l) => /^\| [A-Z_]+ \|/.test(l)).map((l) => l.split(' | ')[1]);
    expect(rows).toEqual(['T.lint', 'T.docs', 'T.unit']);
    for (const s of status.statuses) expect(md).toContain(`| ${s.status} | ${s.control} |`);
    expect(md).toContain('proofgate evaluate --run --control T.docs');
  });

  test('READY when every control passes; rows beyond the bound are counted', async () => {
    const io = createFakeGateIO([
      makeControl('A', command(['pass'])),
      makeControl('B', command(['pass'])),
    ]);
    await selfRun(io);
    const md = renderStatusMarkdown(await statusFlow({ root: '/', controls: [] }, ctx(), io), {
      maxRows: 1,
    });
    // Every control's own result is PASS, but no cross audit yet: the project claim is refused.
    expect(md.split('\n')[0]).toBe(
      '**READY** all 2 controls at `engineering_ready` are PASS or NOT_APPLICABLE, but a project claim now is **refused**',
    );
    expect(md.split('\n')[2]).toMatch(/^If claimed now: REFUSED \\\[project\\\]/);
    expect(md).toContain('… 1 more controls');
  });

  test('READY with no reservation when the project claim would be granted', async () => {
    // At prototype an unsigned cross audit counts, so self + cross grant the project claim.
    const base = makeManifest();
    const io = createFakeGateIO(
      [makeControl('A', command(['pass']))],
      makeManifest({ profile: { ...base.profile, target_maturity: 'prototype' } }),
    );
    await selfRun(io);
    await crossAudit(io);
    const result = await statusFlow({ root: '/', controls: [] }, ctx(), io);
    expect(result.claimNow?.granted).toBe(true);
    expect(renderStatusMarkdown(result).split('\n')[0]).toBe(
      '**READY** all 1 controls at `prototype` are PASS or NOT_APPLICABLE',
    );
  });

  test('a cell cannot break the table or inject HTML', () => {
    expect(escapeMarkdownCell('a | b\n<script>x</script> `c`')).toBe(
      'a \\| b &lt;script&gt;x&lt;/script&gt; \\`c\\`',
    );
    expect(escapeMarkdownCell('x'.repeat(500))).toHaveLength(200);
  });
});
