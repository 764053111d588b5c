import { useEffect, useRef } from 'react';
import {
  CandlestickSeries,
  ColorType,
  HistogramSeries,
  createChart,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import type { Candle, CandleInterval } from '@vaultscope/core';

/** Colours of the app's dark theme (global.css), which a canvas cannot read from CSS. */
const THEME = {
  text: '#9aa4b2',
  grid: '#1c232d',
  border: '#222a35',
  up: '#3ddc97',
  down: '#ff5c6c',
} as const;

/**
 * Digits after the point that show a price's movement: two for dollars, more for the tiny
 * prices of new tokens (0.000001234 keeps four significant digits).
 */
export function pricePrecision(price: number): number {
  if (!(price > 0) || price >= 1) return 2;
  return Math.min(12, Math.ceil(-Math.log10(price)) + 3);
}

/**
 * The candle chart with volume bars under it (TradingView's lightweight-charts, drawn on a
 * canvas). Loaded on demand: the library is only fetched by a page that shows a chart.
 */
export default function CandleChart({
  candles,
  interval,
  className,
}: {
  candles: readonly Candle[];
  interval: CandleInterval;
  /** The panel's sizing of the canvas (market.module.css). */
  className?: string | undefined;
}) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<{
    price: ISeriesApi<'Candlestick'>;
    volume: ISeriesApi<'Histogram'>;
  } | null>(null);
  /** The interval whose range was fitted: a refresh keeps where the reader scrolled. */
  const fitted = useRef<CandleInterval | null>(null);

  useEffect(() => {
    if (!container.current) return;
    const created = createChart(container.current, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: 'transparent' },
        textColor: THEME.text,
      },
      grid: { vertLines: { color: THEME.grid }, horzLines: { color: THEME.grid } },
      rightPriceScale: { borderColor: THEME.border },
      timeScale: { borderColor: THEME.border, timeVisible: true, secondsVisible: false },
    });
    const price = created.addSeries(CandlestickSeries, {
      upColor: THEME.up,
      downColor: THEME.down,
      wickUpColor: THEME.up,
      wickDownColor: THEME.down,
      borderVisible: false,
    });
    const volume = created.addSeries(HistogramSeries, {
      priceFormat: { type: 'volume' },
      priceScaleId: 'volume',
    });
    // Volume bars take the bottom fifth, under the candles.
    created.priceScale('volume').applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
    price.priceScale().applyOptions({ scaleMargins: { top: 0.1, bottom: 0.25 } });
    chart.current = created;
    series.current = { price, volume };
    return () => {
      created.remove();
      chart.current = null;
      series.current = null;
      fitted.current = null;
    };
  }, []);

  useEffect(() => {
    const current = series.current;
    if (!current) return;
    const last = candles.at(-1);
    const precision = pricePrecision(last?.close ?? 0);
    current.price.applyOptions({
      priceFormat: { type: 'price', precision, minMove: 10 ** -precision },
    });
    current.price.setData(
      candles.map((candle) => ({
        time: candle.time as UTCTimestamp,
        open: candle.open,
        high: candle.high,
        low: candle.low,
        close: candle.close,
      })),
    );
    current.volume.setData(
      candles.map((candle) => ({
        time: candle.time as UTCTimestamp,
        value: candle.volume,
        color: candle.close >= candle.open ? `${THEME.up}66` : `${THEME.down}66`,
      })),
    );
    if (fitted.current !== interval && candles.length > 0) {
      chart.current?.timeScale().fitContent();
      fitted.current = interval;
    }
  }, [candles, interval]);

  return (
    <div
      ref={container}
      className={className}
      data-testid="candle-chart"
      data-candles={candles.length}
      data-last-close={candles.at(-1)?.close ?? ''}
    />
  );
}
