// Writers of one conversation with shell commands in the native shape of every trace adapter,
// for the action-vocabulary parity test (test/core/trace/action-parity.test.ts).

/** A turn: one shell call may run several commands (split for vendors with one per call). */
export type Step = { user: string } | { shell: string[] } | { reply: string };

type Shape = (steps: readonly Step[]) => string;
const jsonl = (lines: readonly unknown[]): string =>
  `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`;
/** Every command of every shell step, with a call id. */
const flat = (steps: readonly Step[]): Step[] =>
  steps.flatMap((s): Step[] => ('shell' in s ? s.shell.map((c) => ({ shell: [c] })) : [s]));

const events =
  (name: string, multi: boolean): Shape =>
  (steps) => {
    const out: unknown[] = [];
    const add = (e: Record<string, unknown>): number => out.push({ ...e, seq: out.length + 1 });
    (multi ? steps : flat(steps)).forEach((s, i) => {
      if ('user' in s) add({ type: 'user.message', content: s.user });
      else if ('reply' in s) add({ type: 'assistant.message', content: s.reply });
      else {
        const args = multi ? { commands: s.shell } : { command: s.shell[0] };
        add({ type: 'tool.call', callId: `c${i}`, name, args });
        add({ type: 'tool.result', callId: `c${i}`, ok: true, data: '' });
      }
    });
    return jsonl(out);
  };

const claudeCode: Shape = (steps) => {
  const base = { sessionId: 's-parity', version: '2.0.14', cwd: '/repo' };
  return jsonl(
    flat(steps)
      .map((s, i) => {
        if ('user' in s)
          return { ...base, type: 'user', message: { role: 'user', content: s.user } };
        if ('reply' in s)
          return {
            ...base,
            type: 'assistant',
            message: { id: `m${i}`, role: 'assistant', content: [{ type: 'text', text: s.reply }] },
          };
        return [
          {
            ...base,
            type: 'assistant',
            message: {
              id: `m${i}`,
              role: 'assistant',
              content: [
                { type: 'tool_use', id: `t${i}`, name: 'Bash', input: { command: s.shell[0] } },
              ],
            },
          },
          {
            ...base,
            type: 'user',
            message: {
              role: 'user',
              content: [{ type: 'tool_result', tool_use_id: `t${i}`, content: '' }],
            },
          },
        ];
      })
      .flat(),
  );
};

const anthropic: Shape = (steps) => {
  const messages: { role: string; content: unknown[] }[] = [];
  flat(steps).forEach((s, i) => {
    if ('user' in s) messages.push({ role: 'user', content: [{ type: 'text', text: s.user }] });
    else if ('reply' in s)
      messages.push({ role: 'assistant', content: [{ type: 'text', text: s.reply }] });
    else {
      const input = { command: s.shell[0] };
      messages.push({
        role: 'assistant',
        content: [{ type: 'tool_use', id: `t${i}`, name: 'bash', input }],
      });
      messages.push({
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: `t${i}`, content: '' }],
      });
    }
  });
  return JSON.stringify({ messages });
};

/** OpenAI Chat function calls: Codex `shell` argv or `exec_command` {cmd}. */
const chat =
  (name: string, args: (command: string) => unknown): Shape =>
  (steps) => {
    const messages: unknown[] = [];
    flat(steps).forEach((s, i) => {
      if ('user' in s) messages.push({ role: 'user', content: s.user });
      else if ('reply' in s) messages.push({ role: 'assistant', content: s.reply });
      else {
        const fn = { name, arguments: JSON.stringify(args(s.shell[0] ?? '')) };
        messages.push({
          role: 'assistant',
          content: null,
          tool_calls: [{ id: `c${i}`, type: 'function', function: fn }],
        });
        messages.push({ role: 'tool', tool_call_id: `c${i}`, content: '' });
      }
    });
    return JSON.stringify({ messages });
  };

export const exit0 = { stdout: '', stderr: '', outcome: { type: 'exit', exit_code: 0 } };
/** A user or assistant turn as an OpenAI Responses `message` item. */
const responsesMessage = (s: { user: string } | { reply: string }): unknown =>
  'user' in s
    ? { type: 'message', role: 'user', content: [{ type: 'input_text', text: s.user }] }
    : { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: s.reply }] };

/** OpenAI Responses: one `shell_call` runs the whole list, as the real recordings do. */
const responsesShell: Shape = (steps) => {
  const output: unknown[] = [];
  steps.forEach((s, i) => {
    if (!('shell' in s)) output.push(responsesMessage(s));
    else {
      const id = `call_${i}`;
      output.push({
        type: 'shell_call',
        id: `sh_${i}`,
        call_id: id,
        status: 'completed',
        action: { commands: s.shell, max_output_length: 9907, timeout_ms: null },
      });
      output.push({ type: 'shell_call_output', call_id: id, output: s.shell.map(() => exit0) });
    }
  });
  return JSON.stringify({ object: 'response', model: 'gpt-5.1', output });
};

const responsesLocal: Shape = (steps) => {
  const output: unknown[] = [];
  flat(steps).forEach((s, i) => {
    if (!('shell' in s)) output.push(responsesMessage(s));
    else {
      const action = { type: 'exec', command: ['bash', '-lc', s.shell[0]], env: {} };
      output.push({ type: 'local_shell_call', call_id: `c${i}`, status: 'completed', action });
      output.push({ type: 'local_shell_call_output', call_id: `c${i}`, output: '' });
    }
  });
  return JSON.stringify({ object: 'response', model: 'gpt-5-codex', output });
};

const deepseek: Shape = (steps) => {
  const lines: unknown[] = [
    { type: 'session', version: 0, id: 's-parity', createdAt: 0, delegationDepth: 0 },
  ];
  flat(steps).forEach((s, i) => {
    const seq = lines.length;
    if ('user' in s)
      lines.push({
        type: 'user/message',
        seq,
        data: { content: [{ type: 'text', text: s.user }] },
      });
    else if ('reply' in s)
      lines.push({
        type: 'assistant/message',
        seq,
        data: { message: { role: 'assistant', content: [{ type: 'text', text: s.reply }] } },
      });
    else {
      const args = JSON.stringify({ command: s.shell[0], description: 'run' });
      lines.push({
        type: 'tool/call',
        seq,
        data: { callId: `c${i}`, name: 'bash', arguments: args },
      });
      lines.push({
        type: 'tool/result',
        seq: seq + 1,
        data: { callId: `c${i}`, content: [{ type: 'text', text: '' }], isError: false },
      });
    }
  });
  return jsonl(lines);
};

const attr = (key: string, value: string) => ({ key, value: { stringValue: value } });
const otel: Shape = (steps) => {
  const spans = flat(steps).map((s, i) => {
    const at = { spanId: `s${i}`, startTimeUnixNano: String(1767225600000000000n + BigInt(i)) };
    if ('shell' in s)
      return {
        ...at,
        name: 'execute_tool run_shell_command',
        status: { code: 1 },
        attributes: [
          attr('gen_ai.operation.name', 'execute_tool'),
          attr('gen_ai.tool.name', 'run_shell_command'),
          attr('gen_ai.tool.call.id', `c${i}`),
          attr('gen_ai.tool.call.arguments', JSON.stringify({ command: s.shell[0] })),
          attr('gen_ai.tool.call.result', ''),
        ],
      };
    const event =
      'user' in s
        ? { name: 'gen_ai.user.message', attributes: [attr('content', s.user)] }
        : {
            name: 'gen_ai.choice',
            attributes: [attr('message', JSON.stringify({ role: 'assistant', content: s.reply }))],
          };
    return {
      ...at,
      name: 'chat m',
      attributes: [attr('gen_ai.system', 'openai')],
      events: [event],
    };
  });
  return JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans }] }] });
};

/** adapter name → its native shapes (file suffix, writer). */
export const SHAPES: Record<string, [string, string, Shape][]> = {
  events: [
    ['Bash', 'jsonl', events('Bash', false)],
    ['shell_call commands list', 'jsonl', events('shell_call', true)],
  ],
  'claude-code': [['Bash', 'jsonl', claudeCode]],
  'deepseek-harness': [['bash', 'jsonl', deepseek]],
  'otel-genai': [['run_shell_command span', 'json', otel]],
  'openai-responses': [
    ['shell_call commands list', 'json', responsesShell],
    ['local_shell_call argv', 'json', responsesLocal],
  ],
  'anthropic-messages': [['bash', 'json', anthropic]],
  'openai-chat': [
    ['Codex shell argv', 'json', chat('shell', (c) => ({ command: ['bash', '-lc', c] }))],
    ['exec_command cmd', 'json', chat('exec_command', (c) => ({ cmd: c }))],
  ],
};
