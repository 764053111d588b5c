import { FavouriteToggle } from '@/components/favourite/favourite-toggle';
import { rereadProject } from '../api/toggle-favourite';

/** The heart of a private-sale project on its detail page. */
export function FavouriteButton({
  projectId,
  projectName,
  isFavourite,
}: {
  projectId: string;
  projectName: string;
  isFavourite: boolean;
}) {
  return (
    <FavouriteToggle
      itemId={projectId}
      type="ICO"
      name={projectName}
      isFavourite={isFavourite}
      afterToggle={rereadProject}
      promptText="Favourite projects go to your watch list, which is kept with your account."
      variant="framed"
    />
  );
}
