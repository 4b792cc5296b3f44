import { describe, expect, test } from 'vitest';
import { parseJunit } from '../../../scripts/lib/core/brownfield/parse-ci-result.ts';

const suite = (body: string, attributes = ''): string =>
  `<?xml version="1.0" encoding="utf-8"?>\n<testsuites><testsuite name="s"${attributes}>${body}</testsuite></testsuites>\n`;

describe('parseJunit', () => {
  test('counts the test cases that ran; PASS when none failed', () => {
    expect(
      parseJunit(suite('<testcase name="a"/><testcase name="b"><skipped/></testcase>')),
    ).toEqual({ ok: true, status: 'PASS', detail: 'junit: 2 tests, 0 failed, 1 skipped' });
  });

  test('a suite where every test was skipped is FAIL: no test ran', () => {
    const allSkipped = suite(
      '<testcase name="a"><skipped message="no db"/></testcase><testcase name="b"><skipped/></testcase>',
      ' tests="2" skipped="2"',
    );
    expect(parseJunit(allSkipped)).toEqual({
      ok: true,
      status: 'FAIL',
      detail: 'junit: 2 tests, 0 failed, 2 skipped: no test ran',
    });
  });

  test('a commented-out <testcase> is not a test, and its <failure> is not a failure', () => {
    expect(parseJunit(suite('<!-- <testcase name="gone"/> -->'))).toMatchObject({
      status: 'FAIL',
      detail: 'junit: 0 tests, 0 failed, 0 skipped: no test ran',
    });
    const withFailingComment = suite(
      '<testcase name="a"/><!--\n<testcase name="b"><failure message="x"/></testcase>\n-->',
    );
    expect(parseJunit(withFailingComment)).toEqual({
      ok: true,
      status: 'PASS',
      detail: 'junit: 1 tests, 0 failed, 0 skipped',
    });
  });

  test('<failure> or <testcase> inside CDATA or text is output, not an element', () => {
    const cdata = suite(
      '<testcase name="a"><system-out><![CDATA[expected <failure> tag; <testcase name="x">]]></system-out></testcase>' +
        '<testcase name="b"><system-err>&lt;error/&gt;</system-err></testcase>',
    );
    expect(parseJunit(cdata)).toEqual({
      ok: true,
      status: 'PASS',
      detail: 'junit: 2 tests, 0 failed, 0 skipped',
    });
  });

  test('a <failure> or <error> child fails its test case, once', () => {
    expect(
      parseJunit(
        suite(
          '<testcase name="a"><failure message="boom"><![CDATA[trace]]></failure><system-out/></testcase>' +
            '<testcase name="b"><error type="E"/></testcase><testcase name="c"/>',
        ),
      ),
    ).toEqual({ ok: true, status: 'FAIL', detail: 'junit: 3 tests, 2 failed, 0 skipped' });
  });

  test('nested suites are counted; a bare <testsuite> root works', () => {
    const nested =
      '<testsuite name="outer"><testsuite name="inner"><testcase name="a"/><testcase name="b"><failure/></testcase></testsuite></testsuite>';
    expect(parseJunit(nested)).toEqual({
      ok: true,
      status: 'FAIL',
      detail: 'junit: 2 tests, 1 failed, 0 skipped',
    });
  });

  test('a suite that declares errors (e.g. a crashed setup) is FAIL even with passing cases', () => {
    expect(parseJunit(suite('<testcase name="a"/>', ' tests="1" errors="1" failures="0"'))).toEqual(
      {
        ok: true,
        status: 'FAIL',
        detail: 'junit: 1 tests, 1 failed, 0 skipped: a suite declares failures or errors',
      },
    );
    expect(parseJunit(suite('<testcase name="a"/><error message="setup failed"/>'))).toMatchObject({
      status: 'FAIL',
    });
  });

  test('malformed XML is an input error naming the line', () => {
    const parsed = parseJunit('<testsuite>\n<testcase name="a">\n</testsuite>');
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? '' : parsed.reason).toMatch(
      /^not JUnit XML: not well-formed XML \(line 3, column \d+\): /,
    );
  });

  test('XML that is not JUnit is an input error, even when it mentions <testsuite> in a comment', () => {
    expect(parseJunit('<html><!-- <testsuite> --><body/></html>')).toEqual({
      ok: false,
      reason: 'not JUnit XML: no <testsuite> or <testsuites> root element',
    });
  });

  test('entities are not expanded, so a DOCTYPE cannot inflate the document', () => {
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>' +
      '<testsuite><testcase name="&lol2;"/></testsuite>';
    expect(parseJunit(laughs)).toMatchObject({ ok: true, status: 'PASS' });
  });
});
