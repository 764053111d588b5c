export { WatchListScreen } from './components/watch-list-screen';
