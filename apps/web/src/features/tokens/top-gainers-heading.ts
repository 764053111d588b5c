/** Id of the Top Gainers heading, where Home's 'New Pools' and 'Top Gainers' buttons scroll to. */
export const TOP_GAINERS_HEADING_ID = 'top-gainers';
