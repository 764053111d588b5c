import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { icoProjectInputSchema } from '@vaultscope/core';
import { generateIcoSnapshot, ICO_SNAPSHOT_FILE } from './generate-ico-snapshot';

describe('private-sale snapshot generator', () => {
  const snapshot = generateIcoSnapshot();

  it('matches the committed snapshot, so the file can always be regenerated', () => {
    expect(`${JSON.stringify(snapshot)}\n`).toBe(fs.readFileSync(ICO_SNAPSHOT_FILE, 'utf8'));
  });

  it('gives at least 150 valid projects, active and upcoming, with rounds and images', () => {
    expect(snapshot.projects.length).toBeGreaterThanOrEqual(150);
    for (const project of snapshot.projects) {
      icoProjectInputSchema.parse(project);
      for (const image of project.images ?? []) expect(snapshot.images[image]).toMatch(/^<svg /);
    }
    const statuses = new Set(snapshot.projects.map((p) => p.status));
    expect(statuses).toEqual(new Set(['active', 'upcoming']));
    expect(snapshot.projects.every((p) => (p.rounds ?? []).length > 0)).toBe(true);
    expect(snapshot.projects.some((p) => (p.images ?? []).length === 0)).toBe(true);
    expect(
      snapshot.projects.some((p) =>
        p.rounds?.some((r) => r.price === null || r.price === 'Unknown'),
      ),
    ).toBe(true);
    expect(snapshot.projects.some((p) => p.rounds?.some((r) => r.date === null))).toBe(true);
    expect(new Set(snapshot.projects.map((p) => p.slug)).size).toBe(snapshot.projects.length);
  });

  it("dates active projects' rounds in the past and upcoming projects' latest round ahead", () => {
    const generatedOn = '2026-11-01';
    for (const project of snapshot.projects) {
      const dates = (project.rounds ?? [])
        .map((round) => round.date)
        .filter((date): date is string => Boolean(date));
      expect([...dates].sort(), project.slug).toEqual(dates);
      if (project.status === 'active')
        expect(
          dates.every((date) => date <= generatedOn),
          project.slug,
        ).toBe(true);
      const last = project.rounds?.at(-1)?.date;
      if (project.status === 'upcoming' && last)
        expect(last > generatedOn, project.slug).toBe(true);
    }
  });

  it('is deterministic for a seed and differs between seeds', () => {
    expect(generateIcoSnapshot(7, 10)).toEqual(generateIcoSnapshot(7, 10));
    expect(generateIcoSnapshot(8, 10).projects[0]).not.toEqual(
      generateIcoSnapshot(7, 10).projects[0],
    );
  });
});
