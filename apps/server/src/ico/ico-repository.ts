import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  ICO_IMAGE_PREFIX,
  RETURNS_SINCE_LAST_ROUND,
  type IcoDetail,
  type IcoListItem,
  type IcoProject,
  type IcoStatus,
} from '@vaultscope/core';
import type { Database } from '../lib/db/client';
import { icoImages, icoProjects, icoRounds } from './ico-tables';

export interface IcoImageFile {
  contentType: string;
  data: Uint8Array;
}

export interface IcoListFilter {
  status: IcoStatus;
  page: number;
  pageSize: number;
  tokenName?: string | undefined;
  round?: string | undefined;
}

export interface LoadResult {
  created: number;
  updated: number;
  unchanged: number;
}

type ProjectRow = typeof icoProjects.$inferSelect;

const imageUrl = (id: string) => `${ICO_IMAGE_PREFIX}${id}`;
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex');

function toListItem(row: ProjectRow): IcoListItem {
  const logo = row.imageIds[0];
  return {
    _id: row.id,
    tokenName: row.tokenName,
    Round: row.currentRoundType,
    totalRaised: row.totalRaised,
    preValuation: row.preValuation,
    category: row.category,
    Date: row.currentRoundDate,
    image: logo ? imageUrl(logo) : null,
  };
}

export class IcoRepository {
  constructor(private readonly db: Database) {}

  async list(filter: IcoListFilter): Promise<{ items: IcoListItem[]; total: number }> {
    const conditions: SQL[] = [eq(icoProjects.status, filter.status)];
    if (filter.tokenName) {
      // lower(...) like '%...%' is served by the trigram index on lower(token_name).
      conditions.push(
        sql`lower(${icoProjects.tokenName}) like ${`%${escapeLike(filter.tokenName.toLowerCase())}%`}`,
      );
    }
    if (filter.round)
      conditions.push(sql`lower(${icoProjects.currentRoundType}) = ${filter.round.toLowerCase()}`);
    const where = and(...conditions);
    const [rows, [totals]] = await Promise.all([
      this.db
        .select()
        .from(icoProjects)
        .where(where)
        .orderBy(
          sql`${icoProjects.currentRoundDate} desc nulls last`,
          asc(icoProjects.tokenName),
          asc(icoProjects.id),
        )
        .limit(filter.pageSize)
        .offset((filter.page - 1) * filter.pageSize),
      this.db.select({ total: count() }).from(icoProjects).where(where),
    ]);
    return { items: rows.map(toListItem), total: totals?.total ?? 0 };
  }

  /** Round types that the projects of a status are currently in, for the round dropdown. */
  async rounds(status: IcoStatus): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ round: icoProjects.currentRoundType })
      .from(icoProjects)
      .where(and(eq(icoProjects.status, status), sql`${icoProjects.currentRoundType} is not null`))
      .orderBy(asc(icoProjects.currentRoundType));
    return rows.map((row) => row.round).filter((round): round is string => round !== null);
  }

  /** The detail shape of spec section 3, without the caller-specific `is_favourite`. */
  async detail(
    id: string,
    status?: IcoStatus,
  ): Promise<Omit<IcoDetail, 'is_favourite'> | undefined> {
    const where = status
      ? and(eq(icoProjects.id, id), eq(icoProjects.status, status))
      : eq(icoProjects.id, id);
    const [project] = await this.db.select().from(icoProjects).where(where).limit(1);
    if (!project) return undefined;
    const rounds = await this.db
      .select()
      .from(icoRounds)
      .where(eq(icoRounds.projectId, id))
      .orderBy(asc(icoRounds.position));
    return {
      type: project.status,
      tokenDetails: {
        _id: project.id,
        tokenName: project.tokenName,
        category: project.category,
        details: {
          capsule: project.capsule,
          overview: {
            description: project.description,
            totalRaised: { amount: project.totalRaised },
            preValuation: { amount: project.preValuation },
            lastUpdated: { lastupdatedtime: project.lastUpdated.toISOString() },
            marketCap: project.marketCap,
            fdv: project.fdv,
            volume: project.volume,
            [RETURNS_SINCE_LAST_ROUND]: project.returnsSinceLastRound,
          },
          rounds: rounds.map((round) => ({
            roundTitle: round.title,
            roundType: round.type,
            rounddate: round.date,
            price: round.price,
          })),
          images: project.imageIds.map(imageUrl),
          links: project.links,
          Ticker: project.ticker,
        },
      },
    };
  }

  async listItems(ids: string[]): Promise<Map<string, IcoListItem>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.select().from(icoProjects).where(inArray(icoProjects.id, ids));
    return new Map(rows.map((row) => [row.id, toListItem(row)]));
  }

  async exists(id: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: icoProjects.id })
      .from(icoProjects)
      .where(eq(icoProjects.id, id))
      .limit(1);
    return row !== undefined;
  }

  async isEmpty(): Promise<boolean> {
    const [row] = await this.db.select({ id: icoProjects.id }).from(icoProjects).limit(1);
    return row === undefined;
  }

  async image(id: string): Promise<IcoImageFile | undefined> {
    const [row] = await this.db
      .select({ contentType: icoImages.contentType, data: icoImages.data })
      .from(icoImages)
      .where(eq(icoImages.id, id))
      .limit(1);
    return row;
  }

  /**
   * Writes projects in one transaction, keyed by slug. A project whose content is unchanged is
   * left alone, so loading the same data twice changes nothing.
   */
  async upsertProjects(
    projects: IcoProject[],
    images: Map<string, IcoImageFile>,
  ): Promise<LoadResult> {
    const result: LoadResult = { created: 0, updated: 0, unchanged: 0 };
    await this.db.transaction(async (tx) => {
      const imageIds = new Map<string, string>();
      const imageRows = [...images].map(([name, file]) => {
        const id = sha256(file.data);
        imageIds.set(name, id);
        return { id, ...file };
      });
      for (let i = 0; i < imageRows.length; i += 200) {
        await tx
          .insert(icoImages)
          .values(imageRows.slice(i, i + 200))
          .onConflictDoNothing();
      }
      const existing = new Map(
        (
          await tx
            .select({
              slug: icoProjects.slug,
              id: icoProjects.id,
              contentHash: icoProjects.contentHash,
            })
            .from(icoProjects)
            .where(
              inArray(
                icoProjects.slug,
                projects.map((p) => p.slug),
              ),
            )
        ).map((row) => [row.slug, row]),
      );
      for (const project of projects) {
        const ids = project.images.map((name) => {
          const id = imageIds.get(name);
          if (!id) throw new Error(`image ${name} of ${project.slug} was not loaded`);
          return id;
        });
        const contentHash = sha256(JSON.stringify({ project, ids }));
        const before = existing.get(project.slug);
        if (before?.contentHash === contentHash) {
          result.unchanged += 1;
          continue;
        }
        const current = project.rounds.at(-1);
        const values = {
          slug: project.slug,
          tokenName: project.tokenName,
          ticker: project.ticker,
          category: project.category,
          status: project.status,
          description: project.description,
          capsule: project.capsule,
          totalRaised: project.totalRaised,
          preValuation: project.preValuation,
          marketCap: project.marketCap,
          fdv: project.fdv,
          volume: project.volume,
          lastUpdated: new Date(project.lastUpdated),
          returnsSinceLastRound: project.returnsSinceLastRound,
          links: project.links,
          imageIds: ids,
          currentRoundType: current?.type ?? null,
          currentRoundDate: current?.date ?? null,
          contentHash,
        };
        let projectId: string;
        if (before) {
          await tx.update(icoProjects).set(values).where(eq(icoProjects.id, before.id));
          await tx.delete(icoRounds).where(eq(icoRounds.projectId, before.id));
          projectId = before.id;
          result.updated += 1;
        } else {
          const [row] = await tx
            .insert(icoProjects)
            .values(values)
            .returning({ id: icoProjects.id });
          if (!row) throw new Error('insert returned no row');
          projectId = row.id;
          result.created += 1;
        }
        if (project.rounds.length > 0) {
          await tx.insert(icoRounds).values(
            project.rounds.map((round, position) => ({
              projectId,
              position,
              title: round.title,
              type: round.type,
              date: round.date,
              price: round.price,
            })),
          );
        }
      }
    });
    return result;
  }

  async countByStatus(): Promise<Record<IcoStatus, number>> {
    const rows = await this.db
      .select({ status: icoProjects.status, total: count() })
      .from(icoProjects)
      .groupBy(icoProjects.status)
      .orderBy(desc(icoProjects.status));
    return {
      active: rows.find((r) => r.status === 'active')?.total ?? 0,
      upcoming: rows.find((r) => r.status === 'upcoming')?.total ?? 0,
    };
  }
}
