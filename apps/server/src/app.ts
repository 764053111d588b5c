import Fastify, { type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { CHAIN_CODES, apiPaths, type ChainCode } from '@vaultscope/core';
import { Accounts } from './auth/accounts';
import { authRoutes } from './auth/auth-routes';
import { PasswordReset } from './auth/password-reset';
import { Sessions } from './auth/sessions';
import { FavouritesRepository } from './favourites/favourites-repository';
import { favouritesRoutes } from './favourites/favourites-routes';
import { healthRoutes } from './health/health-routes';
import { IcoRepository } from './ico/ico-repository';
import { icoRoutes } from './ico/ico-routes';
import { loadIcoSnapshotIfEmpty } from './ico/ico-snapshot';
import { type Clock, systemClock } from './lib/clock';
import {
  type Config,
  researchSources,
  rpcUrlOf,
  scansIndexedWhileIdle,
  sourceChains,
} from './lib/config';
import { type DatabaseHandle, openDatabase } from './lib/db/client';
import { lazyChildLogger, loggerOptions, RequestLog } from './lib/logger';
import { registerCompression } from './lib/plugins/compression';
import { registerErrorHandler } from './lib/plugins/error-handler';
import { registerResponseCache, ResponseCache } from './lib/plugins/response-cache';
import { registerSecurity } from './lib/plugins/security';
import { registerWebApp } from './lib/plugins/web-app';
import { registerSessionReader } from './lib/session/session';
import { outboxRoutes } from './mail/outbox-routes';
import { EvmTokenAnalyzer } from './scam/evm-token-analyzer';
import { resolveDexes } from './lib/dexes';
import { Throttle } from './lib/throttle';
import { Indexers } from './indexer/indexers';
import { tokenHolderFigures } from './indexer/indexer-read';
import { SolanaTokenAnalyzer } from './scam/solana-token-analyzer';
import { scamRoutes } from './scam/scam-routes';
import { scanOptionsFromConfig, TokenScans } from './scam/token-scans';
import { createMailTransport, type MailTransport, OutboxTransport } from './mail/transport';
import { NotificationsRepository } from './notifications/notifications-repository';
import { notificationsRoutes } from './notifications/notifications-routes';
import { CexRepository } from './tokens/cex-repository';
import { createResearchProviders } from './research-providers';
import { ResearchIngest, applyListChange } from './tokens/research-ingest';
import { ResearchScheduler, type SyncTimers } from './tokens/research-scheduler';
import { researchStatus } from './tokens/research-status';
import type { ProviderRuntime } from './providers/http/provider-client';
import { IndexedMarket } from './tokens/indexed-market';
import { ProviderCandles } from './tokens/provider-candles';
import { IndexerMarketSource } from './indexer/indexer-market-source';
import { TokenListIndex } from './tokens/token-list-index';
import { DetailModelClosedError, TokenDetailModel } from './tokens/token-detail-model';
import { detailPageData } from './tokens/detail-page-data';
import { TokenResearch } from './tokens/token-research';
import { TokensRepository } from './tokens/tokens-repository';
import { tokensRoutes } from './tokens/tokens-routes';
import type { DevnetClient } from '@vaultscope/devnet';
import { readTokenFacts } from './wallet/chain-reads';
import type { KdfSettings } from './wallet/key-vault';
import { UnlockedWallets } from './wallet/unlocked-wallets';
import { historyRoutes } from './wallet/history/history-routes';
import { TransferScanner } from './wallet/history/transfer-scanner';
import { WalletHistory } from './wallet/history/wallet-history';
import { WalletPortfolio } from './wallet/portfolio/portfolio';
import { portfolioRoutes } from './wallet/portfolio/portfolio-routes';
import { WalletPrices } from './wallet/portfolio/wallet-prices';
import { SendReconciler } from './wallet/sends/send-reconciler';
import { SendRecords } from './wallet/sends/send-records';
import { WalletChains } from './wallet/wallet-chains';
import { walletSessionIdOf } from './wallet/wallet-access';
import { walletRoutes } from './wallet/wallet-routes';
import { walletSendRoutes } from './wallet/sends/wallet-send-routes';
import { type SendFaults, WalletSends } from './wallet/sends/wallet-sends';
import { WalletService } from './wallet/wallet-service';

export interface Services {
  clock: Clock;
  sessions: Sessions;
  throttle: Throttle;
  accounts: Accounts;
  passwordReset: PasswordReset;
  notifications: NotificationsRepository;
  mail: MailTransport;
  ico: IcoRepository;
  favourites: FavouritesRepository;
  research: TokenResearch;
  researchIngest: ResearchIngest;
  scans: TokenScans;
  wallet: WalletService;
  walletChains: WalletChains;
  walletSends: WalletSends;
  sendReconciler: SendReconciler;
  walletPrices: WalletPrices;
  walletPortfolio: WalletPortfolio;
  walletHistory: WalletHistory;
  transferScanner: TransferScanner;
  /** The token detail's read model (`settled()` waits for its load in progress). */
  details: TokenDetailModel;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: { handle: DatabaseHandle };
    services: Services;
  }
}

/** Period of the background receive scan of the wallet history. */
const TRANSFER_SCAN_INTERVAL_MS = 30_000;

export interface BuildAppOptions {
  config: Config;
  /** An open database; when absent the app opens (and later closes) the configured one. */
  database?: DatabaseHandle;
  clock?: Clock;
  /** Where log lines go; tests pass a stream to search them. */
  logStream?: NodeJS.WritableStream;
  /** Load the shipped snapshots into an empty database (default true). */
  loadSnapshots?: boolean;
  /** Local chains to use instead of starting them (tests share one across app restarts). */
  devnet?: DevnetClient;
  /** Wallet password KDF cost; tests lower it, everything else keeps OWASP's setting. */
  walletKdf?: KdfSettings;
  /** `RESEARCH_PROVIDER=live`: the sync's timers and the provider clients' runtime (tests). */
  research?: { timers?: SyncTimers; runtime?: ProviderRuntime };
  /** Asked at each point of a wallet send (`server.ts` under `WALLET_CRASH_AT`; tests). */
  sendFaults?: SendFaults;
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const clock = options.clock ?? systemClock;
  const app = Fastify({
    logger: options.logStream
      ? { ...loggerOptions(config), stream: options.logStream }
      : loggerOptions(config),
    // One line per answer, at info only (`RequestLog`); a request's logger is made when
    // something logs (`lazyChildLogger`).
    logController: new RequestLog(),
    childLoggerFactory: lazyChildLogger,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 256 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  const handle =
    options.database ??
    (await openDatabase({
      url: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      onConnectionLost: (error) => app.log.warn({ err: error }, 'database connection lost'),
    }));
  if (!options.database) app.addHook('onClose', () => handle.close());
  await handle.migrate();

  const { db } = handle;
  const sessions = new Sessions(db, clock, config.SESSION_TTL_HOURS * 3_600_000);
  const throttle = new Throttle(db, clock);
  const notifications = new NotificationsRepository(db);
  const mail = createMailTransport(config, db, app.log);
  const ico = new IcoRepository(db);
  const favourites = new FavouritesRepository(db);
  const tokens = new TokensRepository(db, (tokenId) =>
    app.log.warn({ tokenId }, 'token left out of the lists: its row breaks the list row schema'),
  );
  // Aborted on close: a sync waiting for a provider (rate limit, back-off) ends at once.
  const providerAbort = new AbortController();
  const providers = createResearchProviders(config, {
    log: app.log,
    signal: providerAbort.signal,
    ...options.research?.runtime,
  });
  const responseCache = new ResponseCache(config.RESEARCH_CACHE_SECONDS * 1000, 2_000, () =>
    clock.now().getTime(),
  );
  const cex = new CexRepository(db);
  const listIndex: TokenListIndex = new TokenListIndex({
    version: () => tokens.dataVersion(),
    // The snapshot's rows, but the indexed chains' rows from the indexer (IndexedMarket).
    load: async () => indexedMarket.indexData(await tokens.listIndexData()),
    recheckMs: 5_000,
  });
  // Quote tokens' symbols and decimals come from their chain (the indexer keeps no row of them),
  // read by the wallet's one token-facts reader (cached per chain and token).
  const marketSource = new IndexerMarketSource(db, async (chainId, address) => {
    const access = walletChains.evm(chainId);
    return access ? readTokenFacts(access, address) : undefined;
  });
  const indexedMarket: IndexedMarket = new IndexedMarket({
    source: marketSource,
    // RESEARCH_SOURCES (market `own` or `both`; MARKET_DATA_INDEXED_CHAINS by default).
    allowed: indexedChains(sourceChains(researchSources(config), 'market', 'own')),
    index: listIndex,
    onChange: () => responseCache.clear(),
    // `scans` is built below; rows are first read when the app is ready.
    // The score each token's detail shows (our analyzer's, the engines', or their verdict).
    scores: (chainId, addresses) => research.indexedScores(chainId, addresses),
    unscored: (chainId, addresses) => {
      if (!scansIndexedWhileIdle(config, chainId)) return;
      scans.scanWhenIdle(addresses.map((address) => ({ chainId, address })));
    },
    log: app.log,
  });
  app.addHook('onReady', () => indexedMarket.start());
  app.addHook('onClose', () => indexedMarket.stop());
  // The detail's read model: loaded in the background once the app is ready (below).
  const details = new TokenDetailModel({
    version: () => tokens.dataVersion(),
    page: (afterId, limit) => tokens.detailPage(afterId, limit),
    byIds: (ids) => tokens.detailsOf(ids),
    scans: { count: () => scans.scanCount(), keys: () => scans.allScannedKeys() },
    recheckMs: 5_000,
    nowMs: () => clock.now().getTime(),
  });
  const research = new TokenResearch({
    tokens,
    cex,
    index: listIndex,
    details,
    market: { rows: indexedMarket, source: marketSource },
    clock,
    favouritesAmong: (userId, type, ids) => favourites.favouriteIdsAmong(userId, type, ids),
    snapshotPriceLabel: providers.dex.priceLabel,
    // A provider with price history (GeckoTerminal) draws the charts of the chains our indexer
    // does not serve, where RESEARCH_SOURCES lets the provider's market data in.
    providerCandles: providers.dex.fetchCandles
      ? {
          source: new ProviderCandles({
            fetchCandles: providers.dex.fetchCandles.bind(providers.dex),
            provider: providers.dex.name,
            clock,
            log: app.log,
          }),
          chains: sourceChains(researchSources(config), 'market', 'live'),
        }
      : undefined,
    // `scans` needs the chains, opened below; a detail cannot arrive before the app is ready.
    analyzer: {
      lookup: (target, caller, options) => scans.lookup(target, caller, options),
      storedScores: (chainId, addresses) => scans.storedScores(chainId, addresses),
      storedReports: (chainId, addresses) => scans.storedReports(chainId, addresses),
      scannedKeys: (chainId) => scans.scannedKeys(chainId),
    },
    // Live mode: a detail asks for a fresh report when its own is old (`researchScheduler`
    // is built below; a detail cannot arrive before the app is ready).
    reportRefresh:
      config.RESEARCH_PROVIDER === 'live'
        ? {
            ttlMs: config.RESEARCH_REPORT_TTL_HOURS * 3_600_000,
            request: (token) => researchScheduler?.requestReport(token),
          }
        : undefined,
  });
  const walletChains = await WalletChains.open(config, app.log, options.devnet);
  app.addHook('onClose', () => walletChains.close());
  // The DEXes of the devnet the chains run on, whether passed in (tests) or started here (npm
  // start), shared by the indexers and the analyzer.
  const dexes = resolveDexes(config, walletChains.devnet);
  // The DEX indexers: a chain with a node and a DEX list (the local markets, or RPC_URL_<id>
  // with the mainnet defaults or DEX_CONFIG_FILE). Added after the chains, so stopped before them.
  if (config.INDEXER) {
    const indexers = new Indexers({
      database: handle,
      dexes,
      rpcUrls: Object.fromEntries(
        Object.keys(dexes).map((id) => [
          id,
          walletChains.get(Number(id))?.rpcUrl ?? rpcUrlOf(config, Number(id)),
        ]),
      ),
      log: app.log,
      tuning: { pollMs: config.INDEXER_POLL_MS, maxRange: config.INDEXER_MAX_RANGE },
    });
    app.addHook('onReady', () => indexers.start());
    app.addHook('onClose', () => indexers.stop());
  }
  // The analyzer reads the wallet's chains: local ones by default, RPC_URL_<id> otherwise.
  const scans = new TokenScans(
    {
      db,
      clock,
      log: app.log,
      analyzers: [
        new EvmTokenAnalyzer(walletChains, {
          dexes,
          // Holders from the indexer's balances where it follows the token (else a log scan).
          indexedHolders: config.INDEXER
            ? {
                holdersOf: (chainId, token, top) => tokenHolderFigures(db, chainId, token, top),
              }
            : undefined,
          forkPool: {
            size: config.ANALYZER_FORK_POOL_SIZE,
            idleMs: config.ANALYZER_FORK_IDLE_SECONDS * 1000,
            warm: config.NODE_ENV === 'production',
          },
        }),
        new SolanaTokenAnalyzer(walletChains),
      ],
      consume: (keys) => throttle.consume(keys),
      onChange: () => responseCache.clear(),
      // A new scan rescores the token's list row as its detail would: the indexer's row on a
      // chain it serves, else the stored (provider's) row, through the ingest's list change.
      onStored: (target) => {
        details.scanned(target.chainId, target.address);
        void indexedMarket.rescore(target.chainId, target.address);
        const chainName = CHAIN_CODES.find((chain) => chain.chainId === target.chainId)?.code;
        if (!chainName || indexedMarket.serves(chainName)) return;
        researchIngest.rescore(chainName, target.address).catch((error: unknown) => {
          app.log.warn({ err: error, chainId: target.chainId }, 'list row could not be rescored');
        });
      },
    },
    scanOptionsFromConfig(config),
  );
  app.addHook('onClose', () => scans.close());
  const walletPrices = new WalletPrices(walletChains, clock, cex);
  const researchIngest = new ResearchIngest(
    db,
    providers,
    clock,
    (change) => {
      // A live DEX or reports load hands on the list rows it changed: taken in without a reload.
      if (change) {
        details.apply(change);
        applyListChange(change, {
          replaceRows: (rows, removed) => tokens.replaceLoadedRows(rows, removed),
          index: listIndex,
          serves: (chainName) => indexedMarket.serves(chainName),
        });
      } else {
        research.invalidate();
      }
      responseCache.clear();
      walletPrices.invalidate();
    },
    {
      // Tokens our analyzer judged: their rows score as their detail does (`tokenVerdict`).
      judged: (ids) => research.analyzerJudgements(ids),
    },
  );
  if (options.loadSnapshots ?? true) {
    await loadIcoSnapshotIfEmpty(ico, app.log);
    // Live data comes from the scheduled sync below.
    if (config.RESEARCH_PROVIDER === 'snapshot') {
      const loaded = await researchIngest.loadIfEmpty();
      if (loaded) app.log.info({ ...loaded }, 'research data loaded');
    }
  }
  // Loaded in the background once the app is ready, so the server listens at once: at 100,000
  // pools the load takes 20-45 s, a restart's downtime when the app awaited it. Until it is
  // loaded (and after a load that failed, tried again by the first details past `recheckMs`)
  // details are read from the database, as before the model. Closing stops it at its next page.
  app.addHook('onReady', async () => {
    details.load().then(
      (loaded) => app.log.info({ ...loaded }, 'token detail model loaded'),
      (error: unknown) => {
        if (error instanceof DetailModelClosedError) return;
        app.log.warn({ err: error }, 'token detail model not loaded: details are read per request');
      },
    );
  });
  app.addHook('onClose', () => details.close());
  // RESEARCH_PROVIDER=live: each kind of research data on its own schedule, one instance at a
  // time. Live providers keep their rate limits (a load takes a minute or more) and may be down,
  // so the first loads run in the background: the server starts at once, with the lists it has.
  const researchScheduler =
    config.RESEARCH_PROVIDER === 'live'
      ? new ResearchScheduler({
          database: handle,
          ingest: researchIngest,
          providers,
          clock,
          log: app.log,
          intervalsMs: {
            dex: config.RESEARCH_SYNC_POOLS_SECONDS * 1000,
            cex: config.RESEARCH_SYNC_CEX_SECONDS * 1000,
            security: config.RESEARCH_SYNC_REPORTS_SECONDS * 1000,
          },
          reports: {
            ttlMs: config.RESEARCH_REPORT_TTL_HOURS * 3_600_000,
            perRun: config.RESEARCH_REPORTS_PER_RUN,
          },
          timers: options.research?.timers,
          abort: providerAbort,
        })
      : null;
  if (researchScheduler) {
    app.addHook('onReady', async () => researchScheduler.start());
    app.addHook('onClose', () => researchScheduler.stop());
  }
  const unlockedWallets = new UnlockedWallets(clock, config.WALLET_UNLOCK_MINUTES * 60_000);
  const stopSweeping = unlockedWallets.startSweeping(60_000);
  app.addHook('onClose', async () => {
    stopSweeping();
    unlockedWallets.lockAll();
  });
  const wallet = new WalletService(db, clock, throttle, unlockedWallets, options.walletKdf);
  const sendRecords = new SendRecords(db, clock);
  const walletSends = new WalletSends(sendRecords, wallet, walletChains, app.log, {
    faults: options.sendFaults,
    lockWaitMs: config.WALLET_SEND_LOCK_WAIT_MS,
  });
  const sendReconciler = new SendReconciler(sendRecords, walletSends.reconcileSteps(), app.log);
  app.addHook('onClose', () => sendReconciler.close());
  const walletPortfolio = new WalletPortfolio(wallet, walletChains, walletPrices, app.log);
  const walletHistory = new WalletHistory(db, walletChains, walletPrices);
  const transferScanner = new TransferScanner(db, walletChains, app.log, clock);
  // Receives are found in the background too, not only when someone opens the history.
  app.addHook('onReady', async () => transferScanner.start(TRANSFER_SCAN_INTERVAL_MS));
  app.addHook('onClose', () => transferScanner.stop());
  const accounts = new Accounts(db, clock, sessions, throttle, notifications);
  const passwordReset = new PasswordReset(
    db,
    clock,
    sessions,
    throttle,
    mail,
    notifications,
    app.log,
  );
  app.decorate('config', config);
  app.decorate('db', { handle });
  registerSessionReader(app, sessions);
  app.decorate('services', {
    clock,
    sessions,
    throttle,
    notifications,
    mail,
    ico,
    favourites,
    research,
    researchIngest,
    scans,
    wallet,
    walletChains,
    walletSends,
    sendReconciler,
    walletPrices,
    walletPortfolio,
    walletHistory,
    transferScanner,
    accounts,
    passwordReset,
    details,
  });

  await registerSecurity(app, config);
  registerResponseCache(app, responseCache);
  await registerCompression(app);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Vaultscope API',
        description: 'Token research, private sales, watch list and the custodial wallet.',
        version: '0.1.0',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });

  await app.register(healthRoutes, {
    research: () =>
      researchStatus({
        mode: config.RESEARCH_PROVIDER,
        ingest: researchIngest,
        scheduler: researchScheduler,
        clock,
      }),
    detailModel: () => details.state,
  });
  await app.register(authRoutes, {
    accounts,
    sessions,
    passwordReset,
    onLogout: (userId, sessionToken) => wallet.lockSession(userId, walletSessionIdOf(sessionToken)),
  });
  await app.register(notificationsRoutes, { notifications, clock });
  await app.register(icoRoutes, {
    repository: ico,
    isFavourite: (userId, projectId) => favourites.isFavourite(userId, 'ICO', projectId),
  });
  await app.register(tokensRoutes, { research });
  await app.register(scamRoutes, { scans });
  await app.register(favouritesRoutes, {
    repository: favourites,
    kinds: {
      ICO: { exists: (id) => ico.exists(id), details: (ids) => ico.listItems(ids) },
      DEX: {
        exists: (id) => research.dexExists(id),
        details: (ids) => research.dexFavouriteRows(ids),
      },
      CEX: {
        exists: (id) => research.cexExists(id),
        details: (ids) => research.cexFavouriteRows(ids),
      },
    },
  });
  await app.register(walletRoutes, {
    wallet,
    login: (credentials, ip) => accounts.login(credentials, ip),
  });
  await app.register(walletSendRoutes, { sends: walletSends, unlocks: wallet });
  await app.register(portfolioRoutes, { portfolio: walletPortfolio, unlocks: wallet });
  await app.register(historyRoutes, {
    walletHistory,
    transferScanner,
    walletChains,
    unlocks: wallet,
  });
  // The faucet mints play money: never in production, whatever DEV_TOOLS says.
  // Imported here, as the local chains are, so that the devnet package loads only with them.
  if (config.DEV_TOOLS && config.NODE_ENV !== 'production' && walletChains.devnet) {
    const { faucetRoutes } = await import('./wallet/faucet/faucet-routes');
    await app.register(faucetRoutes, { devnet: walletChains.devnet, wallet, walletChains });
  }
  if (config.DEV_TOOLS && mail instanceof OutboxTransport)
    await app.register(outboxRoutes, { outbox: mail });

  // Sends a previous process left in flight: finished in the background, never blocking start-up.
  void sendReconciler.start();

  app.get(apiPaths.openapi, { schema: { hide: true } }, async () => app.swagger());
  // A token detail's HTML carries its answer, so the page's first load asks the API for nothing.
  await registerWebApp(app, config.WEB_DIST_DIR, {
    pageData: (request, pathname, search) =>
      detailPageData(
        research,
        pathname,
        search,
        { ip: request.ip },
        { cache: responseCache, log: request.log },
      ),
  });
  return app;
}

/** The chains our indexer may serve, as `IndexedMarket` takes them (`none` starts nothing). */
function indexedChains(chains: ChainCode[]): ChainCode[] | 'none' {
  return chains.length === 0 ? 'none' : chains;
}
