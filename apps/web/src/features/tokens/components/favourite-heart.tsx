import { webRoutes } from '@vaultscope/core';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { HeartButton } from '@/components/ui/heart-button';
import { selectIsLoggedIn, selectUser, useSessionStore } from '@/stores/session-store';
import {
  favouriteErrorMessage,
  useToggleTokenFavourite,
  type FavouriteTarget,
} from '../api/toggle-favourite';

/**
 * The heart of a DEX or CEX token. Pressing it toggles the favourite for the logged-in user and
 * re-reads the token; a visitor is asked to log in first (favourites live with the account).
 */
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
  const loggedIn = useSessionStore(selectIsLoggedIn);
  const userId = useSessionStore(selectUser)?._id;
  const toggle = useToggleTokenFavourite();
  const [askLogin, setAskLogin] = useState(false);

  function onPress() {
    if (!loggedIn || !userId) {
      setAskLogin(true);
      return;
    }
    toggle.mutate(
      { target, userId },
      {
        onSuccess: ({ message }) => toast.success(message),
        onError: (error) => toast.error(favouriteErrorMessage(error)),
      },
    );
  }

  return (
    <>
      <HeartButton
        on={isFavourite}
        busy={toggle.isPending}
        label={isFavourite ? `Remove ${name} from favourites` : `Add ${name} to favourites`}
        onPress={onPress}
        size={framed ? 22 : 18}
        className={framed ? 'fav-heart--framed' : undefined}
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
        Favourite tokens go to your watch list, which is kept with your account.
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
