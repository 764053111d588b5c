import {
  chainFamilyOf,
  CHAIN_CODES,
  INDEXER_PRICE_PROVIDER,
  scamMessages,
  tokenMessages,
  type ChainCode,
  type SecurityReport,
  type TokenDetailResponse,
} from '@vaultscope/core';
import { startTransition, useEffect, useState } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { z } from 'zod';
import { EmptyState } from '@/components/ui/empty-state';
import { Page } from '@/components/ui/page';
import { messageOf } from '@/lib/api-client';
import { formatUsd } from '@/lib/format';
import { cachedScamCheck } from '@/lib/scam-cache';
import { useHydrated } from '@/lib/use-hydrated';
import { isScanPending, SCAN_POLL_LIMIT, SCAN_POLL_MS, useTokenDetail } from '../api/token-detail';
import { detailChain } from '../lib/detail-route';
import { CopyButton } from './copy-button';
import { DataAge } from './data-age';
import { EngineVerdictsPanel } from './engine-verdicts-panel';
import { FavouriteHeart } from './favourite-heart';
import { MarketActivity } from './market-activity';
import { MarketPanel } from './market-panel';
import { ScanEvidencePanel } from './scan-evidence-panel';
import { EvmReport, ScorePanel, SolanaReport } from './score-panel';
import { LockIcon } from '@/components/icons';
import styles from './token-detail-screen.module.css';

/** Spec section 2: the text shown while a token's details are not available. */
export const DETAILS_PENDING_TEXT = tokenMessages.detailsUpdating;
export const DETAILS_LOADING_TEXT = 'Loading token details...';

export type DetailVariant = 'details' | 'newdetail';

/** What the scam check leaves in the navigation state when the detail answered 404. */
const scamErrorStateSchema = z.object({ scamError: z.string().min(1) });

const chainLabel = (code: ChainCode) =>
  CHAIN_CODES.find((chain) => chain.code === code)?.label ?? code;

/**
 * Token detail for /details/:tokenAddress?chainName=..[&checkScam=true] and
 * /newdetail/:tokenAddress (spec sections 2 and 4): loading text, then the details, or the
 * 'updating the details' notice when they are not available.
 *
 * In scam-check mode the page shows the scam check's cached `token-data` when its cached address
 * is this one, and fetches otherwise; a scam check that failed arrives with its error in the
 * navigation state and is not fetched again, except the 404 'Record not found, will get back
 * shortly': the analyzer is scanning the token, so the page asks again after a poll interval.
 * Any 404 of that kind is polled until the report is there (see `useTokenDetail`).
 */
/**
 * False while the screen shows the frame the HTML carried, then true. On a page React draws
 * itself (a navigation) it is true from the first render. On the prerendered page it turns true
 * in a transition once hydrated: the hydration's own re-render (useHydrated's) is synchronous,
 * and with the details in it (seeded from the HTML, so there at once) it was one task of
 * 215-370 ms at a phone's 4x slowdown after the first paint; a transition's render yields to the
 * browser every few milliseconds, and only its commit is one task.
 */
function useFrameLeft(): boolean {
  const hydrated = useHydrated();
  const [left, setLeft] = useState(hydrated);
  useEffect(() => {
    if (hydrated && !left) startTransition(() => setLeft(true));
  }, [hydrated, left]);
  return left;
}

export function TokenDetailScreen({ variant }: { variant: DetailVariant }) {
  const hydrated = useFrameLeft();
  const { tokenAddress = '' } = useParams();
  const [search] = useSearchParams();
  const chain = detailChain(search.get('chainName'), tokenAddress);

  // The first frame in the HTML (apps/web/build/prerender.ts; the server writes the path's
  // address into it) is the loading page with the address asked for, whatever the chain, the
  // scam check's hand-over or the data already fetched: the app hydrates that, then shows where
  // the page stands.
  if (!hydrated) return <DetailLoading address={tokenAddress} title={DETAIL_TITLE} />;
  if (!chain.ok) return <Unavailable message={chain.message} />;
  return (
    <TokenDetail
      // A new token is a new page: its cache check and state start over.
      key={`${chain.chainName}:${tokenAddress}`}
      variant={variant}
      address={tokenAddress}
      chainName={chain.chainName}
      checkScam={search.get('checkScam') === 'true'}
    />
  );
}

function TokenDetail({
  variant,
  address,
  chainName,
  checkScam,
}: {
  variant: DetailVariant;
  address: string;
  chainName: ChainCode;
  checkScam: boolean;
}) {
  const location = useLocation();
  const scamError = checkScam
    ? scamErrorStateSchema.safeParse(location.state).data?.scamError
    : undefined;
  // Read once: the cache is the scam check's hand-over, not a live source.
  const [cached] = useState(() => (checkScam ? cachedScamCheck(address, chainName) : null));
  const scanning = scamError === tokenMessages.recordNotFound;
  // The scam check has just asked: wait one poll interval before asking again.
  const [waited, setWaited] = useState(!scanning);
  useEffect(() => {
    if (waited) return;
    const timer = setTimeout(() => setWaited(true), SCAN_POLL_MS);
    return () => clearTimeout(timer);
  }, [waited]);
  const detail = useTokenDetail(address, chainName, {
    cached,
    enabled: (scamError === undefined || scanning) && waited,
  });

  if (detail.data) return <TokenDetailView detail={detail.data} variant={variant} />;
  if (scamError !== undefined && !scanning) return <Unavailable message={scamError} />;
  if (detail.isError) {
    const pending = isScanPending(detail.error);
    return (
      <Unavailable
        message={messageOf(detail.error, tokenMessages.detailFailed)}
        scanning={pending && detail.errorUpdateCount < SCAN_POLL_LIMIT}
        gaveUp={pending && detail.errorUpdateCount >= SCAN_POLL_LIMIT}
      />
    );
  }
  if (scanning) return <Unavailable message={scamError} scanning />;
  if (detail.isPending) {
    return <DetailLoading address={address} title={checkScam ? 'Scam check' : DETAIL_TITLE} />;
  }
  return null;
}

const DETAIL_TITLE = 'Token details';

/**
 * The loading text (spec section 2) with the address asked for, where the details will show it,
 * in the summary card. A phone's largest paint on this page is an address (the token's, or the
 * pair's, which has the card's whole width): the frame in the HTML paints this one across that
 * width, so the details that follow paint nothing larger. Its copy button comes with them.
 */
function DetailLoading({ address, title }: { address: string; title: string }) {
  return (
    <Page title={title} className="token-detail">
      <div className={styles.grid}>
        <section className="card card--padded" aria-label="Token summary" aria-busy="true">
          <p className={styles.loading} role="status">
            {DETAILS_LOADING_TEXT}
          </p>
          <dl className={styles.facts}>
            <div>
              <dt>Token address</dt>
              <dd className={`mono ${styles.address}`}>{address}</dd>
            </div>
          </dl>
        </section>
      </div>
    </Page>
  );
}

/**
 * The fallback of spec section 2, with the reason underneath; while the analyzer scans the
 * token, a note that the page updates by itself.
 */
function Unavailable({
  message,
  scanning = false,
  gaveUp = false,
}: {
  message: string;
  scanning?: boolean;
  gaveUp?: boolean;
}) {
  return (
    <Page title="Token details">
      <div className="card" data-testid="detail-unavailable">
        <EmptyState title={DETAILS_PENDING_TEXT} icon="⏳">
          <p>{message}</p>
          {scanning && (
            <p role="status" data-testid="scan-waiting">
              Our analyzer is scanning this token; this page updates by itself.
            </p>
          )}
          {gaveUp && <p>{scamMessages.stillScanning}</p>}
        </EmptyState>
      </div>
    </Page>
  );
}

/** The report the Solana rows read: the detail's top-level Solana parts win over the report's. */
function solanaReport(detail: TokenDetailResponse): SecurityReport {
  const report = detail.tokenDetails;
  return {
    ...report,
    dexDetails: detail.dexDetails ?? report.dexDetails,
    holders: detail.holders ?? report.holders,
    mintable: detail.mintable ?? report.mintable,
    freezable: detail.freezable ?? report.freezable,
    metadata: detail.metadata ?? report.metadata,
    creators: detail.creators ?? report.creators,
  };
}

function TokenDetailView({
  detail,
  variant,
}: {
  detail: TokenDetailResponse;
  variant: DetailVariant;
}) {
  // /details shows pair address, FDV and liquidity only for tokens in our own pool data;
  // /newdetail always shows them.
  const showPool = variant === 'newdetail' || detail.isVaultscope !== 0;
  const lpLocked = detail.tokenDetails.lp_holders?.[0]?.is_locked === 1;
  const solana = chainFamilyOf(detail.chainName) === 'solana';
  const subtitle = [detail.symbol, chainLabel(detail.chainName)].filter(Boolean).join(' · ');

  return (
    <Page
      title={detail.tokenName}
      description={subtitle}
      className="token-detail"
      actions={
        <FavouriteHeart
          framed
          target={{
            type: 'DEX',
            id: detail.id,
            tokenAddress: detail.tokenAddress,
            chainName: detail.chainName,
          }}
          name={detail.tokenName}
          isFavourite={detail.is_favourite === 1}
        />
      }
    >
      <div className={styles.grid}>
        <section className="card card--padded" aria-label="Token summary">
          <p className={styles.label}>Price</p>
          <p className={styles.price} data-testid="detail-price">
            {formatUsd(detail.price)}
          </p>
          <dl className={styles.facts}>
            <div>
              <dt>Token address</dt>
              <dd className={styles.addressRow}>
                <span className={`mono ${styles.address}`} data-testid="token-address">
                  {detail.tokenAddress}
                </span>
                <CopyButton value={detail.tokenAddress} label="Copy token address" />
              </dd>
            </div>
            {showPool && (
              <>
                <div>
                  <dt>Pair address</dt>
                  <dd className={`mono ${styles.address}`} data-testid="pair-address">
                    {detail.pairAddress ?? '-'}
                  </dd>
                </div>
                <div>
                  <dt>FDV</dt>
                  <dd data-testid="detail-fdv">{formatUsd(detail.fdv)}</dd>
                </div>
                <div>
                  <dt>Liquidity</dt>
                  <dd data-testid="detail-liquidity">
                    {formatUsd(detail.liquidity)}
                    {variant === 'newdetail' && lpLocked && (
                      <span
                        className={styles.lock}
                        role="img"
                        aria-label="Liquidity locked"
                        title="Liquidity locked"
                        data-testid="lp-lock"
                      >
                        <LockIcon />
                      </span>
                    )}
                  </dd>
                </div>
              </>
            )}
            <div>
              <dt>Coin name</dt>
              <dd>
                {detail.tokenName}
                {detail.symbol && <span className={styles.symbol}> ({detail.symbol})</span>}
              </dd>
            </div>
            <div>
              <dt>Price provider</dt>
              <dd>
                {detail.priceProvider}
                {/* The provider's pool sync; our indexer's figures follow the chain itself. */}
                {detail.priceProvider !== INDEXER_PRICE_PROVIDER && <DataAge kind="dex" />}
              </dd>
            </div>
            <div>
              <dt>Chain</dt>
              <dd>{chainLabel(detail.chainName)}</dd>
            </div>
          </dl>
        </section>
        <ScorePanel totalScore={detail.totalScore} riskLevel={detail.riskLevel} />
      </div>
      <MarketPanel address={detail.tokenAddress} chainName={detail.chainName} />
      {/* Only our indexer counts these: a detail from the snapshot carries none. */}
      {detail.tradeWindows !== undefined && !solana && (
        <MarketActivity
          windows={detail.tradeWindows}
          holderCount={detail.holderCount ?? null}
          holders={detail.holders ?? null}
        />
      )}
      {detail.scan && <ScanEvidencePanel detail={detail} scan={detail.scan} />}
      {detail.engineVerdicts && <EngineVerdictsPanel verdicts={detail.engineVerdicts} />}
      {solana ? (
        <SolanaReport report={solanaReport(detail)} trustedToken={detail.trusted_token} />
      ) : (
        <EvmReport report={detail.tokenDetails} />
      )}
    </Page>
  );
}
