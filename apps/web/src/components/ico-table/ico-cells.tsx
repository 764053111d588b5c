import type { IcoListItem } from '@vaultscope/core';
import { formatDate, formatUsd } from '@/lib/format';

/**
 * The cells of a private sale row after its name (Round, Total Raised, Pre-Valuation, Category,
 * Date), for the private sales list and the watch list's ICO tab.
 */
export function IcoCells({ item }: { item: IcoListItem }) {
  return (
    <>
      <td>{item.Round ?? '-'}</td>
      <td>{formatUsd(item.totalRaised)}</td>
      <td>{formatUsd(item.preValuation)}</td>
      <td>
        <span className="badge">{item.category}</span>
      </td>
      <td>{formatDate(item.Date)}</td>
    </>
  );
}
