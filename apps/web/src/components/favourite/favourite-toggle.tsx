import { webRoutes, type FavouriteType } from '@vaultscope/core';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { HeartButton, type HeartVariant } from '@/components/ui/heart-button';
import {
  favouriteErrorMessage,
  useToggleFavourite,
  type AfterFavouriteToggle,
} from '@/lib/favourites';
import { selectIsLoggedIn, selectUser, useSessionStore } from '@/stores/session-store';

/**
 * The heart of a favourite item (red and filled when it is a favourite). Pressing it toggles the
 * favourite for the logged-in user, then `afterToggle` re-reads the item; a visitor is asked to
 * log in first (favourites live with the account).
 */
export function FavouriteToggle({
  itemId,
  type,
  name,
  isFavourite,
  afterToggle,
  promptText,
  size,
  variant,
}: {
  itemId: string;
  type: FavouriteType;
  /** The item's name, for the button's label. */
  name: string;
  isFavourite: boolean;
  afterToggle: AfterFavouriteToggle;
  /** The login prompt's text: what favouriting keeps for the user. */
  promptText: string;
  size?: number;
  variant?: HeartVariant;
}) {
  const loggedIn = useSessionStore(selectIsLoggedIn);
  const userId = useSessionStore(selectUser)?._id;
  const toggle = useToggleFavourite(afterToggle);
  const [askLogin, setAskLogin] = useState(false);

  function onPress() {
    if (!loggedIn || !userId) {
      setAskLogin(true);
      return;
    }
    toggle.mutate(
      { itemId, type, userId },
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
        label={isFavourite ? `Remove ${name} from favourites` : `Add ${name} to favourites`}
        onPress={onPress}
        size={size}
        variant={variant}
      />
      {askLogin && <LoginPrompt text={promptText} onClose={() => setAskLogin(false)} />}
    </>
  );
}

function LoginPrompt({ text, onClose }: { text: string; onClose: () => void }) {
  const titleId = useId();
  const textId = useId();
  const navigate = useNavigate();
  return (
    <Dialog onClose={onClose} labelledBy={titleId} describedBy={textId}>
      <h2 id={titleId} className="dialog__title">
        Log in to save favourites
      </h2>
      <p id={textId} className="dialog__text">
        {text}
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
