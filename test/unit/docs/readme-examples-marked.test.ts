import { README_FILES, readExamples, withPredecessors } from '../../docs/readme-examples';
import { NOT_RUN } from '../../docs/readme-example-settings';

/**
 * Every shell and TypeScript block of the READMEs is a named example, so the README test
 * (test/docs/readme-examples.test.ts) runs it or says why not; this check needs no sandbox.
 */
describe('the README examples are all marked', () => {
  const all = README_FILES.flatMap((f) => readExamples(f).examples);

  it.each(README_FILES)('%s: every bash and ts block has an example marker', (file) => {
    const { examples, unmarked } = readExamples(file);
    expect(unmarked.map((b) => `${b.file}:${b.line} \`\`\`${b.info}`)).toEqual([]);
    expect(examples.length).toBeGreaterThan(3);
  });

  it('names each example once, and each `after` is an earlier example of the same file', () => {
    const names = all.map((e) => e.name);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
    for (const e of all) {
      if (!e.after) continue;
      const before = all.find((x) => x.name === e.after);
      expect({ example: e.name, after: before && before.file === e.file && before.line < e.line }).toEqual({ example: e.name, after: true });
      expect(() => withPredecessors(e, all)).not.toThrow();
    }
  });

  it('gives a reason for every example it does not run, and names only real ones', () => {
    for (const [name, reason] of Object.entries(NOT_RUN)) {
      expect({ name, known: names(all).includes(name) }).toEqual({ name, known: true });
      expect(reason.length).toBeGreaterThan(20);
    }
  });
});

const names = (xs: { name: string }[]) => xs.map((x) => x.name);
