import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { normaliseMarkdown, rubricMarkdown } from './rubric-markdown';

describe('README-score.md', () => {
  it('embeds the rubric rendered from the rule data', () => {
    const readme = readFileSync(
      fileURLToPath(new URL('../../README-score.md', import.meta.url)),
      'utf8',
    );
    const match = /<!-- rubric:start -->([\s\S]*?)<!-- rubric:end -->/.exec(readme);
    expect(match, 'rubric markers missing').not.toBeNull();
    expect(normaliseMarkdown(match![1]!)).toBe(normaliseMarkdown(rubricMarkdown()));
  });
});
