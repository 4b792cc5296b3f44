// A script text (a package.json script, `sh -c '…'`, a shell script) as the simple commands it
// runs, each as its words. Enough of the shell to find the command word and its arguments:
// quotes, backslashes, the list and pipe operators and comments. What the shell would compute at
// run time (`$(…)`, backticks, a command word from a variable) is reported, never guessed.

export interface ShellCommands {
  commands: string[][];
  /** Constructs whose result only the run knows, e.g. `$(cat x)`. */
  dynamic: string[];
}

const OPERATOR = /^(&&|\|\||;;|[;&|()\n{}])/;

/** The simple commands of `text`, in order. */
export function splitCommands(text: string): ShellCommands {
  const commands: string[][] = [];
  const dynamic: string[] = [];
  let words: string[] = [];
  let word: string | undefined;
  const endWord = () => {
    if (word !== undefined) words.push(word);
    word = undefined;
  };
  const endCommand = () => {
    endWord();
    if (words.length > 0) commands.push(words);
    words = [];
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i] ?? '';
    if (c === '#' && word === undefined) {
      while (i < text.length && text[i] !== '\n') i++;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r') {
      endWord();
      i++;
      continue;
    }
    const op = OPERATOR.exec(text.slice(i));
    if (op !== null && word === undefined) {
      endCommand();
      i += op[0].length;
      continue;
    }
    if (op !== null && word !== undefined && c !== '(' && c !== ')' && c !== '{' && c !== '}') {
      endCommand();
      i += op[0].length;
      continue;
    }
    if (c === "'") {
      const end = text.indexOf("'", i + 1);
      const stop = end === -1 ? text.length : end;
      word = (word ?? '') + text.slice(i + 1, stop);
      i = stop + 1;
      continue;
    }
    if (c === '"') {
      let j = i + 1;
      let out = '';
      while (j < text.length && text[j] !== '"') {
        if (text[j] === '\\' && j + 1 < text.length) j++;
        else if (text[j] === '`' || text.startsWith('$(', j)) dynamic.push(dynamicAt(text, j));
        out += text[j] ?? '';
        j++;
      }
      word = (word ?? '') + out;
      i = j + 1;
      continue;
    }
    if (c === '\\') {
      if (text[i + 1] !== '\n') word = (word ?? '') + (text[i + 1] ?? '');
      i += 2;
      continue;
    }
    if (c === '`' || text.startsWith('$(', i)) {
      dynamic.push(dynamicAt(text, i));
      word = (word ?? '') + c;
      i++;
      continue;
    }
    word = (word ?? '') + c;
    i++;
  }
  endCommand();
  for (const command of commands) {
    const first = command.find((w) => !isAssignment(w));
    if (first !== undefined && first.startsWith('$') && !dynamic.includes(first))
      dynamic.push(first);
  }
  return { commands, dynamic };
}

function dynamicAt(text: string, at: number): string {
  return text.slice(at, Math.min(text.length, at + 40)).split('\n')[0] ?? '';
}

/** `NAME=value` before a command word. */
export function isAssignment(word: string): boolean {
  return /^[A-Za-z_][A-Za-z0-9_]*=/.test(word);
}
