import { HomeScreen } from '@/features/home';
import { useOpenWallet } from '@/features/wallet';

/** Home composes the home menu with the wallet feature's way in. */
export function HomeRoute() {
  const openWallet = useOpenWallet();
  return <HomeScreen onOpenWallet={openWallet} />;
}
