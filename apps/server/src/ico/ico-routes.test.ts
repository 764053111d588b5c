import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ICO_IMAGE_PREFIX,
  RETURNS_SINCE_LAST_ROUND,
  icoDetailSchema,
  icoListResponseSchema,
} from '@vaultscope/core';
import { signupAndLogin, startTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { loadSnapshots: true });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.request({ method: 'GET', url, headers });

describe('private-sale lists', () => {
  it('loads the shipped snapshot on first start: at least 150 projects, active and upcoming', async () => {
    const active = icoListResponseSchema.parse((await get('/api/ico/get-active-icos')).json());
    const upcoming = icoListResponseSchema.parse((await get('/api/ico/get-upcoming-icos')).json());
    expect(active.total + upcoming.total).toBeGreaterThanOrEqual(150);
    expect(active.total).toBeGreaterThan(0);
    expect(upcoming.total).toBeGreaterThan(0);
    expect(active.page_size).toBe(50);
    expect(active.tokenDetails).toHaveLength(50);
    expect(active.totalPages).toBe(Math.ceil(active.total / 50));
  });

  it('pages without overlap and ends with a short page', async () => {
    const first = (await get('/api/ico/get-active-icos?page=1&page_size=40')).json();
    const second = (await get('/api/ico/get-active-icos?page=2&page_size=40')).json();
    const ids = new Set(first.tokenDetails.map((p: { _id: string }) => p._id));
    for (const project of second.tokenDetails) expect(ids.has(project._id)).toBe(false);
    const last = (
      await get(`/api/ico/get-active-icos?page=${first.totalPages}&page_size=40`)
    ).json();
    expect(last.tokenDetails.length).toBeLessThanOrEqual(40);
    expect(
      (await get(`/api/ico/get-active-icos?page=${first.totalPages + 1}&page_size=40`)).json()
        .tokenDetails,
    ).toEqual([]);
  });

  it('searches names case-insensitively anywhere in the name', async () => {
    const all = (await get('/api/ico/get-active-icos?page_size=100')).json().tokenDetails as {
      tokenName: string;
    }[];
    const name = all[0]!.tokenName;
    const fragment = name.slice(1, 5).toUpperCase();
    const found = (
      await get(
        `/api/ico/get-active-icos?tokenName=${encodeURIComponent(fragment)}&isSearched=true`,
      )
    ).json();
    expect(found.tokenDetails.length).toBeGreaterThan(0);
    for (const project of found.tokenDetails)
      expect(project.tokenName.toLowerCase()).toContain(fragment.toLowerCase());
    expect(found.tokenDetails.map((p: { tokenName: string }) => p.tokenName)).toContain(name);
  });

  it('treats % and _ in a search as plain characters', async () => {
    expect((await get('/api/ico/get-active-icos?tokenName=%25')).json().tokenDetails).toEqual([]);
    expect((await get('/api/ico/get-upcoming-icos?tokenName=_')).json().tokenDetails).toEqual([]);
  });

  it('filters by round, and All means every round', async () => {
    const rounds = (await get('/api/ico/get-upcoming-rounds')).json();
    expect(rounds.success).toBe(true);
    expect(rounds.rounds.length).toBeGreaterThan(1);
    const round = rounds.rounds[0];
    const filtered = (
      await get(`/api/ico/get-upcoming-icos?round=${encodeURIComponent(round)}&page_size=100`)
    ).json();
    expect(filtered.tokenDetails.length).toBeGreaterThan(0);
    for (const project of filtered.tokenDetails) expect(project.Round).toBe(round);
    const all = (await get('/api/ico/get-upcoming-icos?round=All')).json();
    expect(all.total).toBeGreaterThan(filtered.total);
  });

  it('active rounds are the rounds active projects are in', async () => {
    const { rounds } = (await get('/api/ico/get-active-rounds')).json();
    const { tokenDetails } = (await get('/api/ico/get-active-icos?page_size=100')).json();
    for (const project of tokenDetails) if (project.Round) expect(rounds).toContain(project.Round);
  });

  it.each([
    ['page=0', 'page must be 1 or more'],
    ['page=abc', 'page must be a number'],
    ['page_size=500', 'page_size must be between 1 and 100'],
    ['page=1.5', 'page must be a whole number'],
  ])('rejects %s', async (query, message) => {
    const res = await get(`/api/ico/get-active-icos?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
});

describe('private-sale detail', () => {
  it('has every part of the spec shape, with images served by us', async () => {
    const { tokenDetails } = (await get('/api/ico/get-active-icos?page_size=100')).json();
    const withImage = tokenDetails.find((p: { image: string | null }) => p.image);
    const res = await get(`/api/ico/get-aciveicos-details/${withImage._id}`);
    expect(res.statusCode).toBe(200);
    const detail = icoDetailSchema.parse(res.json());
    expect(detail.type).toBe('active');
    expect(detail.is_favourite).toBe(0);
    expect(detail.tokenDetails.details.overview[RETURNS_SINCE_LAST_ROUND].length).toBeGreaterThan(
      0,
    );
    expect(detail.tokenDetails.details.rounds.length).toBeGreaterThan(0);
    expect(detail.tokenDetails.details.images[0]).toBe(withImage.image);
    for (const url of detail.tokenDetails.details.images) {
      expect(url.startsWith(ICO_IMAGE_PREFIX)).toBe(true);
      const image = await get(url);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toContain('image/svg+xml');
      expect(image.headers['content-security-policy']).toContain('sandbox');
    }
  });

  it('some projects have no image, so the screens can fall back to the default image', async () => {
    const { tokenDetails } = (await get('/api/ico/get-upcoming-icos?page_size=100')).json();
    const active = (await get('/api/ico/get-active-icos?page_size=100')).json().tokenDetails;
    expect(
      [...tokenDetails, ...active].some((p: { image: string | null }) => p.image === null),
    ).toBe(true);
  });

  it('each status path only serves its own projects; get-ico-details serves both', async () => {
    const upcoming = (await get('/api/ico/get-upcoming-icos')).json().tokenDetails[0];
    expect((await get(`/api/ico/get-upcomingicos-details/${upcoming._id}`)).statusCode).toBe(200);
    expect((await get(`/api/ico/get-ico-details/${upcoming._id}`)).json().type).toBe('upcoming');
    const wrong = await get(`/api/ico/get-aciveicos-details/${upcoming._id}`);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().message).toBe('Private-sale project not found');
  });

  it('rejects ids that are not project ids', async () => {
    const bad = await get('/api/ico/get-ico-details/not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Project id must be a UUID.');
    expect(
      (await get('/api/ico/get-ico-details/00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
    expect((await get(`${ICO_IMAGE_PREFIX}nothex`)).statusCode).toBe(400);
    expect((await get(`${ICO_IMAGE_PREFIX}${'0'.repeat(64)}`)).statusCode).toBe(404);
  });

  it('shows the caller whether the project is a favourite', async () => {
    const user = await signupAndLogin(t);
    const project = (await get('/api/ico/get-active-icos')).json().tokenDetails[0];
    await t.request({
      method: 'POST',
      url: '/api/favourite/toggle-favourite',
      headers: user.auth,
      payload: { itemId: project._id, type: 'ICO', userId: user.userId },
    });
    expect(
      (await get(`/api/ico/get-ico-details/${project._id}`, user.auth)).json().is_favourite,
    ).toBe(1);
    expect((await get(`/api/ico/get-ico-details/${project._id}`)).json().is_favourite).toBe(0);
  });
});
