import { FavouriteToggle } from '@/components/favourite/favourite-toggle';
import { rereadToken, type FavouriteTarget } from '../api/toggle-favourite';

/** The heart of a DEX or CEX token, in a table row or (framed) in a page header. */
export function FavouriteHeart({
  target,
  name,
  isFavourite,
  framed = false,
}: {
  target: FavouriteTarget;
  name: string;
  isFavourite: boolean;
  /** The bordered variant of page headers. */
  framed?: boolean;
}) {
  return (
    <FavouriteToggle
      itemId={target.id}
      type={target.type}
      name={name}
      isFavourite={isFavourite}
      afterToggle={rereadToken(target)}
      promptText="Favourite tokens go to your watch list, which is kept with your account."
      size={framed ? 22 : 18}
      variant={framed ? 'framed' : 'compact'}
    />
  );
}
