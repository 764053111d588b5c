import { describe, expect, it } from 'vitest';
import { capsuleBadges, isProjectId, projectLinks, roundPrice } from './display';
import { readDetailState } from './navigation-state';
import { icoDetail, projectId } from '@/test/fixtures';

describe('roundPrice', () => {
  it("shows the price as given, or 'Not Provided' when missing, blank or 'Unknown'", () => {
    expect(roundPrice('$0.0166')).toBe('$0.0166');
    expect(roundPrice(null)).toBe('Not Provided');
    expect(roundPrice(undefined)).toBe('Not Provided');
    expect(roundPrice('  ')).toBe('Not Provided');
    expect(roundPrice('Unknown')).toBe('Not Provided');
    expect(roundPrice(' unknown ')).toBe('Not Provided');
  });
});

describe('projectLinks', () => {
  it("keeps the spec's order and only http(s) addresses", () => {
    expect(
      projectLinks([
        { name: 'Source', url: 'https://github.com/x' },
        { name: 'Website', url: 'https://x.example' },
        { name: 'Whitepaper', url: 'javascript:alert(1)' },
        { name: 'Twitter', url: 'not a url' },
        { name: 'Discord', url: 'https://discord.gg/x' },
      ]),
    ).toEqual([
      { name: 'Website', url: 'https://x.example/' },
      { name: 'Source', url: 'https://github.com/x' },
    ]);
  });
});

describe('capsuleBadges', () => {
  it('leaves out the category and repeats', () => {
    expect(capsuleBadges('Oracle', ['oracle', 'Private', 'private', 'Listed'])).toEqual([
      'Private',
      'Listed',
    ]);
  });
});

describe('isProjectId', () => {
  it('accepts UUIDs only', () => {
    expect(isProjectId(projectId(1))).toBe(true);
    expect(isProjectId('1')).toBe(false);
    expect(isProjectId(undefined)).toBe(false);
  });
});

describe('readDetailState', () => {
  it('keeps a valid id and matching project data, and drops the rest', () => {
    const detail = icoDetail(1);
    expect(readDetailState({ id: projectId(1), apiData: detail })).toEqual({
      id: projectId(1),
      apiData: detail,
    });
    expect(readDetailState({ id: projectId(2), apiData: detail })).toEqual({
      id: projectId(2),
      apiData: undefined,
    });
    expect(
      readDetailState({ id: projectId(1), apiData: { broken: true } }).apiData,
    ).toBeUndefined();
    expect(readDetailState('junk')).toEqual({});
    expect(readDetailState(null)).toEqual({});
  });
});
