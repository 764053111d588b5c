import { RETURNS_SINCE_LAST_ROUND, webRoutes, type IcoDetail } from '@vaultscope/core';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Page } from '@/components/ui/page';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, messageOf } from '@/lib/api-client';
import { formatDate, formatDateTime, formatUsd } from '@/lib/format';
import { useIcoDetail } from '../api/get-ico-detail';
import {
  capsuleBadges,
  isProjectId,
  NO_COIN_DATA_TEXT,
  NO_ROUND_DATE,
  projectLinks,
  roundPrice,
} from '../lib/display';
import { readDetailState } from '../lib/navigation-state';
import { FavouriteButton } from './favourite-button';
import { ImageGallery } from './image-gallery';
import { ProjectImage } from './project-image';
import styles from './private-sale-detail-screen.module.css';

/**
 * Private-sale detail (/PS-detail). The project id comes from `?id=` (reload, shared links) or
 * from the navigation state, which may also carry the project already loaded (`apiData`).
 */
export function PrivateSaleDetailScreen() {
  const location = useLocation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const fromState = readDetailState(location.state);
  const fromUrl = search.get('id');
  const id = fromUrl ?? fromState.id;

  // Opened with the project in the state only: put the id in the URL, so reload and share work.
  useEffect(() => {
    if (fromUrl === null && fromState.id) {
      void navigate(
        { search: `?${new URLSearchParams({ id: fromState.id }).toString()}` },
        { replace: true, state: location.state },
      );
    }
  }, [fromUrl, fromState.id, location.state, navigate]);

  if (!isProjectId(id)) return <NoData />;
  return (
    <ProjectDetail
      key={id}
      id={id}
      initialData={fromState.id === id ? fromState.apiData : undefined}
    />
  );
}

function NoData() {
  return (
    <Page title="Private sale project">
      <div className="card">
        <EmptyState title={NO_COIN_DATA_TEXT} icon="!">
          <Link to={webRoutes.privateSale}>Browse private sales</Link>
        </EmptyState>
      </div>
    </Page>
  );
}

function ProjectDetail({ id, initialData }: { id: string; initialData: IcoDetail | undefined }) {
  const detail = useIcoDetail(id, initialData);

  if (detail.isPending) return <DetailSkeleton />;
  if (detail.isError) {
    // A bad or unknown id is the spec's "no data" case; anything else can be tried again.
    const status = detail.error instanceof ApiError ? detail.error.status : 0;
    if (status === 400 || status === 404) return <NoData />;
    return (
      <Page title="Private sale project">
        <div className="card">
          <EmptyState title="Could not load this project." icon="!">
            <p className="list-error" role="alert">
              {messageOf(detail.error, 'Something went wrong.')}
            </p>
            <Button variant="secondary" onClick={() => void detail.refetch()}>
              Try again
            </Button>
          </EmptyState>
        </div>
      </Page>
    );
  }
  return <ProjectView data={detail.data} />;
}

function ProjectView({ data }: { data: IcoDetail }) {
  const project = data.tokenDetails;
  const { details } = project;
  const { overview } = details;
  const links = projectLinks(details.links);
  const badges = capsuleBadges(project.category, details.capsule);
  const returns = overview[RETURNS_SINCE_LAST_ROUND];

  return (
    <Page
      title={project.tokenName}
      className="ps-detail"
      description={
        <span className={styles.sub}>
          <span className={styles.ticker} data-testid="project-ticker">
            {details.Ticker}
          </span>
          <span className={styles.status}>
            {data.type === 'active' ? 'Active sale' : 'Upcoming sale'}
          </span>
        </span>
      }
      actions={
        <FavouriteButton
          projectId={project._id}
          projectName={project.tokenName}
          isFavourite={data.is_favourite === 1}
        />
      }
    >
      <div className={`card card--padded ${styles.head}`}>
        <ProjectImage
          src={details.images[0]}
          size={64}
          className={styles.logo}
          testId="project-logo"
        />
        <div className={styles.headMain}>
          <ul className={styles.badges} aria-label="Categories">
            <li className="badge badge--accent" data-testid="category-badge">
              {project.category}
            </li>
            {badges.map((badge) => (
              <li key={badge} className="badge">
                {badge}
              </li>
            ))}
          </ul>
          {links.length > 0 && (
            <nav className={styles.links} aria-label={`${project.tokenName} links`}>
              {links.map((link) => (
                <a
                  key={link.name}
                  href={link.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={`btn btn--secondary ${styles.link}`}
                >
                  {link.name}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                  <span aria-hidden="true">↗</span>
                </a>
              ))}
            </nav>
          )}
        </div>
      </div>

      <div className={styles.grid}>
        <section className={`card card--padded ${styles.overview}`} aria-labelledby="ps-overview">
          <h2 id="ps-overview" className="section-title">
            Overview
          </h2>
          {overview.description && <p className={styles.description}>{overview.description}</p>}
          <dl className={styles.facts} data-testid="overview-facts">
            <Fact label="Total Raised" value={formatUsd(overview.totalRaised.amount)} />
            <Fact label="Pre-Valuation" value={formatUsd(overview.preValuation.amount)} />
            <Fact label="Category" value={project.category} />
            <Fact
              label="Last Updated"
              value={formatDateTime(overview.lastUpdated.lastupdatedtime)}
            />
            <Fact label="Market Cap" value={formatUsd(overview.marketCap)} />
            <Fact label="FDV" value={formatUsd(overview.fdv)} />
            <Fact label="Volume" value={formatUsd(overview.volume)} />
          </dl>
          <h3 className={styles.subtitle} id="ps-returns">
            {RETURNS_SINCE_LAST_ROUND}
          </h3>
          {returns.length > 0 ? (
            <ul className={styles.returns} aria-labelledby="ps-returns">
              {returns.map((item) => (
                <li key={item.name} className={styles.return} data-testid="return-item">
                  <span className={styles.returnName}>{item.name}</span>
                  <span
                    className={`${styles.returnValue} ${item.value.trim().startsWith('-') ? 'down' : 'up'}`}
                  >
                    {item.value}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className={styles.muted}>Not Provided</p>
          )}
        </section>

        <section className={`card card--padded ${styles.gallery}`} aria-labelledby="ps-gallery">
          <h2 id="ps-gallery" className="section-title">
            Gallery
          </h2>
          <ImageGallery name={project.tokenName} images={details.images} />
        </section>
      </div>

      <section className={styles.activities} aria-labelledby="ps-activities">
        <h2 id="ps-activities" className="section-title">
          All Activities
        </h2>
        {details.rounds.length > 0 ? (
          <ul className={styles.rounds}>
            {details.rounds.map((round, index) => (
              <li
                key={`${round.roundTitle}-${index}`}
                className={`card ${styles.round}`}
                data-testid="round-card"
              >
                <p className={styles.roundTitle}>{round.roundTitle}</p>
                <dl className={styles.roundFacts}>
                  <div>
                    <dt>Type</dt>
                    <dd>{round.roundType}</dd>
                  </div>
                  <div>
                    <dt>Date</dt>
                    <dd>{formatDate(round.rounddate, NO_ROUND_DATE)}</dd>
                  </div>
                  <div>
                    <dt>Price</dt>
                    <dd>{roundPrice(round.price)}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
        ) : (
          <div className="card">
            <EmptyState title="No rounds recorded yet." />
          </div>
        )}
      </section>
    </Page>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className={styles.fact}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function DetailSkeleton() {
  return (
    <section className="page ps-detail" aria-busy="true" aria-label="Loading project">
      <Skeleton width="14em" className={styles.skeletonTitle} />
      <div className={`card card--padded ${styles.head}`}>
        <Skeleton className={styles.skeletonLogo} />
        <div className={styles.headMain}>
          <Skeleton width="10em" />
          <Skeleton width="22em" />
        </div>
      </div>
      <div className={styles.grid}>
        <div className={`card card--padded ${styles.overview}`}>
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} width={`${90 - index * 8}%`} />
          ))}
        </div>
        <div className={`card card--padded ${styles.gallery}`}>
          <Skeleton className={styles.skeletonBlock} />
        </div>
      </div>
    </section>
  );
}
