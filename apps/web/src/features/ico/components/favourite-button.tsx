import { webRoutes } from '@vaultscope/core';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { HeartButton } from '@/components/ui/heart-button';
import { selectIsLoggedIn, selectUser, useSessionStore } from '@/stores/session-store';
import { favouriteErrorMessage, useToggleFavourite } from '../api/toggle-favourite';

/**
 * The heart of a project (red and filled when it is a favourite). Pressing it toggles the
 * favourite and re-reads the project; a visitor is asked to log in first.
 */
export function FavouriteButton({
  projectId,
  projectName,
  isFavourite,
}: {
  projectId: string;
  projectName: string;
  isFavourite: boolean;
}) {
  const loggedIn = useSessionStore(selectIsLoggedIn);
  const userId = useSessionStore(selectUser)?._id;
  const toggle = useToggleFavourite();
  const [askLogin, setAskLogin] = useState(false);

  function onPress() {
    if (!loggedIn || !userId) {
      setAskLogin(true);
      return;
    }
    toggle.mutate(
      { itemId: projectId, type: 'ICO', userId },
      {
        onSuccess: (response) => toast.success(response.message),
        onError: (error) => toast.error(favouriteErrorMessage(error)),
      },
    );
  }

  return (
    <>
      <HeartButton
        on={isFavourite}
        busy={toggle.isPending}
        label={
          isFavourite ? `Remove ${projectName} from favourites` : `Add ${projectName} to favourites`
        }
        onPress={onPress}
        className="fav-heart--framed"
      />
      {askLogin && <LoginPrompt onClose={() => setAskLogin(false)} />}
    </>
  );
}

function LoginPrompt({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const textId = useId();
  const navigate = useNavigate();
  return (
    <Dialog onClose={onClose} labelledBy={titleId} describedBy={textId}>
      <h2 id={titleId} className="dialog__title">
        Log in to save favourites
      </h2>
      <p id={textId} className="dialog__text">
        Favourite projects go to your watch list, which is kept with your account.
      </p>
      <div className="dialog__actions">
        <Button variant="secondary" onClick={onClose}>
          Not now
        </Button>
        <Button onClick={() => void navigate(webRoutes.login)}>Log in</Button>
      </div>
    </Dialog>
  );
}
