/**
 * User-facing texts of the research screens (spec sections 2, 5 and 8), in one place for web
 * and server. Texts quoted by the spec are kept exactly, punctuation included.
 */
export const tokenMessages = {
  /** Scam check with a chain that maps to no known code (spec section 5). */
  invalidChain: 'Invalid blockchain selected.',
  /** Detail fetch answered 404 (spec section 8). */
  recordNotFound: 'Record not found, will get back shortly',
  /** Detail fetch answered with a status other than 200 (spec section 8). */
  invalidResponse: 'Invalid response from API',
  /** Detail fetch failed otherwise and the server gave no message (spec section 8). */
  detailFailed: 'Something went wrong.',
  /** Token by id failed with no message (spec section 8). */
  fetchFailed: 'Failed to fetch data',
  /** Detail page fallback while details are not available (spec section 2). */
  detailsUpdating:
    "No worries, we're updating the details and they'll be available for you shortly!.",
  /** Empty slider (spec section 2). */
  noDataFound: 'No data found',
  /** Empty watch list tab (spec section 2). */
  dataNotAvailable: 'Data not available',
  /** Copy confirmation on the detail page (spec section 2). */
  copied: 'Copied to clipboard!',
  /** Favourite toggle failure with no message (spec section 8). */
  favouriteFailed: 'Something went wrong.',
  /** Favourite toggle exception (spec section 8). */
  favouriteError: 'Something went wrong, please try again.',
  /** Delete watch list failure (spec section 8). */
  deleteWatchlistFailed: 'Unable to delete watchlist at this time. Please try again later.',
  /** Delete watch list with a body that is not an object (spec section 5). */
  bodyMustBeObject: "Invalid input: 'body' must be an object.",
  /** Our own: scam check or detail request with no address. */
  addressRequired: 'Enter a token address.',
  /** Our own: an address that is not valid on the chosen chain, shown before any request. */
  invalidAddress: (chainLabel: string) => `Enter a valid ${chainLabel} token address.`,
} as const;
