/**
 * The examples of the READMEs, as a reader finds them. An example is a fenced `bash` / `sh` /
 * `ts` block; the line just before its fence names it in an HTML comment (invisible on the rendered
 * page):
 *
 *     <!-- example: meta-write, after meta-read -->
 *     ```bash
 *
 * `after NAME` says the example goes on from an earlier one of the same file (its variables, or
 * what it connected): it runs with that example's code first. Other fences (`json` answers) are
 * output, not examples.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..', '..');
export const README_FILES = ['README.md', 'clients/typescript/README.md'] as const;

export type ExampleLanguage = 'shell' | 'ts';

export interface Example {
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  name: string;
  after?: string;
  language: ExampleLanguage;
  code: string;
}

export interface UnmarkedBlock {
  file: string;
  line: number;
  info: string;
}

const LANGUAGES: Record<string, ExampleLanguage> = { bash: 'shell', sh: 'shell', shell: 'shell', ts: 'ts', typescript: 'ts' };
const MARKER = /^<!-- example: ([a-z0-9-]+)(?:, after ([a-z0-9-]+))? -->$/;

export function readExamples(file: string): { examples: Example[]; unmarked: UnmarkedBlock[] } {
  const lines = readFileSync(path.join(ROOT, file), 'utf8').split('\n');
  const examples: Example[] = [];
  const unmarked: UnmarkedBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const fence = /^```(\S*)/.exec(lines[i]!);
    if (!fence) continue;
    const end = lines.findIndex((l, j) => j > i && l.startsWith('```'));
    if (end < 0) throw new Error(`${file}:${i + 1}: a fence that never closes`);
    const language = LANGUAGES[fence[1]!];
    if (language) {
      const marker = MARKER.exec(lines[i - 1] ?? '');
      if (marker) examples.push({ file, line: i + 1, name: marker[1]!, after: marker[2], language, code: lines.slice(i + 1, end).join('\n') });
      else unmarked.push({ file, line: i + 1, info: fence[1]! });
    }
    i = end;
  }
  return { examples, unmarked };
}

/** The example's code preceded by the examples it goes on from, earliest first. */
export function withPredecessors(example: Example, all: readonly Example[]): string {
  const chain: Example[] = [example];
  for (let at = example; at.after; ) {
    const before = all.find((e) => e.file === at.file && e.name === at.after);
    if (!before || chain.includes(before)) throw new Error(`${example.file}: ${at.name} goes on from ${at.after}, which is not an earlier example`);
    chain.unshift(before);
    at = before;
  }
  return chain.map((e) => e.code).join('\n');
}
