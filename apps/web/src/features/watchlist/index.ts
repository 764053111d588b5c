export { WatchListScreen } from './watch-list-screen';
